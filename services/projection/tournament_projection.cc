#include "services/projection/tournament_projection.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "base/annotated_lock.h"
#include "services/events/stream_fold.h"
#include "services/ledger/ledger.h"
#include "services/rules/tournament/shared_state.h"
#include "services/rules/tournament/text_input.h"

namespace qiwang::projection {
namespace {

using rules::tournament::TournamentState;

// One Watch: its callback runs only while the watcher is active, and
// Deactivate waits for a running call to return unless it is called from
// that very call (a callback may end its own watch).
class Watcher {
 public:
  // Calls `on_change` for positions after `after` only.
  Watcher(std::function<void(uint64_t)> on_change, uint64_t after)
      : on_change_(std::move(on_change)), after_(after) {}

  void Notify(uint64_t position) {
    if (position <= after_) return;
    {
      base::AnnotatedLock lock(&mutex_);
      if (!active_) return;
      ++calling_;
      calling_thread_ = std::this_thread::get_id();
    }
    on_change_(position);
    base::AnnotatedLock lock(&mutex_);
    --calling_;
  }

  void Deactivate() {
    base::AnnotatedLock lock(&mutex_);
    active_ = false;
    if (calling_ > 0 && calling_thread_ == std::this_thread::get_id()) return;
    lock.Await([this]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) {
      return calling_ == 0;
    });
  }

 private:
  const std::function<void(uint64_t)> on_change_;
  const uint64_t after_;
  absl::Mutex mutex_;
  bool active_ ABSL_GUARDED_BY(mutex_) = true;
  int calling_ ABSL_GUARDED_BY(mutex_) = 0;
  std::thread::id calling_thread_ ABSL_GUARDED_BY(mutex_);
};

// The watchers of every tournament. Shared with the handles, so a handle may
// outlive the projection.
class WatcherSet {
 public:
  void Add(const std::string& tournament_id, std::shared_ptr<Watcher> watcher) {
    base::AnnotatedLock lock(&mutex_);
    watchers_[tournament_id].push_back(std::move(watcher));
  }

  void Remove(const std::string& tournament_id, const Watcher* watcher) {
    base::AnnotatedLock lock(&mutex_);
    auto it = watchers_.find(tournament_id);
    if (it == watchers_.end()) return;
    std::erase_if(it->second, [watcher](const std::shared_ptr<Watcher>& w) {
      return w.get() == watcher;
    });
    if (it->second.empty()) watchers_.erase(it);
  }

  std::vector<std::shared_ptr<Watcher>> Of(const std::string& tournament_id) {
    base::AnnotatedLock lock(&mutex_);
    auto it = watchers_.find(tournament_id);
    if (it == watchers_.end()) return {};
    return it->second;
  }

 private:
  absl::Mutex mutex_;
  absl::flat_hash_map<std::string, std::vector<std::shared_ptr<Watcher>>>
      watchers_ ABSL_GUARDED_BY(mutex_);
};

class WatchHandleImpl : public WatchHandle {
 public:
  WatchHandleImpl(std::shared_ptr<WatcherSet> set, std::string tournament_id,
                  std::shared_ptr<Watcher> watcher)
      : set_(std::move(set)),
        tournament_id_(std::move(tournament_id)),
        watcher_(std::move(watcher)) {}
  ~WatchHandleImpl() override {
    set_->Remove(tournament_id_, watcher_.get());
    watcher_->Deactivate();
  }

 private:
  std::shared_ptr<WatcherSet> set_;
  std::string tournament_id_;
  std::shared_ptr<Watcher> watcher_;
};

// The reads waiting for a position, by position. Shared with the handles, so
// a handle may outlive the projection.
class ReadWaiters {
 public:
  using Id = uint64_t;

  Id Add(uint64_t position, std::function<void()> ready) {
    base::AnnotatedLock lock(&mutex_);
    const Id id = ++last_id_;
    waiting_.emplace(std::make_pair(position, id), std::move(ready));
    return id;
  }

  void Remove(uint64_t position, Id id) {
    base::AnnotatedLock lock(&mutex_);
    waiting_.erase(std::make_pair(position, id));
  }

