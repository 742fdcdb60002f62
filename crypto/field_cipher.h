// XChaCha20-Poly1305 (IETF) sealing of one personal field or one wrapped key.
// A sealed value is nonce (24 bytes, random) || ciphertext || tag (16 bytes);
// the associated data binds it to its place (a player id and a field name), so
// a value copied onto another person or field does not open.
#ifndef QIWANG_CRYPTO_FIELD_CIPHER_H_
#define QIWANG_CRYPTO_FIELD_CIPHER_H_

#include <cstddef>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace qiwang::crypto {

inline constexpr size_t kKeyBytes = 32;

// A fresh random 32-byte key (a person's data key).
absl::StatusOr<std::string> NewRandomKey();

// INVALID_ARGUMENT when `key` is not kKeyBytes long.
absl::StatusOr<std::string> Seal(absl::string_view key,
                                 absl::string_view plaintext,
                                 absl::string_view associated_data);

// DATA_LOSS when the value was not sealed by this key for this associated
// data (wrong key, tampered bytes, another person's field).
absl::StatusOr<std::string> Open(absl::string_view key,
                                 absl::string_view sealed,
                                 absl::string_view associated_data);

}  // namespace qiwang::crypto

#endif  // QIWANG_CRYPTO_FIELD_CIPHER_H_
