// Owns the RocksDB instance that holds the log (see disk_format.h) and reads
// records back from it. It never decides what to write: the commit queue
// builds the batches. Reads check every record's checksum and that positions
// and stream versions have no gaps; a failure is DATA_LOSS naming the
// position. Thread-safe; shared by the log and its subscriptions.
#ifndef QIWANG_STORE_LOG_STORAGE_H_
#define QIWANG_STORE_LOG_STORAGE_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "rocksdb/db.h"
#include "rocksdb/write_batch.h"
#include "store/disk_format.h"
#include "store/event_log.h"

namespace qiwang::store {

class LogStorage {
 public:
  // Opens (creating if needed) the log in `dir` for writing; `compression`
  // as Options::compression.
  static absl::StatusOr<std::unique_ptr<LogStorage>> OpenPrimary(
      const std::string& dir, bool compression = true);
  // Opens a follower of the log another process has open in `dir`.
  static absl::StatusOr<std::unique_ptr<LogStorage>> OpenSecondary(
      const std::string& dir, const std::string& scratch_dir,
      bool compression = true);

  LogStorage(const LogStorage&) = delete;
  LogStorage& operator=(const LogStorage&) = delete;
  ~LogStorage();

  rocksdb::ColumnFamilyHandle* log_family() const { return families_[0]; }
  rocksdb::ColumnFamilyHandle* streams_family() const { return families_[1]; }
  rocksdb::ColumnFamilyHandle* commands_family() const { return families_[2]; }
  // Personal-data keys (issue 18), written by the PersonKeyStore only.
  rocksdb::ColumnFamilyHandle* person_keys_family() const {
    return families_[4];
  }

  // Writes `batch` atomically; with `sync` it is on stable storage on return.
  absl::Status Write(rocksdb::WriteBatch* batch, bool sync);

  // The highest position stored, 0 for an empty log.
  absl::StatusOr<uint64_t> LastStoredPosition() const;
  // The stream's current version, 0 if it has no events.
  absl::StatusOr<uint64_t> StreamHead(const std::string& stream) const;
  absl::StatusOr<std::optional<disk::CommandEntry>> FindCommand(
      const std::string& command_id) const;

  // Records of the whole log from position `from` in `direction`, at most
  // `limit`, never past position `last`. Backward reads start at
  // min(from, last).
  absl::StatusOr<std::vector<Record>> ReadAll(uint64_t from, size_t limit,
                                              Direction direction,
                                              uint64_t last) const;
  // Records of one stream from stream version `from`, never past global
  // position `last`.
  absl::StatusOr<std::vector<Record>> ReadStream(const std::string& stream,
                                                 uint64_t from, size_t limit,
                                                 Direction direction,
                                                 uint64_t last) const;

  // RocksDB checkpoint of the current state into `dir` (must not exist).
  absl::Status Checkpoint(const std::string& dir) const;
  // Secondary instances only: replays what the primary wrote since.
  absl::Status CatchUpWithPrimary();

  // For tests and tools that need to reach the raw database.
  rocksdb::DB* raw_db() const { return db_; }

 private:
  LogStorage(rocksdb::DB* db, std::vector<rocksdb::ColumnFamilyHandle*> fams);

  absl::StatusOr<Record> ReadRecordAt(uint64_t position) const;

  rocksdb::DB* db_;
  // log, streams, commands, default, person_keys: in this order.
  std::vector<rocksdb::ColumnFamilyHandle*> families_;
};

// Maps a RocksDB status to the absl status of the same meaning, prefixed with
// what we were doing.
absl::Status FromRocks(const rocksdb::Status& status,
                       absl::string_view context);

}  // namespace qiwang::store

#endif  // QIWANG_STORE_LOG_STORAGE_H_
