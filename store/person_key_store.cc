#include "store/person_key_store.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "rocksdb/db.h"
#include "rocksdb/options.h"

namespace qiwang::store {
namespace {

absl::Status Failed(const std::string& dir, absl::string_view action,
                    const rocksdb::Status& status) {
  return absl::UnavailableError(absl::StrCat("key store ", dir, ": ", action,
                                             " failed: ", status.ToString()));
}

rocksdb::Slice AsSlice(absl::string_view text) {
  return rocksdb::Slice(text.data(), text.size());
}

}  // namespace

absl::StatusOr<std::unique_ptr<PersonKeyStore>> PersonKeyStore::Open(
    const std::string& dir) {
  rocksdb::Options options;
  options.create_if_missing = true;
  // Keys are random bytes: compression gains nothing, and uncompressed files
  // let tests prove a shredded key's bytes are gone.
  options.compression = rocksdb::kNoCompression;
  options.bottommost_compression = rocksdb::kNoCompression;
  options.WAL_ttl_seconds = 0;
  options.WAL_size_limit_MB = 0;
  options.keep_log_file_num = 2;
  rocksdb::DB* raw = nullptr;
  rocksdb::Status status = rocksdb::DB::Open(options, dir, &raw);
  if (!status.ok()) return Failed(dir, "open", status);
  return std::unique_ptr<PersonKeyStore>(
      new PersonKeyStore(dir, std::unique_ptr<rocksdb::DB>(raw)));
}

PersonKeyStore::PersonKeyStore(std::string dir, std::unique_ptr<rocksdb::DB> db)
    : dir_(std::move(dir)), db_(std::move(db)) {}

PersonKeyStore::~PersonKeyStore() = default;

absl::Status PersonKeyStore::Put(absl::string_view name,
                                 absl::string_view value) {
  rocksdb::WriteOptions write;
  write.sync = true;
  rocksdb::Status status = db_->Put(write, AsSlice(name), AsSlice(value));
  if (!status.ok()) return Failed(dir_, "write", status);
  return absl::OkStatus();
}

absl::StatusOr<std::optional<std::string>> PersonKeyStore::Get(
    absl::string_view name) const {
  std::string value;
  rocksdb::Status status =
      db_->Get(rocksdb::ReadOptions(), AsSlice(name), &value);
  if (status.IsNotFound()) return std::nullopt;
  if (!status.ok()) return Failed(dir_, "read", status);
  return value;
}

absl::Status PersonKeyStore::Shred(absl::string_view name) {
  rocksdb::WriteOptions write;
  write.sync = true;
  rocksdb::Status status = db_->Delete(write, AsSlice(name));
  if (!status.ok()) return Failed(dir_, "delete", status);
  status = db_->Flush(rocksdb::FlushOptions());
  if (!status.ok()) return Failed(dir_, "flush", status);
  rocksdb::CompactRangeOptions compact;
  compact.bottommost_level_compaction =
      rocksdb::BottommostLevelCompaction::kForce;
  status = db_->CompactRange(compact, nullptr, nullptr);
  if (!status.ok()) return Failed(dir_, "compact", status);
  db_->FlushWAL(true);
  return absl::OkStatus();
}

}  // namespace qiwang::store
