// R6.3, R6.5: the engine is optimal. On 10,000 seeded random histories of
// up to 12 players, the engine finds a legal pairing exactly when the
// brute-force pairer does, and its cost vector equals the brute-force
// minimum (computed by the checker, not by the engine's edge weights).
// N13.4: the same holds with same-unit avoidance on, absolute and weak, on
// histories whose players represent units (round 1 included).
#include <gtest/gtest.h>

#include "services/rules/sim/simulator.h"
#include "services/rules/swiss/brute_force.h"
#include "services/rules/swiss/checker.h"
#include "services/rules/swiss/swiss_pairer.h"
#include "tests/rules/swiss/unit_assignment.h"

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

// N13.4 histories: units from the seed; one seed in four is round 1.
std::vector<PlayerRecord> HistoryWithUnits(uint64_t seed, int& round) {
  const sim::SimulationParams params = HistoryFor(seed);
  std::vector<PlayerRecord> players = History(params);
  round = params.rounds + 1;
  if (seed % 4 == 0) {
    for (PlayerRecord& player : players) {
      player.rounds.clear();
      player.withdrawn = false;
    }
    round = 1;
  }
  AssignUnits(players, seed, 2 + static_cast<int>(seed % 3));
  return players;
}

void CompareOn(uint64_t seed, const std::vector<PlayerRecord>& players,
               int round, const SwissConfig& config, Tally& tally) {
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

void CompareWithBruteForce(uint64_t seed, const SwissConfig& config,
                           Tally& tally) {
  const sim::SimulationParams params = HistoryFor(seed);
  CompareOn(seed, History(params), params.rounds + 1, config, tally);
}

// N13.4 in round `round`: absolute, or weak after absolute earlier rounds.
SwissConfig WithAvoidance(SwissConfig config, int round, bool weak) {
  config.same_unit.absolute_rounds = weak ? round - 1 : round;
  config.same_unit.weak_in_later_rounds = weak;
  return config;
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

// N13.4 absolute: players of one unit are never paired, like a rematch; the
// engine finds a legal pairing exactly when the brute force does, at the
// same cost.
TEST(SwissOptimality, N13_4_AbsoluteAvoidanceMatchesBruteForce) {
  Tally tally;
  for (uint64_t seed = 40001; seed <= 50000; ++seed) {
    int round = 0;
    const std::vector<PlayerRecord> players = HistoryWithUnits(seed, round);
    CompareOn(seed, players, round, WithAvoidance({}, round, false), tally);
    if (HasFailure()) break;
  }
  EXPECT_GT(tally.feasible, 4000);
  EXPECT_GT(tally.infeasible, 3000);
  RecordProperty("feasible", tally.feasible);
  RecordProperty("infeasible", tally.infeasible);
}

// N13.4 weak: the last criterion. Equal to the brute force, and it changes
// pairings: often the plain engine's pairing has more same-unit boards.
TEST(SwissOptimality, N13_4_WeakAvoidanceMatchesBruteForce) {
  Tally tally;
  int fewer_same_unit_boards = 0;
  for (uint64_t seed = 50001; seed <= 60000; ++seed) {
    int round = 0;
    const std::vector<PlayerRecord> players = HistoryWithUnits(seed, round);
    const SwissConfig config = WithAvoidance({}, round, true);
    CompareOn(seed, players, round, config, tally);
    if (HasFailure()) break;
    const absl::StatusOr<PairedRound> weak =
        PairSwissRound(players, round, config);
    const absl::StatusOr<PairedRound> plain =
        PairSwissRound(players, round, SwissConfig{});
    if (!weak.ok() || !plain.ok()) continue;
    const absl::StatusOr<PairingCheck> plain_judged =
        CheckPairing(players, round, config, plain->pairing);
    ASSERT_TRUE(plain_judged.ok()) << plain_judged.status();
    EXPECT_LE(weak->cost.same_unit_boards, plain_judged->cost.same_unit_boards)
        << "seed " << seed;
    fewer_same_unit_boards +=
        weak->cost.same_unit_boards < plain_judged->cost.same_unit_boards;
  }
  EXPECT_GT(tally.feasible, 5000);
  EXPECT_GT(fewer_same_unit_boards, 100);
  RecordProperty("feasible", tally.feasible);
  RecordProperty("fewer_same_unit_boards", fewer_same_unit_boards);
}

// N13.4 with the smallest candidate window: the certificate prices units
// too, so widening still reaches the brute-force minimum.
TEST(SwissOptimality, N13_4_NarrowCandidateWindowKeepsOptimum) {
  SwissConfig narrow;
  narrow.candidate_window = 1;
  Tally tally;
  for (uint64_t seed = 60001; seed <= 63000; ++seed) {
    int round = 0;
    const std::vector<PlayerRecord> players = HistoryWithUnits(seed, round);
    CompareOn(seed, players, round, WithAvoidance(narrow, round, seed % 2 == 0),
              tally);
    if (HasFailure()) break;
  }
  EXPECT_GT(tally.feasible, 1000);
  EXPECT_GT(tally.widened, 100);
  RecordProperty("feasible", tally.feasible);
  RecordProperty("widened", tally.widened);
}

}  // namespace
}  // namespace qiwang::rules::swiss
