#include "crypto/file_digest.h"

#include <sodium.h>

#include "absl/status/status.h"
#include "absl/strings/escaping.h"
#include "crypto/sodium_init.h"

namespace qiwang::crypto {

absl::StatusOr<std::string> Sha256Hex(absl::string_view bytes) {
  if (absl::Status ready = EnsureSodium(); !ready.ok()) return ready;
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest,
                     reinterpret_cast<const unsigned char*>(bytes.data()),
                     bytes.size());
  return absl::BytesToHexString(
      absl::string_view(reinterpret_cast<const char*>(digest), sizeof(digest)));
}

}  // namespace qiwang::crypto
