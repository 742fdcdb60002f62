#include "services/keys/master_key_rotation.h"

#include <filesystem>
#include <memory>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "crypto/master_key_file.h"
#include "services/keys/person_keyring.h"

namespace qiwang::keys {
namespace {

constexpr char kNewKeyFlag[] = "--rotate_data_key_to";

}  // namespace

absl::StatusOr<std::string> RotateMasterKey(const MasterKeyRotation& rotation) {
  if (rotation.key_file.empty()) {
    return absl::InvalidArgumentError(absl::StrCat(
        kNewKeyFlag,
        ": needs --data_key_file, the master key the data folder's keys are "
        "wrapped with now"));
  }
  absl::StatusOr<std::string> new_key =
      crypto::LoadMasterKeyFile(rotation.new_key_file, kNewKeyFlag);
  if (!new_key.ok()) return new_key.status();
  absl::StatusOr<std::string> old_key =
      crypto::LoadMasterKeyFile(rotation.key_file);
  if (!old_key.ok()) return old_key.status();
  if (*new_key == *old_key) {
    return absl::InvalidArgumentError(absl::StrCat(
        kNewKeyFlag, ": ", rotation.new_key_file,
        " holds the same key as --data_key_file ", rotation.key_file,
        "; make a new one (e.g. od -An -tx1 -N32 /dev/urandom | tr -d ' "
        "\\n')"));
  }
  std::error_code error;
  if (!std::filesystem::is_directory(rotation.data_dir, error)) {
    return absl::NotFoundError(
        absl::StrCat("--data_dir: ", rotation.data_dir,
                     " is not a data folder; there is nothing to rotate"));
  }
  absl::StatusOr<std::unique_ptr<store::EventLog>> log =
      store::EventLog::Open(rotation.data_dir, rotation.store_options);
  if (!log.ok()) return log.status();
  absl::StatusOr<size_t> rewrapped = PersonKeyring::Rewrap(
      **log, *std::move(old_key), rotation.key_file, *new_key);
  if (!rewrapped.ok()) return rewrapped.status();
  return absl::StrCat(
      "qiwangd: re-wrapped ", *rewrapped, " personal-data keys of ",
      rotation.data_dir, " under ", rotation.new_key_file,
      " (start qiwangd with it from now on); ", rotation.key_file,
      " may now be destroyed, with every backup taken before now");
}

}  // namespace qiwang::keys