  // Takes out the waiters of positions up to `position` (all: UINT64_MAX).
  std::vector<std::function<void()>> TakeUpTo(uint64_t position) {
    std::vector<std::function<void()>> ready;
    base::AnnotatedLock lock(&mutex_);
    auto end = waiting_.upper_bound(std::make_pair(position, UINT64_MAX));
    for (auto it = waiting_.begin(); it != end; ++it) {
      ready.push_back(std::move(it->second));
    }
    waiting_.erase(waiting_.begin(), end);
    return ready;
  }

 private:
  absl::Mutex mutex_;
  Id last_id_ ABSL_GUARDED_BY(mutex_) = 0;
  std::map<std::pair<uint64_t, Id>, std::function<void()>> waiting_
      ABSL_GUARDED_BY(mutex_);
};

class ReadWaitHandle : public WatchHandle {
 public:
  ReadWaitHandle(std::shared_ptr<ReadWaiters> waiters, uint64_t position,
                 ReadWaiters::Id id)
      : waiters_(std::move(waiters)), position_(position), id_(id) {}
  ~ReadWaitHandle() override { waiters_->Remove(position_, id_); }

 private:
  std::shared_ptr<ReadWaiters> waiters_;
  uint64_t position_;
  ReadWaiters::Id id_;
};

absl::Status NotFound(const std::string& tournament_id) {
  return absl::NotFoundError(
      absl::StrCat("tournament ", tournament_id, ": not found"));
}

}  // namespace

class TournamentProjection::Impl {
 public:
  explicit Impl(store::EventLog& log)
      : log_(log),
        subscription_(log.Subscribe(1)),
        watchers_(std::make_shared<WatcherSet>()),
        read_waiters_(std::make_shared<ReadWaiters>()),
        follower_([this]() { Follow(); }) {}

  ~Impl() {
    subscription_->Cancel();
    follower_.join();
  }

