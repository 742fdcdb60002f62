#include "services/rules/swiss/optimality_certificate.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <optional>
#include <utility>
#include <vector>

#include "services/rules/swiss/blossom_shares.h"
#include "services/rules/swiss/certificate_value.h"
#include "services/rules/swiss/colour_types.h"
#include "services/rules/swiss/matching/wide_int.h"

namespace qiwang::rules::swiss {
namespace {

using internal::BlossomShares;
using internal::FromLimbs;
using internal::MaxValue;
using internal::ValueBits;
using Wide = WideInt<kCostLimbs>;

template <typename V>
V Small(int64_t value) {
  return V(static_cast<long long>(value));
}

template <typename V>
class Certificate {
 public:
  Certificate(const Section& section, const EdgeCostLayout& layout,
              const CandidateWindow& window, const PerfectMatching& solution,
              int limit)
      : section_(section),
        window_(window),
        limit_(limit),
        position_cost_(int64_t{kDualScale} << layout.half_distance_offset()),
        weak_same_unit_(section.same_unit_rule() == SameUnitRule::kWeak),
        same_unit_cost_(weak_same_unit_ ? Small<V>(kDualScale) : V(0)),
        shares_(solution, section.size()),
        types_(window.colour_types) {
    const int n = section.size();
    dual_.reserve(n);
    for (int u = 0; u < n; ++u) {
      dual_.push_back(FromLimbs<V>(solution.node_dual[u]));
    }
    for (int v = 0; v < n; ++v) {
      const V scaled = Small<V>(position_cost_ * section.at(v).position);
      plus_.push_back(dual_[v] + scaled);
      minus_.push_back(dual_[v] - scaled);
    }
    const int types = types_.count();
    colour_cost_.assign(types * types, std::nullopt);
    for (int a = 0; a < types; ++a) {
      for (int b = 0; b < types; ++b) {
        if (const std::optional<ColourPart> part = types_.BestColouring(a, b)) {
          PairChoice choice;
          choice.colour_repeats = part->repeats;
          choice.colour_imbalances = part->imbalances;
          colour_cost_[a * types + b] =
              FromLimbs<V>(layout.PairCost(choice)) * kDualScale;
        }
      }
    }
    const int groups = section.group_count();
    gap_cost_.assign(groups * groups, V(0));
    for (int g = 0; g < groups; ++g) {
      const int64_t score = section.at(section.group_begin(g)).score;
      for (int h = g; h < groups; ++h) {
        gap_cost_[g * groups + h] =
            FromLimbs<V>(layout.CostFloor(
                g, score - section.at(section.group_begin(h)).score, 0)) *
            kDualScale;
      }
    }
    for (int t = 0; t < types; ++t) {
      suffix_min_plus_.push_back(SuffixMinPlus(t));
      window_min_minus_.push_back(WindowMinMinus(t));
    }
    group_masks_.assign(groups, 0);
    coarse_ = Summarise(64);
    fine_ = Summarise(8);
  }

