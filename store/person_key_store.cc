#include "store/person_key_store.h"

#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "rocksdb/db.h"
#include "rocksdb/options.h"
#include "rocksdb/write_batch.h"
#include "store/log_storage.h"
#include "store/rocks_event_log.h"

namespace qiwang::store {
namespace {

rocksdb::Slice AsSlice(absl::string_view text) {
  return rocksdb::Slice(text.data(), text.size());
}

}  // namespace

absl::StatusOr<std::unique_ptr<PersonKeyStore>> PersonKeyStore::InLog(
    EventLog& log) {
  auto* rocks = dynamic_cast<RocksEventLog*>(&log);
  if (rocks == nullptr || !rocks->writable()) {
    return absl::FailedPreconditionError(
        "personal-data keys: only the process that writes the log keeps "
        "them");
  }
  return std::unique_ptr<PersonKeyStore>(
      new PersonKeyStore(rocks->shared_storage()));
}

PersonKeyStore::PersonKeyStore(std::shared_ptr<LogStorage> storage)
    : storage_(std::move(storage)) {}

PersonKeyStore::~PersonKeyStore() = default;

absl::Status PersonKeyStore::Put(absl::string_view name,
                                 absl::string_view value) {
  return FromRocks(storage_->raw_db()->Put(rocksdb::WriteOptions(),
                                           storage_->person_keys_family(),
                                           AsSlice(name), AsSlice(value)),
                   "write a personal-data key");
}

absl::StatusOr<std::optional<std::string>> PersonKeyStore::Get(
    absl::string_view name) const {
  std::string value;
  rocksdb::Status status = storage_->raw_db()->Get(
      rocksdb::ReadOptions(), storage_->person_keys_family(), AsSlice(name),
      &value);
  if (status.IsNotFound()) return std::nullopt;
  if (!status.ok()) return FromRocks(status, "read a personal-data key");
  return value;
}

absl::Status PersonKeyStore::Delete(absl::string_view name) {
  return FromRocks(
      storage_->raw_db()->Delete(rocksdb::WriteOptions(),
                                 storage_->person_keys_family(), AsSlice(name)),
      "delete a personal-data key");
}

absl::StatusOr<std::vector<std::string>> PersonKeyStore::NamesWithPrefix(
    absl::string_view prefix) const {
  std::vector<std::string> names;
  std::unique_ptr<rocksdb::Iterator> it(storage_->raw_db()->NewIterator(
      rocksdb::ReadOptions(), storage_->person_keys_family()));
  for (it->Seek(AsSlice(prefix)); it->Valid(); it->Next()) {
    absl::string_view name(it->key().data(), it->key().size());
    if (!absl::StartsWith(name, prefix)) break;
    names.emplace_back(name);
  }
  if (absl::Status status = FromRocks(it->status(), "list personal-data keys");
      !status.ok()) {
    return status;
  }
  return names;
}

absl::Status PersonKeyStore::Shred(absl::string_view name) {
  rocksdb::WriteOptions write;
  write.sync = true;
  if (absl::Status status =
          FromRocks(storage_->raw_db()->Delete(
                        write, storage_->person_keys_family(), AsSlice(name)),
                    "delete a personal-data key");
      !status.ok()) {
    return status;
  }
  return PurgeReplacedValues();
}

absl::Status PersonKeyStore::PutAll(const std::vector<KeyWrite>& writes) {
  rocksdb::WriteBatch batch;
  for (const KeyWrite& write : writes) {
    if (absl::Status status =
            FromRocks(batch.Put(storage_->person_keys_family(),
                                AsSlice(write.name), AsSlice(write.value)),
                      "batch personal-data keys");
        !status.ok()) {
      return status;
    }
  }
  return storage_->Write(&batch, /*sync=*/true);
}

absl::Status PersonKeyStore::PurgeReplacedValues() {
  rocksdb::DB* db = storage_->raw_db();
  std::vector<rocksdb::ColumnFamilyHandle*> families = {
      storage_->log_family(), storage_->streams_family(),
      storage_->commands_family(), db->DefaultColumnFamily(),
      storage_->person_keys_family()};
  if (absl::Status status = FromRocks(
          db->Flush(rocksdb::FlushOptions(), families), "flush for shredding");
      !status.ok()) {
    return status;
  }
  rocksdb::CompactRangeOptions compact;
  compact.bottommost_level_compaction =
      rocksdb::BottommostLevelCompaction::kForce;
  return FromRocks(db->CompactRange(compact, storage_->person_keys_family(),
                                    nullptr, nullptr),
                   "compact the personal-data keys");
}

}  // namespace qiwang::store
