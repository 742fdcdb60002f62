// Replays one fuzz target's stored inputs (its seed corpus and the inputs of
// crashes found and fixed) in an ordinary build, so that every build and the
// sanitizer runs hold the target's promises on them. QIWANG_FUZZ_INPUTS
// names the folders, separated by '|'. A broken promise aborts (fuzz_check.h).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "absl/strings/str_split.h"
#include "gtest/gtest.h"
#include "tests/fuzz/fuzz_target.h"

namespace qiwang::fuzz {
namespace {

TEST(StoredInputs, EveryInputKeepsTheTargetsPromises) {
  std::vector<std::filesystem::path> inputs;
  for (absl::string_view folder : absl::StrSplit(QIWANG_FUZZ_INPUTS, '|')) {
    if (!std::filesystem::is_directory(std::string(folder))) continue;
    for (const auto& entry :
         std::filesystem::directory_iterator(std::string(folder))) {
      if (entry.is_regular_file()) inputs.push_back(entry.path());
    }
  }
  std::sort(inputs.begin(), inputs.end());
  ASSERT_FALSE(inputs.empty()) << "no inputs in " << QIWANG_FUZZ_INPUTS;
  for (const std::filesystem::path& path : inputs) {
    SCOPED_TRACE(path.string());
    std::ifstream file(path, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(file)),
                            std::istreambuf_iterator<char>());
    FuzzOne(bytes);
  }
}

}  // namespace
}  // namespace qiwang::fuzz