  // Per player u: which colour types fail the range bound in each omitted
  // range, then one pass over each failing range, pair by pair.
  std::vector<std::pair<int, int>> Run() {
    const int types = types_.count();
    const int groups = section_.group_count();
    for (int u = 0; u < section_.size() && !Full(); ++u) {
      const Entrant& high = section_.at(u);
      const int g = high.group;
      uint64_t upper_mask = 0;
      uint64_t lower_mask = 0;
      std::fill(group_masks_.begin(), group_masks_.end(), 0);
      for (int t = 0; t < types; ++t) {
        const std::optional<V>& colours = ColourCostOf(types_.type_of(u), t);
        if (!colours.has_value()) continue;  // R6.3 forbids every such pair
        const V floor = dual_[u] + *colours;
        const uint64_t bit = uint64_t{1} << t;
        if (UpperFails(u, t, floor)) upper_mask |= bit;
        if (LowerFails(u, t, floor)) lower_mask |= bit;
        for (int h = g + 1; h < groups; ++h) {
          if (GroupFails(u, h, t, floor)) group_masks_[h] |= bit;
        }
      }
      focused_ = false;
      const int begin = section_.group_begin(g);
      const int size = section_.group_size(g);
      const V ideal = Small<V>(position_cost_ * Ideal(u));
      if (upper_mask != 0) {
        ScanPairs(u, begin + UpperFirst(u), begin + size - 1, upper_mask,
                  /*plus=*/true, -ideal);
      }
      if (lower_mask != 0) {
        const auto [first, last] = LowerRange(u);
        ScanPairs(u, begin + first, begin + last, lower_mask, /*plus=*/false,
                  ideal);
      }
      for (int h = g + 1; h < groups && !Full(); ++h) {
        if (group_masks_[h] == 0) continue;
        ScanPairs(u, section_.group_begin(h) + GroupFirst(u, h),
                  section_.group_begin(h) + section_.group_size(h) - 1,
                  group_masks_[h], /*plus=*/true, GapCost(g, h));
      }
    }
    return std::move(breaking_);
  }

 private:
  bool Full() const { return static_cast<int>(breaking_.size()) >= limit_; }

  const std::optional<V>& ColourCostOf(int a, int b) const {
    return colour_cost_[a * types_.count() + b];
  }

  const V& Plus(int v) const { return plus_[v]; }
  const V& Minus(int v) const { return minus_[v]; }

  // [v]: min of dual + position_cost_ * q over players of type t from v to the
  // group's end.
  std::vector<V> SuffixMinPlus(int t) const {
    std::vector<V> result(section_.size(), MaxValue<V>());
    for (int v = section_.size() - 1; v >= 0; --v) {
      if (v + 1 < section_.size() &&
          section_.at(v + 1).group == section_.at(v).group) {
        result[v] = result[v + 1];
      }
      if (types_.type_of(v) == t) result[v] = std::min(result[v], Plus(v));
    }
    return result;
  }

  // [u]: min of dual - position_cost_ * q over players of type t at positions
  // LowerRange(u), by a sliding window (both ends only move right).
  std::vector<V> WindowMinMinus(int t) const {
    std::vector<V> result(section_.size(), MaxValue<V>());
    for (int g = 0; g < section_.group_count(); ++g) {
      const int begin = section_.group_begin(g);
      std::deque<int> window;
      int next = 0;
      for (int p = 0; p < section_.group_size(g); ++p) {
        const auto [first, last] = LowerRange(begin + p);
        for (; next <= last; ++next) {
          if (types_.type_of(begin + next) != t) continue;
          while (!window.empty() &&
                 !(Minus(begin + window.back()) < Minus(begin + next))) {
            window.pop_back();
          }
          window.push_back(next);
        }
        while (!window.empty() && window.front() < first) window.pop_front();
        if (!window.empty()) result[begin + p] = Minus(begin + window.front());
      }
    }
    return result;
  }

  int Ideal(int u) const {
    const Entrant& high = section_.at(u);
    return high.position + section_.group_size(high.group) / 2;
  }

  // Omitted partners above u's top-half partner: positions from here to
  // the group's end (cost q - ideal).
  int UpperFirst(int u) const { return Ideal(u) + window_.width + 1; }

  // Omitted partners below u's top-half partner: positions p < q < ideal -
  // width inside the group (cost ideal - q); empty when first > last.
  std::pair<int, int> LowerRange(int u) const {
    const Entrant& high = section_.at(u);
    const int size = section_.group_size(high.group);
    return {high.position + 1,
            std::min(size - 1, Ideal(u) - window_.width - 1)};
  }

  // Omitted partners in lower group h: the positions from `width` on when u
  // reaches lower groups and h is within the window's group reach, else all
  // of h (the colour leaders among them are graph edges, so they hold).
  int GroupFirst(int u, int h) const {
    return h - section_.at(u).group <= window_.group_reach &&
                   window_.ReachesLowerGroups(section_, u)
               ? window_.width
               : 0;
  }

