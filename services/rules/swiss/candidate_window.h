// Which legal pairs the engine hands to the matcher first (swiss_pairer.h).
// The window only saves work; the optimality certificate decides whether it
// was wide enough. `complete` admits every pair.
//
// The shape follows the dual constraints the certificate checks. A pair's
// cost is its score gap, then its colour part, then its position part, and
// a worse colour costs more than any position. The colour part depends on
// the two players' colour types only (colour_types.h). So the constraints of
// one player with a range of partners of one colour type are one bound, and
// the player needs an edge to the partner that sets it; in practice that is
// among the first partners, in the range, of a type that pairs with the
// player's own at the least colour cost (a "best-coloured type").
//
// Inside a score group of size m, for a higher player at position p whose
// top-half partner is at ideal = p + m/2:
// - every position within `width` of ideal;
// - probes at offsets width * 2^k (k >= 1) from ideal, both ways. Without
//   them the solver's duals are unconstrained at long range and the
//   certificate fails on thousands of far pairs that no optimum uses;
// - beyond ideal + width, the first player of each best-coloured type: a
//   colour imbalance in the group can push the best partner far down.
// Across score groups:
// - every player reaches the next group's first kColourLeaders players of
//   each best-coloured type (pair cost there depends on the higher player
//   only through group and colour type);
// - the players within `width` of their group's bottom, or at distances
//   width * 2^k from it, also reach the first `width` players of each group
//   up to `group_reach` below, and positions width * 2^k in them.
// Giving every player that last reach instead doubles the graph of a
// 10,000-player round (633k edges against 274k) and more than doubles the
// matcher's time (docs/benchmarks.md).
// Plain value; any caller.
#ifndef QIWANG_SERVICES_RULES_SWISS_CANDIDATE_WINDOW_H_
#define QIWANG_SERVICES_RULES_SWISS_CANDIDATE_WINDOW_H_

#include <algorithm>
#include <vector>

#include "services/rules/swiss/colour_types.h"
#include "services/rules/swiss/section.h"

namespace qiwang::rules::swiss {

struct CandidateWindow {
  // Seeded histories of 10,000 players: with one leader per colour type most
  // rounds need a second solve; with three, more rounds than with two.
  static constexpr int kColourLeaders = 2;

  int width = 8;
  int group_reach = 2;
  bool complete = false;
  ColourTypes colour_types;  // of the section, shared with the certificate
  // [group][colour type]: the positions of that type in the group, in order.
  std::vector<std::vector<std::vector<int>>> type_positions;
  // [group][colour type of the higher player]: the types present in the
  // group that pair with it at the least colour cost.
  std::vector<std::vector<std::vector<int>>> best_coloured;

  static CandidateWindow Initial(const Section& section, int width);
  CandidateWindow Widened(const Section& section) const;
  // REQUIRES: higher < lower (R6.2 order indices).
  bool Admits(const Section& section, int higher, int lower) const;
  // Does `higher` reach lower groups beyond the next group's colour leaders?
  bool ReachesLowerGroups(const Section& section, int higher) const;
  // Calls visit(higher, lower) once for every admitted pair, higher < lower.
  template <typename Visit>
  void ForEachPair(const Section& section, Visit&& visit) const;

 private:
  // Same group: within `width` of ideal or at a probe offset.
  bool InGroupWindow(int offset) const;
  // A lower group, reached by ReachesLowerGroups players only.
  bool InLowerGroupWindow(const Section& section, int higher, int lower) const;
  // Calls visit(position) for the first `count` positions of each of
  // `higher`'s best-coloured types in `group` after position `after`.
  template <typename Visit>
  void ForEachLeader(int higher, int group, int after, int count,
                     Visit&& visit) const;
  // Is `lower` among those leaders?
  bool IsLeader(const Section& section, int higher, int lower, int after,
                int count) const;
};

template <typename Visit>
void CandidateWindow::ForEachLeader(int higher, int group, int after, int count,
                                    Visit&& visit) const {
  for (const int type : best_coloured[group][colour_types.type_of(higher)]) {
    const std::vector<int>& positions = type_positions[group][type];
    auto it = std::upper_bound(positions.begin(), positions.end(), after);
    for (int k = 0; k < count && it != positions.end(); ++k, ++it) {
      visit(*it);
    }
  }
}

template <typename Visit>
void CandidateWindow::ForEachPair(const Section& section, Visit&& visit) const {
  const int n = section.size();
  if (complete) {
    for (int u = 0; u < n; ++u) {
      for (int v = u + 1; v < n; ++v) visit(u, v);
    }
    return;
  }
  for (int u = 0; u < n; ++u) {
    const Entrant& high = section.at(u);
    const int begin = section.group_begin(high.group);
    const int size = section.group_size(high.group);
    const int ideal = high.position + size / 2;
    const int first = std::max(high.position + 1, ideal - width);
    const int last = std::min(size - 1, ideal + width);
    for (int offset = 2 * width; ideal - offset > high.position; offset *= 2) {
      if (ideal - offset < size) visit(u, begin + ideal - offset);
    }
    for (int q = first; q <= last; ++q) visit(u, begin + q);
    for (int offset = 2 * width; ideal + offset < size; offset *= 2) {
      visit(u, begin + ideal + offset);
    }
    ForEachLeader(u, high.group, ideal + width, 1, [&](int q) {
      if (!InGroupWindow(q - ideal)) visit(u, begin + q);
    });
    const bool reaches = ReachesLowerGroups(section, u);
    if (reaches) {
      const int last_group =
          std::min(section.group_count() - 1, high.group + group_reach);
      for (int g = high.group + 1; g <= last_group; ++g) {
        const int top = std::min(width, section.group_size(g));
        for (int q = 0; q < top; ++q) visit(u, section.group_begin(g) + q);
        for (int q = width; q < section.group_size(g); q *= 2) {
          visit(u, section.group_begin(g) + q);
        }
      }
    }
    const int next = high.group + 1;
    if (next < section.group_count()) {
      ForEachLeader(u, next, -1, kColourLeaders, [&](int q) {
        const int lower = section.group_begin(next) + q;
        if (!reaches || !InLowerGroupWindow(section, u, lower)) {
          visit(u, lower);
        }
      });
    }
  }
}

}  // namespace qiwang::rules::swiss

#endif  // QIWANG_SERVICES_RULES_SWISS_CANDIDATE_WINDOW_H_
