#include "services/keys/tournament_persons.h"

#include "absl/strings/str_cat.h"
#include "services/rules/tournament/person.h"

namespace qiwang::keys {

namespace {

// The persons `event` carries.
std::vector<const v1::Person*> PersonsIn(const v1::Event& event) {
  switch (event.payload_case()) {
    case v1::Event::kStationResultsRecorded: {
      std::vector<const v1::Person*> persons;
      for (const v1::Person& person :
           event.station_results_recorded().ranking()) {
        persons.push_back(&person);
      }
      return persons;
    }
    case v1::Event::kPlayerRegistered:
      return {&event.player_registered().person()};
    case v1::Event::kSubstituteInvited:
      return {&event.substitute_invited().person()};
    default:
      return {};
  }
}

}  // namespace

void TournamentPersons::Note(const v1::Event& event) {
  for (const v1::Person* person : PersonsIn(event)) {
    if (person->has_sealed()) Add(*person, person->sealed().key_id());
  }
  if (event.has_player_registered()) {
    v1::Person& player = players_[event.player_registered().player_id()];
    player = event.player_registered().person();
    player.mutable_sealed()->clear_ciphertext();
  }
  if (event.has_person_forgotten()) {
    tokens_.Forget(event.person_forgotten().key_id());
  }
}

absl::Status TournamentPersons::NoteOpened(const v1::Event& opened) {
  for (const v1::Person* person : PersonsIn(opened)) {
    if (!person->has_sealed()) continue;
    if (absl::Status noted = tokens_.Note(*person, person->sealed().key_id());
        !noted.ok()) {
      return noted;
    }
  }
  return absl::OkStatus();
}

void TournamentPersons::Add(const v1::Person& person,
                            const std::string& key_id) {
  if (key_id.empty() ||
      !entries_
           .insert(absl::StrCat(key_id, "|", person.identity_hash(), "|",
                                person.name_birth_hash()))
           .second) {
    return;
  }
  v1::Person& kept = persons_.emplace_back();
  kept.set_name(person.name());
  kept.set_birth_year(rules::tournament::BirthYear(person));
  kept.set_identity_hash(person.identity_hash());
  kept.set_name_birth_hash(person.name_birth_hash());
  kept.mutable_sealed()->set_key_id(key_id);
  const size_t index = persons_.size() - 1;
  for (const std::string* hash :
       {&person.identity_hash(), &person.name_birth_hash()}) {
    if (!hash->empty()) by_hash_[*hash].push_back(index);
  }
  by_key_[key_id].push_back(index);
}

std::optional<std::string> TournamentPersons::KeyOf(
    const v1::Person& person) const {
  // As a fold without the key sees the person.
  v1::Person hashed_only = person;
  hashed_only.clear_id_number();
  hashed_only.clear_birth_date();
  // A key already held by someone with another ID number is not this
  // person's, even if a ranking entry without a number matches both (R3
  // matching is not transitive): namesakes born the same day stay apart.
  auto held_by_another = [&](const std::string& key_id) {
    if (person.identity_hash().empty()) return false;
    for (size_t index : by_key_.at(key_id)) {
      const std::string& other = persons_[index].identity_hash();
      if (!other.empty() && other != person.identity_hash()) return true;
    }
    return false;
  };
  // Matches by ID number first, then by name and birth date.
  for (const std::string* hash :
       {&person.identity_hash(), &person.name_birth_hash()}) {
    if (hash->empty()) continue;
    auto it = by_hash_.find(*hash);
    if (it == by_hash_.end()) continue;
    for (size_t index : it->second) {
      const v1::Person& known = persons_[index];
      if (rules::tournament::SamePerson(known, hashed_only) &&
          !held_by_another(known.sealed().key_id())) {
        return known.sealed().key_id();
      }
    }
  }
  return std::nullopt;
}

const v1::Person* TournamentPersons::Player(int64_t player_id) const {
  auto it = players_.find(player_id);
  return it == players_.end() ? nullptr : &it->second;
}

}  // namespace qiwang::keys
