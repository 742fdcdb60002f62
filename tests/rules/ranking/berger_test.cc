// The Berger schedules against the tables FIDE publishes (Handbook C.05,
// Annex 1, "Berger Tables for Round-Robin Tournaments"), typed in below as
// printed there: "a-b" means a has white (red here, R5.4) against b. With an
// odd number of players the highest number counts as a bye.
#include "services/rules/roundrobin/berger.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace qiwang::rules {
namespace {

using ::testing::ElementsAreArray;

// FIDE Handbook C.05 Annex 1, one string per round, for 4..16 players.
const std::map<int, std::vector<std::string>>& PublishedTables() {
  static const auto* tables = new std::map<int, std::vector<std::string>>{
      {4, {"1-4, 2-3", "4-3, 1-2", "2-4, 3-1"}},
      {6,
       {"1-6, 2-5, 3-4", "6-4, 5-3, 1-2", "2-6, 3-1, 4-5", "6-5, 1-4, 2-3",
        "3-6, 4-2, 5-1"}},
      {8,
       {"1-8, 2-7, 3-6, 4-5", "8-5, 6-4, 7-3, 1-2", "2-8, 3-1, 4-7, 5-6",
        "8-6, 7-5, 1-4, 2-3", "3-8, 4-2, 5-1, 6-7", "8-7, 1-6, 2-5, 3-4",
        "4-8, 5-3, 6-2, 7-1"}},
      {10,
       {"1-10, 2-9, 3-8, 4-7, 5-6", "10-6, 7-5, 8-4, 9-3, 1-2",
        "2-10, 3-1, 4-9, 5-8, 6-7", "10-7, 8-6, 9-5, 1-4, 2-3",
        "3-10, 4-2, 5-1, 6-9, 7-8", "10-8, 9-7, 1-6, 2-5, 3-4",
        "4-10, 5-3, 6-2, 7-1, 8-9", "10-9, 1-8, 2-7, 3-6, 4-5",
        "5-10, 6-4, 7-3, 8-2, 9-1"}},
      {12,
       {"1-12, 2-11, 3-10, 4-9, 5-8, 6-7", "12-7, 8-6, 9-5, 10-4, 11-3, 1-2",
        "2-12, 3-1, 4-11, 5-10, 6-9, 7-8", "12-8, 9-7, 10-6, 11-5, 1-4, 2-3",
        "3-12, 4-2, 5-1, 6-11, 7-10, 8-9", "12-9, 10-8, 11-7, 1-6, 2-5, 3-4",
        "4-12, 5-3, 6-2, 7-1, 8-11, 9-10", "12-10, 11-9, 1-8, 2-7, 3-6, 4-5",
        "5-12, 6-4, 7-3, 8-2, 9-1, 10-11", "12-11, 1-10, 2-9, 3-8, 4-7, 5-6",
        "6-12, 7-5, 8-4, 9-3, 10-2, 11-1"}},
      {14,
       {"1-14, 2-13, 3-12, 4-11, 5-10, 6-9, 7-8",
        "14-8, 9-7, 10-6, 11-5, 12-4, 13-3, 1-2",
        "2-14, 3-1, 4-13, 5-12, 6-11, 7-10, 8-9",
        "14-9, 10-8, 11-7, 12-6, 13-5, 1-4, 2-3",
        "3-14, 4-2, 5-1, 6-13, 7-12, 8-11, 9-10",
        "14-10, 11-9, 12-8, 13-7, 1-6, 2-5, 3-4",
        "4-14, 5-3, 6-2, 7-1, 8-13, 9-12, 10-11",
        "14-11, 12-10, 13-9, 1-8, 2-7, 3-6, 4-5",
        "5-14, 6-4, 7-3, 8-2, 9-1, 10-13, 11-12",
        "14-12, 13-11, 1-10, 2-9, 3-8, 4-7, 5-6",
        "6-14, 7-5, 8-4, 9-3, 10-2, 11-1, 12-13",
        "14-13, 1-12, 2-11, 3-10, 4-9, 5-8, 6-7",
        "7-14, 8-6, 9-5, 10-4, 11-3, 12-2, 13-1"}},
      {16,
       {"1-16, 2-15, 3-14, 4-13, 5-12, 6-11, 7-10, 8-9",
        "16-9, 10-8, 11-7, 12-6, 13-5, 14-4, 15-3, 1-2",
        "2-16, 3-1, 4-15, 5-14, 6-13, 7-12, 8-11, 9-10",
        "16-10, 11-9, 12-8, 13-7, 14-6, 15-5, 1-4, 2-3",
        "3-16, 4-2, 5-1, 6-15, 7-14, 8-13, 9-12, 10-11",
        "16-11, 12-10, 13-9, 14-8, 15-7, 1-6, 2-5, 3-4",
        "4-16, 5-3, 6-2, 7-1, 8-15, 9-14, 10-13, 11-12",
        "16-12, 13-11, 14-10, 15-9, 1-8, 2-7, 3-6, 4-5",
        "5-16, 6-4, 7-3, 8-2, 9-1, 10-15, 11-14, 12-13",
        "16-13, 14-12, 15-11, 1-10, 2-9, 3-8, 4-7, 5-6",
        "6-16, 7-5, 8-4, 9-3, 10-2, 11-1, 12-15, 13-14",
        "16-14, 15-13, 1-12, 2-11, 3-10, 4-9, 5-8, 6-7",
        "7-16, 8-6, 9-5, 10-4, 11-3, 12-2, 13-1, 14-15",
        "16-15, 1-14, 2-13, 3-12, 4-11, 5-10, 6-9, 7-8",
        "8-16, 9-7, 10-6, 11-5, 12-4, 13-3, 14-2, 15-1"}},
  };
  return *tables;
}

std::vector<BergerBoard> ParseRound(const std::string& text) {
  std::vector<BergerBoard> boards;
  for (absl::string_view game : absl::StrSplit(text, ", ")) {
    std::pair<std::string, std::string> sides = absl::StrSplit(game, '-');
    BergerBoard board;
    EXPECT_TRUE(absl::SimpleAtoi(sides.first, &board.red)) << game;
    EXPECT_TRUE(absl::SimpleAtoi(sides.second, &board.black)) << game;
    boards.push_back(board);
  }
  return boards;
}

// The published round with `dummy` (the bye slot) taken off the boards.
BergerRound ExpectedRound(const std::string& text, int dummy) {
  BergerRound round{.boards = ParseRound(text)};
  auto with_dummy = std::find_if(
      round.boards.begin(), round.boards.end(),
      [&](const BergerBoard& b) { return b.red == dummy || b.black == dummy; });
  if (with_dummy == round.boards.end()) return round;
  round.bye = with_dummy->red + with_dummy->black - dummy;
  round.boards.erase(with_dummy);
  return round;
}

// R6: 3..16 players play the published tables round by round, board by
// board and colour by colour. An odd count n "adds a bye slot": it uses the
// table for n + 1 and whoever meets n + 1 sits out.
TEST(BergerTest, ThreeToSixteenPlayersEqualTheFideTables) {
  for (int players = 3; players <= 16; ++players) {
    SCOPED_TRACE(players);
    const int table_size = players + players % 2;
    const int dummy = players % 2 == 1 ? table_size : 0;
    const std::vector<std::string>& rounds = PublishedTables().at(table_size);
    absl::StatusOr<std::vector<BergerRound>> schedule = BergerSchedule(players);
    ASSERT_TRUE(schedule.ok()) << schedule.status();
    ASSERT_EQ(schedule->size(), rounds.size());
    for (size_t r = 0; r < rounds.size(); ++r) {
      SCOPED_TRACE(r + 1);
      const BergerRound expected = ExpectedRound(rounds[r], dummy);
      EXPECT_THAT((*schedule)[r].boards, ElementsAreArray(expected.boards));
      EXPECT_EQ((*schedule)[r].bye, expected.bye);
    }
  }
}

// R2.1, R6: beyond the published sizes (17..20) the construction keeps the
// table's properties: everyone meets everyone exactly once, one bye each for
// an odd count, red and black counts differ by at most one, and the highest
// number alternates colours (black in odd rounds).
TEST(BergerTest, LargerTablesMeetEveryoneOnceWithBalancedColours) {
  for (int players = 17; players <= kMaxRoundRobinPlayers; ++players) {
    SCOPED_TRACE(players);
    absl::StatusOr<std::vector<BergerRound>> schedule = BergerSchedule(players);
    ASSERT_TRUE(schedule.ok()) << schedule.status();
    const int table_size = players + players % 2;
    EXPECT_EQ(static_cast<int>(schedule->size()), table_size - 1);
    std::set<std::pair<int, int>> met;
    std::map<int, int> reds, blacks, byes;
    for (size_t r = 0; r < schedule->size(); ++r) {
      const BergerRound& round = (*schedule)[r];
      if (round.bye != 0) ++byes[round.bye];
      for (const BergerBoard& board : round.boards) {
        EXPECT_TRUE(met.insert(std::minmax(board.red, board.black)).second)
            << board.red << "-" << board.black << " twice";
        ++reds[board.red];
        ++blacks[board.black];
        if (board.red == table_size) {
          EXPECT_EQ(r % 2, 1u) << "round " << r + 1;
        }
        if (board.black == table_size) {
          EXPECT_EQ(r % 2, 0u) << "round " << r + 1;
        }
      }
    }
    EXPECT_EQ(static_cast<int>(met.size()), players * (players - 1) / 2);
    for (int p = 1; p <= players; ++p) {
      EXPECT_LE(std::abs(reds[p] - blacks[p]), 1) << "player " << p;
      EXPECT_EQ(byes[p], players % 2) << "player " << p;
    }
  }
}

// R2.1: a double round robin repeats the table with colours reversed and, as
// FIDE recommends, plays the first cycle's last two rounds swapped.
TEST(BergerTest, DoubleRoundRobinReversesColoursInTheSecondCycle) {
  absl::StatusOr<std::vector<BergerRound>> schedule =
      BergerSchedule(6, {.cycles = 2});
  ASSERT_TRUE(schedule.ok()) << schedule.status();
  const std::vector<std::string>& table = PublishedTables().at(6);
  ASSERT_EQ(schedule->size(), 10u);
  const std::vector<int> first_cycle_order = {0, 1, 2, 4, 3};
  for (int i = 0; i < 5; ++i) {
    EXPECT_THAT((*schedule)[i].boards,
                ElementsAreArray(ParseRound(table[first_cycle_order[i]])));
    std::vector<BergerBoard> reversed = ParseRound(table[i]);
    for (BergerBoard& board : reversed) std::swap(board.red, board.black);
    EXPECT_THAT((*schedule)[5 + i].boards, ElementsAreArray(reversed));
  }
}

// R2.1: without the swap the first cycle is the plain table.
TEST(BergerTest, DoubleRoundRobinCanKeepThePublishedOrder) {
  absl::StatusOr<std::vector<BergerRound>> schedule = BergerSchedule(
      4, {.cycles = 2, .swap_last_two_rounds_of_first_cycle = false});
  ASSERT_TRUE(schedule.ok()) << schedule.status();
  EXPECT_THAT((*schedule)[2].boards, ElementsAreArray(ParseRound("2-4, 3-1")));
  EXPECT_THAT((*schedule)[3].boards, ElementsAreArray(ParseRound("4-1, 3-2")));
}

// R2.1: sizes and cycle counts outside the tables are refused by name.
TEST(BergerTest, RefusesCountsOutsideTheTables) {
  EXPECT_EQ(BergerSchedule(2).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(BergerSchedule(21).status().code(),
            absl::StatusCode::kInvalidArgument);
  absl::Status cycles = BergerSchedule(6, {.cycles = 3}).status();
  EXPECT_EQ(cycles.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(cycles.message(), ::testing::HasSubstr("cycles"));
}

}  // namespace
}  // namespace qiwang::rules
