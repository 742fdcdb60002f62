#ifndef QIWANG_SERVICES_SERVER_AUTH_AUTHENTICATOR_H_
#define QIWANG_SERVICES_SERVER_AUTH_AUTHENTICATOR_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "services/server/auth/token_file.h"

namespace qiwang::server {

// Finds whose token a call carries. Every known token is compared in
// constant time (time depends on lengths only, not on where bytes differ),
// and no token is ever logged or put into a status. Immutable after
// construction, so thread-safe.
class Authenticator {
 public:
  explicit Authenticator(std::vector<TokenEntry> entries)
      : entries_(std::move(entries)) {}

  // The entry whose token equals `token`, or nullopt.
  std::optional<TokenEntry> Find(absl::string_view token) const;
  bool has_tokens() const { return !entries_.empty(); }

 private:
  std::vector<TokenEntry> entries_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_AUTH_AUTHENTICATOR_H_
