// The reference pairer that proves the engine optimal on small sections: it
// enumerates every pairing (every perfect matching of the entrants, every
// choice of bye, both colourings of every board), keeps those the checker
// finds legal (R6.3, N13.4's absolute rounds) and returns one with the smallest
// cost vector as the checker computes it, never using the engine's edge
// weights. Exponential: at most kMaxBruteForceEntrants entrants. Pure; any
// caller.
#ifndef QIWANG_SERVICES_RULES_SWISS_BRUTE_FORCE_H_
#define QIWANG_SERVICES_RULES_SWISS_BRUTE_FORCE_H_

#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "services/rules/core/records.h"
#include "services/rules/swiss/swiss_pairer.h"

namespace qiwang::rules::swiss {

inline constexpr int kMaxBruteForceEntrants = 12;

// nullopt when no pairing satisfies R6.3 (and N13.4's absolute rounds).
// INVALID_ARGUMENT for malformed records or more than kMaxBruteForceEntrants
// players to pair.
absl::StatusOr<std::optional<PairedRound>> BruteForcePairing(
    const std::vector<PlayerRecord>& players, int round,
    const SwissConfig& config);

}  // namespace qiwang::rules::swiss

#endif  // QIWANG_SERVICES_RULES_SWISS_BRUTE_FORCE_H_
