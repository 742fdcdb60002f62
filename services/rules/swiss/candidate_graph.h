// The graph the Swiss engine hands to the matcher (swiss_pairer.h): the
// candidate window's legal pairs with their R6.5 edge costs, the pairs the
// optimality certificate found missing, and the bye's edges. Exposed so that
// a bench can time the matcher alone on exactly the graph the engine solves.
// Pure; any caller.
#ifndef QIWANG_SERVICES_RULES_SWISS_CANDIDATE_GRAPH_H_
#define QIWANG_SERVICES_RULES_SWISS_CANDIDATE_GRAPH_H_

#include <utility>
#include <vector>

#include "services/rules/swiss/candidate_window.h"
#include "services/rules/swiss/edge_weight.h"
#include "services/rules/swiss/matching/min_cost_perfect_matching.h"
#include "services/rules/swiss/section.h"

namespace qiwang::rules::swiss {

struct MatchingGraph {
  int node_count = 0;  // the entrants, plus one node for the bye when odd
  std::vector<CostEdge> edges;
};

// The window's pairs that R6.3 allows, plus `extra` pairs (higher, lower)
// outside it, plus one edge to the bye node for each entrant without a bye
// when the count is odd.
MatchingGraph BuildCandidateGraph(
    const Section& section, const EdgeCostLayout& layout,
    const CandidateWindow& window,
    const std::vector<std::pair<int, int>>& extra = {});

}  // namespace qiwang::rules::swiss

#endif  // QIWANG_SERVICES_RULES_SWISS_CANDIDATE_GRAPH_H_
