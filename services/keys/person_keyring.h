// Each person's data key, wrapped by the master key in the key store, and the
// sealing of that person's private fields with it (issue 18). A person whose
// key was shredded can never be read again: OpenField answers nullopt. The
// fold never calls this class; the ledger seals before its rules run and
// official reads open after. Thread-safe; one keyring per key store.
#ifndef QIWANG_SERVICES_KEYS_PERSON_KEYRING_H_
#define QIWANG_SERVICES_KEYS_PERSON_KEYRING_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "store/person_key_store.h"

namespace qiwang::keys {

class PersonKeyring {
 public:
  // Opens the key store in `key_dir` under `master_key` (32 bytes, read from
  // `key_file` which names it in errors). The first open records a check
  // value; a later open under another master key is FAILED_PRECONDITION naming
  // `key_file`, so qiwangd refuses to start rather than write keys no one can
  // unwrap.
  static absl::StatusOr<std::unique_ptr<PersonKeyring>> Open(
      const std::string& key_dir, std::string master_key,
      const std::string& key_file);

  // Seals `plaintext` as field `field` of `player_id`, creating the person's
  // data key on first use. FAILED_PRECONDITION when the person was forgotten
  // (their key shredded): nothing new is written for them.
  absl::StatusOr<std::string> SealField(int64_t player_id,
                                        absl::string_view field,
                                        absl::string_view plaintext);
  // The plaintext, or nullopt when the person's key is gone (forgotten).
  // DATA_LOSS when `sealed` is not this person's `field`.
  absl::StatusOr<std::optional<std::string>> OpenField(
      int64_t player_id, absl::string_view field,
      absl::string_view sealed) const;

  // Destroys the person's data key for good (see PersonKeyStore::Shred).
  absl::Status Forget(int64_t player_id);

  // The keyed hash of an ID number that identity matching (R3) compares: the
  // same number gives the same hash in this data folder, and nothing without
  // the master key.
  absl::StatusOr<std::string> IdentityHash(absl::string_view id_number) const;

 private:
  PersonKeyring(std::unique_ptr<store::PersonKeyStore> keys,
                std::string master_key, std::string identity_secret);
  // The unwrapped data key, or nullopt when none is stored.
  absl::StatusOr<std::optional<std::string>> DataKey(int64_t player_id) const;

  std::unique_ptr<store::PersonKeyStore> keys_;
  const std::string master_key_;
  const std::string identity_secret_;
  // Held while a person's key is created or forgotten, so that two first
  // seals do not make two keys and a seal does not revive a forgotten person.
  absl::Mutex key_mutex_;
};

}  // namespace qiwang::keys

#endif  // QIWANG_SERVICES_KEYS_PERSON_KEYRING_H_
