#include "services/server/auth/token_file.h"

#include <algorithm>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "base/private_file.h"

namespace qiwang::server {
namespace {

absl::Status LineError(const std::string& source, int line,
                       absl::string_view problem) {
  return absl::InvalidArgumentError(
      absl::StrCat(source, ":", line, ": ", problem,
                   " (expected: token user role[,role...])"));
}

// What an unknown role is called in a message: its text when it could be a
// mistyped role name, not when it could be a token in the wrong column.
std::string ShownRole(absl::string_view name) {
  const bool role_like =
      !name.empty() && name.size() <= 24 &&
      std::all_of(name.begin(), name.end(),
                  [](char c) { return absl::ascii_islower(c) || c == '_'; });
  return role_like ? absl::StrCat("'", name, "'")
                   : "(not shown: it may be a token in the wrong column)";
}

}  // namespace

absl::StatusOr<std::vector<TokenEntry>> ParseTokens(const std::string& text,
                                                    const std::string& source) {
  std::vector<TokenEntry> entries;
  absl::flat_hash_set<std::string> seen;
  int line_number = 0;
  for (absl::string_view line : absl::StrSplit(text, '\n')) {
    ++line_number;
    line = absl::StripAsciiWhitespace(line);
    if (line.empty() || line.front() == '#') continue;
    std::vector<absl::string_view> fields =
        absl::StrSplit(line, absl::ByAnyChar(" \t"), absl::SkipEmpty());
    if (fields.size() != 3) {
      return LineError(source, line_number,
                       absl::StrCat(fields.size(), " fields"));
    }
    TokenEntry entry{std::string(fields[0]), std::string(fields[1]), {}};
    for (absl::string_view name : absl::StrSplit(fields[2], ',')) {
      std::optional<rules::Role> role =
          rules::RoleFromName(std::string_view(name.data(), name.size()));
      if (!role.has_value() || *role == rules::Role::kPublic) {
        return LineError(
            source, line_number,
            absl::StrCat("unknown role ", ShownRole(name),
                         " (organiser, registrar, arbiter, chief_arbiter, "
                         "pairing_officer, arbitration_committee)"));
      }
      entry.roles.push_back(*role);
    }
    std::sort(entry.roles.begin(), entry.roles.end());
    entry.roles.erase(std::unique(entry.roles.begin(), entry.roles.end()),
                      entry.roles.end());
    if (!seen.insert(entry.token).second) {
      return LineError(source, line_number, "this token is listed twice");
    }
    entries.push_back(std::move(entry));
  }
  return entries;
}

absl::StatusOr<std::vector<TokenEntry>> LoadTokenFile(const std::string& path) {
  absl::StatusOr<std::string> text =
      base::ReadPrivateFile(path, "--tokens", "tokens are secrets");
  if (!text.ok()) return text.status();
  return ParseTokens(*text, path);
}

}  // namespace qiwang::server
