#include "store/commit_queue.h"

#include <algorithm>
#include <utility>

#include "absl/strings/str_cat.h"
#include "base/annotated_lock.h"
#include "store/command_retry.h"
#include "store/disk_format.h"

namespace qiwang::store {
namespace {

// A group takes further appends only while it is under this many event bytes.
constexpr size_t kGroupByteBudget = 4 << 20;
// The stream-head cache is dropped (and refilled lazily) past this size.
constexpr size_t kMaxCachedStreamHeads = 100000;

size_t EventBytes(const AppendRequest& request) {
  size_t bytes = 0;
  for (const std::string& event : request.events) bytes += event.size();
  return bytes;
}

absl::Status CheckExpectedVersion(const AppendRequest& request,
                                  uint64_t actual) {
  const ExpectedVersion& expected = request.expected;
  switch (expected.kind) {
    case ExpectedVersion::Kind::kAny:
      return absl::OkStatus();
    case ExpectedVersion::Kind::kNoStream:
      if (actual == 0) return absl::OkStatus();
      return absl::AbortedError(absl::StrCat("stream ", request.stream,
                                             ": expected no stream, actual "
                                             "version ",
                                             actual));
    case ExpectedVersion::Kind::kExact:
      if (actual == expected.version) return absl::OkStatus();
      return absl::AbortedError(
          absl::StrCat("stream ", request.stream, ": expected version ",
                       expected.version, ", actual ", actual));
  }
  return absl::InvalidArgumentError("expected: unknown expected-version kind");
}

// A writer's result until its group is committed.
absl::Status NotCommitted() { return absl::UnknownError("not committed"); }

absl::Status CheckPut(const rocksdb::Status& status) {
  return FromRocks(status, "stage a write");
}

}  // namespace

CommitQueue::CommitQueue(LogStorage* storage, HeadNotifier* notifier,
                         const Options& options, uint64_t last_position)
    : storage_(storage),
      notifier_(notifier),
      options_(options),
      last_position_(last_position) {}

absl::StatusOr<AppendResult> CommitQueue::Append(const AppendRequest& request) {
  Writer self{.requests = &request,
              .count = 1,
              .bytes = EventBytes(request),
              .results = {NotCommitted()}};
  Commit(self);
  return std::move(self.results[0]);
}

std::vector<absl::StatusOr<AppendResult>> CommitQueue::AppendBatch(
    const std::vector<AppendRequest>& requests,
    const std::vector<absl::Status>& valid, const BatchOptions& options) {
  Writer self{.requests = requests.data(),
              .count = requests.size(),
              .at_position = options.at_position};
  self.bytes = 0;
  for (size_t i = 0; i < requests.size(); ++i) {
    self.bytes += EventBytes(requests[i]);
    if (valid[i].ok()) {
      self.results.push_back(NotCommitted());
    } else {
      self.results.push_back(valid[i]);
    }
  }
  if (!requests.empty()) Commit(self);
  return std::move(self.results);
}

void CommitQueue::Commit(Writer& self) {
  std::vector<Writer*> group;
  {
    base::AnnotatedLock lock(&queue_mu_);
    queue_.push_back(&self);
    auto done_or_leading = [this, &self]()
                               ABSL_EXCLUSIVE_LOCKS_REQUIRED(queue_mu_) {
                                 return self.done || queue_.front() == &self;
                               };
    lock.Await(done_or_leading);
    if (self.done) return;
    size_t group_bytes = 0;
    for (Writer* writer : queue_) {
      if (!group.empty() && group_bytes + writer->bytes > kGroupByteBudget) {
        break;
      }
      group.push_back(writer);
      group_bytes += writer->bytes;
    }
  }
  uint64_t durable;
  {
    base::AnnotatedLock lock(&commit_mu_);
    CommitGroup(group);
    durable = last_position_;
  }
  // Publish before anyone returns, so that a caller who got position p
  // finds LastPosition() >= p.
  notifier_->Publish(durable);
  base::AnnotatedLock lock(&queue_mu_);
  for (Writer* writer : group) {
    writer->done = true;
    queue_.pop_front();
  }
}

absl::Status CommitQueue::RunBetweenGroups(
    absl::FunctionRef<absl::Status(uint64_t last_position)> action) {
  base::AnnotatedLock lock(&commit_mu_);
  return action(last_position_);
}

void CommitQueue::CommitGroup(const std::vector<Writer*>& group) {
  if (!write_failure_.ok()) {
    for (Writer* writer : group) {
      for (auto& result : writer->results) result = write_failure_;
    }
    return;
  }
  Staged staged(last_position_ + 1);
  for (Writer* writer : group) StageWriter(*writer, staged);
  if (staged.next_position == last_position_ + 1) return;  // nothing new

  absl::Status written = storage_->Write(&staged.batch, options_.sync);
  if (!written.ok()) {
    write_failure_ = absl::Status(
        written.code(),
        absl::StrCat(written.message(),
                     " (the log refuses appends until it is reopened)"));
    for (Writer* writer : group) {
      for (auto& result : writer->results) {
        if (result.ok()) result = write_failure_;
      }
    }
    return;
  }
  last_position_ = staged.next_position - 1;
  if (stream_heads_.size() + staged.stream_heads.size() >
      kMaxCachedStreamHeads) {
    stream_heads_.clear();
  }
  for (auto& [stream, head] : staged.stream_heads) {
    stream_heads_[stream] = head;
  }
}

void CommitQueue::StageWriter(Writer& writer, Staged& staged) {
  if (writer.at_position.has_value() &&
      *writer.at_position != staged.next_position) {
    const absl::Status moved = absl::FailedPreconditionError(
        absl::StrCat("at_position: the batch would start at position ",
                     staged.next_position, ", not ", *writer.at_position));
    for (auto& result : writer.results) result = moved;
    return;
  }
  for (size_t i = 0; i < writer.count; ++i) {
    // Requests refused by validation keep their status.
    if (writer.results[i].status() == NotCommitted()) {
      writer.results[i] = Stage(writer.requests[i], staged);
    }
  }
}

absl::StatusOr<AppendResult> CommitQueue::Stage(const AppendRequest& request,
                                                Staged& staged) {
  std::string digest;
  if (!request.command_id.empty()) {
    digest = disk::FingerprintDigest(request);
    absl::StatusOr<std::optional<AppendResult>> replay =
        FindReplay(request, digest, staged);
    if (!replay.ok()) return replay.status();
    if (replay->has_value()) return **replay;
  }
  absl::StatusOr<uint64_t> head = StreamHead(request.stream, staged);
  if (!head.ok()) return head.status();
  if (absl::Status status = CheckExpectedVersion(request, *head);
      !status.ok()) {
    return status;
  }

  AppendResult result{.first_position = staged.next_position};
  uint64_t version = *head;
  uint64_t position = staged.next_position;
  rocksdb::WriteBatch& batch = staged.batch;
  // On a staging failure the batch is rolled back to this point, so that a
  // rejected append leaves nothing behind in the group's batch.
  batch.SetSavePoint();
  absl::Status status;
  for (const std::string& event : request.events) {
    ++version;
    const std::string key = disk::PositionKey(position);
    status.Update(
        CheckPut(batch.Put(storage_->log_family(), key,
                           disk::EncodeRecord(position, request.stream, version,
                                              request.command_id, event))));
    status.Update(
        CheckPut(batch.Put(storage_->streams_family(),
                           disk::StreamKey(request.stream, version), key)));
    ++position;
  }
  for (const KeyWrite& key : request.key_writes) {
    status.Update(CheckPut(
        batch.Put(storage_->person_keys_family(), key.name, key.value)));
  }
  result.last_position = position - 1;
  result.stream_version = version;
  if (!request.command_id.empty()) {
    disk::CommandEntry entry{.stream = request.stream,
                             .first_position = result.first_position,
                             .last_position = result.last_position,
                             .stream_version = result.stream_version,
                             .fingerprint_digest = std::move(digest)};
    status.Update(CheckPut(
        batch.Put(storage_->commands_family(), request.command_id,
                  disk::EncodeCommandEntry(request.command_id, entry))));
    staged.commands[request.command_id] = std::move(entry);
  }
  if (!status.ok()) {
    batch.RollbackToSavePoint().PermitUncheckedError();
    staged.commands.erase(request.command_id);
    return status;
  }
  batch.PopSavePoint().PermitUncheckedError();
  staged.next_position = position;
  staged.stream_heads[request.stream] = version;
  return result;
}

absl::StatusOr<std::optional<AppendResult>> CommitQueue::FindReplay(
    const AppendRequest& request, const std::string& digest,
    const Staged& staged) {
  std::optional<disk::CommandEntry> original;
  if (auto it = staged.commands.find(request.command_id);
      it != staged.commands.end()) {
    original = it->second;
  } else {
    absl::StatusOr<std::optional<disk::CommandEntry>> stored =
        storage_->FindCommand(request.command_id);
    if (!stored.ok()) return stored.status();
    original = *std::move(stored);
  }
  if (!original.has_value()) return std::nullopt;
  absl::StatusOr<AppendResult> answer = AnswerRetry(request, digest, *original);
  if (!answer.ok()) return answer.status();
  return *answer;
}

absl::StatusOr<uint64_t> CommitQueue::StreamHead(const std::string& stream,
                                                 const Staged& staged) {
  if (auto it = staged.stream_heads.find(stream);
      it != staged.stream_heads.end()) {
    return it->second;
  }
  if (auto it = stream_heads_.find(stream); it != stream_heads_.end()) {
    return it->second;
  }
  absl::StatusOr<uint64_t> head = storage_->StreamHead(stream);
  if (head.ok()) stream_heads_[stream] = *head;
  return head;
}

}  // namespace qiwang::store
