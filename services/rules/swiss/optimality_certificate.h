// Proves that a matching solved on candidate edges only is optimal over all
// legal pairs: by LP duality for perfect matching, if the solver's dual
// solution satisfies the constraint of every omitted legal pair, it is
// feasible for the full problem, so the restricted optimum is a full optimum
// (same cost vector). Pure; any caller.
#ifndef QIWANG_SERVICES_RULES_SWISS_OPTIMALITY_CERTIFICATE_H_
#define QIWANG_SERVICES_RULES_SWISS_OPTIMALITY_CERTIFICATE_H_

#include "services/rules/swiss/candidate_window.h"
#include "services/rules/swiss/edge_weight.h"
#include "services/rules/swiss/matching/min_cost_perfect_matching.h"
#include "services/rules/swiss/section.h"

namespace qiwang::rules::swiss {

// True when every legal pair outside `window` satisfies
// dual[u] + dual[v] + blossoms(u, v) >= -kDualScale * cost(u, v).
// Pairs are first checked in blocks with a lower bound on their cost (their
// score gap, and the window distance), then one by one where a block fails.
bool DualsCoverOmittedPairs(const Section& section,
                            const EdgeCostLayout& layout,
                            const CandidateWindow& window,
                            const PerfectMatching& solution);

}  // namespace qiwang::rules::swiss

#endif  // QIWANG_SERVICES_RULES_SWISS_OPTIMALITY_CERTIFICATE_H_
