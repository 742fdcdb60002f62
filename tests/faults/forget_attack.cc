#include "tests/faults/forget_attack.h"

#include <memory>
#include <optional>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "crypto/field_cipher.h"
#include "crypto/identity_hash.h"
#include "qiwang/v1/event.pb.h"
#include "store/event_log.h"
#include "store/person_key_store.h"
#include "tests/store/log_test_support.h"

namespace qiwang::faults {
namespace {

constexpr char kKeyPrefix[] = "person-key/";

std::string Day(absl::CivilDay day) {
  return absl::StrFormat("%04d-%02d-%02d", day.year(), day.month(), day.day());
}

// A person of the log with the stream it was written to.
struct Entry {
  std::string stream;
  v1::Person person;
};

std::vector<Entry> PersonsOfLog(const store::EventLog& log) {
  std::vector<Entry> entries;
  for (const store::Record& record : store::testing::ReadEverything(log)) {
    v1::Event event;
    if (!event.ParseFromString(record.data)) continue;
    for (const v1::Person& person :
         event.station_results_recorded().ranking()) {
      entries.push_back({record.stream, person});
    }
    if (event.has_player_registered()) {
      entries.push_back({record.stream, event.player_registered().person()});
    }
    if (event.has_substitute_invited()) {
      entries.push_back({record.stream, event.substitute_invited().person()});
    }
  }
  return entries;
}

}  // namespace

std::string ChineseIdNumber(const std::string& area_code, absl::CivilDay born,
                            int sequence) {
  std::string id = absl::StrFormat("%s%04d%02d%02d%03d", area_code, born.year(),
                                   born.month(), born.day(), sequence);
  constexpr int kWeights[17] = {7, 9, 10, 5,  8, 4, 2, 1, 6,
                                3, 7, 9,  10, 5, 8, 4, 2};
  int sum = 0;
  for (int i = 0; i < 17; ++i) sum += (id[i] - '0') * kWeights[i];
  id.push_back("10X98765432"[sum % 11]);
  return id;
}

absl::StatusOr<Recovered> RecoverPerson(const std::string& data_dir,
                                        const std::string& master_key,
                                        const std::string& name, int birth_year,
                                        const std::string& area_code) {
  absl::StatusOr<std::unique_ptr<store::EventLog>> log =
      store::EventLog::Open(data_dir);
  if (!log.ok()) return log.status();
  absl::StatusOr<std::unique_ptr<store::PersonKeyStore>> keys =
      store::PersonKeyStore::InLog(**log);
  if (!keys.ok()) return keys.status();

  // Whatever a hash could be compared with, and every key to hash under.
  absl::flat_hash_set<std::string> seen;
  absl::StatusOr<std::string> subkey =
      crypto::DeriveSubkey(master_key, "idhash01");
  if (!subkey.ok()) return subkey.status();
  std::vector<std::string> secrets = {*subkey, master_key};
  absl::flat_hash_set<std::string> data_keys;
  absl::StatusOr<std::vector<std::string>> names = (*keys)->NamesWithPrefix("");
  if (!names.ok()) return names.status();
  for (const std::string& key_name : *names) {
    for (absl::string_view part : absl::StrSplit(key_name, '/')) {
      seen.insert(std::string(part));
    }
    absl::StatusOr<std::optional<std::string>> value = (*keys)->Get(key_name);
    if (!value.ok()) return value.status();
    if (value->has_value()) seen.insert(**value);
    if (!value->has_value() || !absl::StartsWith(key_name, kKeyPrefix)) {
      continue;
    }
    absl::StatusOr<std::string> data_key =
        crypto::Open(master_key, **value, key_name);
    if (!data_key.ok()) return data_key.status();
    secrets.push_back(*data_key);
  }

  Recovered found;
  for (const Entry& entry : PersonsOfLog(**log)) {
    seen.insert(entry.person.identity_hash());
    seen.insert(entry.person.name_birth_hash());
    if (entry.person.name() != name || !entry.person.has_sealed()) continue;
    const std::string person =
        absl::StrCat(entry.stream, "/", entry.person.sealed().key_id());
    absl::StatusOr<std::optional<std::string>> wrapped =
        (*keys)->Get(absl::StrCat(kKeyPrefix, person));
    if (!wrapped.ok()) return wrapped.status();
    if (!wrapped->has_value()) continue;
    absl::StatusOr<std::string> data_key =
        crypto::Open(master_key, **wrapped, absl::StrCat(kKeyPrefix, person));
    if (!data_key.ok()) return data_key.status();
    absl::StatusOr<std::string> opened =
        crypto::Open(*data_key, entry.person.sealed().ciphertext(),
                     absl::StrCat("person ", person, " field person"));
    v1::PersonPrivate hidden;
    if (opened.ok() && hidden.ParseFromString(*opened)) {
      if (!hidden.id_number().empty()) {
        found.id_numbers.insert(hidden.id_number());
      }
      const v1::Date& born = hidden.birth_date();
      found.birth_dates.insert(absl::StrFormat("%04d-%02d-%02d", born.year(),
                                               born.month(), born.day()));
    }
  }
  seen.erase("");

  auto matches = [&](const std::string& text) -> absl::StatusOr<bool> {
    for (const std::string& secret : secrets) {
      absl::StatusOr<std::string> hash = crypto::IdentityHash(secret, text);
      if (!hash.ok()) return hash.status();
      if (seen.contains(*hash)) return true;
    }
    return false;
  };
  for (absl::CivilDay day(birth_year, 1, 1); day.year() == birth_year; ++day) {
    absl::StatusOr<bool> dated =
        matches(absl::StrCat("name:", name, "|born:", Day(day)));
    if (!dated.ok()) return dated.status();
    if (*dated) found.birth_dates.insert(Day(day));
    for (int sequence = 0; sequence < 1000; ++sequence) {
      const std::string id = ChineseIdNumber(area_code, day, sequence);
      absl::StatusOr<bool> numbered = matches(id);
      if (!numbered.ok()) return numbered.status();
      if (*numbered) {
        found.id_numbers.insert(id);
        found.birth_dates.insert(Day(day));
      }
    }
  }
  return found;
}

}  // namespace qiwang::faults
