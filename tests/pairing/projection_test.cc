// The projection over a real event log in a temporary folder, fed by the
// ledger: it equals a fresh fold, waits for min_position, reads the past and
// calls its watchers.
#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "absl/synchronization/notification.h"
#include "absl/time/clock.h"
#include "base/annotated_lock.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/events/event_from_record.h"
#include "services/projection/tournament_projection.h"
#include "services/rules/tournament/decide.h"
#include "tests/ledger/ledger_fixture.h"

namespace qiwang::projection {
namespace {

using ::qiwang::ledger::kTournament;
using ::qiwang::ledger::ProfessionalEntry;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

absl::Time Soon() { return absl::Now() + absl::Seconds(10); }

v1::ReadOptions MinPosition(uint64_t position) {
  v1::ReadOptions options;
  options.set_min_position(position);
  return options;
}

v1::ReadOptions AtPosition(uint64_t position) {
  v1::ReadOptions options;
  options.set_at_position(position);
  return options;
}

// Positions a watcher was called with, and a way to wait for one.
class Calls {
 public:
  void Add(uint64_t position) {
    base::AnnotatedLock lock(&mutex_);
    positions_.push_back(position);
  }
  // True once `position` was seen, false after 10 s.
  bool WaitFor(uint64_t position) {
    base::AnnotatedLock lock(&mutex_);
    auto seen = [this, position]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) {
      for (uint64_t p : positions_) {
        if (p == position) return true;
      }
      return false;
    };
    return lock.AwaitWithDeadline(seen, absl::Now() + absl::Seconds(10));
  }
  std::vector<uint64_t> positions() {
    base::AnnotatedLock lock(&mutex_);
    return positions_;
  }

 private:
  absl::Mutex mutex_;
  std::vector<uint64_t> positions_ ABSL_GUARDED_BY(mutex_);
};

class ProjectionTest : public ledger::LedgerTest {
 protected:
  void TearDown() override {
    projection_.reset();
    LedgerTest::TearDown();
  }

  void Start() { projection_ = std::make_unique<TournamentProjection>(*log_); }

  // Creates the tournament and waits until the projection has applied it, so
  // a watch set up next sees only later events.
  void CreateAndApply() {
    CreateTournament();
    ASSERT_TRUE(
        projection_
            ->Read(kTournament, MinPosition(log_->LastPosition()), Soon())
            .ok());
  }

  uint64_t RegisterNamed(const std::string& name, int day) {
    absl::StatusOr<ledger::CommandOutcome> registered =
        Register(ProfessionalEntry(absl::StrCat("reg-", name), name, day));
    EXPECT_TRUE(registered.ok()) << registered.status();
    return registered.ok() ? registered->result.last_position() : 0;
  }

  uint64_t AppendNote(const std::string& stream) {
    store::AppendRequest append;
    append.stream = stream;
    v1::Event note;
    note.mutable_log_note()->set_text("a note");
    append.events.push_back(note.SerializeAsString());
    absl::StatusOr<store::AppendResult> appended = log_->Append(append);
    EXPECT_TRUE(appended.ok()) << appended.status();
    return appended.ok() ? appended->last_position : 0;
  }

  // The tournament folded from the log records by this test, independently.
  std::string FreshSnapshot() {
    store::ReadRequest request;
    request.stream = kTournament;
    request.limit = 100000;
    absl::StatusOr<std::vector<store::Record>> records = log_->Read(request);
    EXPECT_TRUE(records.ok()) << records.status();
    rules::tournament::TournamentState state;
    for (const store::Record& record : *records) {
      absl::StatusOr<v1::Event> event = events::EventFromRecord(record);
      EXPECT_TRUE(event.ok()) << event.status();
      EXPECT_TRUE(state.Apply(*event).ok());
    }
    return state.Snapshot();
  }

  std::unique_ptr<TournamentProjection> projection_;
};

TEST_F(ProjectionTest, StateEqualsAFreshFoldOfTheLog) {
  Start();
  CreateTournament();
  RegisterNamed("A", 1);
  const uint64_t last = RegisterNamed("B", 2);
  absl::StatusOr<ProjectedState> read =
      projection_->Read(kTournament, MinPosition(last), Soon());
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->as_of_position, last);
  EXPECT_EQ(read->state->players().size(), 2u);
  EXPECT_EQ(read->state->Snapshot(), FreshSnapshot());
  EXPECT_EQ(projection_->applied_position(), last);
}

