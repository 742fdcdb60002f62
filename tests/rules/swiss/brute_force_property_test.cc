// R6.3, R6.5: the engine is optimal. On 10,000 seeded random histories of
// up to 12 players, the engine finds a legal pairing exactly when the
// brute-force pairer does, and its cost vector equals the brute-force
// minimum (computed by the checker, not by the engine's edge weights).
#include <gtest/gtest.h>

#include "services/rules/sim/simulator.h"
#include "services/rules/swiss/brute_force.h"
#include "services/rules/swiss/swiss_pairer.h"

namespace qiwang::rules::swiss {
namespace {

sim::SimulationParams HistoryFor(uint64_t seed) {
  sim::SimulationParams params;
  params.seed = seed;
  params.players = 2 + static_cast<int>(seed % 11);
  params.rounds = 1 + static_cast<int>((seed / 11) % 7);
  params.forfeit_ppm = 60000;
  params.double_forfeit_ppm = 20000;
  params.withdrawal_ppm = 30000;
  params.late_entry_ppm = 60000;
  return params;
}

struct Tally {
  int feasible = 0;
  int infeasible = 0;
  int widened = 0;  // the engine solved more than one matching
};

// Even seeds: a tournament paired by the engine itself; odd seeds (and
// engine tournaments that got stuck): random pairings, which reach colour
// runs and rematch-crowded states the engine would avoid.
std::vector<PlayerRecord> History(const sim::SimulationParams& params) {
  if (params.seed % 2 == 0) {
    absl::StatusOr<std::vector<PlayerRecord>> played =
        sim::SimulateSwiss(params);
    if (played.ok()) return *std::move(played);
  }
  return sim::RandomHistory(params);
}

void CompareWithBruteForce(uint64_t seed, const SwissConfig& config,
                           Tally& tally) {
  const sim::SimulationParams params = HistoryFor(seed);
  const std::vector<PlayerRecord> players = History(params);
  const int round = params.rounds + 1;
  const absl::StatusOr<std::optional<PairedRound>> best =
      BruteForcePairing(players, round, config);
  ASSERT_TRUE(best.ok()) << "seed " << seed << ": " << best.status();
  const absl::StatusOr<PairedRound> engine =
      PairSwissRound(players, round, config);
  if (!best->has_value()) {
    ++tally.infeasible;
    EXPECT_EQ(engine.status().code(), absl::StatusCode::kFailedPrecondition)
        << "seed " << seed;
    return;
  }
  ++tally.feasible;
  ASSERT_TRUE(engine.ok()) << "seed " << seed << ": " << engine.status();
  tally.widened += engine->solver_runs > 1 ? 1 : 0;
  EXPECT_EQ(engine->cost, (*best)->cost)
      << "seed " << seed << ": engine " << engine->cost.ToString()
      << " brute force " << (*best)->cost.ToString();
}

TEST(SwissOptimality, EngineMatchesBruteForceOn10000Histories) {
  Tally tally;
  for (uint64_t seed = 1; seed <= 10000; ++seed) {
    CompareWithBruteForce(seed, SwissConfig{}, tally);
    if (HasFailure()) break;
  }
  // Both outcomes must actually be exercised.
  EXPECT_GT(tally.feasible, 5000);
  EXPECT_GT(tally.infeasible, 500);
  RecordProperty("feasible", tally.feasible);
  RecordProperty("infeasible", tally.infeasible);
}

// The candidate-edge restriction never changes the result: with the
// smallest window the engine must widen (certificate failures, missing
// perfect matchings) and still reach the brute-force minimum.
TEST(SwissOptimality, NarrowCandidateWindowKeepsOptimum) {
  SwissConfig config;
  config.candidate_window = 1;
  Tally tally;
  for (uint64_t seed = 20001; seed <= 21000; ++seed) {
    CompareWithBruteForce(seed, config, tally);
    if (HasFailure()) break;
  }
  EXPECT_GT(tally.feasible, 500);
  EXPECT_GT(tally.widened, 100);
}

}  // namespace
}  // namespace qiwang::rules::swiss
