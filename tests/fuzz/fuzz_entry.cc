// libFuzzer's entry point for every target: the bytes as FuzzOne's input.
#include <cstddef>
#include <cstdint>

#include "absl/strings/string_view.h"
#include "tests/fuzz/fuzz_target.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  qiwang::fuzz::FuzzOne(
      absl::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
