// 2011 rules 13.3: scales beyond 2/1/0, a draw worth more to Black than to
// Red among them, as the score, 对手分 and 累进分 read them.
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/rules/ranking/ranking.h"
#include "tests/rules/ranking/crosstable.h"
#include "tests/rules/ranking/standings_util.h"

namespace qiwang::rules::test_support {
namespace {

using ::testing::ElementsAre;

// Four players, two rounds (red first):
//   R1: 1-2 draw, 3-4 3 wins   R2: 4-2 draw, 1-3 1 wins
// So 1: red draw, win; 2: two draws as black; 3: win, loss as black;
// 4: loss as black, draw as red.
std::vector<PlayerRecord> TwoRounds() {
  Crosstable table(4, 2);
  table.Game(1, 1, 2, Result::kDraw)
      .Game(1, 3, 4, Result::kRedWins)
      .Game(2, 4, 2, Result::kDraw)
      .Game(2, 1, 3, Result::kRedWins);
  return table.Records();
}

Scoring ThreeOneZero() {
  Scoring scoring;
  scoring.win = 3;
  scoring.forfeit_win = 3;
  scoring.bye = 3;
  return scoring;
}

// 2011 rules 13.3: win 3, draw 1 for Red and 2 for Black, loss 0.
Scoring ColourScale() {
  Scoring scoring = ThreeOneZero();
  scoring.draw_as_red = 1;
  scoring.draw_as_black = 2;
  return scoring;
}

// 2011 rules 13.3 on ColourScale():
//   scores 1: 1 + 3 = 4   2: 2 + 2 = 4   3: 3 + 0 = 3   4: 0 + 1 = 1
//   对手分 1: 2 (4) + 3 (3) = 7   2: 1 (4) + 4 (1) = 5
//          3: 4 (1) + 1 (4) = 5   4: 3 (3) + 2 (4) = 7
// 1 and 2 tie on 4; 1's opponents scored more.
TEST(RankingScaleTest, ColourDependentDrawsScore) {
  RankingConfig config = Chain({TieBreak::kOpponentsScore});
  config.scoring = ColourScale();
  Standings standings = RankOrFail(TwoRounds(), config);
  EXPECT_THAT(Order(standings), ElementsAre(1, 2, 3, 4));
  EXPECT_THAT(Ranks(standings), ElementsAre(1, 2, 3, 4));
  EXPECT_EQ(standings.rows[1].score, 4);
  EXPECT_EQ(standings.rows[2].score, 3);
  EXPECT_THAT(Values(standings, 0, 4), ElementsAre(7, 5, 5, 7));
}

// 2011 rules 13.3, the same games on a plain 3/1/0 scale: 2's two draws
// are worth 2, so 3 (3) now ranks above 2.
TEST(RankingScaleTest, PlainThreeOneZeroScale) {
  RankingConfig config = Chain({TieBreak::kOpponentsScore});
  config.scoring = ThreeOneZero();
  Standings standings = RankOrFail(TwoRounds(), config);
  EXPECT_THAT(Order(standings), ElementsAre(1, 3, 2, 4));
  EXPECT_EQ(standings.rows[0].score, 4);
  EXPECT_EQ(standings.rows[2].score, 2);
}

// 2011 rules 13.3 with 14.3.2's 累进分 (running score after each round,
// summed): 1: 1, 4 -> 5   2: 2, 4 -> 6   3: 3, 3 -> 6   4: 0, 1 -> 1.
// The black draws put 2 above 1 although 1 won a game.
TEST(RankingScaleTest, CumulativeScoreReadsTheColourOfADraw) {
  RankingConfig config = Chain({TieBreak::kCumulativeScore});
  config.scoring = ColourScale();
  Standings standings = RankOrFail(TwoRounds(), config);
  EXPECT_THAT(Order(standings), ElementsAre(2, 1, 3, 4));
  EXPECT_THAT(Values(standings, 0, 4), ElementsAre(5, 6, 6, 1));
}

}  // namespace
}  // namespace qiwang::rules::test_support
