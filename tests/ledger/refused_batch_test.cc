// The leader decides a batch in place on the tournament's state (ledger.h
// "Batching"): when the store refuses or fails the batch, the state it keeps
// is a fresh fold of the log, byte for byte, and the next command is decided
// on it as if the refused batch had never been tried.
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/clock.h"
#include "base/annotated_lock.h"
#include "base/annotated_notification.h"
#include "gtest/gtest.h"
#include "services/events/stream_fold.h"
#include "services/rules/tournament/decide.h"
#include "tests/ledger/ledger_fixture.h"

namespace qiwang::ledger {
namespace {

constexpr int kQueued = 20;

// The real log, except for the AppendBatch calls it is told to meddle with,
// one instruction per call in order (then it forwards): hold the call until
// released (so commands queue behind it), let a note take the position the
// batch was predicted at (the store then refuses the batch, writing nothing),
// fail every request UNAVAILABLE without writing, or refuse the third
// request alone as the sealing log refuses one it cannot seal (those before
// it written, it FAILED_PRECONDITION, those after it ABORTED unwritten).
// Thread-safe.
class MeddlingLog : public store::EventLog {
 public:
  enum class Meddle { kHold, kTakePredictedPosition, kFail, kRefuseThird };

  explicit MeddlingLog(store::EventLog& log) : log_(log) {}

  void Script(std::vector<Meddle> script) {
    base::AnnotatedLock lock(&mutex_);
    script_.assign(script.begin(), script.end());
  }
  void WaitUntilHeld() { held_.WaitForNotification(); }
  void Release() { released_.Notify(); }
  // Requests in the batches it meddled with by taking their position or
  // failing them.
  size_t meddled_requests() {
    base::AnnotatedLock lock(&mutex_);
    return meddled_requests_;
  }

  std::vector<absl::StatusOr<store::AppendResult>> AppendBatch(
      const std::vector<store::AppendRequest>& requests,
      const store::BatchOptions& options) override {
    std::optional<Meddle> meddle;
    {
      base::AnnotatedLock lock(&mutex_);
      if (!script_.empty()) {
        meddle = script_.front();
        script_.pop_front();
        if (meddle != Meddle::kHold) meddled_requests_ += requests.size();
      }
    }
    if (meddle == Meddle::kHold) {
      held_.Notify();
      released_.WaitForNotification();
    } else if (meddle == Meddle::kTakePredictedPosition) {
      store::AppendRequest note;
      note.stream = "notes/elsewhere";
      note.events = {"a note takes the predicted position"};
      EXPECT_TRUE(log_.Append(note).ok());
    } else if (meddle == Meddle::kFail) {
      return std::vector<absl::StatusOr<store::AppendResult>>(
          requests.size(), absl::UnavailableError("disk: no space left"));
    } else if (meddle == Meddle::kRefuseThird && requests.size() > 2) {
      std::vector<absl::StatusOr<store::AppendResult>> results =
          log_.AppendBatch({requests[0], requests[1]}, options);
      results.push_back(
          absl::FailedPreconditionError("cannot be sealed: forgotten"));
      while (results.size() < requests.size()) {
        results.push_back(absl::AbortedError("not written; decide again"));
      }
      return results;
    }
    return log_.AppendBatch(requests, options);
  }

  absl::StatusOr<store::AppendResult> Append(
      const store::AppendRequest& request) override {
    return log_.Append(request);
  }
  absl::StatusOr<std::vector<store::Record>> Read(
      const store::ReadRequest& request) const override {
    return log_.Read(request);
  }
  absl::StatusOr<std::optional<store::AppendResult>> LookupCommand(
      const std::string& command_id) const override {
    return log_.LookupCommand(command_id);
  }
  absl::StatusOr<store::AppendResult> LookupRetry(
      const store::AppendRequest& retry) const override {
    return log_.LookupRetry(retry);
  }
  uint64_t LastPosition() const override { return log_.LastPosition(); }
  absl::StatusOr<uint64_t> StreamVersion(
      const std::string& stream) const override {
    return log_.StreamVersion(stream);
  }
  std::unique_ptr<store::Subscription> Subscribe(uint64_t from) override {
    return log_.Subscribe(from);
  }
  absl::StatusOr<uint64_t> Backup(const std::string& dir) override {
    return log_.Backup(dir);
  }
  absl::Status Refresh() override { return log_.Refresh(); }

