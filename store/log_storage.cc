#include "store/log_storage.h"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <memory>
#include <system_error>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "rocksdb/cache.h"
#include "rocksdb/env.h"
#include "rocksdb/filter_policy.h"
#include "rocksdb/table.h"
#include "rocksdb/utilities/checkpoint.h"

namespace qiwang::store {
namespace {

constexpr size_t kBlockCacheBytes = 64 << 20;

absl::string_view View(const rocksdb::Slice& slice) {
  return absl::string_view(slice.data(), slice.size());
}

rocksdb::ColumnFamilyOptions FamilyOptions(
    const std::shared_ptr<rocksdb::Cache>& cache, bool point_lookups) {
  rocksdb::BlockBasedTableOptions table;
  table.block_cache = cache;
  if (point_lookups) {
    table.filter_policy.reset(rocksdb::NewBloomFilterPolicy(10));
  }
  rocksdb::ColumnFamilyOptions options;
  options.table_factory.reset(rocksdb::NewBlockBasedTableFactory(table));
  return options;
}

rocksdb::ColumnFamilyOptions Uncompressed(
    rocksdb::ColumnFamilyOptions options) {
  options.compression = rocksdb::kNoCompression;
  options.bottommost_compression = rocksdb::kNoCompression;
  return options;
}

// The personal-data keys (issue 18). Uncompressed: keys are random bytes,
// and plain files let tests prove a shredded key's bytes are gone.
constexpr char kPersonKeysFamily[] = "person_keys";

// Families in the order LogStorage keeps their handles; the log's own
// compressed unless `compression` is false.
std::vector<rocksdb::ColumnFamilyDescriptor> FamilyDescriptors(
    bool compression) {
  std::shared_ptr<rocksdb::Cache> cache =
      rocksdb::NewLRUCache(kBlockCacheBytes);
  auto family = [&](bool point_lookups) {
    rocksdb::ColumnFamilyOptions options = FamilyOptions(cache, point_lookups);
    return compression ? options : Uncompressed(options);
  };
  return {
      {disk::kLogFamily, family(/*point_lookups=*/false)},
      {disk::kStreamsFamily, family(/*point_lookups=*/true)},
      {disk::kCommandsFamily, family(/*point_lookups=*/true)},
      {rocksdb::kDefaultColumnFamilyName, family(false)},
      {kPersonKeysFamily, Uncompressed(FamilyOptions(cache, true))},
  };
}

// RocksDB's own diagnostics (warnings and worse) on stderr, the server's
// journal, instead of an info LOG file in the data folder: on a full disk the
// LOG file's writer fails first and its next line trips an assertion in
// Debian's RocksDB (built with assertions on), which aborted qiwangd instead of
// refusing the write. Thread-safe (one fprintf per line).
class StderrLogger : public rocksdb::Logger {
 public:
  StderrLogger() : rocksdb::Logger(rocksdb::InfoLogLevel::WARN_LEVEL) {}
  using rocksdb::Logger::Logv;
  void Logv(const char* format, va_list ap) override {
    char line[1024];
    std::vsnprintf(line, sizeof(line), format, ap);
    std::fprintf(stderr, "rocksdb: %s\n", line);
  }
};

rocksdb::DBOptions BaseOptions() {
  rocksdb::DBOptions options;
  options.info_log = std::make_shared<StderrLogger>();
  // After a crash, keep the longest intact prefix of the WAL: a torn last
  // batch is dropped whole, earlier ones are kept.
  options.wal_recovery_mode = rocksdb::WALRecoveryMode::kPointInTimeRecovery;
  options.paranoid_checks = true;
  // A WAL leaves the folder as soon as every family it holds is flushed, so
  // that shredding a personal-data key (flush, then compact) leaves no copy.
  options.WAL_ttl_seconds = 0;
  options.WAL_size_limit_MB = 0;
  options.recycle_log_file_num = 0;
  return options;
}

// The log and its backups hold private fields (names, results, sealed
// personal data): their folders are the owner's alone (0700), also when an
// older qiwangd or the operator made them open to others. The files inside
// take qiwangd's umask (077, set in main).
absl::Status MakePrivate(const std::string& dir) {
  std::error_code error;
  std::filesystem::permissions(dir, std::filesystem::perms::owner_all,
                               std::filesystem::perm_options::replace, error);
  if (error) {
    return absl::FailedPreconditionError(absl::StrCat(
        dir,
        ": cannot make the folder private (mode 0700): ", error.message()));
  }
  return absl::OkStatus();
}

absl::Status DataLossAt(uint64_t position, absl::string_view what) {
  return absl::DataLossError(absl::StrCat("position ", position, " ", what));
}

}  // namespace

absl::Status FromRocks(const rocksdb::Status& status,
                       absl::string_view context) {
  if (status.ok()) return absl::OkStatus();
  std::string message = absl::StrCat(context, ": ", status.ToString());
  switch (status.code()) {
    case rocksdb::Status::kNotFound:
      return absl::NotFoundError(message);
    case rocksdb::Status::kCorruption:
      return absl::DataLossError(message);
    case rocksdb::Status::kInvalidArgument:
      return absl::InvalidArgumentError(message);
    case rocksdb::Status::kNotSupported:
      return absl::UnimplementedError(message);
    case rocksdb::Status::kBusy:
    case rocksdb::Status::kTryAgain:
    case rocksdb::Status::kTimedOut:
      return absl::UnavailableError(message);
    case rocksdb::Status::kAborted:
      return absl::AbortedError(message);
    case rocksdb::Status::kIOError:
      // A full disk, a file-size limit or a failing device. A failed write
      // leaves nothing the log keeps; a retry may succeed once the disk
      // takes writes again.
      return absl::UnavailableError(absl::StrCat(
          context, ": the disk refused the I/O: ", status.ToString()));
    default:
      return absl::InternalError(message);
  }
}

LogStorage::LogStorage(rocksdb::DB* db,
                       std::vector<rocksdb::ColumnFamilyHandle*> families)
    : db_(db), families_(std::move(families)) {}

LogStorage::~LogStorage() {
  for (rocksdb::ColumnFamilyHandle* family : families_) {
    db_->DestroyColumnFamilyHandle(family);
  }
  delete db_;
}

absl::StatusOr<std::unique_ptr<LogStorage>> LogStorage::OpenPrimary(
    const std::string& dir, bool compression) {
  // Made here rather than by RocksDB, which logs an error when it lists a
  // data folder that does not exist yet.
  std::error_code made;
  std::filesystem::create_directories(dir, made);
  if (made) {
    return absl::UnavailableError(absl::StrCat(
        "open ", dir, ": cannot create the folder: ", made.message()));
  }
  if (absl::Status private_folder = MakePrivate(dir); !private_folder.ok()) {
    return private_folder;
  }
  rocksdb::DBOptions options = BaseOptions();
  options.create_if_missing = true;
  options.create_missing_column_families = true;
  std::vector<rocksdb::ColumnFamilyHandle*> families;
  rocksdb::DB* db = nullptr;
  rocksdb::Status status = rocksdb::DB::Open(
      options, dir, FamilyDescriptors(compression), &families, &db);
  if (status.IsIOError() && absl::StrContains(status.ToString(), "LOCK")) {
    return absl::FailedPreconditionError(
        absl::StrCat("open ", dir,
                     ": another process (a qiwangd?) has this data folder "
                     "open; one folder serves one qiwangd (",
                     status.ToString(), ")"));
  }
  if (!status.ok()) return FromRocks(status, absl::StrCat("open ", dir));
  return std::unique_ptr<LogStorage>(new LogStorage(db, std::move(families)));
}

absl::StatusOr<std::unique_ptr<LogStorage>> LogStorage::OpenSecondary(
    const std::string& dir, const std::string& scratch_dir, bool compression) {
  rocksdb::DBOptions options = BaseOptions();
  options.max_open_files = -1;  // required of secondary instances
  std::vector<rocksdb::ColumnFamilyHandle*> families;
  rocksdb::DB* db = nullptr;
  rocksdb::Status status = rocksdb::DB::OpenAsSecondary(
      options, dir, scratch_dir, FamilyDescriptors(compression), &families,
      &db);
  if (!status.ok()) {
    return FromRocks(status, absl::StrCat("open read-only ", dir));
  }
  return std::unique_ptr<LogStorage>(new LogStorage(db, std::move(families)));
}

absl::Status LogStorage::Write(rocksdb::WriteBatch* batch, bool sync) {
  rocksdb::WriteOptions options;
  options.sync = sync;
  return FromRocks(db_->Write(options, batch), "write to the log");
}

absl::StatusOr<uint64_t> LogStorage::LastStoredPosition() const {
  std::unique_ptr<rocksdb::Iterator> it(
      db_->NewIterator(rocksdb::ReadOptions(), log_family()));
  it->SeekToLast();
  if (!it->Valid()) {
    if (absl::Status status = FromRocks(it->status(), "seek to the log's end");
        !status.ok()) {
      return status;
    }
    return 0;
  }
  return disk::DecodePositionKey(View(it->key()));
}

absl::StatusOr<uint64_t> LogStorage::StreamHead(
    const std::string& stream) const {
  const std::string prefix = disk::StreamPrefix(stream);
  std::unique_ptr<rocksdb::Iterator> it(
      db_->NewIterator(rocksdb::ReadOptions(), streams_family()));
  it->SeekForPrev(
      disk::StreamKey(stream, std::numeric_limits<uint64_t>::max()));
  if (!it->Valid() || !absl::StartsWith(View(it->key()), prefix)) {
    if (absl::Status status = FromRocks(it->status(), "seek a stream's head");
        !status.ok()) {
      return status;
    }
    return 0;
  }
  return disk::DecodeStreamKeyVersion(stream, View(it->key()));
}

absl::StatusOr<std::optional<disk::CommandEntry>> LogStorage::FindCommand(
    const std::string& command_id) const {
  rocksdb::PinnableSlice value;
  rocksdb::Status status =
      db_->Get(rocksdb::ReadOptions(), commands_family(), command_id, &value);
  if (status.IsNotFound()) return std::nullopt;
  if (!status.ok()) return FromRocks(status, "look up a command id");
  return disk::DecodeCommandEntry(command_id, View(value));
}

absl::StatusOr<Record> LogStorage::ReadRecordAt(uint64_t position) const {
  rocksdb::PinnableSlice value;
  rocksdb::Status status = db_->Get(rocksdb::ReadOptions(), log_family(),
                                    disk::PositionKey(position), &value);
  if (status.IsNotFound()) {
    return DataLossAt(position, "is in the stream index but not in the log");
  }
  if (!status.ok()) return FromRocks(status, "read a record");
  return disk::DecodeRecord(position, View(value));
}

absl::StatusOr<std::vector<Record>> LogStorage::ReadAll(uint64_t from,
                                                        size_t limit,
                                                        Direction direction,
                                                        uint64_t last) const {
  std::vector<Record> records;
  const bool forward = direction == Direction::kForward;
  uint64_t expected =
      forward ? std::max<uint64_t>(from, 1) : std::min(from, last);
  if (expected == 0 || expected > last) return records;

  std::unique_ptr<rocksdb::Iterator> it(
      db_->NewIterator(rocksdb::ReadOptions(), log_family()));
  if (forward) {
    it->Seek(disk::PositionKey(expected));
  } else {
    it->SeekForPrev(disk::PositionKey(expected));
  }
  const uint64_t remaining = forward ? last - expected + 1 : expected;
  const size_t wanted =
      static_cast<size_t>(std::min<uint64_t>(limit, remaining));
  records.reserve(wanted);
  for (; it->Valid() && records.size() < wanted;
       forward ? it->Next() : it->Prev()) {
    absl::StatusOr<uint64_t> position =
        disk::DecodePositionKey(View(it->key()));
    if (!position.ok()) return position.status();
    if (*position != expected) break;
    absl::StatusOr<Record> record =
        disk::DecodeRecord(expected, View(it->value()));
    if (!record.ok()) return record.status();
    records.push_back(*std::move(record));
    forward ? ++expected : --expected;
  }
  if (absl::Status status = FromRocks(it->status(), "scan the log");
      !status.ok()) {
    return status;
  }
  if (records.size() < wanted) {
    return DataLossAt(expected, "is missing from the log");
  }
  return records;
}

absl::StatusOr<std::vector<Record>> LogStorage::ReadStream(
    const std::string& stream, uint64_t from, size_t limit, Direction direction,
    uint64_t last) const {
  std::vector<Record> records;
  const bool forward = direction == Direction::kForward;
  const std::string prefix = disk::StreamPrefix(stream);
  std::unique_ptr<rocksdb::Iterator> it(
      db_->NewIterator(rocksdb::ReadOptions(), streams_family()));
  uint64_t expected = forward ? std::max<uint64_t>(from, 1) : from;
  if (forward) {
    it->Seek(disk::StreamKey(stream, expected));
  } else {
    it->SeekForPrev(disk::StreamKey(stream, expected));
  }
  for (; it->Valid() && records.size() < limit &&
         absl::StartsWith(View(it->key()), prefix);
       forward ? it->Next() : it->Prev()) {
    absl::StatusOr<uint64_t> version =
        disk::DecodeStreamKeyVersion(stream, View(it->key()));
    if (!version.ok()) return version.status();
    // A backward read from past the head starts at the head.
    if (!forward && records.empty()) expected = *version;
    if (*version != expected) {
      return absl::DataLossError(absl::StrCat("stream ", stream, ": version ",
                                              expected, " is missing"));
    }
    absl::StatusOr<uint64_t> position =
        disk::DecodePositionKey(View(it->value()));
    if (!position.ok()) return position.status();
    if (*position > last) {
      if (forward) break;
      --expected;
      continue;
    }
    absl::StatusOr<Record> record = ReadRecordAt(*position);
    if (!record.ok()) return record.status();
    if (record->stream != stream || record->stream_version != expected) {
      return DataLossAt(*position,
                        absl::StrCat("does not hold version ", expected,
                                     " of stream ", stream));
    }
    records.push_back(*std::move(record));
    forward ? ++expected : --expected;
  }
  if (absl::Status status = FromRocks(it->status(), "scan a stream");
      !status.ok()) {
    return status;
  }
  return records;
}

absl::Status LogStorage::Checkpoint(const std::string& dir) const {
  rocksdb::Checkpoint* raw_checkpoint = nullptr;
  if (absl::Status status = FromRocks(
          rocksdb::Checkpoint::Create(db_, &raw_checkpoint), "backup");
      !status.ok()) {
    return status;
  }
  std::unique_ptr<rocksdb::Checkpoint> checkpoint(raw_checkpoint);
  // Never flush: the synced WAL is copied along, which is quicker.
  if (absl::Status made =
          FromRocks(checkpoint->CreateCheckpoint(
                        dir, std::numeric_limits<uint64_t>::max()),
                    absl::StrCat("backup into ", dir));
      !made.ok()) {
    return made;
  }
  return MakePrivate(dir);
}

absl::Status LogStorage::CatchUpWithPrimary() {
  return FromRocks(db_->TryCatchUpWithPrimary(), "catch up with the primary");
}

}  // namespace qiwang::store
