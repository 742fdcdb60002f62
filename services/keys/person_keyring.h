// Each person's data key, wrapped by the master key in the log's key family
// (store/person_key_store.h), and the sealing of that person's private fields
// with it (issue 18). A person is named by the caller (the sealing log uses
// "<tournament>/<key id>"). A person whose key was shredded can never be read
// again: OpenField answers nullopt. The fold never calls this class; only the
// ledger process holds one. Thread-safe; one keyring per log.
#ifndef QIWANG_SERVICES_KEYS_PERSON_KEYRING_H_
#define QIWANG_SERVICES_KEYS_PERSON_KEYRING_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"
#include "store/event_log.h"
#include "store/person_key_store.h"

namespace qiwang::keys {

class PersonKeyring {
 public:
  // The keyring of `log` (opened by EventLog::Open; it must outlive the
  // keyring) under `master_key` (32 bytes, read from `key_file` which names
  // it in errors). The first open records a check value; a later open under
  // another master key is FAILED_PRECONDITION naming `key_file`, so qiwangd
  // refuses to start rather than write keys no one can unwrap.
  static absl::StatusOr<std::unique_ptr<PersonKeyring>> Open(
      store::EventLog& log, std::string master_key,
      const std::string& key_file);

  // Master-key rotation (issue 24): re-wraps every data key of `log` and the
  // check value under `new_master_key`, in one synced write (a crash leaves
  // `master_key` valid, or `new_master_key` and not the old one), then purges
  // the values wrapped under `master_key` from the data folder's files. A
  // forgetting begun is finished first (FinishForgetting), so no forgotten
  // person's key is re-wrapped. Answers how many data keys were re-wrapped.
  // Refuses, changing nothing, a `master_key` that is not the log's (as Open
  // does, naming `key_file`) and a log no master key ever wrote to
  // (FAILED_PRECONDITION). Only while no keyring of `log` is open.
  static absl::StatusOr<size_t> Rewrap(store::EventLog& log,
                                       std::string master_key,
                                       const std::string& key_file,
                                       absl::string_view new_master_key);

  // Seals `plaintext` as field `field` of `person`, creating the person's
  // data key on first use. FAILED_PRECONDITION when the person was
  // forgotten: nothing new is written for them.
  //
  // With `key_writes`, a key not yet in the key family is not written here
  // but added to `key_writes` (once), for the caller to append in the same
  // WriteBatch as the events sealed with it (AppendRequest::key_writes), and
  // then to report with KeysWritten. Until then every seal with that key
  // adds it again, so an append that fails never leaves an event of a later
  // one without its key. Without `key_writes` a new key is put at once
  // (durable with the log's next synced append).
  absl::StatusOr<std::string> SealField(
      absl::string_view person, absl::string_view field,
      absl::string_view plaintext,
      std::vector<store::KeyWrite>* key_writes = nullptr);
  // The keys of `key_writes` are in the key family (their append landed).
  void KeysWritten(const std::vector<store::KeyWrite>& key_writes);
  // The plaintext, or nullopt when the person's key is gone (forgotten).
  // DATA_LOSS when `sealed` is not this person's `field`.
  absl::StatusOr<std::optional<std::string>> OpenField(
      absl::string_view person, absl::string_view field,
      absl::string_view sealed) const;

  // Forgetting is two steps around the append of its event: BeginForget
  // before (records that the command `command_id` forgets `person`), Forget
  // once the event is durable (destroys the key for good, see
  // PersonKeyStore::Shred). FinishForgetting, at start, completes a
  // forgetting whose event is in `log` and drops one whose event is not, so
  // a crash between the steps leaves the person fully forgotten or not at
  // all.
  absl::Status BeginForget(absl::string_view person,
                           absl::string_view command_id);
  absl::Status Forget(absl::string_view person);
  absl::Status FinishForgetting(const store::EventLog& log);

  // A note, in the key family and sealed under this keyring's master key,
  // that a full read of the log found no hash of personal data under that
  // key (master_key_hashes.h). The note does not open under another master
  // key, so a rotation makes the next start read the log again. Put durable
  // with the log's next synced append, as PersonKeyStore::Put.
  absl::Status RecordNoHashesUnderMasterKey();
  absl::StatusOr<bool> NoHashesUnderMasterKeyRecorded() const;

 private:
  // What opening does with a log that has no check value yet: record one
  // (Open) or refuse (Rewrap: there is nothing to rotate).
  enum class MissingCheck { kRecord, kRefuse };
  static absl::StatusOr<std::unique_ptr<PersonKeyring>> OpenChecked(
      store::EventLog& log, std::string master_key, const std::string& key_file,
      MissingCheck missing);
  PersonKeyring(std::unique_ptr<store::PersonKeyStore> keys,
                std::string master_key);
  // Rewrap's step once the keyring is open under the old key.
  absl::StatusOr<size_t> WrapEveryKeyUnder(absl::string_view new_master_key);
  // The unwrapped data key, or nullopt when none is stored.
  absl::StatusOr<std::optional<std::string>> DataKey(
      absl::string_view person) const;

  std::unique_ptr<store::PersonKeyStore> keys_;
  const std::string master_key_;
  // Held while a person's key is created or forgotten, so that two first
  // seals do not make two keys and a seal does not revive a forgotten person.
  absl::Mutex key_mutex_;
  // Unwrapped keys already read, so a fold opens each person's fields
  // without a read of the key family each time.
  mutable absl::Mutex cache_mutex_;
  mutable absl::flat_hash_map<std::string, std::string> cache_
      ABSL_GUARDED_BY(cache_mutex_);
  // Keys in `cache_` whose append has not landed yet: key-family name to
  // the wrapped key.
  absl::flat_hash_map<std::string, std::string> unwritten_
      ABSL_GUARDED_BY(cache_mutex_);
};

}  // namespace qiwang::keys

#endif  // QIWANG_SERVICES_KEYS_PERSON_KEYRING_H_
