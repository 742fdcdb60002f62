// A player's colour type: what their colour history allows and costs for
// each colour this round (R6.3, R6.5). The colour part of a pair's cost and
// whether any colouring is legal depend on the two players' types only.
// Six booleans, so a section has at most 64 types; in practice five or six.
// Used by the candidate window (which players of a lower group lead their
// type) and by the optimality certificate (range bounds per type). Built
// once per round from an immutable Section; thread-compatible.
#ifndef QIWANG_SERVICES_RULES_SWISS_COLOUR_TYPES_H_
#define QIWANG_SERVICES_RULES_SWISS_COLOUR_TYPES_H_

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

class ColourTypes {
 public:
  explicit ColourTypes(const Section& section);

  // Distinct profiles, numbered in R6.2 order of first appearance.
  const std::vector<ColourProfile>& profiles() const { return profiles_; }
  int count() const { return static_cast<int>(profiles_.size()); }
  int type_of(int index) const { return type_of_[index]; }

 private:
  std::vector<ColourProfile> profiles_;
  std::vector<int> type_of_;  // per entrant
};

}  // namespace qiwang::rules::swiss

#endif  // QIWANG_SERVICES_RULES_SWISS_COLOUR_TYPES_H_
