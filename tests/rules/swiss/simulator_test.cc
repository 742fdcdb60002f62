#include "services/rules/sim/simulator.h"

#include <gtest/gtest.h>

#include "services/rules/swiss/checker.h"

namespace qiwang::rules::sim {
namespace {

// R6.3 over a whole event: every round the engine pairs in a simulated
// 11-round tournament is legal when re-checked, and the same seed replays
// the same tournament (determinism).
TEST(SwissSimulation, ElevenRoundsLegalAndReproducible) {
  SimulationParams params;
  params.seed = 7;
  params.players = 41;
  params.rounds = 11;
  const absl::StatusOr<std::vector<PlayerRecord>> first = SimulateSwiss(params);
  ASSERT_TRUE(first.ok()) << first.status();
  const absl::StatusOr<std::vector<PlayerRecord>> again = SimulateSwiss(params);
  ASSERT_TRUE(again.ok());
  for (size_t i = 0; i < first->size(); ++i) {
    ASSERT_EQ((*first)[i].rounds.size(), 11u);
    for (size_t r = 0; r < 11; ++r) {
      EXPECT_EQ((*first)[i].rounds[r].opponent, (*again)[i].rounds[r].opponent);
      EXPECT_EQ((*first)[i].rounds[r].outcome, (*again)[i].rounds[r].outcome);
    }
  }
  int byes = 0;
  for (const PlayerRecord& player : *first) {
    int own_byes = 0;
    for (const RoundRecord& r : player.rounds) {
      own_byes += r.outcome == Outcome::kBye;
    }
    EXPECT_LE(own_byes, 1) << "R6.3 second bye for player " << player.id;
    byes += own_byes;
  }
  EXPECT_GT(byes, 0);
}

}  // namespace
}  // namespace qiwang::rules::sim
