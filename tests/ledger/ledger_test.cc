#include <set>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/events/event_from_record.h"
#include "tests/ledger/ledger_fixture.h"
#include "tests/rules/tournament/pre_event_fixture.h"

namespace qiwang::ledger {
namespace {

using ::testing::HasSubstr;

int64_t PlayerIdOf(const CommandOutcome& outcome) {
  for (const v1::Event& event : outcome.events) {
    if (event.has_player_registered()) {
      return event.player_registered().player_id();
    }
  }
  return 0;
}

std::vector<v1::Event> StreamEvents(const store::EventLog& log) {
  store::ReadRequest request;
  request.stream = kTournament;
  absl::StatusOr<std::vector<store::Record>> records = log.Read(request);
  std::vector<v1::Event> events;
  if (!records.ok()) {
    ADD_FAILURE() << records.status();
    return events;
  }
  for (const store::Record& record : *records) {
    events.push_back(events::EventFromRecord(record).value());
  }
  return events;
}

// A retry (same command id, same content) gets the original answer, even
// when other commands moved the tournament on in between, and writes nothing.
TEST_F(LedgerTest, RetryAnswersTheOriginalResultAfterTheStateMovedOn) {
  CreateTournament();
  const v1::RegisterPlayerRequest first = ProfessionalEntry("reg-a", "A", 1);
  absl::StatusOr<CommandOutcome> original = Register(first);
  ASSERT_TRUE(original.ok()) << original.status();
  ASSERT_TRUE(Register(ProfessionalEntry("reg-b", "B", 2)).ok());
  const uint64_t last = log_->LastPosition();

  absl::StatusOr<CommandOutcome> retry = Register(first);
  ASSERT_TRUE(retry.ok()) << retry.status();
  EXPECT_TRUE(retry->result.replayed());
  EXPECT_FALSE(original->result.replayed());
  EXPECT_EQ(retry->result.first_position(), original->result.first_position());
  EXPECT_EQ(retry->result.stream_version(), original->result.stream_version());
  EXPECT_EQ(PlayerIdOf(*retry), 1);
  EXPECT_EQ(log_->LastPosition(), last);
  EXPECT_EQ(StateNow().players().size(), 2u);
}

TEST_F(LedgerTest, SameCommandIdWithOtherContentIsAlreadyExists) {
  CreateTournament();
  ASSERT_TRUE(Register(ProfessionalEntry("reg-a", "A", 1)).ok());
  const uint64_t last = log_->LastPosition();
  absl::StatusOr<CommandOutcome> reused =
      Register(ProfessionalEntry("reg-a", "Other", 2));
  EXPECT_EQ(reused.status().code(), absl::StatusCode::kAlreadyExists);
  EXPECT_THAT(reused.status().message(), HasSubstr("reg-a"));
  EXPECT_EQ(log_->LastPosition(), last);
}

// R4.1: a refusal from the rules passes through unchanged and appends
// nothing.
TEST_F(LedgerTest, RefusedCommandAppendsNothing) {
  CreateTournament();
  ASSERT_TRUE(clock_->Set(rules::tournament::Beijing(2016, 9, 29, 9, 0)).ok());
  const uint64_t last = log_->LastPosition();
  absl::StatusOr<CommandOutcome> late =
      Register(ProfessionalEntry("late", "Late", 3));
  EXPECT_EQ(late.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(late.status().message(), HasSubstr("R4.1"));
  EXPECT_EQ(log_->LastPosition(), last);
  // The same command id may be used again once the entry is fixed.
  v1::RegisterPlayerRequest admitted = ProfessionalEntry("late", "Late", 3);
  admitted.set_late_admission(true);
  admitted.set_reason("paid on time, desk closed early");
  EXPECT_TRUE(Register(admitted, rules::Role::kChiefArbiter).ok());
}

TEST_F(LedgerTest, CommandIdIsRequired) {
  CreateTournament();
  const uint64_t last = log_->LastPosition();
  absl::StatusOr<CommandOutcome> anonymous =
      Register(ProfessionalEntry("", "A", 1));
  EXPECT_EQ(anonymous.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(anonymous.status().message(), HasSubstr("command_id"));
  EXPECT_EQ(log_->LastPosition(), last);
}

// R9.1: every event carries the acting user and role and the server time.
TEST_F(LedgerTest, EventsCarryTheCallerAndTheClocksTime) {
  CreateTournament();
  ASSERT_TRUE(Register(ProfessionalEntry("reg-a", "A", 1)).ok());
  const std::vector<v1::Event> events = StreamEvents(*log_);
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].actor().role(), "organiser");
  EXPECT_EQ(events[1].actor().user(), "tester");
  EXPECT_EQ(events[1].actor().role(), "registrar");
  EXPECT_EQ(events[1].server_time().seconds(),
            absl::ToUnixSeconds(rules::tournament::Beijing(2016, 9, 1, 10, 0)));
  EXPECT_EQ(events[1].command_id(), "reg-a");
}

// Commands to one tournament from 8 threads: each applied exactly once, with
// dense stream versions and distinct player ids.
TEST_F(LedgerTest, ConcurrentCommandsAreAppliedExactlyOnce) {
  CreateTournament();
  constexpr int kThreads = 8;
  constexpr int kPerThread = 5;
  std::vector<std::thread> threads;
  std::vector<absl::Status> statuses(kThreads * kPerThread);
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([this, t, &statuses] {
      for (int i = 0; i < kPerThread; ++i) {
        const int n = t * kPerThread + i;
        const std::string name = absl::StrCat("P", n);
        statuses[n] =
            Register(ProfessionalEntry(name, name, 1 + n % 28)).status();
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (const absl::Status& status : statuses)
    EXPECT_TRUE(status.ok()) << status;

  const std::vector<v1::Event> events = StreamEvents(*log_);
  ASSERT_EQ(events.size(), 1u + kThreads * kPerThread);
  std::set<int64_t> ids;
  for (size_t i = 0; i < events.size(); ++i) {
    EXPECT_EQ(events[i].stream_version(), i + 1);
    if (events[i].has_player_registered()) {
      ids.insert(events[i].player_registered().player_id());
    }
  }
  EXPECT_EQ(ids.size(), static_cast<size_t>(kThreads * kPerThread));
  EXPECT_EQ(StateNow().players().size(),
            static_cast<size_t>(kThreads * kPerThread));
}

// The same command sent from 8 threads at once (a client retrying while its
// first try is still in flight) is applied once; every try gets its answer.
TEST_F(LedgerTest, ConcurrentRetriesOfOneCommandApplyItOnce) {
  CreateTournament();
  const v1::RegisterPlayerRequest entry = ProfessionalEntry("reg-a", "A", 1);
  std::vector<absl::StatusOr<CommandOutcome>> outcomes(8);
  std::vector<std::thread> threads;
  for (auto& outcome : outcomes) {
    threads.emplace_back([&] { outcome = Register(entry); });
  }
  for (std::thread& thread : threads) thread.join();
  int originals = 0;
  for (const auto& outcome : outcomes) {
    ASSERT_TRUE(outcome.ok()) << outcome.status();
    EXPECT_EQ(PlayerIdOf(*outcome), 1);
    originals += outcome->result.replayed() ? 0 : 1;
  }
  EXPECT_EQ(originals, 1);
  EXPECT_EQ(StreamEvents(*log_).size(), 2u);
}

// Replaying the log gives the same state, byte for byte (DESIGN.md Events).
TEST_F(LedgerTest, FreshLedgerFoldsToTheSameSnapshot) {
  CreateTournament();
  for (int i = 1; i <= 5; ++i) {
    const std::string name = absl::StrCat("P", i);
    ASSERT_TRUE(Register(ProfessionalEntry(name, name, i)).ok());
  }
  const std::string before = StateNow().Snapshot();
  Ledger fresh(*log_, *clock_);
  absl::StatusOr<StateAt> replayed = fresh.Read(kTournament, {});
  ASSERT_TRUE(replayed.ok()) << replayed.status();
  EXPECT_EQ(replayed->state->Snapshot(), before);
}

// R7.5: a read as of a past position sees the tournament as it was then.
TEST_F(LedgerTest, ReadAtAPastPositionSeesThePast) {
  CreateTournament();
  absl::StatusOr<CommandOutcome> first =
      Register(ProfessionalEntry("reg-a", "A", 1));
  ASSERT_TRUE(first.ok());
  ASSERT_TRUE(Register(ProfessionalEntry("reg-b", "B", 2)).ok());
  v1::ReadOptions options;
  options.set_at_position(first->result.last_position());
  absl::StatusOr<StateAt> past = ledger_->Read(kTournament, options);
  ASSERT_TRUE(past.ok()) << past.status();
  EXPECT_EQ(past->state->players().size(), 1u);
  EXPECT_EQ(past->as_of_position, first->result.last_position());
  EXPECT_EQ(StateNow().players().size(), 2u);
}

// Read-your-writes: the position a write answered is read at once.
TEST_F(LedgerTest, ReadWithTheMinPositionOfAWriteSeesIt) {
  CreateTournament();
  absl::StatusOr<CommandOutcome> registered =
      Register(ProfessionalEntry("reg-a", "A", 1));
  ASSERT_TRUE(registered.ok()) << registered.status();
  v1::ReadOptions options;
  options.set_min_position(registered->result.last_position());
  absl::StatusOr<StateAt> read = ledger_->Read(kTournament, options);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->state->players().size(), 1u);
  EXPECT_GE(read->as_of_position, options.min_position());
}

// Reads between two writes share one copy of the state; a write makes the
// next read a new one, and a reader still holding the old copy keeps seeing
// the state it read (a page rendered mid-write shows one position).
TEST_F(LedgerTest, ReadsOfOnePositionShareOneStateAndAWriteLeavesItAlone) {
  CreateTournament();
  ASSERT_TRUE(Register(ProfessionalEntry("reg-a", "A", 1)).ok());
  absl::StatusOr<StateAt> first = ledger_->Read(kTournament, {});
  absl::StatusOr<StateAt> second = ledger_->Read(kTournament, {});
  ASSERT_TRUE(first.ok()) << first.status();
  ASSERT_TRUE(second.ok()) << second.status();
  EXPECT_EQ(first->state.get(), second->state.get());
  const std::string before = first->state->Snapshot();

  ASSERT_TRUE(Register(ProfessionalEntry("reg-b", "B", 2)).ok());
  absl::StatusOr<StateAt> after = ledger_->Read(kTournament, {});
  ASSERT_TRUE(after.ok()) << after.status();
  EXPECT_NE(after->state.get(), first->state.get());
  EXPECT_EQ(after->state->players().size(), 2u);
  EXPECT_EQ(first->state->players().size(), 1u);
  EXPECT_EQ(first->state->Snapshot(), before);
}

// Issue 24: a position no write has made yet is refused at once, naming the
// head, instead of holding the caller (the ledger writes the log, so waiting
// would only wait for somebody else's write).
TEST_F(LedgerTest, ReadBeyondTheHeadIsOutOfRangeAtOnce) {
  CreateTournament();
  const uint64_t head = log_->LastPosition();
  v1::ReadOptions options;
  options.set_min_position(99999999);
  absl::StatusOr<StateAt> read = ledger_->Read(kTournament, options);
  EXPECT_EQ(read.status().code(), absl::StatusCode::kOutOfRange);
  EXPECT_THAT(read.status().message(),
              HasSubstr(absl::StrCat("last position ", head)));
  EXPECT_THAT(read.status().message(), HasSubstr("read.min_position"));
  EXPECT_EQ(ledger_->Readiness(head).code(), absl::StatusCode::kOk);
  EXPECT_EQ(ledger_->Readiness(head + 1).code(), absl::StatusCode::kOutOfRange);
}

TEST_F(LedgerTest, ReadOfAnUnknownTournamentIsNotFound) {
  absl::StatusOr<StateAt> missing = ledger_->Read("nowhere", {});
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(missing.status().message(), HasSubstr("nowhere"));
}

TEST_F(LedgerTest, ManualClockNeverRunsBackwards) {
  const absl::Time now = clock_->Now();
  EXPECT_EQ(clock_->Set(now - absl::Seconds(1)).code(),
            absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(clock_->Now(), now);
  EXPECT_EQ(SystemClock().Set(now).code(),
            absl::StatusCode::kFailedPrecondition);
}

}  // namespace
}  // namespace qiwang::ledger
