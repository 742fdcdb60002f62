#include "services/keys/master_key_hashes.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "crypto/identity_hash.h"
#include "qiwang/v1/event.pb.h"
#include "services/events/event_from_record.h"
#include "services/keys/private_fields.h"

namespace qiwang::keys {
namespace {

// The subkey issue 18 hashed under; HashedUnder keeps the texts it hashed as
// 0.11 wrote them (match_tokens.cc hashes similar texts under its own secret,
// free to change them).
constexpr char kIssue18Context[] = "idhash01";

absl::StatusOr<bool> HashedUnder(const std::string& secret,
                                 const v1::Person& person) {
  if (!person.id_number().empty() && !person.identity_hash().empty()) {
    absl::StatusOr<std::string> hash =
        crypto::IdentityHash(secret, person.id_number());
    if (!hash.ok()) return hash.status();
    if (*hash == person.identity_hash()) return true;
  }
  if (person.has_birth_date() && !person.name_birth_hash().empty()) {
    const v1::Date& born = person.birth_date();
    absl::StatusOr<std::string> hash = crypto::IdentityHash(
        secret, absl::StrFormat("name:%s|born:%04d-%02d-%02d", person.name(),
                                born.year(), born.month(), born.day()));
    if (!hash.ok()) return hash.status();
    if (*hash == person.name_birth_hash()) return true;
  }
  return false;
}

}  // namespace

absl::StatusOr<size_t> CountHashedUnderMasterKey(
    const store::EventLog& opened_log, absl::string_view master_key) {
  absl::StatusOr<std::string> secret =
      crypto::DeriveSubkey(master_key, kIssue18Context);
  if (!secret.ok()) return secret.status();
  size_t count = 0;
  store::ReadRequest page;
  while (true) {
    absl::StatusOr<std::vector<store::Record>> records = opened_log.Read(page);
    if (!records.ok()) return records.status();
    for (const store::Record& record : *records) {
      absl::StatusOr<v1::Event> event = events::EventFromRecord(record);
      if (!event.ok()) return event.status();
      absl::StatusOr<bool> visited = ForEachPerson(
          *event, [&](v1::Person& person) -> absl::StatusOr<bool> {
            absl::StatusOr<bool> hashed = HashedUnder(*secret, person);
            if (!hashed.ok()) return hashed.status();
            if (*hashed) ++count;
            return false;
          });
      if (!visited.ok()) return visited.status();
    }
    if (records->size() < page.limit) return count;
    page.from = records->back().position + 1;
  }
}

absl::StatusOr<size_t> CountHashedUnderMasterKeyOnce(
    const store::EventLog& opened_log, PersonKeyring& keyring,
    absl::string_view master_key) {
  absl::StatusOr<bool> none_before = keyring.NoHashesUnderMasterKeyRecorded();
  if (!none_before.ok()) return none_before.status();
  if (*none_before) return 0;
  absl::StatusOr<size_t> count =
      CountHashedUnderMasterKey(opened_log, master_key);
  if (!count.ok() || *count > 0) return count;
  if (absl::Status noted = keyring.RecordNoHashesUnderMasterKey();
      !noted.ok()) {
    return noted;
  }
  return 0;
}

std::string HashedUnderMasterKeyWarning(size_t count,
                                        absl::string_view key_file) {
  if (count == 0) return "";
  return absl::StrCat(
      "warning: ", count,
      " person entries of this log carry hashes of their ID number or birth "
      "date under the master key of ",
      key_file,
      " (written before 0.12.0): with that key and the log, a forgotten "
      "person's ID number and birth date can be found again. Stop qiwangd, "
      "run qiwangd --data_dir=DIR --data_key_file=",
      key_file,
      " --rotate_data_key_to=NEW, then destroy the old key file and the "
      "backups taken before (docs/operating.md, \"Rotating the master key\")");
}

}  // namespace qiwang::keys
