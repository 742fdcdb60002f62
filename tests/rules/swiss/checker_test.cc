#include "services/rules/swiss/checker.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/rules/swiss/history_builder.h"

namespace qiwang::rules::swiss {
namespace {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::Field;
using ::testing::HasSubstr;
using ::testing::UnorderedElementsAre;

PairingCheck Check(const std::vector<PlayerRecord>& players, int round,
                   const RoundPairing& pairing) {
  absl::StatusOr<PairingCheck> check =
      CheckPairing(players, round, SwissConfig{}, pairing);
  EXPECT_TRUE(check.ok()) << check.status();
  return check.ok() ? *check : PairingCheck{};
}

// R6.3, R6.6: every violation of an amended pairing is reported, each with
// its players, not just the first.
TEST(SwissChecker, ReportsEveryViolation) {
  HistoryBuilder history(4);
  history.Game(1, 2, Outcome::kDraw).Game(3, 4, Outcome::kDraw).EndRound();
  history.Game(1, 3, Outcome::kDraw).Game(4, 2, Outcome::kDraw).EndRound();
  // 1-2 and 3-4 met; 1 red a third time; 4 red... fine; 3 black after R,B.
  const PairingCheck check =
      Check(history.players(), 3, {{{1, 2}, {4, 3}}, kNoPlayer});
  EXPECT_THAT(
      check.violations,
      UnorderedElementsAre(Field(&Violation::players, ElementsAre(1, 2)),
                           Field(&Violation::players, ElementsAre(1)),
                           Field(&Violation::players, ElementsAre(2)),
                           Field(&Violation::players, ElementsAre(4, 3))));
  EXPECT_THAT(check.violations,
              Contains(Field(&Violation::message,
                             HasSubstr("R6.3: player 1 would play red a "
                                       "third time in a row"))));
}

// R6.3: red and black counts may not differ by more than 2, even without
// three in a row (R, R, B, R then R).
TEST(SwissChecker, ColourBalanceLimit) {
  HistoryBuilder history(6);
  history.Game(1, 2, Outcome::kDraw).Game(3, 4, Outcome::kDraw).EndRound();
  history.Game(1, 3, Outcome::kDraw).Game(2, 4, Outcome::kDraw).EndRound();
  history.Game(5, 1, Outcome::kDraw).Game(6, 2, Outcome::kDraw).EndRound();
  history.Game(1, 6, Outcome::kDraw).Game(5, 4, Outcome::kDraw).EndRound();
  const PairingCheck check =
      Check(history.players(), 5, {{{1, 4}, {2, 5}, {3, 6}}, kNoPlayer});
  EXPECT_THAT(check.violations,
              Contains(Field(&Violation::message,
                             HasSubstr("player 1 would have red and black "
                                       "counts differing by more than 2"))));
}

// R6.3 second bye, R4.4 withdrawn player, R6.2 someone left out.
TEST(SwissChecker, ByeWithdrawalAndShape) {
  HistoryBuilder history(4);
  history.Game(1, 2, Outcome::kWin).Bye(3).EndRound();
  history.Withdraw(4);
  const PairingCheck check = Check(history.players(), 2, {{{1, 4}}, 3});
  std::vector<std::string> rules;
  for (const Violation& v : check.violations) rules.push_back(v.rule);
  EXPECT_THAT(rules, UnorderedElementsAre("R4.4", "R6.3", "R6.2"));
}

// R6.5: the cost vector of a pairing, component by component.
TEST(SwissChecker, CostVectorOfAPairing) {
  HistoryBuilder history(5);
  history.Game(1, 3, Outcome::kWin)
      .Game(4, 2, Outcome::kDraw)
      .Bye(5)
      .EndRound();
  // Order 1, 5 | 2, 4 | 3. Bye to 2: 4 and 3 below have had none.
  const PairingCheck check = Check(history.players(), 2, {{{1, 5}, {4, 3}}, 2});
  EXPECT_TRUE(check.legal());
  EXPECT_EQ(check.cost.bye_rank, 2);
  EXPECT_THAT(check.cost.score_gaps, ElementsAre(0, 1, 0));
  // 1 and 4 red again, 3 black again: each repeats and widens its balance.
  EXPECT_EQ(check.cost.colour_repeats, 3);
  EXPECT_EQ(check.cost.colour_imbalances, 3);
  EXPECT_EQ(check.cost.half_distance, 0);  // 1-5 ideal, 3 top of its group
}

// Bad input changes nothing and names the field.
TEST(SwissChecker, UnknownPlayerRefused) {
  HistoryBuilder history(2);
  const absl::StatusOr<PairingCheck> check =
      CheckPairing(history.players(), 1, SwissConfig{}, {{{1, 9}}, kNoPlayer});
  EXPECT_EQ(check.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(check.status().message(), HasSubstr("player 9"));
}

}  // namespace
}  // namespace qiwang::rules::swiss
