// Group commit of appends, after LevelDB's DBImpl::Write. Each Append joins a
// queue; the writer at the front becomes the leader, takes the queued appends
// (up to a byte budget), checks each one's command id and expected version in
// queue order, assigns dense positions, writes ONE WriteBatch for the group
// (synced when Options::sync), publishes the new durable position and wakes
// the others with their own results. A rejected append fails alone. An
// AppendBatch is one writer whose requests are staged together, in order.
//
// So: positions are dense and survive crashes (a group is one WAL record);
// concurrent appends share an fsync; the version check and the write of one
// stream are a single step. After a failed write the queue refuses every
// later append (the outcome on disk is unknown until the log is reopened).
// Thread-safe. Requests must have passed ValidateAppend.
#ifndef QIWANG_STORE_COMMIT_QUEUE_H_
#define QIWANG_STORE_COMMIT_QUEUE_H_

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "store/event_log.h"
#include "store/head_notifier.h"
#include "store/log_storage.h"

namespace qiwang::store {

class CommitQueue {
 public:
  // `storage` and `notifier` must outlive the queue; `last_position` is the
  // highest position stored.
  CommitQueue(LogStorage* storage, HeadNotifier* notifier,
              const Options& options, uint64_t last_position);

  absl::StatusOr<AppendResult> Append(const AppendRequest& request);
  // EventLog::AppendBatch as one writer of a group: its requests are staged
  // together, in order. `valid[i]` not OK refuses request i with that status.
  std::vector<absl::StatusOr<AppendResult>> AppendBatch(
      const std::vector<AppendRequest>& requests,
      const std::vector<absl::Status>& valid, const BatchOptions& options);

  // Runs `action` while no group is being committed, passing it the last
  // committed position; appends wait meanwhile.
  absl::Status RunBetweenGroups(
      absl::FunctionRef<absl::Status(uint64_t last_position)> action);

 private:
  // One Append or AppendBatch call waiting in the queue.
  struct Writer {
    const AppendRequest* requests = nullptr;
    size_t count = 0;
    std::optional<uint64_t> at_position = std::nullopt;
    size_t bytes = 0;
    std::vector<absl::StatusOr<AppendResult>> results = {};
    bool done = false;
  };

  // Queues `self`, and commits a group when it leads; returns when `self`
  // is done.
  void Commit(Writer& self);

  // What a group in progress has staged but not yet written.
  struct Staged {
    explicit Staged(uint64_t first_free) : next_position(first_free) {}

    rocksdb::WriteBatch batch;
    uint64_t next_position;
    absl::flat_hash_map<std::string, uint64_t> stream_heads;
    absl::flat_hash_map<std::string, disk::CommandEntry> commands;
  };

  void CommitGroup(const std::vector<Writer*>& group)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(commit_mu_);
  void StageWriter(Writer& writer, Staged& staged)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(commit_mu_);
  absl::StatusOr<AppendResult> Stage(const AppendRequest& request,
                                     Staged& staged)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(commit_mu_);
  // The original result if `request` repeats a stored or staged command.
  absl::StatusOr<std::optional<AppendResult>> FindReplay(
      const AppendRequest& request, const std::string& digest,
      const Staged& staged) ABSL_EXCLUSIVE_LOCKS_REQUIRED(commit_mu_);
  absl::StatusOr<uint64_t> StreamHead(const std::string& stream,
                                      const Staged& staged)
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(commit_mu_);

  LogStorage* const storage_;
  HeadNotifier* const notifier_;
  const Options options_;

  absl::Mutex queue_mu_;
  std::deque<Writer*> queue_ ABSL_GUARDED_BY(queue_mu_);

  // Held by the leader of a group while it commits.
  absl::Mutex commit_mu_ ABSL_ACQUIRED_AFTER(queue_mu_);
  uint64_t last_position_ ABSL_GUARDED_BY(commit_mu_);
  // Cache of stream versions, filled from the stream index on first use.
  absl::flat_hash_map<std::string, uint64_t> stream_heads_
      ABSL_GUARDED_BY(commit_mu_);
  absl::Status write_failure_ ABSL_GUARDED_BY(commit_mu_);
};

}  // namespace qiwang::store

#endif  // QIWANG_STORE_COMMIT_QUEUE_H_
