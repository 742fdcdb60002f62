// A seeded, deterministic Swiss tournament simulator: players with hidden
// strengths, results with draws, forfeits, double forfeits, withdrawals and
// late entries (absent in early rounds). Used by property tests, the
// benchmark and the demo. Pure: same parameters, same records. Any caller.
#ifndef QIWANG_SERVICES_RULES_SIM_SIMULATOR_H_
#define QIWANG_SERVICES_RULES_SIM_SIMULATOR_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "services/rules/core/records.h"
#include "services/rules/swiss/swiss_config.h"

namespace qiwang::rules::sim {

// Event rates are in parts per million.
struct SimulationParams {
  uint64_t seed = 1;
  int players = 16;
  int rounds = 5;  // rounds to play
  swiss::SwissConfig config;
  int draw_ppm = 200000;
  int forfeit_ppm = 20000;        // one side absent, per board
  int double_forfeit_ppm = 5000;  // both absent, per board
  int withdrawal_ppm = 5000;      // per player, after each round
  int late_entry_ppm = 20000;     // per player: enters in round 2 or 3
};

// Plays `rounds` rounds, each paired by the Swiss engine, and returns every
// player's records (ids 1..players, pairing number = id). Fails with the
// engine's status if a round cannot be paired.
absl::StatusOr<std::vector<PlayerRecord>> SimulateSwiss(
    const SimulationParams& params);

// Random histories for property tests: `rounds` rounds paired at RANDOM
// (random partners, preferring ones not met; random colours; the bye at
// random), with the same result model, so the histories reach states the
// engine would avoid (colour runs, crowded rematches, several byes).
std::vector<PlayerRecord> RandomHistory(const SimulationParams& params);

}  // namespace qiwang::rules::sim

#endif  // QIWANG_SERVICES_RULES_SIM_SIMULATOR_H_
