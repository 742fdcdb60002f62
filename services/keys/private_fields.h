// Which fields of an event are personal data (issue 18) and how they are
// sealed for the log and opened back: a Person's id_number and full
// birth_date (in StationResultsRecorded, PlayerRegistered and
// SubstituteInvited; identity_hash and birth_year stay in clear), and an
// AbsenceExcused note. Names, genders, sections and results stay in clear.
// Called by the SealingEventLog only. Thread-safe as the keyring is.
#ifndef QIWANG_SERVICES_KEYS_PRIVATE_FIELDS_H_
#define QIWANG_SERVICES_KEYS_PRIVATE_FIELDS_H_

#include <cstdint>
#include <functional>
#include <string>

#include "absl/status/statusor.h"
#include "qiwang/v1/event.pb.h"
#include "services/keys/person_keyring.h"

namespace qiwang::keys {

// The key id of a person whose private fields are (or will be) sealed: a
// keyed hash of name and birth date, so that a fold without the key can
// still tell whether two persons without ID numbers are the same (R3), as
// it would by name and birth date. Two persons of the same name and birth
// date in one tournament share a key (the regulation takes them for one).
absl::StatusOr<std::string> KeyIdOf(const v1::Person& person,
                                    const PersonKeyring& ring);

// The key id of a registered player of the event's tournament, for events
// that name a player rather than a person.
using PlayerKeyId = std::function<absl::StatusOr<std::string>(int64_t)>;

// Seals the private fields of `event` (of tournament `tournament`) in place.
// Answers whether the event changed.
absl::StatusOr<bool> SealPrivateFields(const std::string& tournament,
                                       PersonKeyring& ring,
                                       const PlayerKeyId& player_key_id,
                                       v1::Event& event);

// Fills the private fields back from their sealed copies (which stay); those
// of a forgotten person stay empty. Answers whether the event changed.
absl::StatusOr<bool> OpenPrivateFields(const std::string& tournament,
                                       const PersonKeyring& ring,
                                       v1::Event& event);

// "<tournament>/<key id>": the person's name in the keyring.
std::string KeyringPerson(const std::string& tournament,
                          const std::string& key_id);

}  // namespace qiwang::keys

#endif  // QIWANG_SERVICES_KEYS_PRIVATE_FIELDS_H_
