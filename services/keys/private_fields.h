// Which fields of an event are personal data (issue 18) and how they are
// sealed for the log and opened back: a Person's id_number and full
// birth_date (in StationResultsRecorded, PlayerRegistered and
// SubstituteInvited; their match tokens and birth_year stay in clear), and an
// AbsenceExcused note. Names, genders, sections and results stay in clear.
// Called by the SealingEventLog only. Thread-safe as the keyring is.
#ifndef QIWANG_SERVICES_KEYS_PRIVATE_FIELDS_H_
#define QIWANG_SERVICES_KEYS_PRIVATE_FIELDS_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "qiwang/v1/event.pb.h"
#include "services/keys/person_keyring.h"
#include "store/event_log.h"

namespace qiwang::keys {

// Sets the match tokens of a person in clear (MatchTokens::Assign), which R3
// matching compares once the fields are sealed, and answers its key id: the
// key of the same person met before in the tournament, else a new one.
using PersonKeyId = std::function<absl::StatusOr<std::string>(v1::Person&)>;

// The key id of a registered player of the event's tournament, for events
// that name a player rather than a person.
using PlayerKeyId = std::function<absl::StatusOr<std::string>(int64_t)>;

// Applies `change` to every person of `event` (the three events above that
// carry one); answers whether any changed, or the first error.
using PersonChange = std::function<absl::StatusOr<bool>(v1::Person&)>;
absl::StatusOr<bool> ForEachPerson(v1::Event& event,
                                   const PersonChange& change);

// A fresh random key id (32 hex digits).
absl::StatusOr<std::string> NewKeyId();

// Seals the private fields of `event` (of tournament `tournament`) in place,
// adding to `key_writes` the new keys the event's append must write
// (PersonKeyring::SealField). Answers whether the event changed.
absl::StatusOr<bool> SealPrivateFields(
    const std::string& tournament, PersonKeyring& ring,
    const PersonKeyId& person_key_id, const PlayerKeyId& player_key_id,
    v1::Event& event, std::vector<store::KeyWrite>& key_writes);

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
