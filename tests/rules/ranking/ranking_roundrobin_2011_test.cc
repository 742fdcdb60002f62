// The round-robin chain of the 2011 national rules (14.1): 小分, 胜局, 直胜,
// 犯规, 后走局数, on the 13.3 scale win 3, draw 1 for Red and 2 for Black,
// loss 0 (the rest round of an odd round robin scores 0).
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/rules/ranking/ranking.h"
#include "tests/rules/ranking/crosstable.h"
#include "tests/rules/ranking/standings_util.h"

namespace qiwang::rules::test_support {
namespace {

using ::testing::ElementsAre;

// Four players on the FIDE table for four (red first):
//   R1: 1-4 draw, 2-3 2 wins   R2: 4-3 3 wins, 1-2 draw
//   R3: 2-4 4 wins, 3-1 draw
// scores 1: 1 + 1 + 2 = 4   2: 3 + 2 + 0 = 5   3: 0 + 3 + 1 = 4
//        4: 2 + 0 + 3 = 5
// 小分 (opponents beaten, plus half of those drawn), in half points:
//   1: drew 4 (5), 2 (5), 3 (4): 14          -> 14
//   2: beat 3 (4), drew 1 (4): 2 x 4 + 4     -> 12
//   3: beat 4 (5), drew 1 (4): 2 x 5 + 4     -> 14
//   4: beat 2 (5), drew 1 (4): 2 x 5 + 4     -> 14
// (points x opponent's score would give 1: 18, 2: 20, 3: 19, 4: 23.)
std::vector<PlayerRecord> FourPlayers() {
  Crosstable table(4, 3);
  table.Game(1, 1, 4, Result::kDraw)
      .Game(1, 2, 3, Result::kRedWins)
      .Game(2, 4, 3, Result::kBlackWins)
      .Game(2, 1, 2, Result::kDraw)
      .Game(3, 2, 4, Result::kBlackWins)
      .Game(3, 3, 1, Result::kDraw);
  return table.Records();
}

RankingConfig Scale(std::vector<TieBreak> chain) {
  RankingConfig config = Chain(std::move(chain));
  config.scoring.win = 3;
  config.scoring.forfeit_win = 3;
  config.scoring.bye = 0;
  config.scoring.draw_as_red = 1;
  config.scoring.draw_as_black = 2;
  return config;
}

// 2011 rules 14.1: 4 passes 2 on 小分 (14 against 12); 1 and 3 tie on
// 小分 (14) and 3 has the one win.
TEST(RankingRoundRobin2011Test, SmallPointsThenWins) {
  Standings standings = RankOrFail(
      FourPlayers(), Scale({TieBreak::kSonnebornBerger, TieBreak::kWins,
                            TieBreak::kDirectEncounter, TieBreak::kFewerFouls,
                            TieBreak::kGamesWithBlack}));
  EXPECT_THAT(Order(standings), ElementsAre(4, 2, 3, 1));
  EXPECT_THAT(Ranks(standings), ElementsAre(1, 2, 3, 4));
  EXPECT_EQ(standings.rows[0].score, 5);
  EXPECT_EQ(standings.rows[3].score, 4);
  EXPECT_THAT(Values(standings, 0, 4), ElementsAre(14, 12, 14, 14));
  EXPECT_THAT(Values(standings, 1, 4), ElementsAre(0, 1, 1, 1));
}

// 2011 rules 14.1 直胜: 1 and 3 drew each other (3 red, 1 black). A draw is
// no direct win: both count 1 although the scale gave 1 two points, so the
// encounter leaves them tied and 胜局 puts 3 first.
TEST(RankingRoundRobin2011Test, DirectEncounterDrawDoesNotSeparate) {
  Standings standings = RankOrFail(
      FourPlayers(), Scale({TieBreak::kSonnebornBerger,
                            TieBreak::kDirectEncounter, TieBreak::kWins}));
  EXPECT_THAT(Order(standings), ElementsAre(4, 2, 3, 1));
  EXPECT_THAT(Values(standings, 1, 4), ElementsAre(1, 0, 1, 0));
}

// 2011 rules 14.1 under 2/1/0 (draw 1 for both): 小分 in half points is
// points x opponent's score, as before. Every player scores 3 here:
//   1: drew 4, 2, 3: 3 + 3 + 3 = 9   2: beat 3 (3), drew 1 (3): 9
//   3: beat 4 (3), drew 1 (3): 9     4: beat 2 (3), drew 1 (3): 9
TEST(RankingRoundRobin2011Test, SmallPointsOnTheTwoOneZeroScale) {
  RankingConfig config = Chain({TieBreak::kSonnebornBerger});
  config.scoring.bye = 0;
  Standings standings = RankOrFail(FourPlayers(), config);
  EXPECT_THAT(Values(standings, 0, 4), ElementsAre(9, 9, 9, 9));
  EXPECT_THAT(Ranks(standings), ElementsAre(1, 1, 1, 1));
}

}  // namespace
}  // namespace qiwang::rules::test_support
