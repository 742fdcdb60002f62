#include "services/server/auth/constant_time.h"

#include <cstddef>

namespace qiwang::server {

bool ConstantTimeEquals(absl::string_view secret, absl::string_view given) {
  // Nonzero when the lengths differ; then each byte of the secret is still
  // compared (against a zero past the end of `given`).
  volatile size_t difference = secret.size() ^ given.size();
  for (size_t i = 0; i < secret.size(); ++i) {
    const unsigned char theirs =
        i < given.size() ? static_cast<unsigned char>(given[i]) : 0;
    difference = difference | (static_cast<unsigned char>(secret[i]) ^ theirs);
  }
  return difference == 0;
}

}  // namespace qiwang::server