  // The range bounds take blossoms as 0 and exclude no partner, so they
  // only ever let a range be skipped when every pair in it holds.
  bool UpperFails(int u, int t, const V& floor) const {
    const Entrant& high = section_.at(u);
    const int size = section_.group_size(high.group);
    const int upper = UpperFirst(u);
    if (upper >= size) return false;
    const V& plus =
        suffix_min_plus_[t][section_.group_begin(high.group) + upper];
    return plus != MaxValue<V>() &&
           floor + plus - Small<V>(position_cost_ * Ideal(u)) < V(0);
  }

  bool LowerFails(int u, int t, const V& floor) const {
    const auto [first, last] = LowerRange(u);
    const V& minus = window_min_minus_[t][u];
    return first <= last && minus != MaxValue<V>() &&
           floor + minus + Small<V>(position_cost_ * Ideal(u)) < V(0);
  }

  bool GroupFails(int u, int h, int t, const V& floor) const {
    const int first = GroupFirst(u, h);
    if (first >= section_.group_size(h)) return false;
    const V& plus = suffix_min_plus_[t][section_.group_begin(h) + first];
    return plus != MaxValue<V>() &&
           floor + plus + GapCost(section_.at(u).group, h) < V(0);
  }

  const V& GapCost(int g, int h) const {
    return gap_cost_[g * section_.group_count() + h];
  }

  // Per block of `size` players (by index) and colour type: the least plus
  // and minus key, and the deepest blossom holding all such players.
  struct BlockSummary {
    int size = 0;
    std::vector<V> min_plus;
    std::vector<V> min_minus;
    std::vector<int> common;
  };

  BlockSummary Summarise(int size) const {
    const int types = types_.count();
    const int blocks = (section_.size() + size - 1) / size;
    BlockSummary summary{
        .size = size,
        .min_plus = std::vector<V>(blocks * types, MaxValue<V>()),
        .min_minus = std::vector<V>(blocks * types, MaxValue<V>()),
        .common = std::vector<int>(blocks * types, kNoPlayerYet)};
    for (int v = 0; v < section_.size(); ++v) {
      const int slot = v / size * types + types_.type_of(v);
      summary.min_plus[slot] = std::min(summary.min_plus[slot], plus_[v]);
      summary.min_minus[slot] = std::min(summary.min_minus[slot], minus_[v]);
      summary.common[slot] =
          summary.common[slot] == kNoPlayerYet
              ? shares_.Deepest(v)
              : shares_.Common(summary.common[slot], shares_.Deepest(v));
    }
    return summary;
  }

  // True when the whole block of `summary` starting at v lies in [v, last]
  // and no pair (u, w), w in it with its type in `mask`, can break its
  // constraint: the block's least key plus the least blossom share (blossom
  // values are >= 0, so a player inside blossom k shares at least what k
  // shares) is at least the type's threshold.
  bool BlockHolds(const BlockSummary& summary, int v, int last, uint64_t mask,
                  bool plus) const {
    if (v % summary.size != 0 || v + summary.size - 1 > last) return false;
    const std::vector<V>& block_min =
        plus ? summary.min_plus : summary.min_minus;
    const int types = types_.count();
    for (; mask != 0; mask &= mask - 1) {
      const int t = std::countr_zero(mask);
      const int slot = v / summary.size * types + t;
      if (block_min[slot] != MaxValue<V>() &&
          block_min[slot] + shares_.SharedWithFocusAt(summary.common[slot]) <
              threshold_[t]) {
        return false;
      }
    }
    return true;
  }

