// libsodium must be initialised once per process before any of its calls.
#ifndef QIWANG_CRYPTO_SODIUM_INIT_H_
#define QIWANG_CRYPTO_SODIUM_INIT_H_

#include "absl/status/status.h"

namespace qiwang::crypto {

// Initialises libsodium once (thread-safe); INTERNAL when it cannot (no
// entropy source). Every function of this module calls it first.
absl::Status EnsureSodium();

}  // namespace qiwang::crypto

#endif  // QIWANG_CRYPTO_SODIUM_INIT_H_
