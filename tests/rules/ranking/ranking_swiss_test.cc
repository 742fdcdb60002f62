// Ranking of a hand-worked 6-player, 5-round Swiss section (R7.1, R7.2,
// R2.3), scored 2/1/0 with a bye worth 2 (R5.1, R6.4). Every expected value
// below is worked out by hand in the comments.
//
// Round  red-black  result
//   1    1-4        1 wins
//   1    2-5        draw
//   1    3-6        6 wins (black)
//   2    6-1        draw
//   2    3-2        2 wins (black)
//   2    4-5        4 wins
//   3    1-2        2 wins (black)
//   3    6-4        6 wins
//   3    5-3        3 wins by forfeit (5 absent; 3 had black)
//   -- player 5 withdraws (R4.4): absent in rounds 4 and 5 --
//   4    2-6        draw
//   4    4-3        3 wins (black)
//   4    bye        1
//   5    4-2        4 wins
//   5    3-1        draw
//   5    bye        6
//
// Points per round and totals:
//   1: 2 1 0 2(bye) 1 = 6      2: 1 2 2 1 0 = 6     3: 0 0 2(ff) 2 1 = 5
//   4: 0 2 0 0 2 = 4           5: 1 0 0(ff) 0 0 = 1 6: 2 1 2 1 2(bye) = 8
#include <cstdint>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/rules/ranking/ranking.h"
#include "tests/rules/ranking/crosstable.h"
#include "tests/rules/ranking/standings_util.h"