// Reads between two of the tournament's events share one copy of its
// state; the next event makes a new one and leaves the copy a reader still
// holds as it was (so a view computed mid-write is of one position).
TEST_F(ProjectionTest, ReadsOfOnePositionShareOneStateAndAnEventLeavesItAlone) {
  Start();
  CreateTournament();
  const uint64_t after_a = RegisterNamed("A", 1);
  absl::StatusOr<ProjectedState> first =
      projection_->Read(kTournament, MinPosition(after_a), Soon());
  absl::StatusOr<ProjectedState> second =
      projection_->Read(kTournament, MinPosition(after_a), Soon());
  ASSERT_TRUE(first.ok()) << first.status();
  ASSERT_TRUE(second.ok()) << second.status();
  EXPECT_EQ(first->state.get(), second->state.get());
  const std::string before = first->state->Snapshot();

  const uint64_t after_b = RegisterNamed("B", 2);
  absl::StatusOr<ProjectedState> after =
      projection_->Read(kTournament, MinPosition(after_b), Soon());
  ASSERT_TRUE(after.ok()) << after.status();
  EXPECT_NE(after->state.get(), first->state.get());
  EXPECT_EQ(after->state->Snapshot(), FreshSnapshot());
  EXPECT_EQ(first->state->players().size(), 1u);
  EXPECT_EQ(first->state->Snapshot(), before);
}

TEST_F(ProjectionTest, StartedOnAnExistingLogAnswersEverythingInIt) {
  CreateTournament();
  RegisterNamed("A", 1);
  const uint64_t last = RegisterNamed("B", 2);
  Start();
  // No min_position: a fresh projection still answers the whole log.
  absl::StatusOr<ProjectedState> read =
      projection_->Read(kTournament, {}, Soon());
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->as_of_position, last);
  EXPECT_EQ(read->state->Snapshot(), FreshSnapshot());
}

TEST_F(ProjectionTest, MinPositionWaitsUntilTheEventIsApplied) {
  Start();
  CreateTournament();
  const uint64_t next = log_->LastPosition() + 1;
  absl::StatusOr<ProjectedState> read;
  std::thread reader([&]() {
    read = projection_->Read(kTournament, MinPosition(next), Soon());
  });
  RegisterNamed("A", 1);
  reader.join();
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_GE(read->as_of_position, next);
  EXPECT_EQ(read->state->players().size(), 1u);
}

TEST_F(ProjectionTest, MinPositionNotReachedByTheDeadlineIsDeadlineExceeded) {
  Start();
  CreateTournament();
  const uint64_t beyond = log_->LastPosition() + 5;
  absl::StatusOr<ProjectedState> read = projection_->Read(
      kTournament, MinPosition(beyond), absl::Now() + absl::Milliseconds(50));
  EXPECT_EQ(read.status().code(), absl::StatusCode::kDeadlineExceeded);
  EXPECT_THAT(read.status().message(), HasSubstr("read.min_position"));
}

TEST_F(ProjectionTest, AtPositionFoldsThePast) {
  Start();
  const uint64_t note = AppendNote("notes/hall");
  CreateTournament();
  const uint64_t after_a = RegisterNamed("A", 1);
  const uint64_t after_b = RegisterNamed("B", 2);

  absl::StatusOr<ProjectedState> past =
      projection_->Read(kTournament, AtPosition(after_a), Soon());
  ASSERT_TRUE(past.ok()) << past.status();
  EXPECT_EQ(past->as_of_position, after_a);
  ASSERT_EQ(past->state->players().size(), 1u);
  EXPECT_EQ(past->state->players()[0].person().name(), "A");

  absl::StatusOr<ProjectedState> before_creation =
      projection_->Read(kTournament, AtPosition(note), Soon());
  EXPECT_EQ(before_creation.status().code(), absl::StatusCode::kNotFound);

  absl::StatusOr<ProjectedState> future =
      projection_->Read(kTournament, AtPosition(after_b + 1), Soon());
  EXPECT_EQ(future.status().code(), absl::StatusCode::kOutOfRange);
  EXPECT_THAT(future.status().message(), HasSubstr("read.at_position"));
}

