// BlossomShares, the blossom part of the optimality certificate's dual
// constraints: on seeded random laminar families of blossoms (nested slices
// of one node order, many of value 0, some players in no blossom, a bye
// node), what a focused player shares with each partner equals the sum of
// the values of the blossoms holding both, counted naively; and the share
// of two players' deepest common blossom is a lower bound on what each of
// them shares with the focused player (the certificate skips blocks of
// partners on it).
#include "services/rules/swiss/blossom_shares.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

namespace qiwang::rules::swiss::internal {
namespace {

CostLimbs Limbs(__int128 value) {
  CostLimbs limbs{};
  limbs[0] = static_cast<uint64_t>(value);
  limbs[1] = static_cast<uint64_t>(static_cast<unsigned __int128>(value) >> 64);
  return limbs;
}

// `nodes` nodes, the last one the bye (not a player); a random subset of
// them, in random order, make up blossom_order, and brackets opened and
// closed at random around them make the blossoms.
PerfectMatching RandomBlossoms(std::mt19937_64& random, int nodes) {
  PerfectMatching solution;
  std::vector<int> order(nodes);
  for (int i = 0; i < nodes; ++i) order[i] = i;
  for (int i = nodes - 1; i > 0; --i) {
    std::swap(order[i], order[random() % (i + 1)]);
  }
  for (int node : order) {
    if (random() % 5 != 0) solution.blossom_order.push_back(node);
  }
  std::vector<int> open;
  const auto close = [&](int end) {
    const uint64_t pick = random() % 3;
    const __int128 value =
        pick == 0 ? 0 : static_cast<__int128>(random() >> (pick == 1 ? 60 : 2));
    solution.blossoms.push_back({Limbs(value), open.back(), end});
    open.pop_back();
  };
  const int slots = static_cast<int>(solution.blossom_order.size());
  for (int slot = 0; slot < slots; ++slot) {
    for (int k = static_cast<int>(random() % 3); k > 0; --k) {
      open.push_back(slot);
    }
    if (open.empty()) open.push_back(slot);
    for (int k = static_cast<int>(random() % 3); k > 0 && !open.empty(); --k) {
      close(slot + 1);
    }
  }
  while (!open.empty()) close(slots);
  // LEMON lists inner blossoms before outer ones; any order will do.
  std::reverse(solution.blossoms.begin(), solution.blossoms.end());
  return solution;
}

__int128 NaiveShare(const PerfectMatching& solution, int u, int v) {
  const auto slot_of = [&](int node) {
    const auto it = std::find(solution.blossom_order.begin(),
                              solution.blossom_order.end(), node);
    return it == solution.blossom_order.end()
               ? -1
               : static_cast<int>(it - solution.blossom_order.begin());
  };
  const int a = slot_of(u);
  const int b = slot_of(v);
  __int128 sum = 0;
  for (const DualBlossom& blossom : solution.blossoms) {
    if (a >= blossom.begin && a < blossom.end && b >= blossom.begin &&
        b < blossom.end) {
      sum += FromLimbs<__int128>(blossom.value);
    }
  }
  return sum;
}

TEST(SwissBlossomShares, SharesAreTheSumOfCommonBlossoms) {
  std::mt19937_64 random(2016);
  for (int trial = 0; trial < 200; ++trial) {
    const int nodes = 2 + static_cast<int>(random() % 40);
    const int players = nodes - 1;
    const PerfectMatching solution = RandomBlossoms(random, nodes);
    BlossomShares<__int128> shares(solution, players);
    for (int u = 0; u < players; ++u) {
      shares.Focus(u);
      for (int v = 0; v < players; ++v) {
        if (v == u) continue;
        const __int128 share = shares.SharedWithFocus(v);
        ASSERT_TRUE(share == NaiveShare(solution, u, v))
            << "trial " << trial << " u " << u << " v " << v;
        for (int w = 0; w < players; ++w) {
          if (w == u) continue;
          const __int128 common = shares.SharedWithFocusAt(
              shares.Common(shares.Deepest(v), shares.Deepest(w)));
          ASSERT_TRUE(common <= share && common <= shares.SharedWithFocus(w))
              << "trial " << trial << " u " << u << " v " << v << " w " << w;
        }
      }
    }
  }
}

}  // namespace
}  // namespace qiwang::rules::swiss::internal