 private:
  store::EventLog& log_;
  absl::Mutex mutex_;
  std::deque<Meddle> script_ ABSL_GUARDED_BY(mutex_);
  size_t meddled_requests_ ABSL_GUARDED_BY(mutex_) = 0;
  base::AnnotatedNotification held_;
  base::AnnotatedNotification released_;
};

Command RegisterCommand(const v1::RegisterPlayerRequest& request) {
  return {"/qiwang.v1.TournamentService/RegisterPlayer", &request,
          request.command_id(), kTournament,
          [&request](const TournamentState& state,
                     const rules::tournament::CommandContext& context) {
            return rules::tournament::DecideRegister(state, request, context);
          }};
}

const Caller kRegistrar{"tester", rules::Role::kRegistrar};

class RefusedBatchTest : public LedgerTest {
 protected:
  void SetUp() override {
    LedgerTest::SetUp();
    meddling_ = std::make_unique<MeddlingLog>(*log_);
    // The fixture's commands go through the meddling log too.
    ledger_ = std::make_unique<Ledger>(*meddling_, *clock_);
    CreateTournament();
    for (int i = 0; i <= kQueued; ++i) {
      entries_.push_back(ProfessionalEntry(absl::StrCat("reg-", i),
                                           absl::StrCat("P", i), 1 + i % 28));
    }
  }
  void TearDown() override {
    ledger_.reset();
    meddling_.reset();
    LedgerTest::TearDown();
  }

  // Sends entries_[0], which leads and is held in its append, queues the
  // others behind it (one batch), then releases it; waits for every answer.
  std::vector<absl::StatusOr<CommandOutcome>> RegisterAsOneBatch() {
    std::vector<absl::StatusOr<CommandOutcome>> outcomes(entries_.size());
    std::thread leader([&] {
      outcomes[0] = ledger_->Execute(RegisterCommand(entries_[0]), kRegistrar);
    });
    meddling_->WaitUntilHeld();
    std::vector<std::unique_ptr<base::AnnotatedNotification>> answered;
    for (size_t i = 1; i < entries_.size(); ++i) {
      answered.push_back(std::make_unique<base::AnnotatedNotification>());
      base::AnnotatedNotification* done = answered.back().get();
      ledger_->ExecuteAsync(
          RegisterCommand(entries_[i]), kRegistrar,
          [&outcomes, i, done](absl::StatusOr<CommandOutcome> outcome) {
            outcomes[i] = std::move(outcome);
            done->Notify();
          });
    }
    meddling_->Release();
    leader.join();
    for (const auto& done : answered) done->WaitForNotification();
    return outcomes;
  }

  // The state a reader of the ledger gets, and a fresh fold of the log.
  std::string LedgerSnapshot() { return StateNow().Snapshot(); }
  std::string FreshFoldSnapshot() {
    TournamentState fresh;
    absl::Status folded =
        events::FoldStream(*log_, kTournament, UINT64_MAX, fresh);
    EXPECT_TRUE(folded.ok()) << folded;
    return fresh.Snapshot();
  }

