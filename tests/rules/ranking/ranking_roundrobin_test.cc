// Ranking of hand-worked round robins (R7.4, R7.2, R7.3), scored 2/1/0;
// the rest round of an odd round robin scores 0 (RoundRobinSectionPreset).
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/rules/ranking/ranking.h"
#include "tests/rules/ranking/crosstable.h"
#include "tests/rules/ranking/standings_util.h"

namespace qiwang::rules::test_support {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

// Five players on the FIDE table for six (6 = rest round):
//   R1: 2-5 5 wins, 3-4 4 wins, 1 rests   R2: 5-3 3 wins, 1-2 draw, 4 rests
//   R3: 3-1 1 wins, 4-5 draw, 2 rests     R4: 1-4 4 wins, 2-3 2 wins, 5 rests
//   R5: 4-2 draw, 5-1 draw, 3 rests
// Points per round:  1: 0 1 2 0 1 = 4   2: 0 1 0 2 1 = 4   3: 0 2 0 0 0 = 2
//                    4: 2 0 1 2 1 = 6   5: 2 0 1 0 1 = 4   (sum 20 = 10 games)
// 1, 2 and 5 tie on 4 and on everything R7.1 looks at:
//   对手分 = 20 - own score = 16 each (everyone met everyone);
//   one win each (1: R3, 2: R4, 5: R1); no fouls;
//   two games as black each (1: R3, R5; 2: R2, R5; 5: R1, R3).
std::vector<PlayerRecord> FivePlayerRoundRobin() {
  Crosstable table(5, 5);
  table.Bye(1, 1)
      .Game(1, 2, 5, Result::kBlackWins)
      .Game(1, 3, 4, Result::kBlackWins)
      .Game(2, 5, 3, Result::kBlackWins)
      .Game(2, 1, 2, Result::kDraw)
      .Bye(2, 4)
      .Game(3, 3, 1, Result::kBlackWins)
      .Game(3, 4, 5, Result::kDraw)
      .Bye(3, 2)
      .Game(4, 1, 4, Result::kBlackWins)
      .Game(4, 2, 3, Result::kRedWins)
      .Bye(4, 5)
      .Game(5, 4, 2, Result::kDraw)
      .Game(5, 5, 1, Result::kDraw)
      .Bye(5, 3);
  return table.Records();
}

// R7.4 + R7.2 default reading: scores after round 4, 3, 2, 1:
//   1: running 0,1,3,3 -> [3, 3, 1, 0]
//   2: running 0,1,1,3 -> [3, 1, 1, 0]
//   5: running 2,2,3,3 -> [3, 3, 2, 2]
// 5 > 1 (after round 2: 2 vs 1) > 2 (after round 3: 3 vs 1).
TEST(RankingRoundRobinTest, FullTieBrokenByScoresAfterPreviousRounds) {
  Standings standings =
      RankOrFail(FivePlayerRoundRobin(), RoundRobinSectionPreset());
  EXPECT_THAT(Order(standings), ElementsAre(4, 5, 1, 2, 3));
  EXPECT_THAT(Ranks(standings), ElementsAre(1, 2, 3, 4, 5));
  EXPECT_THAT(Values(standings, 0, 5), ElementsAre(16, 16, 18, 14, 16));
  EXPECT_THAT(Values(standings, 1, 5), ElementsAre(1, 1, 1, 2, 1));
  EXPECT_THAT(Values(standings, 3, 5), ElementsAre(2, 2, 2, 2, 2));
  EXPECT_THAT(Sequence(standings, 1, 4), ElementsAre(3, 3, 1, 0));
  EXPECT_THAT(Sequence(standings, 2, 4), ElementsAre(3, 1, 1, 0));
  EXPECT_THAT(Sequence(standings, 5, 4), ElementsAre(3, 3, 2, 2));
}

// R7.2 option, single-round results from the last round back:
//   1: [1, 0, 2, 1, 0]   2: [1, 2, 0, 1, 0]   5: [1, 0, 1, 0, 2]
// Round 5 all drew; round 4: 2 won, 1 and 5 lost -> 2 first; round 3: 1 won,
// 5 drew -> 1, then 5. The exact reverse of the default reading.
TEST(RankingRoundRobinTest, FullTieBrokenBySingleRoundResultsOption) {
  RankingConfig config = RoundRobinSectionPreset();
  config.previous_rounds = PreviousRoundsReading::kSingleRoundResults;
  Standings standings = RankOrFail(FivePlayerRoundRobin(), config);
  EXPECT_THAT(Order(standings), ElementsAre(4, 2, 1, 5, 3));
  EXPECT_THAT(Sequence(standings, 1, 4), ElementsAre(1, 0, 2, 1, 0));
  EXPECT_THAT(Sequence(standings, 2, 4), ElementsAre(1, 2, 0, 1, 0));
  EXPECT_THAT(Sequence(standings, 5, 4), ElementsAre(1, 0, 1, 0, 2));
}

// R7.4 option, Sonneborn-Berger (points earned x opponent's score):
//   1: 1x4 (2) + 2x2 (3) + 0 (4) + 1x4 (5) = 12
//   2: 0 (5) + 1x4 (1) + 2x2 (3) + 1x6 (4) = 14
//   3: 0 + 2x4 (5) + 0 + 0                 = 8
//   4: 2x2 (3) + 1x4 (5) + 2x4 (1) + 1x4 (2) = 20
//   5: 2x4 (2) + 0 (3) + 1x6 (4) + 1x4 (1) = 18
// 5 (18) > 2 (14) > 1 (12): SB decides before direct encounter is needed.
TEST(RankingRoundRobinTest, SonnebornBergerPreset) {
  Standings standings =
      RankOrFail(FivePlayerRoundRobin(), RoundRobinSonnebornBergerPreset());
  EXPECT_THAT(Order(standings), ElementsAre(4, 5, 2, 1, 3));
  EXPECT_THAT(Values(standings, 0, 5), ElementsAre(12, 14, 8, 20, 18));
}

// Direct encounter among the tied 1, 2, 5 (all met): 1 drew 2 and 5 (1+1 =
// 2); 2 drew 1, lost to 5 (1); 5 beat 2, drew 1 (2+1 = 3): 5, 1, 2.
TEST(RankingRoundRobinTest, DirectEncounterAmongThreeTiedPlayers) {
  RankingConfig config = Chain({TieBreak::kDirectEncounter});
  config.scoring.bye = 0;
  Standings standings = RankOrFail(FivePlayerRoundRobin(), config);
  EXPECT_THAT(Order(standings), ElementsAre(4, 5, 1, 2, 3));
  EXPECT_THAT(Values(standings, 0, 5), ElementsAre(2, 1, 0, 0, 3));
}

// Four players, FIDE table for four, every game drawn:
//   R1: 1-4, 2-3   R2: 4-3, 1-2   R3: 2-4, 3-1
// All score 3, 对手分 9, no wins, equal running scores. Games as black:
// 1: R3; 2: R2 (1 each); 3: R1, R2; 4: R1, R3 (2 each). So 3 and 4 share
// rank 1 and 1 and 2 share rank 3 (R7.3: shared until lots are drawn).
std::vector<PlayerRecord> AllDrawn() {
  Crosstable table(4, 3);
  table.Game(1, 1, 4, Result::kDraw)
      .Game(1, 2, 3, Result::kDraw)
      .Game(2, 4, 3, Result::kDraw)
      .Game(2, 1, 2, Result::kDraw)
      .Game(3, 2, 4, Result::kDraw)
      .Game(3, 3, 1, Result::kDraw);
  return table.Records();
}

// R7.3: without lots the tied players share the rank; the next rank skips.
TEST(RankingRoundRobinTest, UnbrokenTiesShareTheRank) {
  Standings standings = RankOrFail(AllDrawn(), RoundRobinSectionPreset());
  EXPECT_THAT(Order(standings), ElementsAre(3, 4, 1, 2));
  EXPECT_THAT(Ranks(standings), ElementsAre(1, 1, 3, 3));
  EXPECT_THAT(Values(standings, 3, 4), ElementsAre(1, 1, 2, 2));
  EXPECT_FALSE(standings.rows[0].placed_by_lot);
}

// R7.3: a lot drawn for {1, 2} (2 first) breaks exactly that tie; a lot for
// {1, 2, 3}, which is no tied group, is reported unused and changes nothing.
TEST(RankingRoundRobinTest, DrawnLotBreaksExactlyItsTie) {
  RankingRequest request;
  request.lots = {{.order = {2, 1}}, {.order = {1, 2, 3}}};
  Standings standings =
      RankOrFail(AllDrawn(), RoundRobinSectionPreset(), request);
  EXPECT_THAT(Order(standings), ElementsAre(3, 4, 2, 1));
  EXPECT_THAT(Ranks(standings), ElementsAre(1, 1, 3, 4));
  EXPECT_FALSE(standings.rows[0].placed_by_lot);
  EXPECT_TRUE(standings.rows[2].placed_by_lot);
  EXPECT_TRUE(standings.rows[3].placed_by_lot);
  EXPECT_THAT(standings.unused_lots, ElementsAre(1));
}

// R7.3: with both lots drawn every rank is distinct and no lot is left.
TEST(RankingRoundRobinTest, TwoLotsBreakTwoTies) {
  RankingRequest request;
  request.lots = {{.order = {4, 3}}, {.order = {1, 2}}};
  Standings standings =
      RankOrFail(AllDrawn(), RoundRobinSectionPreset(), request);
  EXPECT_THAT(Order(standings), ElementsAre(4, 3, 1, 2));
  EXPECT_THAT(Ranks(standings), ElementsAre(1, 2, 3, 4));
  EXPECT_THAT(standings.unused_lots, IsEmpty());
}

}  // namespace
}  // namespace qiwang::rules::test_support