  // The exact constraint of every pair (u, v), v in [first, last] with its
  // colour type in `mask` (all such types have a legal colouring with u).
  // Over the range, kDualScale * cost(u, v) + dual[v] is the colour and
  // `offset` part plus key[v] (dual +- position_cost_ * position), so each
  // pair is first one comparison of key[v] with a per-type threshold; the
  // same-unit part (N13.4, >= 0) is added to the exact check only. Whole
  // blocks inside the range are skipped when BlockHolds proves them: blocks
  // of 64, else of 8 (a range's ends are rarely aligned to 64).
  void ScanPairs(int u, int first, int last, uint64_t mask, bool plus,
                 const V& offset) {
    const std::vector<V>& key = plus ? plus_ : minus_;
    const int types = types_.count();
    for (int t = 0; t < types; ++t) {
      if (((mask >> t) & 1) == 0) continue;
      base_[t] = dual_[u] + *ColourCostOf(types_.type_of(u), t) + offset;
      threshold_[t] = -base_[t];
    }
    if (!focused_) {
      shares_.Focus(u);
      focused_ = true;
    }
    for (int v = first; v <= last && !Full(); ++v) {
      if (BlockHolds(coarse_, v, last, mask, plus)) {
        v += coarse_.size - 1;
        continue;
      }
      if (BlockHolds(fine_, v, last, mask, plus)) {
        v += fine_.size - 1;
        continue;
      }
      const int t = types_.type_of(v);
      if (((mask >> t) & 1) == 0 || !(key[v] < threshold_[t])) continue;
      // base + key + shares + same unit < 0, as key + ... < -base.
      V total = key[v] + shares_.SharedWithFocus(v);
      if (weak_same_unit_ && section_.SameUnit(u, v)) total += same_unit_cost_;
      if (total < threshold_[t] && section_.MayMeet(u, v)) {
        breaking_.emplace_back(u, v);
      }
    }
  }

  static constexpr int kNoPlayerYet = -2;

  const Section& section_;
  const CandidateWindow& window_;
  const int limit_;
  // kDualScale times the cost of one unit of half_distance, and of one
  // same-unit board where N13.4's weak criterion applies (else 0).
  const int64_t position_cost_;
  const bool weak_same_unit_;
  const V same_unit_cost_;
  BlossomShares<V> shares_;
  const ColourTypes& types_;  // the window's
  bool focused_ = false;
  std::vector<V> dual_;
  std::vector<V> plus_;   // dual + position_cost_ * position
  std::vector<V> minus_;  // dual - position_cost_ * position
  V base_[64];            // ScanPairs, per colour type
  V threshold_[64];
  // Cost parts times kDualScale.
  std::vector<std::optional<V>> colour_cost_;     // [type x type]
  std::vector<V> gap_cost_;                       // [group x group], g <= h
  std::vector<std::vector<V>> suffix_min_plus_;   // [type][player]
  std::vector<std::vector<V>> window_min_minus_;  // [type][player]
  std::vector<uint64_t> group_masks_;             // per lower group
  BlockSummary coarse_;
  BlockSummary fine_;
  std::vector<std::pair<int, int>> breaking_;
};

}  // namespace

std::vector<std::pair<int, int>> PairsBreakingDuals(
    const Section& section, const EdgeCostLayout& layout,
    const CandidateWindow& window, const PerfectMatching& solution, int limit) {
  if (window.complete) return {};
  // Every value the certificate forms is a sum of at most 8 terms below
  // 2^ValueBits (node duals, cumulative blossom values, cost parts times
  // kDualScale), so 3 bits above that and a sign bit hold it exactly.
  const int bits = ValueBits(layout, solution) + 4;
  if (bits <= 128) {
    return Certificate<__int128>(section, layout, window, solution, limit)
        .Run();
  }
  if (bits <= 192) {
    return Certificate<WideInt<3>>(section, layout, window, solution, limit)
        .Run();
  }
  if (bits <= 256) {
    return Certificate<WideInt<4>>(section, layout, window, solution, limit)
        .Run();
  }
  return Certificate<Wide>(section, layout, window, solution, limit).Run();
}

}  // namespace qiwang::rules::swiss
