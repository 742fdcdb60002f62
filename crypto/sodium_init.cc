#include "crypto/sodium_init.h"

#include <sodium.h>

namespace qiwang::crypto {

absl::Status EnsureSodium() {
  static const int result = sodium_init();
  if (result < 0) {
    return absl::InternalError("libsodium could not be initialised");
  }
  return absl::OkStatus();
}

}  // namespace qiwang::crypto
