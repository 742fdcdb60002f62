#include "services/keys/person_keyring.h"

#include <algorithm>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "base/annotated_lock.h"
#include "crypto/field_cipher.h"

namespace qiwang::keys {
namespace {

constexpr absl::string_view kCheckName = "master-check";
constexpr absl::string_view kCheckText = "qiwang personal-data master key";
constexpr absl::string_view kForgettingPrefix = "forgetting/";
constexpr absl::string_view kNoHashesName = "scan/no-hashes-under-master-key";
constexpr absl::string_view kNoHashesText = "no hashes under this master key";
constexpr absl::string_view kKeyPrefix = "person-key/";

std::string KeyName(absl::string_view person) {
  return absl::StrCat(kKeyPrefix, person);
}
std::string ForgottenName(absl::string_view person) {
  return absl::StrCat("forgotten/", person);
}
std::string FieldPlace(absl::string_view person, absl::string_view field) {
  return absl::StrCat("person ", person, " field ", field);
}

}  // namespace

absl::StatusOr<std::unique_ptr<PersonKeyring>> PersonKeyring::Open(
    store::EventLog& log, std::string master_key, const std::string& key_file) {
  return OpenChecked(log, std::move(master_key), key_file,
                     MissingCheck::kRecord);
}

absl::StatusOr<std::unique_ptr<PersonKeyring>> PersonKeyring::OpenChecked(
    store::EventLog& log, std::string master_key, const std::string& key_file,
    MissingCheck missing) {
  absl::StatusOr<std::unique_ptr<store::PersonKeyStore>> keys =
      store::PersonKeyStore::InLog(log);
  if (!keys.ok()) return keys.status();
  absl::StatusOr<std::optional<std::string>> check = (*keys)->Get(kCheckName);
  if (!check.ok()) return check.status();
  if (!check->has_value() && missing == MissingCheck::kRefuse) {
    return absl::FailedPreconditionError(
        "--data_dir: no personal-data key of this data folder was ever "
        "wrapped by a master key (qiwangd never ran on it with "
        "--data_key_file); there is nothing to rotate");
  }
  if (!check->has_value()) {
    absl::StatusOr<std::string> sealed =
        crypto::Seal(master_key, kCheckText, kCheckName);
    if (!sealed.ok()) return sealed.status();
    if (absl::Status put = (*keys)->Put(kCheckName, *sealed); !put.ok()) {
      return put;
    }
  } else if (!crypto::Open(master_key, **check, kCheckName).ok()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "--data_key_file: ", key_file,
        " is not the master key the personal-data keys of this data folder "
        "were written with; qiwangd will not start with a wrong key"));
  }
  return std::unique_ptr<PersonKeyring>(
      new PersonKeyring(*std::move(keys), std::move(master_key)));
}

absl::StatusOr<size_t> PersonKeyring::Rewrap(store::EventLog& log,
                                             std::string master_key,
                                             const std::string& key_file,
                                             absl::string_view new_master_key) {
  absl::StatusOr<std::unique_ptr<PersonKeyring>> ring =
      OpenChecked(log, std::move(master_key), key_file, MissingCheck::kRefuse);
  if (!ring.ok()) return ring.status();
  if (absl::Status finished = (*ring)->FinishForgetting(log); !finished.ok()) {
    return finished;
  }
  return (*ring)->WrapEveryKeyUnder(new_master_key);
}

absl::StatusOr<size_t> PersonKeyring::WrapEveryKeyUnder(
    absl::string_view new_master_key) {
  absl::StatusOr<std::vector<std::string>> names =
      keys_->NamesWithPrefix(kKeyPrefix);
  if (!names.ok()) return names.status();
  std::vector<store::KeyWrite> writes;
  for (const std::string& name : *names) {
    absl::StatusOr<std::optional<std::string>> key =
        DataKey(absl::StripPrefix(name, kKeyPrefix));
    if (!key.ok()) return key.status();
    if (!key->has_value()) continue;
    absl::StatusOr<std::string> wrapped =
        crypto::Seal(new_master_key, **key, name);
    if (!wrapped.ok()) return wrapped.status();
    writes.push_back({name, *std::move(wrapped)});
  }
  const size_t rewrapped = writes.size();
  absl::StatusOr<std::string> check =
      crypto::Seal(new_master_key, kCheckText, kCheckName);
  if (!check.ok()) return check.status();
  writes.push_back({std::string(kCheckName), *std::move(check)});
  if (absl::Status written = keys_->PutAll(writes); !written.ok()) {
    return written;
  }
  if (absl::Status purged = keys_->PurgeReplacedValues(); !purged.ok()) {
    return absl::Status(
        purged.code(),
        absl::StrCat("the keys are re-wrapped under the new master key, "
                     "which is now the one to start with, but the files of "
                     "the data folder may keep them wrapped under the old "
                     "one until RocksDB compacts them: ",
                     purged.message()));
  }
  return rewrapped;
}

PersonKeyring::PersonKeyring(std::unique_ptr<store::PersonKeyStore> keys,
                             std::string master_key)
    : keys_(std::move(keys)), master_key_(std::move(master_key)) {}

absl::StatusOr<std::optional<std::string>> PersonKeyring::DataKey(
    absl::string_view person) const {
  {
    base::AnnotatedLock lock(&cache_mutex_);
    auto cached = cache_.find(person);
    if (cached != cache_.end()) return cached->second;
  }
  const std::string name = KeyName(person);
  absl::StatusOr<std::optional<std::string>> wrapped = keys_->Get(name);
  if (!wrapped.ok() || !wrapped->has_value()) return wrapped;
  absl::StatusOr<std::string> key = crypto::Open(master_key_, **wrapped, name);
  if (!key.ok()) return key.status();
  base::AnnotatedLock lock(&cache_mutex_);
  cache_.emplace(person, *key);
  return *std::move(key);
}

