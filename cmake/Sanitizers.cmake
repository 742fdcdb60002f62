# QIWANG_SANITIZE builds every target with a sanitizer (GCC or clang):
#   "address,undefined" (or "address"): ASan + UBSan, any UB report fatal;
#   "thread": TSan. Debian's abseil, gRPC and RocksDB are not instrumented:
#   base/annotated_lock.h makes absl::Mutex visible to TSan,
#   base/happens_before.h gRPC's hand-offs, cmake/tsan-ignorelist.txt leaves
#   gRPC's and protobuf's inline code uninstrumented (clang), and
#   cmake/tsan-suppressions.txt names the third-party frames TSan cannot see into.
# Sanitizer builds compile at -O1 with line tables, so reports point at lines
# and the build stays affordable on two cores.
set(QIWANG_SANITIZE "" CACHE STRING
  "Sanitizer build: empty, \"address,undefined\" or \"thread\"")
set_property(CACHE QIWANG_SANITIZE PROPERTY STRINGS "" "address,undefined" "thread")

if(QIWANG_SANITIZE STREQUAL "address,undefined" OR QIWANG_SANITIZE STREQUAL "address")
  set(qiwang_sanitize_flags -fsanitize=address,undefined -fno-sanitize-recover=undefined)
elseif(QIWANG_SANITIZE STREQUAL "thread")
  set(qiwang_sanitize_flags -fsanitize=thread)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    # gRPC's and protobuf's inline code left uninstrumented (the file says
    # why); GCC has no ignorelist.
    # Named relative to the build folder (where Ninja runs the compiler), so
    # the flag reads the same in every clone and ccache can share objects;
    # deploy/configure.sh has ccache hash the list's content too.
    configure_file(${PROJECT_SOURCE_DIR}/cmake/tsan-ignorelist.txt
      ${PROJECT_BINARY_DIR}/tsan-ignorelist.txt COPYONLY)
    set(qiwang_sanitize_compile_flags -fsanitize-ignorelist=tsan-ignorelist.txt)
  endif()
elseif(NOT QIWANG_SANITIZE STREQUAL "")
  message(FATAL_ERROR
    "QIWANG_SANITIZE=${QIWANG_SANITIZE}: use \"address,undefined\" or \"thread\"")
endif()

if(qiwang_sanitize_flags)
  # GCC's -Wmaybe-uninitialized misfires on instrumented code (in LEMON's
  # headers at -O1 with ASan), so sanitizer builds go without it.
  add_compile_options(${qiwang_sanitize_flags} ${qiwang_sanitize_compile_flags}
    -fno-omit-frame-pointer -O1 -g1
    $<$<CXX_COMPILER_ID:GNU>:-Wno-maybe-uninitialized>)
  add_link_options(${qiwang_sanitize_flags})
endif()
