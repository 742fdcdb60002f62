// Minimum-cost perfect matching on a general graph, behind an interface of
// std types only: the implementation is LEMON 1.3.1, which compiles only as
// C++17, so it lives alone in min_cost_perfect_matching.cc (its own C++17
// library). Deterministic: the same input gives the same matching and duals.
// Any caller may use it; it keeps no state.
#ifndef QIWANG_SERVICES_RULES_SWISS_MATCHING_MIN_COST_PERFECT_MATCHING_H_
#define QIWANG_SERVICES_RULES_SWISS_MATCHING_MIN_COST_PERFECT_MATCHING_H_

#include <array>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace qiwang::rules::swiss {

inline constexpr int kCostLimbs = 8;
// A non-negative cost below 2^cost_bits, little-endian 64-bit limbs
// (two's complement when used for duals).
using CostLimbs = std::array<uint64_t, kCostLimbs>;

struct CostEdge {
  int u = 0;
  int v = 0;
  CostLimbs cost{};
};

// An LP dual of the solution, for certificates of optimality over edges the
// solver was not given. All values are scaled by kDualScale and belong to the
// maximisation of weight = -cost: for every edge (u, v) of the graph,
// node_dual[u] + node_dual[v] + sum of value over blossoms holding both
// >= kDualScale * (-cost(u, v)), and blossom values are >= 0.
// Blossoms form a laminar family; each one is the contiguous slice
// [begin, end) of `blossom_order`, which lists every node inside some
// blossom once, so a blossom nested in another is a sub-slice of it.
inline constexpr int kDualScale = 4;
struct DualBlossom {
  CostLimbs value{};
  int begin = 0;
  int end = 0;
};
struct PerfectMatching {
  std::vector<int> mate;  // mate[u] is u's partner
  std::vector<CostLimbs> node_dual;
  std::vector<DualBlossom> blossoms;
  std::vector<int> blossom_order;
};

// The largest total cost width SolveMinCostPerfectMatching accepts for
// `node_count` nodes (see the overflow argument in the .cc file).
int MaxCostBits(int node_count);
// Bits (sign included) that bound every dual value the solver returns for
// costs below 2^cost_bits on `node_count` nodes.
int DualValueBits(int node_count, int cost_bits);

// Returns nullopt when the graph has no perfect matching.
// REQUIRES: node_count even; every cost < 2^cost_bits;
//           cost_bits <= MaxCostBits(node_count).
std::optional<PerfectMatching> SolveMinCostPerfectMatching(
    int node_count, const std::vector<CostEdge>& edges, int cost_bits);

// Nodes left unmatched by one maximum-cardinality matching, to explain why
// no perfect matching exists.
std::vector<int> UnmatchedByMaximumMatching(
    int node_count, const std::vector<std::pair<int, int>>& edges);

}  // namespace qiwang::rules::swiss

#endif  // QIWANG_SERVICES_RULES_SWISS_MATCHING_MIN_COST_PERFECT_MATCHING_H_