namespace qiwang::rules::test_support {
namespace {

using ::testing::ElementsAre;

std::vector<PlayerRecord> SwissSection() {
  Crosstable table(6, 5);
  table.Game(1, 1, 4, Result::kRedWins)
      .Game(1, 2, 5, Result::kDraw)
      .Game(1, 3, 6, Result::kBlackWins)
      .Game(2, 6, 1, Result::kDraw)
      .Game(2, 3, 2, Result::kBlackWins)
      .Game(2, 4, 5, Result::kRedWins)
      .Game(3, 1, 2, Result::kBlackWins)
      .Game(3, 6, 4, Result::kRedWins)
      .Forfeit(3, 3, Colour::kBlack, 5)
      .Withdraw(5)
      .Game(4, 2, 6, Result::kDraw)
      .Game(4, 4, 3, Result::kBlackWins)
      .Bye(4, 1)
      .Game(5, 4, 2, Result::kRedWins)
      .Game(5, 3, 1, Result::kDraw)
      .Bye(5, 6);
  return table.Records();
}

const Standing& RowOf(const Standings& standings, PlayerId player) {
  for (const Standing& row : standings.rows) {
    if (row.player == player) return row;
  }
  ADD_FAILURE() << "player " << player << " not ranked";
  return standings.rows.front();
}

// R7.1 + R7.2, the 2016 chain: 6 (8 points) first; 1 and 2 tie on 6 and
// 对手分 separates them: 2 met 5, 3, 1, 6, 4 = 1+5+6+8+4 = 24; 1 met
// 4, 6, 2, 3 (round 4 was a bye, which adds nothing) = 4+8+6+5 = 23.
// Then 3 (5), 4 (4) and the withdrawn 5 (1), still ranked (R4.4).
TEST(RankingSwissTest, TheRegulationChainOrdersTheSection) {
  Standings standings = RankOrFail(SwissSection(), SwissSectionPreset());
  EXPECT_THAT(Order(standings), ElementsAre(6, 2, 1, 3, 4, 5));
  std::vector<int> ranks, scores;
  for (const Standing& row : standings.rows) {
    ranks.push_back(row.rank);
    scores.push_back(row.score);
  }
  EXPECT_THAT(ranks, ElementsAre(1, 2, 3, 4, 5, 6));
  EXPECT_THAT(scores, ElementsAre(8, 6, 6, 5, 4, 1));
  EXPECT_TRUE(RowOf(standings, 5).withdrawn);
  EXPECT_FALSE(RowOf(standings, 1).placed_by_lot);
}

// R7.1 对手分 with a bye (adds nothing), a forfeit (the opponent counts) and
// a withdrawn opponent (counts with the current score):
//   1: 4+8+6+5 = 23           2: 1+5+6+8+4 = 24
//   3: 8+6+1(5, forfeit)+4+6 = 25   4: 6+1+8+5+6 = 26
//   5: 6+4+5(3, forfeit) = 15 6: 5+6+4+6 (bye in round 5) = 21
TEST(RankingSwissTest, OpponentsScoreCountsForfeitsAndNotByes) {
  Standings standings =
      RankOrFail(SwissSection(), Chain({TieBreak::kOpponentsScore}));
  EXPECT_THAT(Values(standings, 0, 6), ElementsAre(23, 24, 25, 26, 15, 21));
  EXPECT_THAT(Order(standings), ElementsAre(6, 2, 1, 3, 4, 5));
}

// R7.1 option: forfeit opponents left out of 对手分: 3 loses 5's 1 point
// (25 - 1 = 24), 5 loses 3's 5 points (15 - 5 = 10).
TEST(RankingSwissTest, OpponentsScoreCanLeaveForfeitsOut) {
  RankingConfig config = Chain({TieBreak::kOpponentsScore});
  config.forfeit_opponents_count = false;
  Standings standings = RankOrFail(SwissSection(), config);
  EXPECT_THAT(Values(standings, 0, 6), ElementsAre(23, 24, 24, 26, 10, 21));
}

// R7.1 胜局: 1 won round 1 only (1); 2 won rounds 2, 3 (2); 3 won round 3
// by forfeit and round 4 (2; R5.3 default: a forfeit win is a win); 4 won
// rounds 2, 5 (2); 5 none; 6 won rounds 1, 3 (2). 2 goes above 1.
// Option: without forfeit wins, 3 has 1.
TEST(RankingSwissTest, WinsCountForfeitWinsByDefault) {
  Standings standings = RankOrFail(SwissSection(), Chain({TieBreak::kWins}));
  EXPECT_THAT(Values(standings, 0, 6), ElementsAre(1, 2, 2, 2, 0, 2));
  EXPECT_THAT(Order(standings), ElementsAre(6, 2, 1, 3, 4, 5));

  RankingConfig over_the_board = Chain({TieBreak::kWins});
  over_the_board.forfeit_win_counts_as_win = false;
  standings = RankOrFail(SwissSection(), over_the_board);
  EXPECT_THAT(Values(standings, 0, 6), ElementsAre(1, 2, 1, 2, 0, 2));
}

// R7.1 犯规, fewer first: with one foul recorded against 2 and none
// against 1, 1 goes above 2.
TEST(RankingSwissTest, FewerFoulsRankFirst) {
  std::vector<PlayerRecord> records = SwissSection();
  records[1].fouls = 1;  // player 2
  Standings standings = RankOrFail(records, Chain({TieBreak::kFewerFouls}));
  EXPECT_THAT(Values(standings, 0, 6), ElementsAre(0, 1, 0, 0, 0, 0));
  EXPECT_THAT(Order(standings), ElementsAre(6, 1, 2, 3, 4, 5));
}

// R7.1 后走局数, over-the-board games as black only (R5.4; forfeits and
// byes are no game): 1: rounds 2, 5 (2); 2: rounds 2, 3, 5 (3); 3: round 4
// (its round-3 black was a forfeit) (1); 4: rounds 1, 3 (2); 5: rounds 1, 2
// (2); 6: rounds 1, 4 (2). 2 goes above 1.
TEST(RankingSwissTest, GamesWithBlackCountOnlyGamesPlayed) {
  Standings standings =
      RankOrFail(SwissSection(), Chain({TieBreak::kGamesWithBlack}));
  EXPECT_THAT(Values(standings, 0, 6), ElementsAre(2, 3, 1, 2, 2, 2));
  EXPECT_THAT(Order(standings), ElementsAre(6, 2, 1, 3, 4, 5));
}

// R7.2 default reading, scores after round 4, 3, 2, 1:
//   1: running 2, 3, 3, 5 -> [5, 3, 3, 2]; 2: 1, 3, 5, 6 -> [6, 5, 3, 1].
// After round 4 2 had 6 and 1 had 5: 2 goes above 1.
// Option, single rounds from the last backwards:
//   1: [1, 2, 0, 1, 2]; 2: [0, 1, 2, 2, 1]. Round 5: 1 drew, 2 lost: 1
// goes above 2. The two readings give opposite orders here.
TEST(RankingSwissTest, PreviousRoundsBothReadings) {
  RankingConfig cumulative = Chain({TieBreak::kPreviousRounds});
  Standings standings = RankOrFail(SwissSection(), cumulative);
  EXPECT_THAT(Sequence(standings, 1, 0), ElementsAre(5, 3, 3, 2));
  EXPECT_THAT(Sequence(standings, 2, 0), ElementsAre(6, 5, 3, 1));
  EXPECT_THAT(Order(standings), ElementsAre(6, 2, 1, 3, 4, 5));

  RankingConfig single = cumulative;
  single.previous_rounds = PreviousRoundsReading::kSingleRoundResults;
  standings = RankOrFail(SwissSection(), single);
  EXPECT_THAT(Sequence(standings, 1, 0), ElementsAre(1, 2, 0, 1, 2));
  EXPECT_THAT(Sequence(standings, 2, 0), ElementsAre(0, 1, 2, 2, 1));
  EXPECT_THAT(Order(standings), ElementsAre(6, 1, 2, 3, 4, 5));
}

// Buchholz family (other events): the opponent's score for a game played,
// the player's own score for a bye, forfeit or absence (virtual opponent).
//   1: 4, 8, 6, 6 (own, bye), 5        = 29; cut-1 -4 = 25; median 5+6+6 = 17
//   2: 1, 5, 6, 8, 4                   = 24; cut-1 -1 = 23; median 4+5+6 = 15
//   3: 8, 6, 5 (own, forfeit), 4, 6    = 29; cut-1 -4 = 25; median 17
//   4: 6, 1, 8, 5, 6                   = 26; cut-1 -1 = 25; median 5+6+6 = 17
//   5: 6, 4, 1 (own), 1, 1 (absent)    = 13; cut-1 -1 = 12; median 1+1+4 = 6
//   6: 5, 6, 4, 6, 8 (own, bye)        = 29; cut-1 -4 = 25; median 17
// 1 goes above 2 on each of them.
TEST(RankingSwissTest, BuchholzCutAndMedian) {
  Standings standings = RankOrFail(
      SwissSection(), Chain({TieBreak::kBuchholz, TieBreak::kBuchholzCut1,
                             TieBreak::kMedianBuchholz}));
  EXPECT_THAT(Values(standings, 0, 6), ElementsAre(29, 24, 29, 26, 13, 29));
  EXPECT_THAT(Values(standings, 1, 6), ElementsAre(25, 23, 25, 25, 12, 25));
  EXPECT_THAT(Values(standings, 2, 6), ElementsAre(17, 15, 17, 17, 6, 17));
  EXPECT_THAT(Order(standings), ElementsAre(6, 1, 2, 3, 4, 5));
}

// Sonneborn-Berger = sum of points earned x opponent's score:
//   1: 2x4 + 1x8 + 0 + 1x5           = 21
//   2: 1x1 + 2x5 + 2x6 + 1x8 + 0     = 31
//   3: 0 + 0 + 2x1 (forfeit) + 2x4 + 1x6 = 16
//   4: 0 + 2x1 + 0 + 0 + 2x6         = 14
//   5: 1x6 + 0 + 0                   = 6
//   6: 2x5 + 1x6 + 2x4 + 1x6         = 30
TEST(RankingSwissTest, SonnebornBerger) {
  Standings standings =
      RankOrFail(SwissSection(), Chain({TieBreak::kSonnebornBerger}));
  EXPECT_THAT(Values(standings, 0, 6), ElementsAre(21, 31, 16, 14, 6, 30));
  EXPECT_THAT(Order(standings), ElementsAre(6, 2, 1, 3, 4, 5));
}

// Direct encounter: 1 and 2 are tied and met in round 3, 2 won: 2 scores 2
// against the group, 1 scores 0. Untied players show 0.
TEST(RankingSwissTest, DirectEncounterAmongTheTiedPlayers) {
  Standings standings =
      RankOrFail(SwissSection(), Chain({TieBreak::kDirectEncounter}));
  EXPECT_THAT(Values(standings, 0, 6), ElementsAre(0, 2, 0, 0, 0, 0));
  EXPECT_THAT(Order(standings), ElementsAre(6, 2, 1, 3, 4, 5));
}

// 累进分, the running score summed over the rounds:
//   1: 2+3+3+5+6 = 19   2: 1+3+5+6+6 = 21   3: 0+0+2+4+5 = 11
//   4: 0+2+2+2+4 = 10   5: 1+1+1+1+1 = 5    6: 2+3+5+6+8 = 24
// Wins with black (over the board): 2 won rounds 2 and 3 as black (2); 3
// round 4 (1; its forfeit win does not count); 6 round 1 (1); others 0.
TEST(RankingSwissTest, CumulativeScoreAndWinsWithBlack) {
  Standings standings =
      RankOrFail(SwissSection(),
                 Chain({TieBreak::kCumulativeScore, TieBreak::kWinsWithBlack}));
  EXPECT_THAT(Values(standings, 0, 6), ElementsAre(19, 21, 11, 10, 5, 24));
  EXPECT_THAT(Values(standings, 1, 6), ElementsAre(0, 2, 1, 0, 0, 1));
  EXPECT_THAT(Order(standings), ElementsAre(6, 2, 1, 3, 4, 5));
}

// R2.3 option (one pool, ranked by gender): ranking only players 1, 3 and 5
// keeps their 对手分 from the whole pool (23, 25, 15 as above).
TEST(RankingSwissTest, RankingASubsetReadsOpponentsFromTheWholePool) {
  RankingRequest women;
  women.players = {5, 3, 1};
  Standings standings = RankOrFail(SwissSection(), SwissSectionPreset(), women);
  EXPECT_THAT(Order(standings), ElementsAre(1, 3, 5));
  EXPECT_EQ(standings.rows[0].rank, 1);
  EXPECT_EQ(standings.rows[2].rank, 3);
  const std::vector<int64_t> opponents_score = Values(standings, 0, 5);
  EXPECT_EQ(opponents_score[0], 23);
  EXPECT_EQ(opponents_score[2], 25);
  EXPECT_EQ(opponents_score[4], 15);
}

}  // namespace
}  // namespace qiwang::rules::test_support
