#include "services/keys/person_keyring.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "crypto/field_cipher.h"
#include "crypto/identity_hash.h"

namespace qiwang::keys {
namespace {

constexpr absl::string_view kCheckName = "master-check";
constexpr absl::string_view kCheckText = "qiwang personal-data master key";

std::string KeyName(int64_t player_id) {
  return absl::StrCat("person-key/", player_id);
}
std::string ForgottenName(int64_t player_id) {
  return absl::StrCat("forgotten/", player_id);
}
std::string FieldPlace(int64_t player_id, absl::string_view field) {
  return absl::StrCat("player ", player_id, " field ", field);
}

}  // namespace

absl::StatusOr<std::unique_ptr<PersonKeyring>> PersonKeyring::Open(
    const std::string& key_dir, std::string master_key,
    const std::string& key_file) {
  absl::StatusOr<std::unique_ptr<store::PersonKeyStore>> keys =
      store::PersonKeyStore::Open(key_dir);
  if (!keys.ok()) return keys.status();
  absl::StatusOr<std::optional<std::string>> check = (*keys)->Get(kCheckName);
  if (!check.ok()) return check.status();
  if (!check->has_value()) {
    absl::StatusOr<std::string> sealed =
        crypto::Seal(master_key, kCheckText, kCheckName);
    if (!sealed.ok()) return sealed.status();
    if (absl::Status put = (*keys)->Put(kCheckName, *sealed); !put.ok()) {
      return put;
    }
  } else if (!crypto::Open(master_key, **check, kCheckName).ok()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "--data_key_file: ", key_file, " is not the master key the keys in ",
        key_dir,
        " were written with; qiwangd will not start with a wrong key"));
  }
  absl::StatusOr<std::string> identity_secret =
      crypto::DeriveSubkey(master_key, "idhash01");
  if (!identity_secret.ok()) return identity_secret.status();
  return std::unique_ptr<PersonKeyring>(new PersonKeyring(
      *std::move(keys), std::move(master_key), *std::move(identity_secret)));
}

PersonKeyring::PersonKeyring(std::unique_ptr<store::PersonKeyStore> keys,
                             std::string master_key,
                             std::string identity_secret)
    : keys_(std::move(keys)),
      master_key_(std::move(master_key)),
      identity_secret_(std::move(identity_secret)) {}

absl::StatusOr<std::optional<std::string>> PersonKeyring::DataKey(
    int64_t player_id) const {
  const std::string name = KeyName(player_id);
  absl::StatusOr<std::optional<std::string>> wrapped = keys_->Get(name);
  if (!wrapped.ok() || !wrapped->has_value()) return wrapped;
  absl::StatusOr<std::string> key = crypto::Open(master_key_, **wrapped, name);
  if (!key.ok()) return key.status();
  return *std::move(key);
}

absl::StatusOr<std::string> PersonKeyring::SealField(
    int64_t player_id, absl::string_view field, absl::string_view plaintext) {
  absl::StatusOr<std::optional<std::string>> key = DataKey(player_id);
  if (!key.ok()) return key.status();
  if (!key->has_value()) {
    absl::MutexLock lock(&key_mutex_);
    key = DataKey(player_id);
    if (!key.ok()) return key.status();
    if (!key->has_value()) {
      absl::StatusOr<std::optional<std::string>> forgotten =
          keys_->Get(ForgottenName(player_id));
      if (!forgotten.ok()) return forgotten.status();
      if (forgotten->has_value()) {
        return absl::FailedPreconditionError(absl::StrCat(
            "player ", player_id,
            " was forgotten: no personal data is kept for them any more"));
      }
      absl::StatusOr<std::string> fresh = crypto::NewRandomKey();
      if (!fresh.ok()) return fresh.status();
      const std::string name = KeyName(player_id);
      absl::StatusOr<std::string> wrapped =
          crypto::Seal(master_key_, *fresh, name);
      if (!wrapped.ok()) return wrapped.status();
      if (absl::Status put = keys_->Put(name, *wrapped); !put.ok()) return put;
      *key = *std::move(fresh);
    }
  }
  return crypto::Seal(**key, plaintext, FieldPlace(player_id, field));
}

absl::StatusOr<std::optional<std::string>> PersonKeyring::OpenField(
    int64_t player_id, absl::string_view field,
    absl::string_view sealed) const {
  absl::StatusOr<std::optional<std::string>> key = DataKey(player_id);
  if (!key.ok() || !key->has_value()) return key;
  absl::StatusOr<std::string> plaintext =
      crypto::Open(**key, sealed, FieldPlace(player_id, field));
  if (!plaintext.ok()) return plaintext.status();
  return *std::move(plaintext);
}

absl::Status PersonKeyring::Forget(int64_t player_id) {
  absl::MutexLock lock(&key_mutex_);
  if (absl::Status mark = keys_->Put(ForgottenName(player_id), "");
      !mark.ok()) {
    return mark;
  }
  return keys_->Shred(KeyName(player_id));
}

absl::StatusOr<std::string> PersonKeyring::IdentityHash(
    absl::string_view id_number) const {
  return crypto::IdentityHash(identity_secret_, id_number);
}

}  // namespace qiwang::keys
