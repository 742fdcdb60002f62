#include "services/keys/private_fields.h"

#include <optional>
#include <utility>

#include "absl/strings/escaping.h"
#include "absl/strings/str_cat.h"
#include "crypto/field_cipher.h"

namespace qiwang::keys {
namespace {

constexpr char kPersonField[] = "person";
constexpr char kNoteField[] = "absence_note";

absl::StatusOr<bool> SealPerson(const std::string& tournament,
                                PersonKeyring& ring,
                                const PersonKeyId& person_key_id,
                                v1::Person& person,
                                std::vector<store::KeyWrite>& key_writes) {
  if (person.has_sealed() ||
      (person.id_number().empty() && !person.has_birth_date())) {
    return false;
  }
  absl::StatusOr<std::string> key_id = person_key_id(person);
  if (!key_id.ok()) return key_id.status();
  v1::PersonPrivate hidden;
  hidden.set_id_number(person.id_number());
  *hidden.mutable_birth_date() = person.birth_date();
  absl::StatusOr<std::string> sealed =
      ring.SealField(KeyringPerson(tournament, *key_id), kPersonField,
                     hidden.SerializeAsString(), &key_writes);
  if (!sealed.ok()) return sealed.status();
  if (person.has_birth_date())
    person.set_birth_year(person.birth_date().year());
  person.clear_id_number();
  person.clear_birth_date();
  person.mutable_sealed()->set_key_id(*std::move(key_id));
  person.mutable_sealed()->set_ciphertext(*std::move(sealed));
  return true;
}

absl::StatusOr<bool> OpenPerson(const std::string& tournament,
                                const PersonKeyring& ring, v1::Person& person) {
  if (!person.has_sealed()) return false;
  absl::StatusOr<std::optional<std::string>> opened =
      ring.OpenField(KeyringPerson(tournament, person.sealed().key_id()),
                     kPersonField, person.sealed().ciphertext());
  if (!opened.ok()) return opened.status();
  if (!opened->has_value()) return false;
  v1::PersonPrivate hidden;
  if (!hidden.ParseFromString(**opened)) {
    return absl::DataLossError("a sealed person does not parse");
  }
  person.set_id_number(hidden.id_number());
  *person.mutable_birth_date() = hidden.birth_date();
  return true;
}

}  // namespace

absl::StatusOr<bool> ForEachPerson(v1::Event& event,
                                   const PersonChange& change) {
  bool changed = false;
  auto apply = [&](v1::Person& person) -> absl::Status {
    absl::StatusOr<bool> done = change(person);
    if (!done.ok()) return done.status();
    changed = changed || *done;
    return absl::OkStatus();
  };
  switch (event.payload_case()) {
    case v1::Event::kStationResultsRecorded:
      for (v1::Person& person :
           *event.mutable_station_results_recorded()->mutable_ranking()) {
        if (absl::Status s = apply(person); !s.ok()) return s;
      }
      break;
    case v1::Event::kPlayerRegistered:
      if (absl::Status s =
              apply(*event.mutable_player_registered()->mutable_person());
          !s.ok()) {
        return s;
      }
      break;
    case v1::Event::kSubstituteInvited:
      if (absl::Status s =
              apply(*event.mutable_substitute_invited()->mutable_person());
          !s.ok()) {
        return s;
      }
      break;
    default:
      break;
  }
  return changed;
}

std::string KeyringPerson(const std::string& tournament,
                          const std::string& key_id) {
  return absl::StrCat(tournament, "/", key_id);
}

absl::StatusOr<std::string> NewKeyId() {
  absl::StatusOr<std::string> random = crypto::NewRandomKey();
  if (!random.ok()) return random.status();
  return absl::BytesToHexString(absl::string_view(*random).substr(0, 16));
}

absl::StatusOr<bool> SealPrivateFields(
    const std::string& tournament, PersonKeyring& ring,
    const PersonKeyId& person_key_id, const PlayerKeyId& player_key_id,
    v1::Event& event, std::vector<store::KeyWrite>& key_writes) {
  if (event.has_absence_excused()) {
    v1::AbsenceExcused& excused = *event.mutable_absence_excused();
    if (excused.note().empty() || excused.has_sealed_note()) return false;
    absl::StatusOr<std::string> key_id = player_key_id(excused.player_id());
    if (!key_id.ok()) return key_id.status();
    absl::StatusOr<std::string> sealed =
        ring.SealField(KeyringPerson(tournament, *key_id), kNoteField,
                       excused.note(), &key_writes);
    if (!sealed.ok()) return sealed.status();
    excused.clear_note();
    excused.mutable_sealed_note()->set_key_id(*std::move(key_id));
    excused.mutable_sealed_note()->set_ciphertext(*std::move(sealed));
    return true;
  }
  if (event.has_person_forgotten()) {
    absl::StatusOr<std::string> key_id =
        player_key_id(event.person_forgotten().player_id());
    if (!key_id.ok()) return key_id.status();
    event.mutable_person_forgotten()->set_key_id(*std::move(key_id));
    return true;
  }
  return ForEachPerson(event, [&](v1::Person& person) {
    return SealPerson(tournament, ring, person_key_id, person, key_writes);
  });
}

absl::StatusOr<bool> OpenPrivateFields(const std::string& tournament,
                                       const PersonKeyring& ring,
                                       v1::Event& event) {
  if (event.has_absence_excused()) {
    v1::AbsenceExcused& excused = *event.mutable_absence_excused();
    if (!excused.has_sealed_note()) return false;
    absl::StatusOr<std::optional<std::string>> opened = ring.OpenField(
        KeyringPerson(tournament, excused.sealed_note().key_id()), kNoteField,
        excused.sealed_note().ciphertext());
    if (!opened.ok()) return opened.status();
    if (!opened->has_value()) return false;
    excused.set_note(**std::move(opened));
    return true;
  }
  return ForEachPerson(event, [&](v1::Person& person) {
    return OpenPerson(tournament, ring, person);
  });
}

}  // namespace qiwang::keys
