// A keyed hash of a short text (an ID number, a name and birth date): equal
// texts give equal hashes under one secret, and the hash shows nothing of the
// text without it. Issue 24: no hash of personal data under a secret that
// outlives forgetting (such as one derived from the master key) may be
// stored, as trying candidates would find the text again; the sealing log
// hashes under a secret of its own process only (services/keys/
// match_tokens.h).
#ifndef QIWANG_CRYPTO_IDENTITY_HASH_H_
#define QIWANG_CRYPTO_IDENTITY_HASH_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace qiwang::crypto {

// A 32-byte subkey of `master_key` for one purpose (`context`: 8 characters);
// distinct contexts give independent keys. Issue 18 hashed ID numbers under
// the subkey "idhash01" into the log, which issue 24 stopped; tests rebuild
// that attack with it.
absl::StatusOr<std::string> DeriveSubkey(absl::string_view master_key,
                                         absl::string_view context);

// BLAKE2b-256 of `text` keyed by `secret` (32 bytes), as 64 lower-case hex
// digits.
absl::StatusOr<std::string> IdentityHash(absl::string_view secret,
                                         absl::string_view text);

}  // namespace qiwang::crypto

#endif  // QIWANG_CRYPTO_IDENTITY_HASH_H_
