// The Swiss options of the 2011 national rules: a bye's round in 对手分
// (14.4) and the 14.3.2 chain ending in 累进分 with the first rounds
// dropped one by one. Scored 2/1/0, bye 2.
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/rules/ranking/ranking.h"
#include "tests/rules/ranking/crosstable.h"
#include "tests/rules/ranking/standings_util.h"

namespace qiwang::rules::test_support {
namespace {

using ::testing::ElementsAre;

// Five players, two rounds (red first):
//   R1: 1-2 2 wins, 3-4 3 wins, 5 bye   R2: 2-5 draw, 4-1 4 wins, 3 bye
// scores 1: 0   2: 2 + 1 = 3   3: 2 + 2 = 4   4: 0 + 2 = 2   5: 2 + 1 = 3
// The lowest score among players with points is 4's 2 (1 has none).
// 对手分 without the 14.4 rule:
//   1: 2 (3) + 4 (2) = 5   2: 1 (0) + 5 (3) = 3   3: 4 (2) = 2
//   4: 3 (4) + 1 (0) = 4   5: 2 (3) = 3
// 2 and 5 tie on 3 and on 对手分; 2 has a win, 5 none.
std::vector<PlayerRecord> FivePlayersTwoByes() {
  Crosstable table(5, 2);
  table.Game(1, 1, 2, Result::kBlackWins)
      .Game(1, 3, 4, Result::kRedWins)
      .Bye(1, 5)
      .Game(2, 2, 5, Result::kDraw)
      .Game(2, 4, 1, Result::kRedWins)
      .Bye(2, 3);
  return table.Records();
}

// R6.4 default: a bye adds nothing, so the tie falls to 胜局.
TEST(RankingSwiss2011Test, ByeAddsNothingToOpponentsScoreByDefault) {
  Standings standings =
      RankOrFail(FivePlayersTwoByes(),
                 Chain({TieBreak::kOpponentsScore, TieBreak::kWins}));
  EXPECT_THAT(Order(standings), ElementsAre(3, 2, 5, 4, 1));
  EXPECT_THAT(Values(standings, 0, 5), ElementsAre(5, 3, 2, 4, 3));
}

// 2011 rules 14.4: the bye round adds 2, the lowest score among players
// with points (not 1's 0): 3: 2 + 2 = 4, 5: 3 + 2 = 5, so 5 passes 2.
TEST(RankingSwiss2011Test, ByeCountsTheLowestScoreWithPoints) {
  RankingConfig config = Chain({TieBreak::kOpponentsScore, TieBreak::kWins});
  config.bye_in_opponents_score = ByeInOpponentsScore::kLowestWithPoints;
  Standings standings = RankOrFail(FivePlayersTwoByes(), config);
  EXPECT_THAT(Order(standings), ElementsAre(3, 5, 2, 4, 1));
  EXPECT_THAT(Values(standings, 0, 5), ElementsAre(5, 3, 4, 4, 5));
}

// Players 1 and 2 over four rounds, each against opponents met once (3-10):
//   1: W (red, 3), L (black, 4), D (red, 5), D (black, 6)  points 2 0 1 1
//   2: D (red, 7), W (black, 8), L (red, 9), D (black, 10) points 1 2 0 1
// Both score 4; 累进分 1: 2+2+3+4 = 11, 2: 1+3+3+4 = 11; one win each; no
// fouls; two games as black each. Dropping the first rounds (14.3.2):
//   without round 1:     1: 0+1+2 = 3   2: 2+2+3 = 7
//   without rounds 1-2:  1: 1+2 = 3     2: 0+1 = 1
//   without rounds 1-3:  1: 1           2: 1
// 2 ranks first at the first drop. Every opponent scores 2 at most.
std::vector<PlayerRecord> TiedOnTheChainBeforeTheDrops() {
  Crosstable table(10, 4);
  table.Game(1, 1, 3, Result::kRedWins)
      .Game(2, 4, 1, Result::kRedWins)
      .Game(3, 1, 5, Result::kDraw)
      .Game(4, 6, 1, Result::kDraw)
      .Game(1, 2, 7, Result::kDraw)
      .Game(2, 8, 2, Result::kBlackWins)
      .Game(3, 2, 9, Result::kBlackWins)
      .Game(4, 10, 2, Result::kDraw);
  return table.Records();
}

RankingConfig Chain1432() {
  RankingConfig config =
      Chain({TieBreak::kCumulativeScore, TieBreak::kWins, TieBreak::kFewerFouls,
             TieBreak::kGamesWithBlack, TieBreak::kPreviousRounds});
  config.previous_rounds = PreviousRoundsReading::kCumulativeWithoutFirstRounds;
  return config;
}

// 2011 rules 14.3.2: 累进分, 胜局, 犯规, 后走局数, then 累进分 without
// round 1, without rounds 1 and 2, ...
TEST(RankingSwiss2011Test, ChainDropsTheFirstRoundsOneByOne) {
  Standings standings = RankOrFail(TiedOnTheChainBeforeTheDrops(), Chain1432());
  ASSERT_GE(standings.rows.size(), 3u);
  EXPECT_EQ(standings.rows[0].player, 2);
  EXPECT_EQ(standings.rows[1].player, 1);
  EXPECT_EQ(standings.rows[1].rank, 2);
  EXPECT_EQ(standings.rows[2].score, 2);
  EXPECT_THAT(Values(standings, 0, 2), ElementsAre(11, 11));
  EXPECT_THAT(Values(standings, 3, 2), ElementsAre(2, 2));
  EXPECT_THAT(Sequence(standings, 1, 4), ElementsAre(3, 3, 1));
  EXPECT_THAT(Sequence(standings, 2, 4), ElementsAre(7, 1, 1));
}

// The same tie under R7.2's single-round option (round 4 back: 1 has
// 1, 1, 0, 2 and 2 has 1, 0, 2, 1) goes the other way: the reading is
// what decides.
TEST(RankingSwiss2011Test, SingleRoundReadingRanksTheOtherWay) {
  RankingConfig config = Chain1432();
  config.previous_rounds = PreviousRoundsReading::kSingleRoundResults;
  Standings standings = RankOrFail(TiedOnTheChainBeforeTheDrops(), config);
  ASSERT_GE(standings.rows.size(), 2u);
  EXPECT_EQ(standings.rows[0].player, 1);
  EXPECT_EQ(standings.rows[1].player, 2);
}

}  // namespace
}  // namespace qiwang::rules::test_support
