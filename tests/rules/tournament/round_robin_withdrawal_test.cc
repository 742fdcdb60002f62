// Older national rules 20.3 as a round-robin option (R4.4): results of a
// player who withdrew after fewer than half of their games are cancelled;
// otherwise they stand and the games left unplayed are forfeits.
#include "services/rules/tournament/round_robin_withdrawal.h"

#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/rules/ranking/ranking.h"
#include "services/rules/ranking/ranking_scope.h"
#include "services/rules/tournament/ranked_scope.h"
#include "tests/rules/ranking/crosstable.h"
#include "tests/rules/tournament/play_fixture.h"

namespace qiwang::rules::tournament {
namespace {

using test_support::Crosstable;
using test_support::Result;
using ::testing::ElementsAre;

void MakePending(std::vector<PlayerRecord>& records, int round, PlayerId a,
                 PlayerId b) {
  records[a - 1].rounds[round - 1].outcome = Outcome::kPending;
  records[b - 1].rounds[round - 1].outcome = Outcome::kPending;
}

std::vector<int> Scores(const std::vector<PlayerRecord>& records) {
  std::vector<int> scores;
  for (const PlayerRecord& record : records) {
    scores.push_back(record.Score(RoundRobinSectionPreset().scoring));
  }
  return scores;
}

std::vector<PlayerId> Order(const std::vector<PlayerRecord>& records) {
  absl::StatusOr<Standings> standings =
      Rank(records, RoundRobinSectionPreset());
  EXPECT_TRUE(standings.ok()) << standings.status();
  std::vector<PlayerId> order;
  if (!standings.ok()) return order;
  for (const Standing& row : standings->rows) order.push_back(row.player);
  return order;
}

// Four players on the FIDE table for four (red first), 2/1/0, 4 withdrawn;
// `round_two` is the result of 4-3. Results are set on every board; the
// tests mark the unplayed ones pending.
std::vector<PlayerRecord> FourPlayers(Result round_two) {
  Crosstable table(4, 3);
  table.Game(1, 1, 4, Result::kBlackWins)
      .Game(1, 2, 3, Result::kDraw)
      .Game(2, 4, 3, round_two)
      .Game(2, 1, 2, Result::kRedWins)
      .Game(3, 2, 4, Result::kDraw)
      .Game(3, 3, 1, Result::kDraw)
      .Withdraw(4);
  return table.Records();
}

// 4 withdraws after one game of three:
//   R1: 1-4 4 wins, 2-3 draw   R2: 4-3 unplayed, 1-2 1 wins
//   R3: 2-4 unplayed, 3-1 draw
// Kept, 3 and 4 would tie on 2 (1: 3, 2: 1). Cancelled (2 x 1 < 3):
// 1 loses the lost game, 4 scores nothing: 1: 0+2+1 = 3, 2: 1+0 = 1,
// 3: 1+1 = 2, 4: 0.
TEST(RoundRobinWithdrawalTest, FewerThanHalfPlayedIsCancelled) {
  std::vector<PlayerRecord> records = FourPlayers(Result::kDraw);
  MakePending(records, 2, 4, 3);
  MakePending(records, 3, 2, 4);
  EXPECT_THAT(Scores(records), ElementsAre(3, 1, 2, 2));

  ApplyRoundRobinWithdrawals({{4, 3}}, records);
  EXPECT_THAT(Scores(records), ElementsAre(3, 1, 2, 0));
  EXPECT_EQ(records[0].rounds[0].outcome, Outcome::kAbsent);
  EXPECT_EQ(records[0].rounds[0].opponent, kNoPlayer);
  EXPECT_THAT(Order(records), ElementsAre(1, 3, 2, 4));
}

// The same table, 4 withdrawing after two games of three (2 x 2 >= 3):
// R2 4-3 was a 3 win; both games stand and the unplayed R3 game is 2's
// forfeit win: 1: 0+2+1 = 3, 2: 1+0+2 = 3, 3: 1+2+1 = 4,
// 4: 2+0+0 = 2.
TEST(RoundRobinWithdrawalTest, HalfPlayedStandsAndTheRestIsForfeited) {
  std::vector<PlayerRecord> records = FourPlayers(Result::kBlackWins);
  MakePending(records, 3, 2, 4);

  ApplyRoundRobinWithdrawals({{4, 3}}, records);
  EXPECT_THAT(Scores(records), ElementsAre(3, 3, 4, 2));
  EXPECT_EQ(records[1].rounds[2].outcome, Outcome::kForfeitWin);
  EXPECT_EQ(records[3].rounds[2].outcome, Outcome::kForfeitLoss);
  EXPECT_EQ(records[3].rounds[0].outcome, Outcome::kWin);
  EXPECT_EQ(Order(records).front(), 3);
}

// The professional round robin of four, every round published at once
// (so a withdrawal's from_round is 4); round 1 played: board 1 red wins,
// board 2 drawn. Board 1's red player then withdraws, one game of three
// played.
class RoundRobinWithdrawalStateTest : public PlayTest {
 protected:
  void SetUp() override {
    PlayTest::SetUp();
    EnterProfessionals(4);
    EnterOpenMen(2);
    ASSERT_TRUE(CloseCheckIn().ok());
  }
  void PlayRoundOneAndWithdraw() {
    ASSERT_TRUE(PairNext(kPro).ok());
    RecordRound(kPro, 1);
    leaver_ = Play(kPro).FindRound(1)->boards[0].board.red_player_id();
    ASSERT_TRUE(Withdraw(leaver_).ok());
  }
  void CancelBelowHalf() {
    AmendSection(kPro, [](v1::Section& section) {
      section.set_round_robin_withdrawal(
          v1::ROUND_ROBIN_WITHDRAWAL_CANCEL_BELOW_HALF);
    });
  }
  absl::StatusOr<RankedScope> Ranked() {
    absl::StatusOr<RankingScope> scope =
        ResolveRankingScope(state_.config(), kPro);
    if (!scope.ok()) return scope.status();
    return RankScope(state_, *scope, 0);
  }
  // The leaver's score in the professional standings, -1 if not ranked.
  int LeaverScore() {
    absl::StatusOr<RankedScope> ranked = Ranked();
    EXPECT_TRUE(ranked.ok()) << ranked.status();
    if (!ranked.ok()) return -1;
    EXPECT_EQ(ranked->after_round, 1);
    for (const Standing& row : ranked->standings.rows) {
      if (row.player == leaver_) return row.score;
    }
    return -1;
  }
  int64_t leaver_ = 0;
};

// R4.4 default: the leaver keeps the round-1 win (2).
TEST_F(RoundRobinWithdrawalStateTest, KeptByDefault) {
  PlayRoundOneAndWithdraw();
  EXPECT_EQ(LeaverScore(), 2);
}

// Older rules 20.3 option: one game of three is fewer than half: cancelled.
TEST_F(RoundRobinWithdrawalStateTest, CancelledBelowHalfWhenConfigured) {
  CancelBelowHalf();
  PlayRoundOneAndWithdraw();
  EXPECT_EQ(LeaverScore(), 0);
}

// Older rules 20.3 option, two games of three played (2 x 2 >= 3): the
// results stand and the leaver's round-3 opponent wins by forfeit, which
// the log does not record (its board has no result).
TEST_F(RoundRobinWithdrawalStateTest, HalfPlayedLeavesForfeitsWhenConfigured) {
  CancelBelowHalf();
  ASSERT_TRUE(PairNext(kPro).ok());
  RecordRound(kPro, 1);
  RecordRound(kPro, 2);
  leaver_ = Play(kPro).FindRound(1)->boards[0].board.red_player_id();
  ASSERT_TRUE(Withdraw(leaver_).ok());
  int64_t opponent = 0;
  for (const BoardEntry& board : Play(kPro).FindRound(3)->boards) {
    EXPECT_EQ(board.result, v1::GAME_RESULT_UNSPECIFIED);
    if (board.board.red_player_id() == leaver_) {
      opponent = board.board.black_player_id();
    }
    if (board.board.black_player_id() == leaver_) {
      opponent = board.board.red_player_id();
    }
  }
  ASSERT_NE(opponent, 0);
  absl::StatusOr<RankedScope> ranked = Ranked();
  ASSERT_TRUE(ranked.ok()) << ranked.status();
  EXPECT_EQ(ranked->after_round, 2);
  for (const PlayerRecord& record : ranked->pool) {
    if (record.id == opponent) {
      EXPECT_EQ(record.rounds[2].outcome, Outcome::kForfeitWin);
    }
    if (record.id == leaver_) {
      EXPECT_EQ(record.rounds[0].outcome, Outcome::kWin);
      EXPECT_EQ(record.rounds[2].outcome, Outcome::kForfeitLoss);
    }
  }
}

}  // namespace
}  // namespace qiwang::rules::tournament
