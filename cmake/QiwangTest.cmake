# Test executables and the fixture libraries they share (tests/*).
include(GoogleTest)

# Sanitized and fuzz-instrumented code runs several times slower, and CI runs
# the whole suite that way: each test's TIMEOUT and the listing of its cases
# are stretched there rather than loosened for every build.
if(QIWANG_SANITIZE OR QIWANG_FUZZ)
  set(qiwang_test_time_scale 4)
  set(qiwang_test_discovery_timeout 120)
else()
  set(qiwang_test_time_scale 1)
  set(qiwang_test_discovery_timeout 5)
endif()

# In the fuzz build (cmake/Fuzz.cmake) every target carries libFuzzer's
# coverage hooks, which guide only the fuzzers through the code they reach;
# a test's own code and its fixtures go without them and compile faster
# (ASan and UBSan stay on).
function(qiwang_test_without_coverage target)
  if(QIWANG_FUZZ)
    target_compile_options(${target} PRIVATE -fno-sanitize=fuzzer-no-link)
  endif()
endfunction()

# qiwang_test(<name> SOURCES <file>... [LIBS <target>...]
#             [PREFIX <ctest prefix>] [TIMEOUT <s>] [LABELS <label>...]
#             [DISCOVERY_TIMEOUT <s>] [ENVIRONMENT <VAR=value>...]
#             [DEFINITIONS <macro>...] [DEPENDS <target>...] [BUILD_ONLY])
# Builds <name> with -Wall -Wextra -Werror and the repository root on the
# include path, and registers each GoogleTest case with ctest as
# <PREFIX><Suite>.<Case>, linked with gmock and gtest_main. BUILD_ONLY
# (benchmarks, helper binaries): built, not registered, nothing linked for it.
function(qiwang_test name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "BUILD_ONLY"
    "PREFIX;TIMEOUT;DISCOVERY_TIMEOUT"
    "SOURCES;LIBS;LABELS;ENVIRONMENT;DEFINITIONS;DEPENDS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "qiwang_test(${name}): unknown ${arg_UNPARSED_ARGUMENTS}")
  endif()
  add_executable(${name} ${arg_SOURCES})
  target_include_directories(${name} PRIVATE ${PROJECT_SOURCE_DIR})
  target_link_libraries(${name} PRIVATE ${arg_LIBS} qiwang_test_paths)
  if(arg_DEFINITIONS)
    target_compile_definitions(${name} PRIVATE ${arg_DEFINITIONS})
  endif()
  if(arg_DEPENDS)
    add_dependencies(${name} ${arg_DEPENDS})
  endif()
  qiwang_strict(${name})
  qiwang_test_without_coverage(${name})
  if(arg_BUILD_ONLY)
    return()
  endif()
  target_link_libraries(${name} PRIVATE GTest::gmock GTest::gtest_main)
  set(discover ${name})
  if(DEFINED arg_PREFIX)
    list(APPEND discover TEST_PREFIX "${arg_PREFIX}")
  endif()
  if(NOT DEFINED arg_DISCOVERY_TIMEOUT)
    set(arg_DISCOVERY_TIMEOUT ${qiwang_test_discovery_timeout})
  endif()
  list(APPEND discover DISCOVERY_TIMEOUT ${arg_DISCOVERY_TIMEOUT})
  set(properties)
  if(DEFINED arg_TIMEOUT)
    math(EXPR timeout "${arg_TIMEOUT} * ${qiwang_test_time_scale}")
    list(APPEND properties TIMEOUT ${timeout})
  endif()
  if(arg_LABELS)
    list(APPEND properties LABELS ${arg_LABELS})
  endif()
  if(arg_ENVIRONMENT)
    list(APPEND properties ENVIRONMENT "${arg_ENVIRONMENT}")
  endif()
  if(properties)
    list(APPEND discover PROPERTIES ${properties})
  endif()
  gtest_discover_tests(${discover})
endfunction()

# qiwang_test_fixture(<name> SOURCES <file>... [LIBS <target>...]
#                     [DEFINITIONS <macro>...])
# A static library of test fixtures, compiled once and linked by every test
# that uses it; LIBS and DEFINITIONS pass on to those tests.
function(qiwang_test_fixture name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "SOURCES;LIBS;DEFINITIONS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR
      "qiwang_test_fixture(${name}): unknown ${arg_UNPARSED_ARGUMENTS}")
  endif()
  add_library(${name} STATIC ${arg_SOURCES})
  target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR})
  target_link_libraries(${name} PUBLIC ${arg_LIBS} qiwang_test_paths)
  if(arg_DEFINITIONS)
    target_compile_definitions(${name} PUBLIC ${arg_DEFINITIONS})
  endif()
  qiwang_strict(${name})
  qiwang_test_without_coverage(${name})
endfunction()
