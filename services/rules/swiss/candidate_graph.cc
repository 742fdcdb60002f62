#include "services/rules/swiss/candidate_graph.h"

#include <optional>

namespace qiwang::rules::swiss {

MatchingGraph BuildCandidateGraph(
    const Section& section, const EdgeCostLayout& layout,
    const CandidateWindow& window,
    const std::vector<std::pair<int, int>>& extra) {
  MatchingGraph graph;
  const int n = section.size();
  graph.node_count = n + n % 2;
  const auto add_pair = [&](int higher, int lower) {
    if (std::optional<PairChoice> pair = ChoosePair(section, higher, lower)) {
      graph.edges.push_back({higher, lower, layout.PairCost(*pair)});
    }
  };
  // One counting pass so the 80-byte edges are written once, not copied on
  // every growth (a third of the build at 10,000 players).
  size_t pairs = extra.size() + (n % 2 == 1 ? n : 0);
  window.ForEachPair(section, [&pairs](int, int) { ++pairs; });
  graph.edges.reserve(pairs);
  window.ForEachPair(section, add_pair);
  for (const auto& [higher, lower] : extra) {
    if (!window.Admits(section, higher, lower)) add_pair(higher, lower);
  }
  if (n % 2 == 1) {
    for (int u = 0; u < n; ++u) {
      if (!section.at(u).had_bye) {
        graph.edges.push_back({u, n, layout.ByeCost(u)});
      }
    }
  }
  return graph;
}

}  // namespace qiwang::rules::swiss