  absl::StatusOr<ProjectedState> Read(const std::string& tournament_id,
                                      const v1::ReadOptions& options,
                                      absl::Time deadline) const {
    if (tournament_id.empty()) {
      return rules::tournament::RequiredFieldError("tournament_id");
    }
    // Right after start, the log may hold events not yet applied: every read
    // waits until the projection has caught up once, so a restart never
    // answers an older state.
    const uint64_t wanted = options.min_position();
    {
      base::AnnotatedLock lock(&mutex_);
      if (!lock.AwaitWithDeadline(
              [this, wanted]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) {
                return (caught_up_ && applied_ >= wanted) || !failure_.ok();
              },
              deadline)) {
        return ExpiredLocked(wanted);
      }
      if (!failure_.ok()) return failure_;
      if (options.at_position() == 0) {
        auto it = states_.find(tournament_id);
        if (it == states_.end() || !it->second.exists()) {
          return NotFound(tournament_id);
        }
        return ProjectedState{rules::tournament::ShareAtPosition(
                                  it->second, snapshots_[tournament_id]),
                              applied_};
      }
    }
    return ReadAt(tournament_id, options);
  }

  uint64_t applied_position() const {
    base::AnnotatedLock lock(&mutex_);
    return applied_;
  }

  absl::Status AwaitCaughtUp(absl::Time deadline) const {
    base::AnnotatedLock lock(&mutex_);
    lock.AwaitWithDeadline([this]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(
                               mutex_) { return caught_up_ || !failure_.ok(); },
                           deadline);
    if (!failure_.ok()) return failure_;
    if (caught_up_) return absl::OkStatus();
    return absl::DeadlineExceededError(
        "the projection is still catching up with the log");
  }

  absl::Status Readiness(uint64_t min_position) const {
    {
      base::AnnotatedLock lock(&mutex_);
      if (!failure_.ok()) return failure_;
      if (caught_up_ && applied_ >= min_position) return absl::OkStatus();
    }
    // A read process waits (bounded by the call) for a position its ledger
    // may have written already; only the log's owner can refuse at once.
    if (!log_.HeadIsLocal()) return absl::UnavailableError("not applied yet");
    const uint64_t head = log_.LastPosition();
    if (min_position > head) {
      return absl::OutOfRangeError(
          absl::StrCat("read.min_position: ", min_position,
                       " is beyond the log's last position ", head,
                       "; a write's answer gives a position to wait for"));
    }
    return absl::UnavailableError("not applied yet");
  }

  std::unique_ptr<WatchHandle> NotifyWhenReady(uint64_t min_position,
                                               std::function<void()> ready) {
    {
      // Under the lock the follower applies with: a position applied after
      // this check finds the waiter.
      base::AnnotatedLock lock(&mutex_);
      if (failure_.ok() && !(caught_up_ && applied_ >= min_position)) {
        const ReadWaiters::Id id = read_waiters_->Add(min_position, ready);
        return std::make_unique<ReadWaitHandle>(read_waiters_, min_position,
                                                id);
      }
    }
    ready();
    return nullptr;
  }

  absl::Status WaitExpired(uint64_t wanted) const {
    base::AnnotatedLock lock(&mutex_);
    if (!failure_.ok()) return failure_;
    return ExpiredLocked(wanted);
  }

  absl::Status ExpiredLocked(uint64_t wanted) const
      ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) {
    if (!caught_up_) {
      return absl::DeadlineExceededError(absl::StrCat(
          "read: the projection is still catching up with the log (at "
          "position ",
          applied_, ") and did not finish before the deadline"));
    }
    return absl::DeadlineExceededError(absl::StrCat(
        "read.min_position: position ", wanted,
        " not applied before the deadline (projection at ", applied_, ")"));
  }

  std::unique_ptr<WatchHandle> Watch(const std::string& tournament_id,
                                     std::function<void(uint64_t)> on_change) {
    // Under the lock the follower applies with: every event after `applied_`
    // is applied later, so it finds the watcher; the one at `applied_` may
    // still be notifying and is skipped.
    base::AnnotatedLock lock(&mutex_);
    auto watcher = std::make_shared<Watcher>(std::move(on_change), applied_);
    watchers_->Add(tournament_id, watcher);
    return std::make_unique<WatchHandleImpl>(watchers_, tournament_id,
                                             std::move(watcher));
  }

 private:
  // R7.5: the past is folded from the log, never kept.
  absl::StatusOr<ProjectedState> ReadAt(const std::string& tournament_id,
                                        const v1::ReadOptions& options) const {
    const uint64_t last = log_.LastPosition();
    if (options.at_position() > last) {
      return absl::OutOfRangeError(
          absl::StrCat("read.at_position: ", options.at_position(),
                       " is beyond the log's last position ", last));
    }
    auto past = std::make_shared<TournamentState>();
    if (absl::Status folded = events::FoldStream(log_, tournament_id,
                                                 options.at_position(), *past);
        !folded.ok()) {
      return folded;
    }
    if (!past->exists()) return NotFound(tournament_id);
    return ProjectedState{std::move(past), options.at_position()};
  }

  void Follow() {
    std::optional<absl::StatusOr<store::Subscription::Item>> carried;
    while (true) {
      absl::StatusOr<store::Subscription::Item> item =
          carried.has_value() ? *std::move(carried)
                              : subscription_->Next(absl::InfiniteFuture());
      carried.reset();
      if (absl::IsCancelled(item.status())) return;
      if (!item.ok()) {
        Fail(item.status());
        return;
      }
      if (item->kind == store::Subscription::Item::Kind::kCaughtUp) {
        {
          base::AnnotatedLock lock(&mutex_);
          caught_up_ = true;
        }
        WakeReads();
        continue;
      }
      std::vector<store::Record> command = {std::move(item->record)};
      carried = RestOfCommand(command);
      if (absl::Status applied = Apply(command); !applied.ok()) {
        Fail(applied);
        return;
      }
      WakeReads();
      if (absl::StartsWith(command.front().stream,
                           ledger::kNotesStreamPrefix)) {
        continue;
      }
      for (const std::shared_ptr<Watcher>& watcher :
           watchers_->Of(command.front().stream)) {
        for (const store::Record& record : command) {
          watcher->Notify(record.position);
        }
      }
    }
  }

  // Adds to `command` the records of its append that are durable already
  // (of the same stream and command id) and answers the first item after
  // them, or nullopt when nothing more is durable yet. One append is one
  // durable step of the local log, so its events are all there once its
  // first is: applied together, no read sees an import (or any command)
  // in part. Over a remote log a chunk may end inside an append; then the
  // rest follows as its own step.
  std::optional<absl::StatusOr<store::Subscription::Item>> RestOfCommand(
      std::vector<store::Record>& command) {
    const std::string stream = command.front().stream;
    const std::string command_id = command.front().command_id;
    if (command_id.empty()) return std::nullopt;
    while (true) {
      absl::StatusOr<store::Subscription::Item> next =
          subscription_->Next(absl::InfinitePast());
      if (absl::IsDeadlineExceeded(next.status())) return std::nullopt;
      if (!next.ok() || next->kind != store::Subscription::Item::Kind::kEvent ||
          next->record.stream != stream ||
          next->record.command_id != command_id) {
        return next;
      }
      command.push_back(std::move(next->record));
    }
  }

  // Applies one command's records under one lock hold.
  absl::Status Apply(const std::vector<store::Record>& command) {
    base::AnnotatedLock lock(&mutex_);
    for (const store::Record& record : command) {
      if (!absl::StartsWith(record.stream, ledger::kNotesStreamPrefix)) {
        if (absl::Status applied =
                events::ApplyRecord(record, states_[record.stream]);
            !applied.ok()) {
          return applied;
        }
      }
      applied_ = record.position;
    }
    return absl::OkStatus();
  }

  void Fail(const absl::Status& status) {
    {
      base::AnnotatedLock lock(&mutex_);
      failure_ =
          absl::Status(status.code(),
                       absl::StrCat("projection stopped: ", status.message()));
    }
    for (std::function<void()>& ready : read_waiters_->TakeUpTo(UINT64_MAX)) {
      ready();
    }
  }

  // Calls the reads waiting for a position now applied.
  void WakeReads() {
    uint64_t reached = 0;
    {
      base::AnnotatedLock lock(&mutex_);
      if (!caught_up_) return;
      reached = applied_;
    }
    for (std::function<void()>& ready : read_waiters_->TakeUpTo(reached)) {
      ready();
    }
  }

  store::EventLog& log_;
  std::unique_ptr<store::Subscription> subscription_;
  std::shared_ptr<WatcherSet> watchers_;
  std::shared_ptr<ReadWaiters> read_waiters_;

  mutable absl::Mutex mutex_;
  absl::flat_hash_map<std::string, TournamentState> states_
      ABSL_GUARDED_BY(mutex_);
  // What reads share (ShareAtPosition); an entry per tournament read.
  mutable absl::flat_hash_map<std::string,
                              std::shared_ptr<const TournamentState>>
      snapshots_ ABSL_GUARDED_BY(mutex_);
  uint64_t applied_ ABSL_GUARDED_BY(mutex_) = 0;
  // Once the subscription has reported the log's head (then and since).
  bool caught_up_ ABSL_GUARDED_BY(mutex_) = false;
  absl::Status failure_ ABSL_GUARDED_BY(mutex_);

  std::thread follower_;  // last: starts once everything above exists
};

