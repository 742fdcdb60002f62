// The master key file of qiwangd (--data_key_file): 64 hexadecimal digits (32
// bytes), a trailing newline allowed. It wraps every person's data key; whoever
// holds it and the data folder can read the personal fields.
#ifndef QIWANG_CRYPTO_MASTER_KEY_FILE_H_
#define QIWANG_CRYPTO_MASTER_KEY_FILE_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace qiwang::crypto {

// The 32 key bytes of `path`. NOT_FOUND when it cannot be read;
// FAILED_PRECONDITION naming the file when group or others have any access
// (mode & 077), like the token file; INVALID_ARGUMENT naming the file when its
// text is not 64 hex digits. Messages start with `flag`, the flag that named
// the file, and never contain key material.
absl::StatusOr<std::string> LoadMasterKeyFile(
    const std::string& path, absl::string_view flag = "--data_key_file");

}  // namespace qiwang::crypto

#endif  // QIWANG_CRYPTO_MASTER_KEY_FILE_H_
