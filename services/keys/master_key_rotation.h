// qiwangd --rotate_data_key_to (issue 24): the offline replacement of the
// master key of a stopped qiwangd's data folder. Every person's data key is
// re-wrapped under the new key (PersonKeyring::Rewrap, all or nothing), so
// that the old key file can be destroyed, and with it everything derivable
// from it: the identity hashes logs written before 0.12.0 keep under its
// subkey would let whoever holds it and the log find a forgotten person's ID
// number and birth date again. Persons not forgotten stay readable, and R3
// matching needs no master key (match_tokens.h). Called once by qiwangd's
// main, before anything serves.
#ifndef QIWANG_SERVICES_KEYS_MASTER_KEY_ROTATION_H_
#define QIWANG_SERVICES_KEYS_MASTER_KEY_ROTATION_H_

#include <string>

#include "absl/status/statusor.h"
#include "store/event_log.h"

namespace qiwang::keys {

struct MasterKeyRotation {
  std::string data_dir;      // --data_dir
  std::string key_file;      // --data_key_file: the key in use
  std::string new_key_file;  // --rotate_data_key_to
  store::Options store_options;
};

// Rotates and answers the line to print: how many keys were re-wrapped and
// that the old key file may be destroyed. Refuses, changing nothing and
// naming the flag or file: no key_file, a new key file missing or not a
// valid key file (crypto::LoadMasterKeyFile's rules), a new key equal to the
// old, a data folder that does not exist or that a running qiwangd holds,
// an old key that is not the data folder's, a data folder no master key ever
// wrote to.
absl::StatusOr<std::string> RotateMasterKey(const MasterKeyRotation& rotation);

}  // namespace qiwang::keys

#endif  // QIWANG_SERVICES_KEYS_MASTER_KEY_ROTATION_H_
