#include "store/rocks_event_log.h"

#include <atomic>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "store/command_retry.h"
#include "store/disk_format.h"
#include "store/log_subscription.h"
#include "store/request_validation.h"

namespace qiwang::store {
namespace {

// How long a lookup waits for a written command's position to be published
// (the commit queue does it right after the write; this bounds a stall).
constexpr absl::Duration kPublicationWait = absl::Seconds(10);

}  // namespace

absl::StatusOr<std::unique_ptr<EventLog>> EventLog::Open(
    const std::string& dir, const Options& options) {
  absl::StatusOr<std::unique_ptr<LogStorage>> storage =
      LogStorage::OpenPrimary(dir, options.compression);
  if (!storage.ok()) return storage.status();
  return RocksEventLog::Create(*std::move(storage), /*writable=*/true, options);
}

absl::StatusOr<std::unique_ptr<EventLog>> EventLog::OpenReadOnly(
    const std::string& dir, const std::string& scratch_dir,
    const Options& options) {
  absl::StatusOr<std::unique_ptr<LogStorage>> storage =
      LogStorage::OpenSecondary(dir, scratch_dir, options.compression);
  if (!storage.ok()) return storage.status();
  return RocksEventLog::Create(*std::move(storage), /*writable=*/false,
                               options);
}

absl::StatusOr<std::unique_ptr<RocksEventLog>> RocksEventLog::Create(
    std::unique_ptr<LogStorage> storage, bool writable,
    const Options& options) {
  absl::StatusOr<uint64_t> last = storage->LastStoredPosition();
  if (!last.ok()) return last.status();
  return std::unique_ptr<RocksEventLog>(new RocksEventLog(
      std::move(storage), std::make_shared<HeadNotifier>(*last), writable,
      options));
}

RocksEventLog::RocksEventLog(std::shared_ptr<LogStorage> storage,
                             std::shared_ptr<HeadNotifier> notifier,
                             bool writable, const Options& options)
    : options_(options),
      storage_(std::move(storage)),
      notifier_(std::move(notifier)) {
  if (writable) {
    commit_queue_ =
        std::make_unique<CommitQueue>(storage_.get(), notifier_.get(), options_,
                                      notifier_->DurablePosition());
  }
}

absl::StatusOr<AppendResult> RocksEventLog::Append(
    const AppendRequest& request) {
  if (commit_queue_ == nullptr) {
    return absl::UnimplementedError("append: this log is a read-only follower");
  }
  if (absl::Status status = ValidateAppend(request, options_); !status.ok()) {
    return status;
  }
  return commit_queue_->Append(request);
}

std::vector<absl::StatusOr<AppendResult>> RocksEventLog::AppendBatch(
    const std::vector<AppendRequest>& requests, const BatchOptions& options) {
  if (commit_queue_ == nullptr) {
    return std::vector<absl::StatusOr<AppendResult>>(
        requests.size(),
        absl::UnimplementedError("append: this log is a read-only follower"));
  }
  std::vector<absl::Status> valid;
  valid.reserve(requests.size());
  for (const AppendRequest& request : requests) {
    valid.push_back(ValidateAppend(request, options_));
  }
  return commit_queue_->AppendBatch(requests, valid, options);
}

absl::StatusOr<std::vector<Record>> RocksEventLog::Read(
    const ReadRequest& request) const {
  if (absl::Status status = ValidateRead(request, options_); !status.ok()) {
    return status;
  }
  const uint64_t durable = notifier_->DurablePosition();
  if (request.stream.empty()) {
    return storage_->ReadAll(request.from, request.limit, request.direction,
                             durable);
  }
  return storage_->ReadStream(request.stream, request.from, request.limit,
                              request.direction, durable);
}

absl::StatusOr<std::optional<disk::CommandEntry>> RocksEventLog::FindCommand(
    const std::string& command_id) const {
  if (command_id.empty() || command_id.size() > options_.max_command_id_bytes) {
    return absl::InvalidArgumentError(absl::StrCat(
        "command_id: must be 1..", options_.max_command_id_bytes, " bytes"));
  }
  absl::StatusOr<std::optional<disk::CommandEntry>> entry =
      storage_->FindCommand(command_id);
  if (!entry.ok() || !entry->has_value()) return entry;
  // The commit queue writes the index entry with its events and publishes
  // their position a moment later; readers clamp to the published position.
  // A retry that finds the entry in that moment waits for the publication,
  // so that the events it names can be read. A follower has no commit
  // queue: what it has not published yet is not in its log.
  const uint64_t last = (*entry)->last_position;
  if (notifier_->DurablePosition() >= last) return entry;
  if (commit_queue_ == nullptr) return std::nullopt;
  static const std::atomic<bool> kNeverStop{false};
  if (!notifier_->AwaitDurable(last, kNeverStop,
                               absl::Now() + kPublicationWait)) {
    return absl::UnavailableError(
        absl::StrCat("command_id ", command_id, ": its events at ", last,
                     " are written but not yet readable; retry"));
  }
  return entry;
}

absl::StatusOr<std::optional<AppendResult>> RocksEventLog::LookupCommand(
    const std::string& command_id) const {
  absl::StatusOr<std::optional<disk::CommandEntry>> entry =
      FindCommand(command_id);
  if (!entry.ok()) return entry.status();
  if (!entry->has_value()) return std::nullopt;
  return ReplayOf(**entry);
}

absl::StatusOr<AppendResult> RocksEventLog::LookupRetry(
    const AppendRequest& retry) const {
  absl::StatusOr<std::optional<disk::CommandEntry>> entry =
      FindCommand(retry.command_id);
  if (!entry.ok()) return entry.status();
  if (!entry->has_value()) {
    return absl::NotFoundError(
        absl::StrCat("command_id ", retry.command_id, ": not in the log"));
  }
  return AnswerRetry(retry, disk::FingerprintDigest(retry), **entry);
}

uint64_t RocksEventLog::LastPosition() const {
  return notifier_->DurablePosition();
}

absl::StatusOr<uint64_t> RocksEventLog::StreamVersion(
    const std::string& stream) const {
  if (absl::Status status = ValidateStreamName(stream, options_);
      !status.ok()) {
    return status;
  }
  return storage_->StreamHead(stream);
}

std::unique_ptr<Subscription> RocksEventLog::Subscribe(uint64_t from) {
  return std::make_unique<LogSubscription>(storage_, notifier_, from,
                                           options_.subscriber_buffer);
}

absl::StatusOr<uint64_t> RocksEventLog::Backup(const std::string& dir) {
  if (commit_queue_ == nullptr) {
    return absl::UnimplementedError(
        "backup: take it from the primary, not a read-only follower");
  }
  uint64_t backed_up = 0;
  absl::Status status =
      commit_queue_->RunBetweenGroups([&](uint64_t last_position) {
        backed_up = last_position;
        return storage_->Checkpoint(dir);
      });
  if (!status.ok()) return status;
  return backed_up;
}

absl::Status RocksEventLog::Refresh() {
  if (commit_queue_ != nullptr) return absl::OkStatus();
  if (absl::Status status = storage_->CatchUpWithPrimary(); !status.ok()) {
    return status;
  }
  absl::StatusOr<uint64_t> last = storage_->LastStoredPosition();
  if (!last.ok()) return last.status();
  notifier_->Publish(*last);
  return absl::OkStatus();
}

}  // namespace qiwang::store
