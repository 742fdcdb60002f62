// THE place where the R6.5 cost vector (cost_vector.h) becomes a matching
// edge cost. The engine minimises the total cost of a perfect matching on
// the entrants plus, for an odd count, one dummy node for the bye.
//
// Layout: one bit field per cost component, highest priority in the highest
// bits, from the top:
//   [bye_rank][score_gaps[0]]...[score_gaps[G-1]][colour_repeats]
//   [colour_imbalances][half_distance][same_unit_boards]
// Each field is wide enough for the component's sum over ANY perfect
// matching (widths below), so the total cost of a matching is exactly the
// concatenation of its cost vector's components: comparing totals as
// integers is comparing cost vectors lexicographically. Widths (n entrants,
// L the largest score group):
//   bye_rank           <= n - 1 with an odd count, else 0 -> bit_width(n)
//   score_gaps[g]      only boards from g down to a lower group add to it,
//                      at most min(|g|, players below g) of them, each at
//                      most (score of g - lowest score); the lowest group's
//                      field is always 0 and takes no bits
//   colour_repeats     <= n (one per player)              -> bit_width(n)
//   colour_imbalances  <= n                               -> bit_width(n)
//   half_distance      <= n/2 boards * L each (|q - p - m/2| <= m/2 inside a
//                      group, q < |group| across)       -> bit_width(n/2 * L)
//   same_unit_boards   <= n/2 boards, only in a round where N13.4's weak
//                      criterion applies, else no bits  -> bit_width(n/2)
// An edge carries its board's components; a bye edge carries bye_rank.
#ifndef QIWANG_SERVICES_RULES_SWISS_EDGE_WEIGHT_H_
#define QIWANG_SERVICES_RULES_SWISS_EDGE_WEIGHT_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "services/rules/swiss/matching/min_cost_perfect_matching.h"
#include "services/rules/swiss/section.h"

namespace qiwang::rules::swiss {

// The best legal colour choice for two entrants and its cost components.
// `higher` is the earlier of the two in R6.2 order.
struct PairChoice {
  bool higher_gets_red = true;
  bool colours_tied = false;  // both colourings equally good: boards decide
  int group = 0;              // score group of the higher player
  int64_t score_gap = 0;
  int colour_repeats = 0;
  int colour_imbalances = 0;
  int64_t half_distance = 0;
  int same_unit_boards = 0;  // N13.4 weak rounds: 1 for one unit, else 0
};

// nullopt when R6.3 forbids the pair (they met, or no colouring is legal)
// or N13.4 does (one unit in an absolute round).
// Among legal colourings picks the fewer (repeats, imbalances),
// lexicographically.
std::optional<PairChoice> ChoosePair(const Section& section, int higher,
                                     int lower);

class EdgeCostLayout {
 public:
  explicit EdgeCostLayout(const Section& section);

  int total_bits() const { return total_bits_; }
  CostLimbs PairCost(const PairChoice& pair) const;
  // REQUIRES: entrant `index` has had no bye.
  CostLimbs ByeCost(int index) const;
  // Lower bounds used by the optimality certificate: the cost of any pair
  // with this score gap charged to `group`, plus `half_distance`.
  CostLimbs CostFloor(int group, int64_t score_gap,
                      int64_t half_distance) const;
  // The bit where half_distance starts: one unit of it costs
  // 2^half_distance_offset(); a same-unit board costs 1.
  int half_distance_offset() const { return half_offset_; }
  // The bit after half_distance, where the colour fields start.
  int colour_offset() const { return imbalances_offset_; }

 private:
  int half_offset_ = 0;
  int bye_offset_ = 0;
  std::vector<int> gap_offsets_;
  int repeats_offset_ = 0;
  int imbalances_offset_ = 0;
  int total_bits_ = 0;
  std::vector<int64_t> bye_rank_;  // per entrant
};

}  // namespace qiwang::rules::swiss

#endif  // QIWANG_SERVICES_RULES_SWISS_EDGE_WEIGHT_H_
