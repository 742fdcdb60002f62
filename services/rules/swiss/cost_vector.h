// The R6.5 cost of a pairing: ONE vector, compared lexicographically in the
// order of its fields, smaller is better. Every component is a sum over the
// boards and the bye, computed against the Section of the round (R6.2 order,
// score groups by score before the round, 0 = highest).
//
//   bye_rank           R6.4, ranked above every R6.5 criterion: the number of
//                      entrants ordered below the bye recipient who have had
//                      no bye. 0 means the bye went to the lowest-ordered
//                      player without one; it is larger only when that
//                      player's bye leaves the rest without a legal pairing.
//                      0 when there is no bye.
//   score_gaps[g]      R6.5 first criterion, from the top group down: the sum
//                      of |score difference| over the boards whose
//                      higher-scored player is in score group g.
//   colour_repeats     R6.5 second criterion, first colour preference: the
//                      number of players given the colour of their last game
//                      played.
//   colour_imbalances  R6.5 second criterion, second preference: the number
//                      of players whose |reds - blacks| grows.
//   half_distance      R6.5 third criterion: for a board inside one score
//                      group of size m with positions p < q, |q - p - m/2|
//                      (m/2 rounded down; 0 is exactly "top half meets bottom
//                      half"); for a board across groups, the position of the
//                      lower-scored player in its own group (0 when a
//                      floater meets the top of the next group).
//   same_unit_boards   N13.4's weak criterion, after every R6.5 criterion:
//                      the number of boards whose players represent one
//                      unit. 0 in rounds where the weak criterion is off
//                      (in its absolute rounds such a board is illegal).
#ifndef QIWANG_SERVICES_RULES_SWISS_COST_VECTOR_H_
#define QIWANG_SERVICES_RULES_SWISS_COST_VECTOR_H_

#include <compare>
#include <cstdint>
#include <string>
#include <vector>

namespace qiwang::rules::swiss {

struct CostVector {
  int64_t bye_rank = 0;
  std::vector<int64_t> score_gaps;  // one entry per score group
  int64_t colour_repeats = 0;
  int64_t colour_imbalances = 0;
  int64_t half_distance = 0;
  int64_t same_unit_boards = 0;

  // Lexicographic in field order (vectors compare element by element).
  auto operator<=>(const CostVector&) const = default;
  bool operator==(const CostVector&) const = default;

  CostVector& operator+=(const CostVector& other);
  std::string ToString() const;
};

}  // namespace qiwang::rules::swiss

#endif  // QIWANG_SERVICES_RULES_SWISS_COST_VECTOR_H_