TEST_F(ProjectionTest, UnknownTournamentsAndNoteStreamsAreNotFound) {
  Start();
  CreateTournament();
  const uint64_t note = AppendNote("notes/hall");
  EXPECT_EQ(
      projection_->Read("nowhere", MinPosition(note), Soon()).status().code(),
      absl::StatusCode::kNotFound);
  EXPECT_EQ(projection_->Read("notes/hall", {}, Soon()).status().code(),
            absl::StatusCode::kNotFound);
  EXPECT_EQ(projection_->applied_position(), note);
  EXPECT_EQ(projection_->Read("", {}, Soon()).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST_F(ProjectionTest, WatchIsCalledForEachEventOfItsTournamentOnly) {
  Start();
  CreateAndApply();
  Calls calls;
  std::unique_ptr<WatchHandle> watch = projection_->Watch(
      kTournament, [&calls](uint64_t position) { calls.Add(position); });
  AppendNote("notes/hall");  // another stream: no call
  const uint64_t registered = RegisterNamed("A", 1);
  ASSERT_TRUE(calls.WaitFor(registered));
  // Events are applied in order, so the note was seen before the player.
  EXPECT_THAT(calls.positions(), ElementsAre(registered));
}

// Issue 26 §3: the events of one append are applied together, so nothing
// of a command (a whole TRF import) is visible before all of it is: the
// watcher, called for each of a three-player command's events, finds the
// projection at the command's last position every time.
TEST_F(ProjectionTest, Issue26_OneCommandsEventsAreAppliedTogether) {
  Start();
  CreateAndApply();
  Calls applied_when_called;
  std::unique_ptr<WatchHandle> watch =
      projection_->Watch(kTournament, [&](uint64_t) {
        applied_when_called.Add(projection_->applied_position());
      });
  const std::vector<v1::RegisterPlayerRequest> entries = {
      ProfessionalEntry("reg-a", "A", 1), ProfessionalEntry("reg-b", "B", 2),
      ProfessionalEntry("reg-c", "C", 3)};
  auto decide_all = [&entries](const rules::tournament::TournamentState& state,
                               const rules::tournament::CommandContext& context)
      -> absl::StatusOr<rules::tournament::Events> {
    rules::tournament::TournamentState next = state;
    rules::tournament::Events all;
    for (const v1::RegisterPlayerRequest& entry : entries) {
      absl::StatusOr<rules::tournament::Events> events =
          rules::tournament::DecideRegister(next, entry, context);
      if (!events.ok()) return events.status();
      for (v1::Event event : *events) {
        event.set_stream_version(next.version() + 1);
        event.set_position(next.position() + 1);
        if (absl::Status applied = next.Apply(event); !applied.ok()) {
          return applied;
        }
        all.push_back(std::move(event));
      }
    }
    return all;
  };
  absl::StatusOr<ledger::CommandOutcome> outcome =
      ledger_->Execute({"/qiwang.v1.TournamentService/RegisterPlayer",
                        &entries[0], "register-three", kTournament, decide_all},
                       {"tester", rules::Role::kRegistrar});
  ASSERT_TRUE(outcome.ok()) << outcome.status();
  const uint64_t last = outcome->result.last_position();
  ASSERT_EQ(last - outcome->result.first_position(), 2u);
  // The next command's call comes after every call of this one.
  const uint64_t next = RegisterNamed("D", 4);
  ASSERT_TRUE(applied_when_called.WaitFor(next));
  EXPECT_THAT(applied_when_called.positions(),
              ElementsAre(last, last, last, next));
}

TEST_F(ProjectionTest, NoCallAfterTheHandleIsDestroyed) {
  Start();
  CreateAndApply();
  Calls calls;
  std::unique_ptr<WatchHandle> watch = projection_->Watch(
      kTournament, [&calls](uint64_t position) { calls.Add(position); });
  const uint64_t first = RegisterNamed("A", 1);
  ASSERT_TRUE(calls.WaitFor(first));
  watch.reset();
  const uint64_t second = RegisterNamed("B", 2);
  ASSERT_TRUE(projection_->Read(kTournament, MinPosition(second), Soon()).ok());
  EXPECT_THAT(calls.positions(), ElementsAre(first));
}

TEST_F(ProjectionTest, ACallbackMayEndItsOwnWatch) {
  Start();
  CreateAndApply();
  Calls calls;
  std::unique_ptr<WatchHandle> watch;
  watch = projection_->Watch(kTournament, [&](uint64_t position) {
    calls.Add(position);
    watch.reset();
  });
  const uint64_t first = RegisterNamed("A", 1);
  ASSERT_TRUE(calls.WaitFor(first));
  const uint64_t second = RegisterNamed("B", 2);
  ASSERT_TRUE(projection_->Read(kTournament, MinPosition(second), Soon()).ok());
  EXPECT_THAT(calls.positions(), ElementsAre(first));
}

TEST_F(ProjectionTest, AnEventThatDoesNotFoldStopsEveryRead) {
  Start();
  CreateTournament();
  store::AppendRequest append;
  append.stream = kTournament;
  append.events.push_back("not an event");
  absl::StatusOr<store::AppendResult> appended = log_->Append(append);
  ASSERT_TRUE(appended.ok()) << appended.status();
  absl::StatusOr<ProjectedState> read = projection_->Read(
      kTournament, MinPosition(appended->last_position), Soon());
  EXPECT_EQ(read.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(read.status().message(),
              HasSubstr(absl::StrCat("position ", appended->last_position)));
  EXPECT_EQ(projection_->Read(kTournament, {}, Soon()).status().code(),
            absl::StatusCode::kDataLoss);
}

// Issue 24: a read that must wait for its position registers instead of
// holding a thread; the projection calls it once the position is applied.
TEST_F(ProjectionTest, AWaitingReadIsCalledOnceItsPositionIsApplied) {
  Start();
  CreateAndApply();
  const uint64_t next = log_->LastPosition() + 1;
  absl::Notification ready;
  std::unique_ptr<WatchHandle> wait =
      projection_->NotifyWhenReady(next, [&ready] { ready.Notify(); });
  ASSERT_NE(wait, nullptr);
  EXPECT_FALSE(ready.HasBeenNotified());
  RegisterNamed("A", 1);
  EXPECT_TRUE(ready.WaitForNotificationWithTimeout(absl::Seconds(30)));
  EXPECT_TRUE(projection_->Readiness(next).ok());
}

TEST_F(ProjectionTest, AWaitForAnAppliedPositionIsCalledAtOnce) {
  Start();
  CreateAndApply();
  int calls = 0;
  std::unique_ptr<WatchHandle> wait =
      projection_->NotifyWhenReady(log_->LastPosition(), [&calls] { ++calls; });
  EXPECT_EQ(wait, nullptr);
  EXPECT_EQ(calls, 1);
}

TEST_F(ProjectionTest, ReadinessRefusesAPositionBeyondTheHeadNamingIt) {
  Start();
  CreateAndApply();
  const uint64_t head = log_->LastPosition();
  EXPECT_TRUE(projection_->Readiness(head).ok());
  const absl::Status beyond = projection_->Readiness(99999999);
  EXPECT_EQ(beyond.code(), absl::StatusCode::kOutOfRange);
  EXPECT_THAT(beyond.message(),
              HasSubstr(absl::StrCat("last position ", head)));
  EXPECT_THAT(beyond.message(), HasSubstr("read.min_position"));
  const absl::Status expired = projection_->WaitExpired(99999999);
  EXPECT_EQ(expired.code(), absl::StatusCode::kDeadlineExceeded);
  EXPECT_THAT(expired.message(),
              HasSubstr(absl::StrCat("projection at ", head)));
}

TEST_F(ProjectionTest, AWaitEndedBeforeItsPositionIsNeverCalled) {
  Start();
  CreateAndApply();
  const uint64_t next = log_->LastPosition() + 1;
  std::atomic<int> calls = 0;
  std::unique_ptr<WatchHandle> wait =
      projection_->NotifyWhenReady(next, [&calls] { ++calls; });
  wait.reset();
  RegisterNamed("A", 1);
  ASSERT_TRUE(projection_->Read(kTournament, MinPosition(next), Soon()).ok());
  EXPECT_EQ(calls.load(), 0);
}

TEST_F(ProjectionTest, AStoppedProjectionWakesEveryWaitingRead) {
  Start();
  CreateAndApply();
  const uint64_t next = log_->LastPosition() + 1;
  absl::Notification woken;
  std::unique_ptr<WatchHandle> wait =
      projection_->NotifyWhenReady(next + 10, [&woken] { woken.Notify(); });
  store::AppendRequest append;
  append.stream = kTournament;
  append.events.push_back("not an event");
  ASSERT_TRUE(log_->Append(append).ok());
  EXPECT_TRUE(woken.WaitForNotificationWithTimeout(absl::Seconds(30)));
  EXPECT_EQ(projection_->Readiness(next).code(), absl::StatusCode::kDataLoss);
}

}  // namespace
}  // namespace qiwang::projection