  std::unique_ptr<MeddlingLog> meddling_;
  std::vector<v1::RegisterPlayerRequest> entries_;
};

// Another stream takes the position the batch was decided for: the store
// refuses the whole batch, the leader refolds and decides it again, and every
// command lands once, in order, on a state equal to a fresh fold.
TEST_F(RefusedBatchTest, BatchRefusedByTheStoreIsDecidedAgainOnAFreshFold) {
  meddling_->Script({MeddlingLog::Meddle::kHold,
                     MeddlingLog::Meddle::kTakePredictedPosition});
  const std::vector<absl::StatusOr<CommandOutcome>> outcomes =
      RegisterAsOneBatch();
  EXPECT_EQ(meddling_->meddled_requests(), static_cast<size_t>(kQueued));
  for (size_t i = 0; i < outcomes.size(); ++i) {
    ASSERT_TRUE(outcomes[i].ok()) << i << ": " << outcomes[i].status();
    ASSERT_EQ(outcomes[i]->events.size(), 1u);
    EXPECT_EQ(outcomes[i]->events[0].player_registered().player_id(),
              static_cast<int64_t>(i + 1));
  }
  // Create, entry 0, the note, then the batch.
  EXPECT_EQ(outcomes[1]->result.first_position(), 4u);
  EXPECT_EQ(log_->LastPosition(), 3u + kQueued);
  EXPECT_EQ(LedgerSnapshot(), FreshFoldSnapshot());
  EXPECT_EQ(StateNow().players().size(), entries_.size());
}

// The store fails the batch (nothing written): its commands answer the
// failure, the state equals a fresh fold of the log, and the next command is
// decided on it (it takes the next player id, not one after the failed ones).
TEST_F(RefusedBatchTest, FailedBatchLeavesTheStateOfTheLog) {
  meddling_->Script({MeddlingLog::Meddle::kHold, MeddlingLog::Meddle::kFail});
  const std::vector<absl::StatusOr<CommandOutcome>> outcomes =
      RegisterAsOneBatch();
  EXPECT_EQ(meddling_->meddled_requests(), static_cast<size_t>(kQueued));
  ASSERT_TRUE(outcomes[0].ok()) << outcomes[0].status();
  for (size_t i = 1; i < outcomes.size(); ++i) {
    EXPECT_EQ(outcomes[i].status().code(), absl::StatusCode::kUnavailable)
        << i << ": " << outcomes[i].status();
  }
  EXPECT_EQ(log_->LastPosition(), 2u);
  EXPECT_EQ(LedgerSnapshot(), FreshFoldSnapshot());

  absl::StatusOr<CommandOutcome> next = Register(entries_[1]);
  ASSERT_TRUE(next.ok()) << next.status();
  EXPECT_FALSE(next->result.replayed());
  EXPECT_EQ(next->events[0].player_registered().player_id(), 2);
  EXPECT_EQ(LedgerSnapshot(), FreshFoldSnapshot());
}

// One request of a batch refused on its own (issue 18: the sealing log
// refuses a command it cannot seal): that command alone answers the refusal,
// it is not decided again, and every other command of the batch lands once,
// those after it decided again on a state without it.
TEST_F(RefusedBatchTest, OneRefusedRequestFailsAloneAndTheRestLand) {
  meddling_->Script(
      {MeddlingLog::Meddle::kHold, MeddlingLog::Meddle::kRefuseThird});
  const std::vector<absl::StatusOr<CommandOutcome>> outcomes =
      RegisterAsOneBatch();
  EXPECT_EQ(meddling_->meddled_requests(), static_cast<size_t>(kQueued));
  EXPECT_EQ(outcomes[3].status().code(), absl::StatusCode::kFailedPrecondition)
      << outcomes[3].status();
  int64_t next_id = 1;
  for (size_t i = 0; i < outcomes.size(); ++i) {
    if (i == 3) continue;
    ASSERT_TRUE(outcomes[i].ok()) << i << ": " << outcomes[i].status();
    EXPECT_EQ(outcomes[i]->events[0].player_registered().player_id(),
              next_id++);
  }
  EXPECT_EQ(log_->LastPosition(), 1u + kQueued);
  EXPECT_EQ(StateNow().players().size(), entries_.size() - 1);
  EXPECT_EQ(LedgerSnapshot(), FreshFoldSnapshot());
}

// Determinism: after many commands decided in place in batches from many
// threads, the ledger's state is a fresh fold of its log, byte for byte.
TEST_F(RefusedBatchTest, StateAfterBatchesIsAFreshFoldByteForByte) {
  constexpr int kThreads = 16;
  constexpr int kPerThread = 8;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([this, t] {
      for (int i = 0; i < kPerThread; ++i) {
        const std::string name = absl::StrCat("T", t, "-", i);
        EXPECT_TRUE(Register(ProfessionalEntry(name, name, 1 + i)).ok());
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(StateNow().players().size(),
            static_cast<size_t>(kThreads * kPerThread));
  EXPECT_EQ(LedgerSnapshot(), FreshFoldSnapshot());
}

}  // namespace
}  // namespace qiwang::ledger
