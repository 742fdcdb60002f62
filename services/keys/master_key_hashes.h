// Whether a log still carries hashes of personal data under the master key
// in use (issue 24): logs written before 0.12.0 keep each person's
// identity_hash and name_birth_hash as BLAKE2b under the master key's subkey
// "idhash01", so whoever holds that key and the log can find a forgotten
// person's ID number and birth date again by trying candidates. Such a log
// needs its master key rotated (qiwangd --rotate_data_key_to) and the old
// key destroyed; qiwangd says so at start. Called by the server once, at
// start, with the ledger's opened log; by tests and benches.
#ifndef QIWANG_SERVICES_KEYS_MASTER_KEY_HASHES_H_
#define QIWANG_SERVICES_KEYS_MASTER_KEY_HASHES_H_

#include <cstddef>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "services/keys/person_keyring.h"
#include "store/event_log.h"

namespace qiwang::keys {

// How many person entries of `opened_log` (read through the SealingEventLog,
// so that ID numbers and birth dates are in clear) carry a hash of their ID
// number, or of their name and birth date, under `master_key`. A forgotten
// person cannot be opened, so is not counted: a log whose every such entry
// was forgotten answers 0 although the key still leads to them.
absl::StatusOr<size_t> CountHashedUnderMasterKey(
    const store::EventLog& opened_log, absl::string_view master_key);

// What qiwangd counts at each start: CountHashedUnderMasterKey, but the log
// is read only until one read finds none. No event written since 0.12.0
// carries such hashes, so a count of 0 holds for every later start under the
// same master key: it is noted in `keyring`'s key family
// (PersonKeyring::RecordNoHashesUnderMasterKey) and later starts answer 0
// without reading the log. A log that still carries hashes is read at every
// start, so the warning repeats until the key is rotated. `keyring` is the
// one `opened_log` reads through, under `master_key`.
absl::StatusOr<size_t> CountHashedUnderMasterKeyOnce(
    const store::EventLog& opened_log, PersonKeyring& keyring,
    absl::string_view master_key);

// The warning qiwangd prints at start for `count` entries (empty for none),
// naming `key_file` and what to do.
std::string HashedUnderMasterKeyWarning(size_t count,
                                        absl::string_view key_file);

}  // namespace qiwang::keys

#endif  // QIWANG_SERVICES_KEYS_MASTER_KEY_HASHES_H_
