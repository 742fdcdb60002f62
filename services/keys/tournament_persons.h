// The persons of one tournament whose private fields have a data key, as the
// sealing log met them in that tournament's events (issue 18): which key a
// person already has, one key per person as R3 tells persons apart
// (rules::tournament::SamePerson over the match tokens), the match tokens of
// the persons not forgotten (issue 24), and the person each registered player
// was registered as. Not thread-safe: the SealingEventLog guards it.
#ifndef QIWANG_SERVICES_KEYS_TOURNAMENT_PERSONS_H_
#define QIWANG_SERVICES_KEYS_TOURNAMENT_PERSONS_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "qiwang/v1/event.pb.h"
#include "services/keys/match_tokens.h"

namespace qiwang::keys {

class TournamentPersons {
 public:
  // Notes the sealed persons, the registrations and the forgettings of
  // `event`, one of the tournament's events as the log holds it (sealed) or
  // as it is about to.
  void Note(const v1::Event& event);
  // Notes the match tokens of the persons of `opened`, an event of the log
  // with its private fields opened (those of forgotten persons stay empty).
  absl::Status NoteOpened(const v1::Event& opened);
  // Notes that `person` (carrying its match tokens) has the key `key_id`.
  void Add(const v1::Person& person, const std::string& key_id);
  // The key id of the same person met before, if any, and held by nobody
  // with another ID number; `person` carries its match tokens
  // (MatchTokens::Assign).
  std::optional<std::string> KeyOf(const v1::Person& person) const;
  MatchTokens& tokens() { return tokens_; }
  // The person player `player_id` was registered as, if noted.
  const v1::Person* Player(int64_t player_id) const;

  // The stream version up to which the log's events were noted.
  uint64_t noted_version() const { return noted_version_; }
  void set_noted_version(uint64_t version) { noted_version_ = version; }

 private:
  uint64_t noted_version_ = 0;
  // Persons with a key: tokens, name, birth year and sealed.key_id only.
  std::vector<v1::Person> persons_;
  // identity_hash or name_birth_hash (match tokens) -> indexes into persons_.
  absl::flat_hash_map<std::string, std::vector<size_t>> by_hash_;
  // key id -> indexes into persons_.
  absl::flat_hash_map<std::string, std::vector<size_t>> by_key_;
  // key id, identity hash and name-birth hash of each entry, so that an
  // event noted twice (sealed, then read back) adds nothing.
  absl::flat_hash_set<std::string> entries_;
  absl::flat_hash_map<int64_t, v1::Person> players_;
  MatchTokens tokens_;
};

}  // namespace qiwang::keys

#endif  // QIWANG_SERVICES_KEYS_TOURNAMENT_PERSONS_H_
