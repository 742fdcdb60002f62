// The tokens the demo acts with, read from a qiwangd token file (format in
// deploy/examples/tokens.example): the first token of each role, and every
// token with the arbiter role. Immutable after reading; any thread.
#ifndef QIWANG_CLIENTS_CLI_DEMO_TOKENS_H_
#define QIWANG_CLIENTS_CLI_DEMO_TOKENS_H_

#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace qiwang::cli {

struct DemoTokens {
  std::map<std::string, std::string> by_role;  // role -> first token
  std::vector<std::string> arbiters;           // every arbiter token

  // The token of `role`; FAILED_PRECONDITION naming the role and file.
  absl::StatusOr<std::string> Of(const std::string& role) const;
  std::string path;
};

// NOT_FOUND if the file cannot be read; INVALID_ARGUMENT naming the line if
// one is malformed.
absl::StatusOr<DemoTokens> ReadDemoTokens(const std::string& path);

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_DEMO_TOKENS_H_
