#ifndef QIWANG_SERVICES_SERVER_AUTH_AUTHENTICATOR_H_
#define QIWANG_SERVICES_SERVER_AUTH_AUTHENTICATOR_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "services/server/auth/token_file.h"

namespace qiwang::server {

// Finds whose token a call carries. Every known token is compared with
// ConstantTimeEquals, and no token is ever logged or put into a status.
// Thread-safe: Replace swaps the whole set at once (qiwangd on SIGHUP), so a
// call sees either the old tokens or the new ones, never a mix.
class Authenticator {
 public:
  explicit Authenticator(std::vector<TokenEntry> entries)
      : entries_(std::move(entries)) {}

  // The entry whose token equals `token`, or nullopt.
  std::optional<TokenEntry> Find(absl::string_view token) const
      ABSL_LOCKS_EXCLUDED(mutex_);
  bool has_tokens() const ABSL_LOCKS_EXCLUDED(mutex_);
  // From now on only `entries` are known; calls already admitted go on.
  void Replace(std::vector<TokenEntry> entries) ABSL_LOCKS_EXCLUDED(mutex_);

 private:
  mutable absl::Mutex mutex_;
  std::vector<TokenEntry> entries_ ABSL_GUARDED_BY(mutex_);
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_AUTH_AUTHENTICATOR_H_
