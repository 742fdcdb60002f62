// The token file of qiwangd (--tokens): one line per token,
// `token user role[,role...]`, blank lines and `#` comments allowed; roles by
// their canonical names (services/rules/core/roles.h). See
// deploy/examples/tokens.example.
#ifndef QIWANG_SERVICES_SERVER_AUTH_TOKEN_FILE_H_
#define QIWANG_SERVICES_SERVER_AUTH_TOKEN_FILE_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "services/rules/core/roles.h"

namespace qiwang::server {

// One user's credential and the roles it may act in, in kAllRoles order.
struct TokenEntry {
  std::string token;
  std::string user;
  std::vector<rules::Role> roles;
};

// INVALID_ARGUMENT naming `source` and the line for a malformed line, an
// unknown or `public` role, or a token listed twice. Error messages never
// contain a token.
absl::StatusOr<std::vector<TokenEntry>> ParseTokens(const std::string& text,
                                                    const std::string& source);

// Reads and parses `path`. FAILED_PRECONDITION when the file is readable or
// writable by group or others (mode & 077): tokens are secrets.
absl::StatusOr<std::vector<TokenEntry>> LoadTokenFile(const std::string& path);

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_AUTH_TOKEN_FILE_H_
