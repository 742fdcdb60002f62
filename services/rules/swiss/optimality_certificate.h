// Proves that a matching solved on candidate edges only is optimal over all
// legal pairs, or names the pairs that stop the proof. By LP duality for
// perfect matching, if the solver's dual solution satisfies the constraint
// of every omitted legal pair, it is feasible for the full problem, so the
// restricted optimum is a full optimum (same cost vector). Pure; any caller.
#ifndef QIWANG_SERVICES_RULES_SWISS_OPTIMALITY_CERTIFICATE_H_
#define QIWANG_SERVICES_RULES_SWISS_OPTIMALITY_CERTIFICATE_H_

#include <utility>
#include <vector>

#include "services/rules/swiss/candidate_window.h"
#include "services/rules/swiss/edge_weight.h"
#include "services/rules/swiss/matching/min_cost_perfect_matching.h"
#include "services/rules/swiss/section.h"

namespace qiwang::rules::swiss {

// The legal pairs (higher, lower) outside `window` whose constraint
// dual[u] + dual[v] + blossoms(u, v) >= -kDualScale * cost(u, v) fails, at
// most `limit` of them; empty means the solution is optimal over all pairs.
// Each player is first checked against whole position ranges (inside its
// group, and each lower group) per colour type with a lower bound on the
// pair cost (score gap and top-half distance exact, blossoms taken as 0) and
// the best partner dual of the range, in O(types x groups) per player. Each
// range where that bound fails is then checked in one pass: a block of 64
// players (or of 8, at a range's ends) is skipped when its least partner
// dual plus the blossom share of its deepest common blossom holds, else
// pair by pair with the exact blossom share in O(1) per pair
// (blossom_shares.h). Pairs come out in the same order either way (by
// player, then range, then partner). Arithmetic is
// __int128 when the solution's values (duals, blossom values, cost parts)
// allow, else the narrowest WideInt that holds them; all of it is exact.
std::vector<std::pair<int, int>> PairsBreakingDuals(
    const Section& section, const EdgeCostLayout& layout,
    const CandidateWindow& window, const PerfectMatching& solution, int limit);

}  // namespace qiwang::rules::swiss

#endif  // QIWANG_SERVICES_RULES_SWISS_OPTIMALITY_CERTIFICATE_H_
