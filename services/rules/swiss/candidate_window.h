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

#include <functional>

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
  void ForEachPair(const Section& section,
                   const std::function<void(int, int)>& visit) const;
};

}  // namespace qiwang::rules::swiss

#endif  // QIWANG_SERVICES_RULES_SWISS_CANDIDATE_WINDOW_H_
