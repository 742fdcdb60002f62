// The EventLog on RocksDB: a LogStorage for reads, a CommitQueue for appends
// (none on a read-only follower), and a HeadNotifier that tells subscriptions
// how far the log is durable. Thread-safe. Built by EventLog::Open and
// EventLog::OpenReadOnly.
#ifndef QIWANG_STORE_ROCKS_EVENT_LOG_H_
#define QIWANG_STORE_ROCKS_EVENT_LOG_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "store/commit_queue.h"
#include "store/disk_format.h"
#include "store/event_log.h"
#include "store/head_notifier.h"
#include "store/log_storage.h"

namespace qiwang::store {

class RocksEventLog : public EventLog {
 public:
  // `storage` is a primary instance when `writable`, a secondary otherwise.
  static absl::StatusOr<std::unique_ptr<RocksEventLog>> Create(
      std::unique_ptr<LogStorage> storage, bool writable,
      const Options& options);

  absl::StatusOr<AppendResult> Append(const AppendRequest& request) override;
  std::vector<absl::StatusOr<AppendResult>> AppendBatch(
      const std::vector<AppendRequest>& requests,
      const BatchOptions& options) override;
  absl::StatusOr<std::vector<Record>> Read(
      const ReadRequest& request) const override;
  absl::StatusOr<std::optional<AppendResult>> LookupCommand(
      const std::string& command_id) const override;
  absl::StatusOr<AppendResult> LookupRetry(
      const AppendRequest& retry) const override;
  uint64_t LastPosition() const override;
  absl::StatusOr<uint64_t> StreamVersion(
      const std::string& stream) const override;
  std::unique_ptr<Subscription> Subscribe(uint64_t from) override;
  absl::StatusOr<uint64_t> Backup(const std::string& dir) override;
  absl::Status Refresh() override;

  // The storage underneath, for tests that damage it on purpose.
  LogStorage& storage_for_testing() { return *storage_; }
  // The storage, shared with the PersonKeyStore that keeps its keys in it.
  std::shared_ptr<LogStorage> shared_storage() const { return storage_; }
  bool writable() const { return commit_queue_ != nullptr; }

 private:
  // The index entry of `command_id`, if any, once its events are readable;
  // INVALID_ARGUMENT for a malformed id.
  absl::StatusOr<std::optional<disk::CommandEntry>> FindCommand(
      const std::string& command_id) const;

  RocksEventLog(std::shared_ptr<LogStorage> storage,
                std::shared_ptr<HeadNotifier> notifier, bool writable,
                const Options& options);

  const Options options_;
  const std::shared_ptr<LogStorage> storage_;
  const std::shared_ptr<HeadNotifier> notifier_;
  // Null on a read-only follower.
  std::unique_ptr<CommitQueue> commit_queue_;
};

}  // namespace qiwang::store

#endif  // QIWANG_STORE_ROCKS_EVENT_LOG_H_
