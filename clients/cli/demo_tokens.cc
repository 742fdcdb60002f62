#include "clients/cli/demo_tokens.h"

#include <fstream>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace qiwang::cli {

absl::StatusOr<std::string> DemoTokens::Of(const std::string& role) const {
  auto found = by_role.find(role);
  if (found == by_role.end()) {
    return absl::FailedPreconditionError(
        absl::StrCat("--tokens: ", path, " has no token with the role ", role,
                     " (deploy/run.sh writes one per role)"));
  }
  return found->second;
}

absl::StatusOr<DemoTokens> ReadDemoTokens(const std::string& path) {
  std::ifstream file(path);
  if (!file) {
    return absl::NotFoundError(absl::StrCat(
        "--tokens: cannot read ", path,
        " (start the server once with deploy/run.sh to write var/tokens)"));
  }
  DemoTokens tokens;
  tokens.path = path;
  std::string line;
  for (int number = 1; std::getline(file, line); ++number) {
    absl::string_view text = absl::StripAsciiWhitespace(line);
    if (text.empty() || text[0] == '#') continue;
    std::vector<std::string> fields =
        absl::StrSplit(text, absl::ByAnyChar(" \t"), absl::SkipEmpty());
    if (fields.size() != 3) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--tokens: ", path, " line ", number, ": want 'token user roles'"));
    }
    for (absl::string_view role : absl::StrSplit(fields[2], ',')) {
      tokens.by_role.emplace(std::string(role), fields[0]);
      if (role == "arbiter") tokens.arbiters.push_back(fields[0]);
    }
  }
  return tokens;
}

}  // namespace qiwang::cli
