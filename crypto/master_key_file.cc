#include "crypto/master_key_file.h"

#include <algorithm>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "base/private_file.h"
#include "crypto/field_cipher.h"

namespace qiwang::crypto {

absl::StatusOr<std::string> LoadMasterKeyFile(const std::string& path,
                                              absl::string_view flag) {
  absl::StatusOr<std::string> text =
      base::ReadPrivateFile(path, flag, "the master key unlocks personal data");
  if (!text.ok()) return text.status();
  const std::string hex(absl::StripAsciiWhitespace(*text));
  const bool all_hex =
      !hex.empty() && std::all_of(hex.begin(), hex.end(), [](char c) {
        return absl::ascii_isxdigit(c);
      });
  if (hex.size() != 2 * kKeyBytes || !all_hex) {
    return absl::InvalidArgumentError(absl::StrCat(
        flag, ": ", path, " must hold ", 2 * kKeyBytes,
        " hexadecimal digits (e.g. od -An -tx1 -N32 /dev/urandom | tr -d ' "
        "\\n')"));
  }
  return absl::HexStringToBytes(hex);
}

}  // namespace qiwang::crypto
