// The keyed hash that identity matching (R3) compares instead of ID numbers:
// equal numbers give equal hashes under one log's secret, and the hash shows
// nothing of the number without that secret. Deterministic, so the fold can
// compare stored hashes without any key.
#ifndef QIWANG_CRYPTO_IDENTITY_HASH_H_
#define QIWANG_CRYPTO_IDENTITY_HASH_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace qiwang::crypto {

// A 32-byte subkey of `master_key` for one purpose (`context`: 8 characters,
// e.g. "idhash01"); distinct contexts give independent keys.
absl::StatusOr<std::string> DeriveSubkey(absl::string_view master_key,
                                         absl::string_view context);

// BLAKE2b-256 of `id_number` keyed by `secret` (32 bytes), as 64 lower-case
// hex digits.
absl::StatusOr<std::string> IdentityHash(absl::string_view secret,
                                         absl::string_view id_number);

}  // namespace qiwang::crypto

#endif  // QIWANG_CRYPTO_IDENTITY_HASH_H_
