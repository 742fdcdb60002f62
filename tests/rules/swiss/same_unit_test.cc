// N13.4 (2011 rules, 同单位回避): players of one unit are kept apart, as an
// absolute criterion in rounds 1..absolute_rounds and as the last cost
// criterion after them.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "services/rules/swiss/brute_force.h"
#include "services/rules/swiss/checker.h"
#include "services/rules/swiss/swiss_pairer.h"
#include "tests/rules/swiss/history_builder.h"

namespace qiwang::rules::swiss {
namespace {

using ::testing::ElementsAre;
using ::testing::Field;
using ::testing::HasSubstr;
using ::testing::UnorderedElementsAre;

std::vector<PlayerRecord> WithUnits(std::vector<PlayerRecord> players,
                                    const std::vector<std::string>& units) {
  for (size_t i = 0; i < players.size(); ++i) players[i].unit = units[i];
  return players;
}

SwissConfig Avoiding(int absolute_rounds, bool weak = false) {
  SwissConfig config;
  config.same_unit.absolute_rounds = absolute_rounds;
  config.same_unit.weak_in_later_rounds = weak;
  return config;
}

std::vector<std::pair<PlayerId, PlayerId>> Pairs(const RoundPairing& pairing) {
  std::vector<std::pair<PlayerId, PlayerId>> pairs;
  for (const Board& board : pairing.boards) {
    pairs.push_back(std::minmax(board.red, board.black));
  }
  return pairs;
}

// Two clubs, A = {1, 2, 5, 6} and B = {3, 4, 7, 8}: top half against bottom
// half (1-5, 2-6, 3-7, 4-8) pairs every board inside one club.
const std::vector<std::string> kTwoClubs = {"A", "A", "B", "B",
                                            "A", "A", "B", "B"};

TEST(SameUnit, N13_4_Round1WithoutAvoidanceIsTopHalfAgainstBottomHalf) {
  const std::vector<PlayerRecord> players =
      WithUnits(HistoryBuilder(8).players(), kTwoClubs);
  const absl::StatusOr<PairedRound> paired =
      PairSwissRound(players, 1, SwissConfig{});
  ASSERT_TRUE(paired.ok()) << paired.status();
  EXPECT_THAT(Pairs(paired->pairing),
              ElementsAre(std::pair(1, 5), std::pair(2, 6), std::pair(3, 7),
                          std::pair(4, 8)));
}

// N13.4 absolute in round 1: every board crosses the clubs; among such
// pairings the one nearest top-half-vs-bottom-half (each board one place
// off: total 4) is chosen, which is also the brute force's minimum.
TEST(SameUnit, N13_4_Round1KeepsTwoClubsApart) {
  const std::vector<PlayerRecord> players =
      WithUnits(HistoryBuilder(8).players(), kTwoClubs);
  const absl::StatusOr<PairedRound> paired =
      PairSwissRound(players, 1, Avoiding(3));
  ASSERT_TRUE(paired.ok()) << paired.status();
  EXPECT_THAT(Pairs(paired->pairing),
              UnorderedElementsAre(std::pair(1, 4), std::pair(2, 7),
                                   std::pair(3, 6), std::pair(5, 8)));
  EXPECT_EQ(paired->cost.half_distance, 4);
  const absl::StatusOr<std::optional<PairedRound>> best =
      BruteForcePairing(players, 1, Avoiding(3));
  ASSERT_TRUE(best.ok() && best->has_value());
  EXPECT_EQ(paired->cost, (*best)->cost);
}

// N13.4: when every player is of one unit, no pairing satisfies the absolute
// criteria; as with R6.3 the engine pairs nothing and says why (the pairing
// officer may then pair by hand with a logged override, R6.6).
TEST(SameUnit, N13_4_OneUnitOnlyPairsNothingAndSaysWhy) {
  const std::vector<PlayerRecord> players =
      WithUnits(HistoryBuilder(4).players(), {"A", "A", "A", "A"});
  const absl::StatusOr<PairedRound> paired =
      PairSwissRound(players, 1, Avoiding(1));
  EXPECT_EQ(paired.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(paired.status().message(),
              HasSubstr("R6.3: no legal pairing: with no rematch"));
  EXPECT_THAT(paired.status().message(),
              HasSubstr("no two players of one unit in round 1 (N13.4)"));
  EXPECT_THAT(paired.status().message(), HasSubstr("player 1"));
}

// N13.4: an empty unit is no unit; nobody is kept apart.
TEST(SameUnit, N13_4_EmptyUnitsAreNeverTheSame) {
  const std::vector<PlayerRecord> players =
      WithUnits(HistoryBuilder(4).players(), {"", "", "", ""});
  const absl::StatusOr<PairedRound> paired =
      PairSwissRound(players, 1, Avoiding(1));
  ASSERT_TRUE(paired.ok()) << paired.status();
  EXPECT_THAT(Pairs(paired->pairing),
              ElementsAre(std::pair(1, 3), std::pair(2, 4)));
}

// After round 1, 1 and 2 lead with a win each and are of one unit: in
// round 2 they meet unless round 2 is one of the absolute rounds.
std::vector<PlayerRecord> TwoLeadersOfOneClub() {
  HistoryBuilder history(4);
  history.Game(1, 3, Outcome::kWin).Game(4, 2, Outcome::kLoss).EndRound();
  return WithUnits(history.players(), {"A", "A", "B", "C"});
}

TEST(SameUnit, N13_4_AbsoluteOnlyInItsRounds) {
  const absl::StatusOr<PairedRound> after =
      PairSwissRound(TwoLeadersOfOneClub(), 2, Avoiding(1));
  ASSERT_TRUE(after.ok()) << after.status();
  EXPECT_THAT(Pairs(after->pairing),
              ElementsAre(std::pair(1, 2), std::pair(3, 4)));

  const absl::StatusOr<PairedRound> within =
      PairSwissRound(TwoLeadersOfOneClub(), 2, Avoiding(2));
  ASSERT_TRUE(within.ok()) << within.status();
  EXPECT_THAT(Pairs(within->pairing),
              ElementsAre(std::pair(1, 4), std::pair(2, 3)));
  EXPECT_GT(within->cost.score_gaps[0], 0);  // absolute: before R6.5
}

// Round 1 drew 1-4, 5-2, 3-6 (red first). In round 2 (one score group)
// exactly two pairings give everyone the other colour at equal distance
// from top-half-vs-bottom-half: {1-2, 3-4, 5-6} and {1-6, 2-3, 4-5}. The
// weak criterion picks the one without a board of one unit, whichever it is.
std::vector<PlayerRecord> TwoEqualPairings(const std::vector<std::string>& u) {
  HistoryBuilder history(6);
  history.Game(1, 4, Outcome::kDraw)
      .Game(5, 2, Outcome::kDraw)
      .Game(3, 6, Outcome::kDraw)
      .EndRound();
  return WithUnits(history.players(), u);
}

TEST(SameUnit, N13_4_WeakCriterionDecidesBetweenEqualPairings) {
  const absl::StatusOr<PairedRound> one_two = PairSwissRound(
      TwoEqualPairings({"A", "A", "", "", "", ""}), 2, Avoiding(1, true));
  ASSERT_TRUE(one_two.ok()) << one_two.status();
  EXPECT_THAT(Pairs(one_two->pairing),
              ElementsAre(std::pair(1, 6), std::pair(2, 3), std::pair(4, 5)));
  EXPECT_EQ(one_two->cost.same_unit_boards, 0);

  const absl::StatusOr<PairedRound> one_six = PairSwissRound(
      TwoEqualPairings({"A", "", "", "", "", "A"}), 2, Avoiding(1, true));
  ASSERT_TRUE(one_six.ok()) << one_six.status();
  EXPECT_THAT(Pairs(one_six->pairing),
              ElementsAre(std::pair(1, 2), std::pair(3, 4), std::pair(5, 6)));
  EXPECT_EQ(one_six->cost.same_unit_boards, 0);
}

// N13.4 weak: never before R6.5's criteria. With 1, 2 and 6 of one unit,
// both colour-perfect pairings have a board of that unit, and every pairing
// without one repeats a colour: the board of one unit stays.
TEST(SameUnit, N13_4_WeakCriterionComesAfterColours) {
  const absl::StatusOr<PairedRound> paired = PairSwissRound(
      TwoEqualPairings({"A", "A", "", "", "", "A"}), 2, Avoiding(1, true));
  ASSERT_TRUE(paired.ok()) << paired.status();
  EXPECT_EQ(paired->cost.colour_repeats, 0);
  EXPECT_EQ(paired->cost.same_unit_boards, 1);
}

// N13.4, R6.6: a hand-made pairing that seats one unit's players together
// in an absolute round is reported, naming both players and the unit.
TEST(SameUnit, N13_4_CheckerReportsABoardOfOneUnit) {
  const std::vector<PlayerRecord> players =
      WithUnits(HistoryBuilder(4).players(), {"A", "B", "A", "B"});
  const absl::StatusOr<PairingCheck> check =
      CheckPairing(players, 1, Avoiding(1), {{{1, 3}, {2, 4}}, kNoPlayer});
  ASSERT_TRUE(check.ok()) << check.status();
  ASSERT_EQ(check->violations.size(), 2u);
  EXPECT_THAT(check->violations, ElementsAre(Field(&Violation::rule, "N13.4"),
                                             Field(&Violation::rule, "N13.4")));
  EXPECT_EQ(check->violations[0].message,
            "N13.4: players 1 and 3 represent one unit (A) and may not meet "
            "in round 1");
  EXPECT_THAT(check->violations[1].players, ElementsAre(2, 4));
}

}  // namespace
}  // namespace qiwang::rules::swiss
