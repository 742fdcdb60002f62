#include "crypto/identity_hash.h"

#include <sodium.h>

#include "absl/status/status.h"
#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "crypto/field_cipher.h"
#include "crypto/sodium_init.h"

namespace qiwang::crypto {

absl::StatusOr<std::string> DeriveSubkey(absl::string_view master_key,
                                         absl::string_view context) {
  if (absl::Status ready = EnsureSodium(); !ready.ok()) return ready;
  if (master_key.size() != crypto_kdf_KEYBYTES) {
    return absl::InvalidArgumentError(
        absl::StrCat("a master key is ", crypto_kdf_KEYBYTES, " bytes"));
  }
  if (context.size() != crypto_kdf_CONTEXTBYTES) {
    return absl::InvalidArgumentError(absl::StrCat(
        "a subkey context is ", crypto_kdf_CONTEXTBYTES, " characters"));
  }
  std::string subkey(kKeyBytes, '\0');
  crypto_kdf_derive_from_key(
      reinterpret_cast<unsigned char*>(subkey.data()), subkey.size(), 1,
      context.data(),
      reinterpret_cast<const unsigned char*>(master_key.data()));
  return subkey;
}

absl::StatusOr<std::string> IdentityHash(absl::string_view secret,
                                         absl::string_view text) {
  if (absl::Status ready = EnsureSodium(); !ready.ok()) return ready;
  if (secret.size() != kKeyBytes) {
    return absl::InvalidArgumentError(
        absl::StrCat("an identity secret is ", kKeyBytes, " bytes"));
  }
  unsigned char digest[32];
  crypto_generichash(
      digest, sizeof(digest),
      reinterpret_cast<const unsigned char*>(text.data()), text.size(),
      reinterpret_cast<const unsigned char*>(secret.data()), secret.size());
  return absl::BytesToHexString(
      absl::string_view(reinterpret_cast<const char*>(digest), sizeof(digest)));
}

}  // namespace qiwang::crypto
