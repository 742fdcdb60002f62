// The matcher gives the same matching and the same duals whichever value type
// it runs on: one graph with costs below 2^24, solved with cost widths that
// select each type in turn (int64_t, __int128, and WideInt of 3, 4, 5, 6 and
// 8 limbs). A wrong carry or compare in one width would pair a round
// differently, or give duals the optimality certificate cannot trust, only
// in the rounds whose cost vector needs that width.
#include "services/rules/swiss/matching/min_cost_perfect_matching.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <set>
#include <vector>

namespace qiwang::rules::swiss {
namespace {

uint64_t NextRandom(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Each node to its next 12 (around a ring) and a few random others, so the
// solution has blossoms as well as plain pairs.
std::vector<CostEdge> RandomGraph(int nodes, uint64_t seed) {
  std::vector<CostEdge> edges;
  for (int u = 0; u < nodes; ++u) {
    for (int step = 1; step <= 12; ++step) {
      CostEdge edge{u, (u + step) % nodes, {}};
      edge.cost[0] = NextRandom(seed) % (uint64_t{1} << 24);
      edges.push_back(edge);
    }
    CostEdge far{u, static_cast<int>(NextRandom(seed) % nodes), {}};
    far.cost[0] = NextRandom(seed) % 64;
    if (far.v != u) edges.push_back(far);
  }
  return edges;
}

// The width in bits of the value type the matcher picks for `cost_bits`.
int TypeBits(int nodes, int cost_bits) {
  const int needed = DualValueBits(nodes, cost_bits);
  for (const int bits : {64, 128, 192, 256, 320, 384}) {
    if (needed <= bits) return bits;
  }
  return 512;
}

TEST(SwissMatcher, SameAnswerOnEveryValueWidth) {
  const int nodes = 400;
  int with_blossoms = 0;
  for (const uint64_t seed : {1, 2, 3, 4}) {
    const std::vector<CostEdge> edges = RandomGraph(nodes, seed);
    const std::optional<PerfectMatching> narrowest =
        SolveMinCostPerfectMatching(nodes, edges, 24);
    ASSERT_TRUE(narrowest.has_value());
    with_blossoms += narrowest->blossoms.empty() ? 0 : 1;
    std::set<int> widths{TypeBits(nodes, 24)};
    for (const int cost_bits : {60, 140, 200, 270, 330, 400}) {
      widths.insert(TypeBits(nodes, cost_bits));
      const std::optional<PerfectMatching> wide =
          SolveMinCostPerfectMatching(nodes, edges, cost_bits);
      ASSERT_TRUE(wide.has_value());
      EXPECT_EQ(wide->mate, narrowest->mate)
          << "seed " << seed << " cost_bits " << cost_bits;
      EXPECT_EQ(wide->node_dual, narrowest->node_dual)
          << "seed " << seed << " cost_bits " << cost_bits;
      ASSERT_EQ(wide->blossoms.size(), narrowest->blossoms.size());
      for (size_t k = 0; k < wide->blossoms.size(); ++k) {
        EXPECT_EQ(wide->blossoms[k].value, narrowest->blossoms[k].value);
        EXPECT_EQ(wide->blossoms[k].begin, narrowest->blossoms[k].begin);
        EXPECT_EQ(wide->blossoms[k].end, narrowest->blossoms[k].end);
      }
      EXPECT_EQ(wide->blossom_order, narrowest->blossom_order);
    }
    EXPECT_EQ(widths, (std::set<int>{64, 128, 192, 256, 320, 384, 512}));
  }
  EXPECT_GE(with_blossoms, 2);
}

}  // namespace
}  // namespace qiwang::rules::swiss
