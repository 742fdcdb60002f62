// The only translation unit that includes LEMON (built as C++17).
//
// Overflow argument. Edge weights are w = -cost with 0 <= cost < 2^B
// (B = cost_bits). LEMON scales weights by 4 and runs a primal-dual blossom
// algorithm: node potentials start at (4 * max incident weight) / 2 and every
// dual step moves a potential or blossom value by a delta that is at most the
// largest scaled reduced cost, itself bounded by 2 * 4 * 2^B. There are at most
// n augmentations, each with at most n growth/shrink/expand steps per node set,
// so every dual value and every intermediate sum stays below
// 2^(B + 3) * (n^2 + 2) < 2^(B + 2 * bit_width(n) + 6). The value type is
// chosen with at least that many bits plus a sign bit, so nothing overflows;
// the "infinity" LEMON uses (numeric_limits::max()) is never reached by a real
// value.
#include "services/rules/swiss/matching/min_cost_perfect_matching.h"

#include <lemon/matching.h>
#include <lemon/smart_graph.h>

#include <cstdint>
#include <type_traits>

#include "services/rules/swiss/matching/wide_int.h"

namespace qiwang::rules::swiss {
namespace {

int BitWidth(unsigned value) {
  int bits = 0;
  for (; value != 0; value >>= 1) ++bits;
  return bits;
}

int HeadroomBits(int node_count) {
  return 2 * BitWidth(static_cast<unsigned>(node_count)) + 7;  // + sign bit
}

using Wide192 = WideInt<3>;
using Wide256 = WideInt<4>;
using Wide320 = WideInt<5>;
using Wide384 = WideInt<6>;
using Wide512 = WideInt<kCostLimbs>;

// Native types where they suffice: __int128 arithmetic is a few
// instructions, WideInt a loop over limbs.
template <typename Value>
Value NegatedCost(const CostLimbs& cost) {
  if constexpr (std::is_same_v<Value, int64_t>) {
    return -static_cast<int64_t>(cost[0]);
  } else if constexpr (std::is_same_v<Value, __int128>) {
    return -static_cast<__int128>(
        (static_cast<unsigned __int128>(cost[1]) << 64) | cost[0]);
  } else {
    return -Value::Resize(Wide512::FromLimbs(cost));
  }
}

template <typename Value>
CostLimbs ToLimbs(const Value& value) {
  if constexpr (std::is_same_v<Value, int64_t>) {
    return Wide512(static_cast<long long>(value)).limbs();
  } else if constexpr (std::is_same_v<Value, __int128>) {
    CostLimbs limbs = Wide512(value < 0 ? -1 : 0).limbs();
    limbs[0] = static_cast<uint64_t>(value);
    limbs[1] =
        static_cast<uint64_t>(static_cast<unsigned __int128>(value) >> 64);
    return limbs;
  } else {
    return Wide512::Resize(value).limbs();
  }
}

template <typename Value>
std::optional<PerfectMatching> Solve(int node_count,
                                     const std::vector<CostEdge>& edges) {
  lemon::SmartGraph graph;
  graph.reserveNode(node_count);
  graph.reserveEdge(static_cast<int>(edges.size()));
  std::vector<lemon::SmartGraph::Node> nodes;
  nodes.reserve(node_count);
  for (int i = 0; i < node_count; ++i) nodes.push_back(graph.addNode());
  lemon::SmartGraph::EdgeMap<Value> weight(graph);
  for (const CostEdge& edge : edges) {
    const auto e = graph.addEdge(nodes[edge.u], nodes[edge.v]);
    weight[e] = NegatedCost<Value>(edge.cost);
  }
  using Solver =
      lemon::MaxWeightedPerfectMatching<lemon::SmartGraph,
                                        lemon::SmartGraph::EdgeMap<Value>>;
  static_assert(Solver::dualScale == kDualScale);
  Solver solver(graph, weight);
  if (!solver.run()) return std::nullopt;

  PerfectMatching result;
  result.mate.resize(node_count);
  result.node_dual.resize(node_count);
  for (int i = 0; i < node_count; ++i) {
    result.mate[i] = graph.id(solver.mate(nodes[i]));
    result.node_dual[i] = ToLimbs(solver.nodeValue(nodes[i]));
  }
  // LEMON lists each blossom as a slice of one node list, a blossom after
  // the blossoms inside it. From the last blossom back, a blossom whose first
  // node has no place yet is outermost: its nodes are copied in order; any
  // other blossom lies inside one already copied, starting at its first node.
  std::vector<int> place(node_count, -1);
  result.blossoms.resize(solver.blossomNum());
  for (int k = solver.blossomNum() - 1; k >= 0; --k) {
    DualBlossom& blossom = result.blossoms[k];
    blossom.value = ToLimbs(solver.blossomValue(k));
    typename Solver::BlossomIt it(solver, k);
    const int first = graph.id(static_cast<lemon::SmartGraph::Node>(it));
    if (place[first] < 0) {
      for (; it != lemon::INVALID; ++it) {
        const int node = graph.id(static_cast<lemon::SmartGraph::Node>(it));
        place[node] = static_cast<int>(result.blossom_order.size());
        result.blossom_order.push_back(node);
      }
    }
    blossom.begin = place[first];
    blossom.end = blossom.begin + solver.blossomSize(k);
  }
  return result;
}

}  // namespace

int MaxCostBits(int node_count) {
  return 64 * kCostLimbs - HeadroomBits(node_count);
}

int DualValueBits(int node_count, int cost_bits) {
  return cost_bits + HeadroomBits(node_count);
}

std::optional<PerfectMatching> SolveMinCostPerfectMatching(
    int node_count, const std::vector<CostEdge>& edges, int cost_bits) {
  const int needed = DualValueBits(node_count, cost_bits);
  if (needed <= 64) return Solve<int64_t>(node_count, edges);
  if (needed <= 128) return Solve<__int128>(node_count, edges);
  if (needed <= 192) return Solve<Wide192>(node_count, edges);
  if (needed <= 256) return Solve<Wide256>(node_count, edges);
  if (needed <= 320) return Solve<Wide320>(node_count, edges);
  if (needed <= 384) return Solve<Wide384>(node_count, edges);
  return Solve<Wide512>(node_count, edges);
}

std::vector<int> UnmatchedByMaximumMatching(
    int node_count, const std::vector<std::pair<int, int>>& edges) {
  lemon::SmartGraph graph;
  std::vector<lemon::SmartGraph::Node> nodes;
  for (int i = 0; i < node_count; ++i) nodes.push_back(graph.addNode());
  for (const auto& [u, v] : edges) graph.addEdge(nodes[u], nodes[v]);
  lemon::MaxMatching<lemon::SmartGraph> matching(graph);
  matching.run();
  std::vector<int> unmatched;
  for (int i = 0; i < node_count; ++i) {
    if (matching.mate(nodes[i]) == lemon::INVALID) unmatched.push_back(i);
  }
  return unmatched;
}

}  // namespace qiwang::rules::swiss
