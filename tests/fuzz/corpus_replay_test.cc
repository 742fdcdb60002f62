// Replays one fuzz target's stored inputs (its seed corpus and the inputs of
// crashes found and fixed) in an ordinary build, so that every build and the
// sanitizer runs hold the target's promises on them. QIWANG_FUZZ_TARGET names
// the target; its inputs are in tests/fuzz/corpus/<target> and
// tests/fuzz/regressions/<target>. A broken promise aborts (fuzz_check.h).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/fuzz/fuzz_target.h"
#include "tests/test_paths.h"

namespace qiwang::fuzz {
namespace {

TEST(StoredInputs, EveryInputKeepsTheTargetsPromises) {
  std::vector<std::filesystem::path> inputs;
  const std::vector<std::string> folders = {
      test_paths::SourcePath(
          absl::StrCat("tests/fuzz/corpus/", QIWANG_FUZZ_TARGET)),
      test_paths::SourcePath(
          absl::StrCat("tests/fuzz/regressions/", QIWANG_FUZZ_TARGET))};
  for (const std::string& folder : folders) {
    if (!std::filesystem::is_directory(folder)) continue;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
      if (entry.is_regular_file()) inputs.push_back(entry.path());
    }
  }
  std::sort(inputs.begin(), inputs.end());
  ASSERT_FALSE(inputs.empty())
      << "no inputs in " << folders[0] << " or " << folders[1];
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
