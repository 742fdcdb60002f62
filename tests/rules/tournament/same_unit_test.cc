// N13.4 (2011 rules, 同单位回避) in a tournament: the unit a player
// registers with (else their qualifying station) reaches the Swiss engine,
// and the section's same_unit_avoidance keeps one unit's players apart.
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/rules/tournament/section_records.h"
#include "tests/rules/tournament/play_fixture.h"

namespace qiwang::rules::tournament {
namespace {

using ::testing::HasSubstr;

class SameUnitTest : public PlayTest {
 protected:
  void AvoidInFirstRounds(int rounds) {
    AmendSection(kOpen, [rounds](v1::Section& section) {
      section.mutable_same_unit_avoidance()->set_absolute_rounds(rounds);
      section.mutable_same_unit_avoidance()->set_weak_in_later_rounds(true);
    });
  }

  // Boards of round 1 whose players qualified at the same station.
  int BoardsOfOneStation() const {
    int boards = 0;
    for (const BoardEntry& entry : Play(kOpen).FindRound(1)->boards) {
      boards += StationOf(entry.board.red_player_id()) ==
                StationOf(entry.board.black_player_id());
    }
    return boards;
  }

  const std::string& StationOf(int64_t player_id) const {
    return state_.FindPlayer(player_id)->registration.qualifying_station_id();
  }

  v1::RegisterPlayerRequest OpenEntry(const std::string& unit) {
    const std::vector<v1::Person> ranking = Ranking("U", 1);
    EXPECT_TRUE(
        RecordStation("city-u", v1::STATION_KIND_CITY, 2016, 5, 1, ranking)
            .ok());
    v1::RegisterPlayerRequest entry = Entry(ranking[0], kOpen);
    entry.set_unit(unit);
    return entry;
  }
};

// N13.4: the registered unit is kept in PlayerRegistered and is the
// player's unit for pairing; without one, the qualifying station is.
TEST_F(SameUnitTest, N13_4_RegistrationKeepsTheUnit) {
  const std::vector<v1::Person> ranking = Ranking("U", 2);
  ASSERT_TRUE(
      RecordStation("city-u", v1::STATION_KIND_CITY, 2016, 5, 1, ranking).ok());
  v1::RegisterPlayerRequest with_unit = Entry(ranking[0], kOpen);
  with_unit.set_unit("成都棋院");
  absl::StatusOr<Events> events =
      Run(&DecideRegister, with_unit, kBeforeDeadline(), Role::kRegistrar);
  ASSERT_TRUE(events.ok()) << events.status();
  EXPECT_EQ(events->front().player_registered().unit(), "成都棋院");
  absl::StatusOr<int64_t> without_unit = Register(Entry(ranking[1], kOpen));
  ASSERT_TRUE(without_unit.ok()) << without_unit.status();
  for (int64_t id : {int64_t{1}, *without_unit}) {
    ASSERT_TRUE(CheckInWithUsualDocuments(id).ok());
  }

  absl::StatusOr<std::vector<PlayerRecord>> records =
      SectionRecords(state_, kOpen);
  ASSERT_TRUE(records.ok()) << records.status();
  ASSERT_EQ(records->size(), 2u);
  EXPECT_EQ((*records)[0].unit, "成都棋院");
  EXPECT_EQ((*records)[1].unit, "city-u");
}

// N13.4: a unit longer than a name may be, or holding a control
// character, is refused naming the field, and nothing is registered.
TEST_F(SameUnitTest, N13_4_RefusesAnOverLongOrControlCharacterUnit) {
  const v1::RegisterPlayerRequest long_unit = OpenEntry(std::string(201, 'x'));
  const int64_t version = state_.version();
  absl::StatusOr<int64_t> refused = Register(long_unit);
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(refused.status().message(), "unit: 201 bytes, at most 200");

  v1::RegisterPlayerRequest two_lines = long_unit;
  two_lines.set_unit("成都\n棋院");
  refused = Register(two_lines);
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(refused.status().message(),
            "unit: control character 0x0a at byte 6");
  EXPECT_EQ(state_.version(), version);
  EXPECT_TRUE(state_.players().empty());
}

// Two stations of 12 (the units): without avoidance, round 1 by lots puts
// players of one station on some boards (the control for the next test).
TEST_F(SameUnitTest, N13_4_WithoutAvoidanceStationsMeetInRound1) {
  EnterOpenMen(24);
  ASSERT_TRUE(CloseCheckIn().ok());
  ASSERT_TRUE(PairNext(kOpen).ok());
  EXPECT_GT(BoardsOfOneStation(), 0);
}

// N13.4 absolute in rounds 1-3: the same lots, no board of one station.
TEST_F(SameUnitTest, N13_4_Round1KeepsTwoStationsApart) {
  AvoidInFirstRounds(3);
  EnterOpenMen(24);
  ASSERT_TRUE(CloseCheckIn().ok());
  absl::StatusOr<Events> paired = PairNext(kOpen);
  ASSERT_TRUE(paired.ok()) << paired.status();
  EXPECT_EQ(Play(kOpen).FindRound(1)->boards.size(), 12u);
  EXPECT_EQ(BoardsOfOneStation(), 0);
}

// N13.4: a field of one station cannot be paired in an absolute round; the
// proposal is refused naming the clause and nothing is published.
TEST_F(SameUnitTest, N13_4_OneStationOnlyPairsNothing) {
  AvoidInFirstRounds(1);
  EnterOpenMen(12);
  ASSERT_TRUE(CloseCheckIn().ok());
  absl::StatusOr<ProposedRound> proposed = ProposeNextRound(state_, kOpen, 7);
  EXPECT_EQ(proposed.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(proposed.status().message(),
              HasSubstr("section 'open-men' round 1: R6.3: no legal pairing"));
  EXPECT_THAT(proposed.status().message(),
              HasSubstr("no two players of one unit in round 1 (N13.4)"));
  EXPECT_EQ(Play(kOpen).rounds_published(), 0);
}

}  // namespace
}  // namespace qiwang::rules::tournament
