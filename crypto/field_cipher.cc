#include "crypto/field_cipher.h"

#include <sodium.h>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "crypto/sodium_init.h"

namespace qiwang::crypto {
namespace {

constexpr size_t kNonceBytes = crypto_aead_xchacha20poly1305_ietf_NPUBBYTES;
constexpr size_t kTagBytes = crypto_aead_xchacha20poly1305_ietf_ABYTES;
static_assert(kKeyBytes == crypto_aead_xchacha20poly1305_ietf_KEYBYTES);

const unsigned char* Bytes(absl::string_view text) {
  return reinterpret_cast<const unsigned char*>(text.data());
}

absl::Status CheckKey(absl::string_view key) {
  if (key.size() != kKeyBytes) {
    return absl::InvalidArgumentError(
        absl::StrCat("a key is ", kKeyBytes, " bytes, not ", key.size()));
  }
  return EnsureSodium();
}

}  // namespace

absl::StatusOr<std::string> NewRandomKey() {
  if (absl::Status ready = EnsureSodium(); !ready.ok()) return ready;
  std::string key(kKeyBytes, '\0');
  crypto_aead_xchacha20poly1305_ietf_keygen(
      reinterpret_cast<unsigned char*>(key.data()));
  return key;
}

absl::StatusOr<std::string> Seal(absl::string_view key,
                                 absl::string_view plaintext,
                                 absl::string_view associated_data) {
  if (absl::Status valid = CheckKey(key); !valid.ok()) return valid;
  std::string sealed(kNonceBytes + plaintext.size() + kTagBytes, '\0');
  auto* out = reinterpret_cast<unsigned char*>(sealed.data());
  randombytes_buf(out, kNonceBytes);
  unsigned long long written = 0;
  crypto_aead_xchacha20poly1305_ietf_encrypt(
      out + kNonceBytes, &written, Bytes(plaintext), plaintext.size(),
      Bytes(associated_data), associated_data.size(), nullptr, out, Bytes(key));
  sealed.resize(kNonceBytes + written);
  return sealed;
}

absl::StatusOr<std::string> Open(absl::string_view key,
                                 absl::string_view sealed,
                                 absl::string_view associated_data) {
  if (absl::Status valid = CheckKey(key); !valid.ok()) return valid;
  if (sealed.size() < kNonceBytes + kTagBytes) {
    return absl::DataLossError(
        "a sealed value is shorter than its nonce and tag");
  }
  std::string plaintext(sealed.size() - kNonceBytes - kTagBytes, '\0');
  unsigned long long written = 0;
  if (crypto_aead_xchacha20poly1305_ietf_decrypt(
          reinterpret_cast<unsigned char*>(plaintext.data()), &written, nullptr,
          Bytes(sealed) + kNonceBytes, sealed.size() - kNonceBytes,
          Bytes(associated_data), associated_data.size(), Bytes(sealed),
          Bytes(key)) != 0) {
    return absl::DataLossError(
        "a sealed value does not open with this key for this place");
  }
  plaintext.resize(written);
  return plaintext;
}

}  // namespace qiwang::crypto
