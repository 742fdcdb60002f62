#include "services/rules/swiss/edge_weight.h"

#include <algorithm>
#include <bit>
#include <cstdlib>

namespace qiwang::rules::swiss {
namespace {

int BitsFor(int64_t max_value) {
  return static_cast<int>(std::bit_width(static_cast<uint64_t>(max_value)));
}

struct Colouring {
  bool legal = false;
  int repeats = 0;
  int imbalances = 0;
};

Colouring Evaluate(const ColourHistory& higher, const ColourHistory& lower,
                   Colour higher_colour) {
  const Colour lower_colour = Opposite(higher_colour);
  Colouring result;
  result.legal = ColourAllowed(higher, higher_colour) &&
                 ColourAllowed(lower, lower_colour);
  result.repeats = RepeatsLastColour(higher, higher_colour) +
                   RepeatsLastColour(lower, lower_colour);
  result.imbalances = WidensImbalance(higher, higher_colour) +
                      WidensImbalance(lower, lower_colour);
  return result;
}

// Writes `value` into the field starting at bit `offset`. The fields are
// disjoint and each is wider than any one edge's value (or a floor's), so
// OR is the sum without carries.
void SetField(CostLimbs& cost, uint64_t value, int offset) {
  if (value == 0) return;
  const int limb = offset / 64;
  const int bit = offset % 64;
  cost[limb] |= value << bit;
  if (bit != 0 && limb + 1 < kCostLimbs) cost[limb + 1] |= value >> (64 - bit);
}

}  // namespace

std::optional<PairChoice> ChoosePair(const Section& section, int higher,
                                     int lower) {
  if (!section.MayMeet(higher, lower)) return std::nullopt;
  const Entrant& high = section.at(higher);
  const Entrant& low = section.at(lower);
  const Colouring red = Evaluate(high.colours, low.colours, Colour::kRed);
  const Colouring black = Evaluate(high.colours, low.colours, Colour::kBlack);
  if (!red.legal && !black.legal) return std::nullopt;
  PairChoice choice;
  const auto key = [](const Colouring& c) {
    return std::pair(c.repeats, c.imbalances);
  };
  if (red.legal && black.legal) {
    choice.colours_tied = key(red) == key(black);
    choice.higher_gets_red = key(red) <= key(black);
  } else {
    choice.higher_gets_red = red.legal;
  }
  const Colouring& chosen = choice.higher_gets_red ? red : black;
  choice.colour_repeats = chosen.repeats;
  choice.colour_imbalances = chosen.imbalances;
  choice.group = high.group;
  choice.score_gap = high.score - low.score;
  choice.half_distance = high.group == low.group
                             ? std::abs(low.position - high.position -
                                        section.group_size(high.group) / 2)
                             : low.position;
  choice.same_unit_boards = section.same_unit_rule() == SameUnitRule::kWeak &&
                                    section.SameUnit(higher, lower)
                                ? 1
                                : 0;
  return choice;
}

EdgeCostLayout::EdgeCostLayout(const Section& section) {
  const int64_t n = section.size();
  const int entrant_bits = BitsFor(n);
  int64_t largest_group = 0;
  for (int g = 0; g < section.group_count(); ++g) {
    largest_group = std::max<int64_t>(largest_group, section.group_size(g));
  }
  int offset = section.same_unit_rule() == SameUnitRule::kWeak
                   ? BitsFor(n / 2)  // same_unit_boards: [0, offset)
                   : 0;
  half_offset_ = offset;
  offset += BitsFor(n / 2 * largest_group);  // half_distance
  imbalances_offset_ = offset;
  offset += entrant_bits;
  repeats_offset_ = offset;
  offset += entrant_bits;
  const int groups = section.group_count();
  gap_offsets_.assign(groups, 0);
  const int64_t lowest = n == 0 ? 0 : section.at(n - 1).score;
  for (int g = groups - 1; g >= 0; --g) {
    gap_offsets_[g] = offset;
    const int64_t group_score = section.at(section.group_begin(g)).score;
    const int64_t below = n - section.group_begin(g) - section.group_size(g);
    const int64_t floaters = std::min<int64_t>(section.group_size(g), below);
    offset += BitsFor(floaters * (group_score - lowest));
  }
  bye_offset_ = offset;
  total_bits_ = offset + (n % 2 == 1 ? entrant_bits : 0);

  bye_rank_.assign(n, 0);
  int64_t without_bye_below = 0;
  for (int64_t i = n - 1; i >= 0; --i) {
    bye_rank_[i] = without_bye_below;
    if (!section.at(i).had_bye) ++without_bye_below;
  }
}

CostLimbs EdgeCostLayout::PairCost(const PairChoice& pair) const {
  CostLimbs cost = CostFloor(pair.group, pair.score_gap, pair.half_distance);
  SetField(cost, pair.colour_repeats, repeats_offset_);
  SetField(cost, pair.colour_imbalances, imbalances_offset_);
  SetField(cost, pair.same_unit_boards, 0);
  return cost;
}

CostLimbs EdgeCostLayout::ByeCost(int index) const {
  CostLimbs cost{};
  SetField(cost, bye_rank_[index], bye_offset_);
  return cost;
}

CostLimbs EdgeCostLayout::CostFloor(int group, int64_t score_gap,
                                    int64_t half_distance) const {
  CostLimbs cost{};
  SetField(cost, score_gap, gap_offsets_[group]);
  SetField(cost, half_distance, half_offset_);
  return cost;
}

}  // namespace qiwang::rules::swiss