TournamentProjection::TournamentProjection(store::EventLog& log)
    : impl_(std::make_unique<Impl>(log)) {}
TournamentProjection::~TournamentProjection() = default;

absl::StatusOr<ProjectedState> TournamentProjection::Read(
    const std::string& tournament_id, const v1::ReadOptions& options,
    absl::Time deadline) const {
  return impl_->Read(tournament_id, options, deadline);
}

uint64_t TournamentProjection::applied_position() const {
  return impl_->applied_position();
}

absl::Status TournamentProjection::AwaitCaughtUp(absl::Time deadline) const {
  return impl_->AwaitCaughtUp(deadline);
}

absl::Status TournamentProjection::Readiness(uint64_t min_position) const {
  return impl_->Readiness(min_position);
}

std::unique_ptr<WatchHandle> TournamentProjection::NotifyWhenReady(
    uint64_t min_position, std::function<void()> ready) {
  return impl_->NotifyWhenReady(min_position, std::move(ready));
}

absl::Status TournamentProjection::WaitExpired(uint64_t min_position) const {
  return impl_->WaitExpired(min_position);
}

std::unique_ptr<WatchHandle> TournamentProjection::Watch(
    const std::string& tournament_id, std::function<void(uint64_t)> on_change) {
  return impl_->Watch(tournament_id, std::move(on_change));
}

}  // namespace qiwang::projection
