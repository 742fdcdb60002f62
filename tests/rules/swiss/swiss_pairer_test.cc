#include "services/rules/swiss/swiss_pairer.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/rules/swiss/history_builder.h"

namespace qiwang::rules::swiss {
namespace {

using ::testing::ElementsAre;
using ::testing::FieldsAre;
using ::testing::HasSubstr;

PairedRound Pair(const std::vector<PlayerRecord>& players, int round,
                 uint64_t colour_seed = 0) {
  SwissConfig config;
  config.colour_seed = colour_seed;
  absl::StatusOr<PairedRound> paired = PairSwissRound(players, round, config);
  EXPECT_TRUE(paired.ok()) << paired.status();
  return paired.ok() ? *paired : PairedRound{};
}

// R6.1: top half meets bottom half, colours alternate by board from the
// seeded colour of board 1.
TEST(SwissRoundOne, EvenCountTopHalfMeetsBottomHalf) {
  const PairedRound round = Pair(HistoryBuilder(6).players(), 1);
  EXPECT_THAT(round.pairing.boards,
              ElementsAre(FieldsAre(1, 4), FieldsAre(5, 2), FieldsAre(3, 6)));
  EXPECT_EQ(round.pairing.bye, kNoPlayer);
}

// R6.1, R6.4: odd count, the last player has the bye; seed 1 gives black
// to the higher player on board 1.
TEST(SwissRoundOne, OddCountByeToLastAndSeededColour) {
  const PairedRound round = Pair(HistoryBuilder(5).players(), 1, 1);
  EXPECT_THAT(round.pairing.boards,
              ElementsAre(FieldsAre(3, 1), FieldsAre(2, 4)));
  EXPECT_EQ(round.pairing.bye, 5);
}

// R4.4: a withdrawn player is not paired.
TEST(SwissRoundOne, WithdrawnPlayerSkipped) {
  const PairedRound round = Pair(HistoryBuilder(5).Withdraw(3).players(), 1);
  EXPECT_THAT(round.pairing.boards,
              ElementsAre(FieldsAre(1, 4), FieldsAre(5, 2)));
  EXPECT_EQ(round.pairing.bye, kNoPlayer);
}

// R6.3 no rematch: the top-half partners have all met, so the pairing
// moves to the best pair of fresh opponents, colours alternating.
TEST(SwissAbsoluteRules, NoRematchForcesOtherPartners) {
  HistoryBuilder history(4);
  history.Game(1, 3, Outcome::kDraw).Game(4, 2, Outcome::kDraw).EndRound();
  const PairedRound round = Pair(history.players(), 2);
  EXPECT_THAT(round.pairing.boards,
              ElementsAre(FieldsAre(2, 1), FieldsAre(3, 4)));
}

// R6.3 no third colour in a row: 1 had red twice and 2 black twice, so the
// only fresh pairs get the colours the rule forces.
TEST(SwissAbsoluteRules, NoThirdColourInARow) {
  HistoryBuilder history(4);
  history.Game(1, 2, Outcome::kDraw).Game(3, 4, Outcome::kDraw).EndRound();
  history.Game(1, 3, Outcome::kDraw).Game(4, 2, Outcome::kDraw).EndRound();
  const PairedRound round = Pair(history.players(), 3);
  EXPECT_THAT(round.pairing.boards,
              ElementsAre(FieldsAre(4, 1), FieldsAre(2, 3)));
}

// R6.3 no second bye, R6.4 the bye to the lowest player without one: 2 and
// 3 have had byes, so 1 has it although 2 is ordered lower.
TEST(SwissAbsoluteRules, NoSecondBye) {
  HistoryBuilder history(3);
  history.Game(1, 2, Outcome::kWin).Bye(3).EndRound();
  history.Game(3, 1, Outcome::kWin).Bye(2).EndRound();
  const PairedRound round = Pair(history.players(), 3);
  EXPECT_EQ(round.pairing.bye, 1);
  EXPECT_EQ(round.pairing.boards.size(), 1u);
}

// R6.4: the bye goes to the lowest-ordered player who has not had one.
TEST(SwissBye, LowestWithoutByeGetsIt) {
  HistoryBuilder history(5);
  history.Game(1, 3, Outcome::kWin)
      .Game(4, 2, Outcome::kDraw)
      .Bye(5)
      .EndRound();
  const PairedRound round = Pair(history.players(), 2);
  EXPECT_EQ(round.pairing.bye, 3);  // order 1, 5, 2, 4, 3
  EXPECT_EQ(round.cost.bye_rank, 0);
}

// R6.5: the top group {1, 2, 6} is odd, one player floats to {3, 4, 5}.
// Every choice costs the same score gap; colours decide next: 2 floats (to
// 3) because 1-6 and 4-5 then all alternate colours.
TEST(SwissPreferences, FloaterChosenByColourAfterScore) {
  HistoryBuilder history(6);
  history.Game(1, 4, Outcome::kWin)
      .Game(5, 2, Outcome::kLoss)
      .Game(3, 6, Outcome::kLoss)
      .EndRound();
  const PairedRound round = Pair(history.players(), 2);
  EXPECT_THAT(round.pairing.boards,
              ElementsAre(FieldsAre(6, 1), FieldsAre(2, 3), FieldsAre(4, 5)));
  EXPECT_THAT(round.cost.score_gaps, ElementsAre(2, 0));
  EXPECT_EQ(round.cost.colour_repeats, 0);
  EXPECT_EQ(round.cost.half_distance, 1);
}

// R6.5 from the top down: a lone leader floats to the nearest score, not
// further, even when that costs colour preferences below.
TEST(SwissPreferences, LeaderFloatsToNextScoreGroup) {
  HistoryBuilder history(4);
  history.Game(1, 3, Outcome::kWin).Game(2, 4, Outcome::kDraw).EndRound();
  const PairedRound round = Pair(history.players(), 2);
  // 1 (2 points) must meet 2 or 4 (1 point), never 3 (0): met anyway, and
  // the gap 1 is the minimum.
  EXPECT_THAT(round.cost.score_gaps, ElementsAre(1, 1, 0));
}

// R6.3/R6.5: no pairing satisfies the absolute rules -> nothing is paired.
TEST(SwissNoLegalPairing, EveryoneHasMet) {
  HistoryBuilder history(4);
  history.Game(1, 2, Outcome::kDraw).Game(3, 4, Outcome::kDraw).EndRound();
  history.Game(3, 1, Outcome::kDraw).Game(2, 4, Outcome::kDraw).EndRound();
  history.Game(1, 4, Outcome::kDraw).Game(3, 2, Outcome::kDraw).EndRound();
  const absl::StatusOr<PairedRound> round =
      PairSwissRound(history.players(), 4, SwissConfig{});
  EXPECT_EQ(round.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(round.status().message(), HasSubstr("R6.3: no legal pairing"));
  EXPECT_THAT(round.status().message(), HasSubstr("player "));
}

// Bad input is refused with the field named.
TEST(SwissInput, MalformedRecordsRefused) {
  HistoryBuilder history(4);
  EXPECT_THAT(PairSwissRound(history.players(), 0, {}).status().message(),
              HasSubstr("round"));
  std::vector<PlayerRecord> twice = history.players();
  twice[1].pairing_number = 1;
  EXPECT_THAT(PairSwissRound(twice, 1, {}).status().message(),
              HasSubstr("pairing_number"));
  EXPECT_THAT(PairSwissRound(history.players(), 2, {}).status().message(),
              HasSubstr("expected 1"));
}

}  // namespace
}  // namespace qiwang::rules::swiss
