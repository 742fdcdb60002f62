// The blossom part of the optimality certificate's dual constraints
// (optimality_certificate.h), for a solution of the matcher
// (min_cost_perfect_matching.h). Guarantees: SharedWithFocus is exactly the
// sum of the values of the blossoms holding both players. Not thread-safe
// (Focus mutates); one certificate run owns it.
#ifndef QIWANG_SERVICES_RULES_SWISS_BLOSSOM_SHARES_H_
#define QIWANG_SERVICES_RULES_SWISS_BLOSSOM_SHARES_H_

#include <algorithm>
#include <cstdint>
#include <vector>

#include "services/rules/swiss/certificate_value.h"
#include "services/rules/swiss/matching/min_cost_perfect_matching.h"

namespace qiwang::rules::swiss::internal {

// The blossom part of a pair's dual constraint: the sum of the values of the
// blossoms holding both players. Blossoms of value 0 add nothing and are
// dropped; the others form a laminar forest (nested slices of one node
// order), and the blossoms holding both u and v are the common ancestors of
// their deepest ones, so the sum is the cumulative value (its own plus its
// ancestors') of their lowest common ancestor. Focus(u) computes that sum
// for every blossom as the deepest one of a partner, in O(blossoms); each
// partner then costs O(1).
template <typename V>
class BlossomShares {
 public:
  BlossomShares(const PerfectMatching& solution, int players) {
    // The blossoms of nonzero value, outer before inner: by first slot, then
    // larger first. A parent comes before its children in this order.
    std::vector<int> order;
    for (int k = 0; k < static_cast<int>(solution.blossoms.size()); ++k) {
      const CostLimbs& value = solution.blossoms[k].value;
      if (std::any_of(value.begin(), value.end(),
                      [](uint64_t limb) { return limb != 0; })) {
        order.push_back(k);
      }
    }
    std::sort(order.begin(), order.end(), [&](int a, int b) {
      const DualBlossom& x = solution.blossoms[a];
      const DualBlossom& y = solution.blossoms[b];
      return x.begin != y.begin ? x.begin < y.begin : x.end > y.end;
    });
    const int count = static_cast<int>(order.size());
    const int slots = static_cast<int>(solution.blossom_order.size());
    parent_.assign(count, -1);
    depth_.assign(count, 0);
    cumulative_.assign(count, V(0));
    shared_.assign(count, V(0));
    on_chain_.assign(count, false);
    deepest_.assign(players, -1);
    std::vector<int> open;
    int next = 0;
    for (int slot = 0; slot < slots; ++slot) {
      while (!open.empty() &&
             solution.blossoms[order[open.back()]].end <= slot) {
        open.pop_back();
      }
      for (; next < count && solution.blossoms[order[next]].begin == slot;
           ++next) {
        const int parent = open.empty() ? -1 : open.back();
        parent_[next] = parent;
        depth_[next] = parent < 0 ? 0 : depth_[parent] + 1;
        cumulative_[next] = FromLimbs<V>(solution.blossoms[order[next]].value) +
                            (parent < 0 ? V(0) : cumulative_[parent]);
        open.push_back(next);
      }
      const int node = solution.blossom_order[slot];
      if (node < players && !open.empty()) deepest_[node] = open.back();
    }
  }

  void Focus(int u) {
    focus_ = deepest_[u];
    if (focus_ < 0) return;
    for (int k = focus_; k >= 0; k = parent_[k]) on_chain_[k] = true;
    // Parents first: a blossom off u's chain shares what its parent shares.
    for (int k = 0; k < static_cast<int>(shared_.size()); ++k) {
      shared_[k] = on_chain_[k]     ? cumulative_[k]
                   : parent_[k] < 0 ? V(0)
                                    : shared_[parent_[k]];
    }
    for (int k = focus_; k >= 0; k = parent_[k]) on_chain_[k] = false;
  }

  // REQUIRES: Focus(u) was called last; v != u.
  V SharedWithFocus(int v) const { return SharedWithFocusAt(deepest_[v]); }

  // The deepest blossom holding player v, -1 when none does.
  int Deepest(int v) const { return deepest_[v]; }
  // The deepest blossom holding blossoms a and b, -1 when none does (or
  // either is -1).
  int Common(int a, int b) const {
    while (a >= 0 && b >= 0 && a != b) {
      if (depth_[a] >= depth_[b]) a = parent_[a];
      if (a >= 0 && depth_[b] > depth_[a]) b = parent_[b];
    }
    return a >= 0 && b >= 0 ? a : -1;
  }
  // What the focused player shares with a player whose deepest blossom is
  // k (-1: none); with any player inside k, at least this much, as the
  // solver's blossom values are >= 0.
  V SharedWithFocusAt(int k) const {
    return focus_ < 0 || k < 0 ? V(0) : shared_[k];
  }

 private:
  std::vector<int> parent_;     // per blossom, -1 when outermost
  std::vector<int> depth_;      // per blossom, 0 when outermost
  std::vector<V> cumulative_;   // per blossom: its value plus its ancestors'
  std::vector<V> shared_;       // per blossom, for the focused player
  std::vector<bool> on_chain_;  // per blossom: holds the focused player
  std::vector<int> deepest_;    // per player, -1 outside every blossom
  int focus_ = -1;
};

}  // namespace qiwang::rules::swiss::internal

#endif  // QIWANG_SERVICES_RULES_SWISS_BLOSSOM_SHARES_H_
