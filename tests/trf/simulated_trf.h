// Generated tournaments as TRF-2026 documents for the export tests: the
// Swiss simulator's records (byes, forfeits, double forfeits, withdrawals,
// late entries) written as 001 lines, with the points, 142 and 162 the
// simulation used, and the import of a file as the ledger would fold it.
// Test support; tests/trf only.
#ifndef QIWANG_TESTS_TRF_SIMULATED_TRF_H_
#define QIWANG_TESTS_TRF_SIMULATED_TRF_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "qiwang/v1/import_service.pb.h"
#include "services/rules/sim/simulator.h"
#include "services/rules/tournament/decide.h"
#include "services/rules/tournament/tournament_state.h"
#include "services/trf/trf_document.h"

namespace qiwang::exports {

// A Swiss played by the engine under `params` (scoring win 2, draw 1, loss
// 0, bye 2 unless changed there). Starting rank = player id.
TrfDocument SimulatedTrf(const rules::sim::SimulationParams& params);

// SimulationParams with high rates of byes (an odd count), forfeits,
// double forfeits, withdrawals and late entries.
rules::sim::SimulationParams EventfulParams(uint64_t seed, int players,
                                            int rounds);

// An import request of `trf` (tournament "imported", file "event.trf").
v1::ImportTrfRequest ImportRequest(const std::string& trf);

// DecideTrfImport on an empty state by an organiser at a fixed time.
absl::StatusOr<rules::tournament::Events> DecideImport(
    const v1::ImportTrfRequest& request);

// The events folded as the ledger folds them (positions from 1).
rules::tournament::TournamentState FoldEvents(
    const rules::tournament::Events& events);

}  // namespace qiwang::exports

#endif  // QIWANG_TESTS_TRF_SIMULATED_TRF_H_
