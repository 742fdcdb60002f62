// The SHA-256 of a file's bytes, as the log records which file an import
// came from (issue 17 §3). Any caller; thread-safe.
#ifndef QIWANG_CRYPTO_FILE_DIGEST_H_
#define QIWANG_CRYPTO_FILE_DIGEST_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace qiwang::crypto {

// SHA-256 of `bytes` as 64 lower-case hex digits; INTERNAL only when
// libsodium cannot start.
absl::StatusOr<std::string> Sha256Hex(absl::string_view bytes);

}  // namespace qiwang::crypto

#endif  // QIWANG_CRYPTO_FILE_DIGEST_H_
