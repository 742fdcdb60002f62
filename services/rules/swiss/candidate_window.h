// Which legal pairs the engine hands to the matcher first (swiss_pairer.h).
// The window only saves work; the optimality certificate decides whether it
// was wide enough. `complete` admits every pair.
//
// Inside a score group of size m, a pair is a candidate when the lower
// player sits within `width` places of the higher player's top-half partner
// (|q - p - m/2| <= width). Sparse probes reach further: offsets width * 2^k
// (k >= 1) from the top-half partner. Without them the solver's duals are
// unconstrained at long range and the certificate fails on thousands of far
// pairs that no optimum uses.
//
// Across score groups the shape follows the dual constraint. A pair (u, q)
// with q in a lower group costs the score gap, the colour part and q's
// position in its group: it depends on u only through u's group and colour
// type (colour_types.h). So for all of a group's players of one colour type,
// the constraint with q is one bound, and a player needs an edge to the q
// that sets it; in practice that q is among the first players of its colour
// type in the next group. Hence:
// - every player reaches the next group's colour leaders: its first
//   kColourLeaders entrants of each colour type;
// - the players within `width` of their group's bottom, or at distances
//   width * 2^k from it, also reach the first `width` players of each group
//   up to `group_reach` below, and positions width * 2^k in them.
// Giving every player that second reach instead doubles the graph of a
// 10,000-player round (633k edges against 327k) and the matcher's time.
// Plain value; any caller.
#ifndef QIWANG_SERVICES_RULES_SWISS_CANDIDATE_WINDOW_H_
#define QIWANG_SERVICES_RULES_SWISS_CANDIDATE_WINDOW_H_

#include <algorithm>
#include <vector>

#include "services/rules/swiss/section.h"

namespace qiwang::rules::swiss {

struct CandidateWindow {
  // Seeded 10,000-player histories (2016, 1-3), 20 rounds: one leader per
  // colour type needs a second solve in 13 rounds or more; two in 2 (42
  // and 171 pairs added); three in none, but the larger graph costs more
  // than the rare second solve.
  static constexpr int kColourLeaders = 2;

  int width = 8;
  int group_reach = 2;
  bool complete = false;
  // Per group, its colour leaders in R6.2 order.
  std::vector<std::vector<int>> colour_leaders;
  std::vector<bool> is_colour_leader;  // per entrant

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
  // Admitted by the reach of ReachesLowerGroups (not as a colour leader).
  bool InLowerGroupWindow(const Section& section, int higher, int lower) const;
};

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
    if (high.group + 1 < section.group_count()) {
      for (const int leader : colour_leaders[high.group + 1]) {
        if (!reaches || !InLowerGroupWindow(section, u, leader)) {
          visit(u, leader);
        }
      }
    }
  }
}

}  // namespace qiwang::rules::swiss

#endif  // QIWANG_SERVICES_RULES_SWISS_CANDIDATE_WINDOW_H_
