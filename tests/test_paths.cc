#include "tests/test_paths.h"

#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"

namespace qiwang::test_paths {

std::string SourcePath(absl::string_view relative) {
  return absl::StrCat(kSourceDir, "/", relative);
}

std::string ReadSource(absl::string_view relative) {
  std::ifstream file{SourcePath(relative)};
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

std::string Sichuan2016Json() {
  return SourcePath("deploy/examples/sichuan-2016.json");
}

std::string Rules2011Json() {
  return SourcePath("deploy/examples/sichuan-2016-rules2011.json");
}

}  // namespace qiwang::test_paths
