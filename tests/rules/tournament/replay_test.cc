// Replaying the log (DESIGN.md "Events", R9.5): the same events folded again
// give the same state, byte for byte.
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/rules/tournament/pre_event_fixture.h"

namespace qiwang::rules::tournament {
namespace {

using ::testing::HasSubstr;

class ReplayTest : public PreEventTest {
 protected:
  // Stations, registrations, a check-in, an excuse, the close with its
  // withdrawals and substitutes, and a late substitute.
  void PlayThePreEvent() {
    std::vector<v1::Person> chengdu = Ranking("C", 14);
    ASSERT_TRUE(
        RecordStation("chengdu", v1::STATION_KIND_CITY, 2016, 5, 14, chengdu)
            .ok());
    for (int i = 0; i < 4; ++i) ASSERT_TRUE(Register(Entry(chengdu[i])).ok());
    ASSERT_TRUE(CheckInWithUsualDocuments(1).ok());
    v1::ExcuseAbsenceRequest excuse;
    excuse.set_tournament_id(kTournament);
    excuse.set_player_id(2);
    excuse.set_note("ill, \"phoned\"");
    ASSERT_TRUE(Run(&DecideExcuse, excuse, kDuringCheckIn()).ok());
    ASSERT_TRUE(CloseCheckIn().ok());
  }
};

// Folding the same log twice gives byte-identical snapshots.
TEST_F(ReplayTest, SameEventsSameSnapshot) {
  PlayThePreEvent();
  TournamentState first;
  TournamentState second;
  for (const v1::Event& event : log_) {
    ASSERT_TRUE(first.Apply(event).ok());
    ASSERT_TRUE(second.Apply(event).ok());
  }
  EXPECT_EQ(first.Snapshot(), second.Snapshot());
  EXPECT_EQ(first.Snapshot(), state_.Snapshot());
  EXPECT_EQ(first.version(), log_.size());
  EXPECT_THAT(first.Snapshot(), HasSubstr("C 13"));
}

// The fold takes the stream in order only and changes nothing otherwise.
TEST_F(ReplayTest, RefusesEventsOutOfOrder) {
  PlayThePreEvent();
  TournamentState replayed;
  ASSERT_TRUE(replayed.Apply(log_[0]).ok());
  const std::string before = replayed.Snapshot();
  const absl::Status skipped = replayed.Apply(log_[2]);
  EXPECT_EQ(skipped.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(skipped.message(), HasSubstr("stream version 3"));
  EXPECT_EQ(replayed.Snapshot(), before);

  TournamentState empty;
  EXPECT_THAT(empty.Apply(log_[1]).message(), HasSubstr("stream version 2"));
}

}  // namespace
}  // namespace qiwang::rules::tournament