absl::StatusOr<std::string> PersonKeyring::SealField(
    absl::string_view person, absl::string_view field,
    absl::string_view plaintext, std::vector<store::KeyWrite>* key_writes) {
  const std::string name = KeyName(person);
  absl::StatusOr<std::optional<std::string>> key = DataKey(person);
  if (!key.ok()) return key.status();
  if (!key->has_value()) {
    base::AnnotatedLock lock(&key_mutex_);
    key = DataKey(person);
    if (!key.ok()) return key.status();
    if (!key->has_value()) {
      absl::StatusOr<std::optional<std::string>> forgotten =
          keys_->Get(ForgottenName(person));
      if (!forgotten.ok()) return forgotten.status();
      if (forgotten->has_value()) {
        return absl::FailedPreconditionError(absl::StrCat(
            "person ", person,
            " was forgotten: no personal data is kept for them any more"));
      }
      absl::StatusOr<std::string> fresh = crypto::NewRandomKey();
      if (!fresh.ok()) return fresh.status();
      absl::StatusOr<std::string> wrapped =
          crypto::Seal(master_key_, *fresh, name);
      if (!wrapped.ok()) return wrapped.status();
      if (key_writes == nullptr) {
        if (absl::Status put = keys_->Put(name, *wrapped); !put.ok()) {
          return put;
        }
      }
      base::AnnotatedLock cache_lock(&cache_mutex_);
      cache_.emplace(person, *fresh);
      if (key_writes != nullptr) unwritten_.emplace(name, *std::move(wrapped));
      *key = *std::move(fresh);
    }
  }
  if (key_writes != nullptr &&
      std::none_of(
          key_writes->begin(), key_writes->end(),
          [&](const store::KeyWrite& write) { return write.name == name; })) {
    base::AnnotatedLock cache_lock(&cache_mutex_);
    auto unwritten = unwritten_.find(name);
    if (unwritten != unwritten_.end()) {
      key_writes->push_back({name, unwritten->second});
    }
  }
  return crypto::Seal(**key, plaintext, FieldPlace(person, field));
}

void PersonKeyring::KeysWritten(
    const std::vector<store::KeyWrite>& key_writes) {
  base::AnnotatedLock cache_lock(&cache_mutex_);
  for (const store::KeyWrite& write : key_writes) unwritten_.erase(write.name);
}

absl::StatusOr<std::optional<std::string>> PersonKeyring::OpenField(
    absl::string_view person, absl::string_view field,
    absl::string_view sealed) const {
  absl::StatusOr<std::optional<std::string>> key = DataKey(person);
  if (!key.ok() || !key->has_value()) return key;
  absl::StatusOr<std::string> plaintext =
      crypto::Open(**key, sealed, FieldPlace(person, field));
  if (!plaintext.ok()) return plaintext.status();
  return *std::move(plaintext);
}

absl::Status PersonKeyring::BeginForget(absl::string_view person,
                                        absl::string_view command_id) {
  return keys_->Put(absl::StrCat(kForgettingPrefix, person), command_id);
}

absl::Status PersonKeyring::Forget(absl::string_view person) {
  base::AnnotatedLock lock(&key_mutex_);
  {
    base::AnnotatedLock cache_lock(&cache_mutex_);
    cache_.erase(person);
    unwritten_.erase(KeyName(person));
  }
  if (absl::Status mark = keys_->Put(ForgottenName(person), ""); !mark.ok()) {
    return mark;
  }
  if (absl::Status shred = keys_->Shred(KeyName(person)); !shred.ok()) {
    return shred;
  }
  // Only once the key is gone: a crash before this finds the mark again.
  return keys_->Delete(absl::StrCat(kForgettingPrefix, person));
}

absl::Status PersonKeyring::FinishForgetting(const store::EventLog& log) {
  absl::StatusOr<std::vector<std::string>> begun =
      keys_->NamesWithPrefix(kForgettingPrefix);
  if (!begun.ok()) return begun.status();
  for (const std::string& name : *begun) {
    absl::StatusOr<std::optional<std::string>> command_id = keys_->Get(name);
    if (!command_id.ok()) return command_id.status();
    if (!command_id->has_value()) continue;
    absl::StatusOr<std::optional<store::AppendResult>> appended =
        log.LookupCommand(**command_id);
    if (!appended.ok()) return appended.status();
    const absl::string_view person = absl::StripPrefix(name, kForgettingPrefix);
    absl::Status done =
        appended->has_value() ? Forget(person) : keys_->Delete(name);
    if (!done.ok()) return done;
  }
  return absl::OkStatus();
}

absl::Status PersonKeyring::RecordNoHashesUnderMasterKey() {
  absl::StatusOr<std::string> sealed =
      crypto::Seal(master_key_, kNoHashesText, kNoHashesName);
  if (!sealed.ok()) return sealed.status();
  return keys_->Put(kNoHashesName, *sealed);
}

absl::StatusOr<bool> PersonKeyring::NoHashesUnderMasterKeyRecorded() const {
  absl::StatusOr<std::optional<std::string>> note = keys_->Get(kNoHashesName);
  if (!note.ok()) return note.status();
  return note->has_value() &&
         crypto::Open(master_key_, **note, kNoHashesName).ok();
}

}  // namespace qiwang::keys
