#include "services/server/auth/authenticator.h"

#include <utility>

#include "base/annotated_lock.h"
#include "services/server/auth/constant_time.h"

namespace qiwang::server {

std::optional<TokenEntry> Authenticator::Find(absl::string_view token) const {
  base::AnnotatedLock lock(&mutex_);
  const TokenEntry* found = nullptr;
  // No early exit: the time does not tell which entry matched.
  for (const TokenEntry& entry : entries_) {
    if (ConstantTimeEquals(entry.token, token)) found = &entry;
  }
  if (found == nullptr) return std::nullopt;
  return *found;
}

bool Authenticator::has_tokens() const {
  base::AnnotatedLock lock(&mutex_);
  return !entries_.empty();
}

void Authenticator::Replace(std::vector<TokenEntry> entries) {
  base::AnnotatedLock lock(&mutex_);
  entries_ = std::move(entries);
}

}  // namespace qiwang::server
