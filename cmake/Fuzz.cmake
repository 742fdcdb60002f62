# QIWANG_FUZZ=ON (clang only, in its own build folder, build-clang):
# every target is compiled with libFuzzer's coverage hooks and ASan+UBSan,
# and tests/fuzz adds the <name>_fuzzer executables that deploy/fuzz.sh runs.
# deploy/sanitize.sh asan runs the whole test suite from the same build, so
# CI compiles the sanitized code once for both stages.
# Without it, tests/fuzz still replays each target's stored inputs as tests.
option(QIWANG_FUZZ "Build the libFuzzer targets in tests/fuzz (clang)" OFF)

if(QIWANG_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "QIWANG_FUZZ needs clang: -DCMAKE_CXX_COMPILER=clang++-14")
  endif()
  if(NOT QIWANG_SANITIZE STREQUAL "")
    message(FATAL_ERROR "QIWANG_FUZZ brings its own sanitizers; leave QIWANG_SANITIZE empty")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined
    -fno-sanitize-recover=undefined -fno-omit-frame-pointer -O1 -gline-tables-only)
  add_link_options(-fsanitize=address,undefined)
endif()
