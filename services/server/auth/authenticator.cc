#include "services/server/auth/authenticator.h"

#include <cstddef>

namespace qiwang::server {
namespace {

bool ConstantTimeEquals(absl::string_view a, absl::string_view b) {
  if (a.size() != b.size()) return false;
  volatile unsigned char difference = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    difference = difference | (static_cast<unsigned char>(a[i]) ^
                               static_cast<unsigned char>(b[i]));
  }
  return difference == 0;
}

}  // namespace

std::optional<TokenEntry> Authenticator::Find(absl::string_view token) const {
  const TokenEntry* found = nullptr;
  for (const TokenEntry& entry : entries_) {
    if (ConstantTimeEquals(entry.token, token)) found = &entry;
  }
  if (found == nullptr) return std::nullopt;
  return *found;
}

}  // namespace qiwang::server
