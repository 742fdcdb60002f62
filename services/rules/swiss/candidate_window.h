// Which legal pairs the engine hands to the matcher first (swiss_pairer.h).
// A pair is a candidate when, inside one score group of size m, the lower
// player sits within `width` places of the higher player's top-half partner
// (|q - p - m/2| <= width), or when the lower player is among the first
// `width` of a group at most `group_reach` groups below. Sparse probes reach
// further: offsets width * 2^k (k >= 1) from the top-half partner, and
// positions width * 2^k (k >= 0) in those lower groups. Without them the
// solver's duals are unconstrained at long range and the certificate fails
// on thousands of far pairs that no optimum uses (10,000 players: 6 solves
// instead of 1). `complete` admits every pair. The window only saves work;
// the optimality certificate decides whether it was wide enough. Plain
// value; any caller.
#ifndef QIWANG_SERVICES_RULES_SWISS_CANDIDATE_WINDOW_H_
#define QIWANG_SERVICES_RULES_SWISS_CANDIDATE_WINDOW_H_

#include <algorithm>

#include "services/rules/swiss/section.h"

namespace qiwang::rules::swiss {

struct CandidateWindow {
  int width = 8;
  int group_reach = 2;
  bool complete = false;

  static CandidateWindow Initial(const Section& section, int width);
  CandidateWindow Widened(const Section& section) const;
  // REQUIRES: higher < lower (R6.2 order indices).
  bool Admits(const Section& section, int higher, int lower) const;
  // Calls visit(higher, lower) for every admitted pair, higher < lower.
  template <typename Visit>
  void ForEachPair(const Section& section, Visit&& visit) const;
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
}

}  // namespace qiwang::rules::swiss

#endif  // QIWANG_SERVICES_RULES_SWISS_CANDIDATE_WINDOW_H_
