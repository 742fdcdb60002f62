// Unplayed rounds and bad input for the ranking (R5.3, R7.1, R7.3, R2.3).
#include <optional>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/rules/ranking/ranking.h"
#include "tests/rules/ranking/crosstable.h"
#include "tests/rules/ranking/standings_util.h"

namespace qiwang::rules::test_support {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// R1: 1-2 double forfeit, 3-4 3 wins.   R2: 1-3 1 wins, 2-4 2 wins.
// Scores 1: 0+2 = 2, 2: 0+2 = 2, 3: 2+0 = 2, 4: 0.
std::vector<PlayerRecord> WithDoubleForfeit() {
  Crosstable table(4, 2);
  table.DoubleForfeit(1, 1, 2)
      .Game(1, 3, 4, Result::kRedWins)
      .Game(2, 1, 3, Result::kRedWins)
      .Game(2, 2, 4, Result::kRedWins);
  return table.Records();
}

// R5.3, R7.1: a double forfeit scores 0, meets nobody in 对手分 (1: only
// 3's 2; 2: only 4's 0; 3: 4's 0 + 1's 2 = 2) and is no game as black;
// Buchholz uses the player's own score for it (1: 2 + 2 = 4; 2: 2 + 0 = 2).
// Swiss chain: 1 and 3 tie on 对手分 2 and one win; 3 has a game as black
// (R2) and 1 has none: 3, 1, 2, 4. (4 was black in both rounds: 2.)
TEST(RankingInputTest, DoubleForfeitMeetsNobody) {
  Standings standings = RankOrFail(WithDoubleForfeit(), SwissSectionPreset());
  EXPECT_THAT(Order(standings), ElementsAre(3, 1, 2, 4));
  EXPECT_THAT(Values(standings, 0, 4), ElementsAre(2, 0, 2, 4));
  EXPECT_THAT(Values(standings, 3, 4), ElementsAre(0, 0, 1, 2));
  Standings buchholz =
      RankOrFail(WithDoubleForfeit(), Chain({TieBreak::kBuchholz}));
  EXPECT_THAT(Values(buchholz, 0, 4), ElementsAre(4, 2, 2, 4));
}

absl::Status RankStatus(const std::vector<PlayerRecord>& records,
                        const RankingRequest& request = {}) {
  return Rank(records, SwissSectionPreset(), request).status();
}

// R5.3: both sides of a game must tell the same story.
TEST(RankingInputTest, RefusesResultsThatDisagree) {
  std::vector<PlayerRecord> records = WithDoubleForfeit();
  records[3].rounds[0].outcome = Outcome::kWin;  // 4 also "won" against 3
  absl::Status status = RankStatus(records);
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(status.message(), HasSubstr("R5.3: player 3 round 1"));
}

// R5.3: a game only one side records is refused, naming the side that
// claims it: 5 says it beat 1 in round 1, when 1 played 2.
TEST(RankingInputTest, RefusesAGameOnlyOneSideRecords) {
  std::vector<PlayerRecord> records = WithDoubleForfeit();
  PlayerRecord claimant;
  claimant.id = 5;
  claimant.pairing_number = 5;
  claimant.rounds = {{1, Colour::kRed, Outcome::kWin},
                     {kNoPlayer, std::nullopt, Outcome::kBye}};
  records.push_back(claimant);
  absl::Status status = RankStatus(records);
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(status.message(),
            "R5.3: player 5 round 1: opponent 1 does not name this player "
            "back");
}

// R5.3: an opponent outside the pool, or a bye that names an opponent.
TEST(RankingInputTest, RefusesUnknownOpponentsAndOddByes) {
  std::vector<PlayerRecord> records = WithDoubleForfeit();
  records[0].rounds[1].opponent = 99;
  EXPECT_THAT(RankStatus(records).message(), HasSubstr("99 is not in the"));
  records = WithDoubleForfeit();
  records[0].rounds[0].outcome = Outcome::kBye;
  EXPECT_EQ(RankStatus(records).code(), absl::StatusCode::kInvalidArgument);
}

// R7: one record per player.
TEST(RankingInputTest, RefusesARepeatedPlayer) {
  std::vector<PlayerRecord> records = WithDoubleForfeit();
  records.push_back(records[0]);
  EXPECT_THAT(RankStatus(records).message(), HasSubstr("appears twice"));
}

// R2.3: the players to rank must be in the pool.
TEST(RankingInputTest, RefusesASubsetOutsideThePool) {
  RankingRequest request;
  request.players = {1, 7};
  absl::Status status = RankStatus(WithDoubleForfeit(), request);
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(status.message(), HasSubstr("R2.3: player 7"));
}

// R7.3: a lot needs two distinct players of the pool.
TEST(RankingInputTest, RefusesMalformedLots) {
  RankingRequest request;
  request.lots = {{.order = {1}}};
  EXPECT_THAT(RankStatus(WithDoubleForfeit(), request).message(),
              HasSubstr("R7.3"));
  request.lots = {{.order = {1, 1}}};
  EXPECT_THAT(RankStatus(WithDoubleForfeit(), request).message(),
              HasSubstr("twice"));
  request.lots = {{.order = {1, 42}}};
  EXPECT_THAT(RankStatus(WithDoubleForfeit(), request).message(),
              HasSubstr("player 42 not in the pool"));
}

}  // namespace
}  // namespace qiwang::rules::test_support
