// A player's colour type: what their colour history allows and costs for
// each colour this round (R6.3, R6.5). The colour part of a pair's cost and
// whether any colouring is legal depend on the two players' types only.
// Six booleans, so a section has at most 64 types; in practice five or six.
// Used by the candidate window (which players of a lower group lead their
// type best) and by the optimality certificate (range bounds per type). Built
// once per round from an immutable Section; thread-compatible.
#ifndef QIWANG_SERVICES_RULES_SWISS_COLOUR_TYPES_H_
#define QIWANG_SERVICES_RULES_SWISS_COLOUR_TYPES_H_

#include <compare>
#include <optional>
#include <vector>

#include "services/rules/swiss/section.h"

namespace qiwang::rules::swiss {

struct ColourProfile {
  bool allowed[2];
  bool repeats[2];
  bool widens[2];
  bool operator==(const ColourProfile&) const = default;
};

ColourProfile ProfileOf(const ColourHistory& history);

// R6.5's colour criteria for one board: unmet alternation, then unmet
// balance; fewer is better, compared in that order.
struct ColourPart {
  int repeats = 0;
  int imbalances = 0;
  auto operator<=>(const ColourPart&) const = default;
};

// The colour part of the cheapest legal colouring of a pair with profiles
// `a` and `b` (as ChoosePair picks it), or nullopt when R6.3 allows none.
std::optional<ColourPart> BestColouring(const ColourProfile& a,
                                        const ColourProfile& b);

class ColourTypes {
 public:
  ColourTypes() = default;  // no entrants
  explicit ColourTypes(const Section& section);

  // Distinct profiles, numbered in R6.2 order of first appearance.
  const std::vector<ColourProfile>& profiles() const { return profiles_; }
  int count() const { return static_cast<int>(profiles_.size()); }
  int type_of(int index) const { return type_of_[index]; }
  std::optional<ColourPart> BestColouring(int type_a, int type_b) const {
    return swiss::BestColouring(profiles_[type_a], profiles_[type_b]);
  }

 private:
  std::vector<ColourProfile> profiles_;
  std::vector<int> type_of_;  // per entrant
};

}  // namespace qiwang::rules::swiss

#endif  // QIWANG_SERVICES_RULES_SWISS_COLOUR_TYPES_H_
