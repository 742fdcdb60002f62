#include "services/rules/swiss/optimality_certificate.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <deque>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "services/rules/swiss/matching/wide_int.h"

namespace qiwang::rules::swiss {
namespace {

using Wide = WideInt<kCostLimbs>;

// Values are __int128 or the narrowest WideInt that holds the solver's dual
// bound; all are exact.
template <typename V>
V FromLimbs(const CostLimbs& limbs) {
  if constexpr (std::is_same_v<V, __int128>) {
    return static_cast<__int128>(
        (static_cast<unsigned __int128>(limbs[1]) << 64) | limbs[0]);
  } else {
    return V::Resize(Wide::FromLimbs(limbs));
  }
}

template <typename V>
V MaxValue() {
  if constexpr (std::is_same_v<V, __int128>) {
    return static_cast<__int128>((static_cast<unsigned __int128>(1) << 127) -
                                 1);
  } else {
    return V::Max();
  }
}

template <typename V>
V Small(int64_t value) {
  return V(static_cast<long long>(value));
}

// What a player's colour history allows and costs for each colour; the
// colour components of a pair's cost depend on these two values only. Six
// booleans, so at most 64 distinct profiles.
struct ColourProfile {
  bool allowed[2];
  bool repeats[2];
  bool widens[2];
  bool operator==(const ColourProfile&) const = default;
};

ColourProfile ProfileOf(const ColourHistory& history) {
  ColourProfile profile{};
  for (const Colour colour : {Colour::kRed, Colour::kBlack}) {
    const int c = static_cast<int>(colour);
    profile.allowed[c] = ColourAllowed(history, colour);
    profile.repeats[c] = RepeatsLastColour(history, colour);
    profile.widens[c] = WidensImbalance(history, colour);
  }
  return profile;
}

// The colour part of the cheapest legal colouring of a pair with these
// profiles (as ChoosePair picks it), or nullopt when none is legal.
std::optional<Wide> ColourCost(const EdgeCostLayout& layout,
                               const ColourProfile& a, const ColourProfile& b) {
  std::optional<Wide> best;
  for (int a_colour = 0; a_colour < 2; ++a_colour) {
    const int b_colour = 1 - a_colour;
    if (!a.allowed[a_colour] || !b.allowed[b_colour]) continue;
    PairChoice choice;
    choice.colour_repeats = a.repeats[a_colour] + b.repeats[b_colour];
    choice.colour_imbalances = a.widens[a_colour] + b.widens[b_colour];
    const Wide cost = Wide::FromLimbs(layout.PairCost(choice));
    if (!best.has_value() || cost < *best) best = cost;
  }
  return best;
}

// The blossom part of a pair's dual constraint: the sum of the values of the
// blossoms holding both players. Blossoms are nested slices of one node
// order; for a focused player u, every node of u's outermost blossom gets
// the cumulative value of its deepest blossom shared with u, in O(size of
// that blossom) per focus, after which each partner costs O(1).
template <typename V>
class BlossomShares {
 public:
  BlossomShares(const PerfectMatching& solution, int players)
      : solution_(solution) {
    const int count = static_cast<int>(solution.blossoms.size());
    const int slots = static_cast<int>(solution.blossom_order.size());
    parent_.assign(count, -1);
    outermost_.assign(count, -1);
    cumulative_.assign(count, V(0));
    deepest_.assign(players, -1);
    slot_.assign(players, -1);
    shared_.assign(slots, V(0));
    // Outer blossoms before inner ones: by first slot, then larger first.
    std::vector<int> order(count);
    for (int k = 0; k < count; ++k) order[k] = k;
    std::sort(order.begin(), order.end(), [&](int a, int b) {
      const DualBlossom& x = solution.blossoms[a];
      const DualBlossom& y = solution.blossoms[b];
      return x.begin != y.begin ? x.begin < y.begin : x.end > y.end;
    });
    std::vector<int> open;
    size_t next = 0;
    for (int slot = 0; slot < slots; ++slot) {
      while (!open.empty() && solution.blossoms[open.back()].end <= slot) {
        open.pop_back();
      }
      for (;
           next < order.size() && solution.blossoms[order[next]].begin == slot;
           ++next) {
        const int k = order[next];
        const int parent = open.empty() ? -1 : open.back();
        parent_[k] = parent;
        outermost_[k] = parent < 0 ? k : outermost_[parent];
        cumulative_[k] = FromLimbs<V>(solution.blossoms[k].value) +
                         (parent < 0 ? V(0) : cumulative_[parent]);
        open.push_back(k);
      }
      const int node = solution.blossom_order[slot];
      if (node < players && !open.empty()) {
        deepest_[node] = open.back();
        slot_[node] = slot;
      }
    }
  }

  void Focus(int u) {
    focus_ = deepest_[u] < 0 ? -1 : outermost_[deepest_[u]];
    if (focus_ < 0) return;
    chain_.clear();
    for (int k = deepest_[u]; k >= 0; k = parent_[k]) chain_.push_back(k);
    std::reverse(chain_.begin(), chain_.end());
    for (size_t d = 0; d < chain_.size(); ++d) {
      const DualBlossom& outer = solution_.blossoms[chain_[d]];
      const V value = cumulative_[chain_[d]];
      if (d + 1 == chain_.size()) {
        std::fill(shared_.begin() + outer.begin, shared_.begin() + outer.end,
                  value);
        break;
      }
      const DualBlossom& inner = solution_.blossoms[chain_[d + 1]];
      std::fill(shared_.begin() + outer.begin, shared_.begin() + inner.begin,
                value);
      std::fill(shared_.begin() + inner.end, shared_.begin() + outer.end,
                value);
    }
  }

  // REQUIRES: Focus(u) was called last; v != u.
  V SharedWithFocus(int v) const {
    if (focus_ < 0 || deepest_[v] < 0 || outermost_[deepest_[v]] != focus_) {
      return V(0);
    }
    return shared_[slot_[v]];
  }

 private:
  const PerfectMatching& solution_;
  std::vector<int> parent_;     // per blossom, -1 when outermost
  std::vector<int> outermost_;  // per blossom
  std::vector<V> cumulative_;   // per blossom: its value plus its ancestors'
  std::vector<int> deepest_;    // per player, -1 outside every blossom
  std::vector<int> slot_;       // per player, its place in blossom_order
  std::vector<V> shared_;       // per slot, for the focused player
  std::vector<int> chain_;
  int focus_ = -1;
};

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
        same_unit_cost_(section.same_unit_rule() == SameUnitRule::kWeak
                            ? Small<V>(kDualScale)
                            : V(0)),
        shares_(solution, section.size()) {
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
    ClassifyColours();
    const int types = static_cast<int>(profiles_.size());
    colour_cost_.assign(types * types, std::nullopt);
    for (int a = 0; a < types; ++a) {
      for (int b = 0; b < types; ++b) {
        if (const std::optional<Wide> cost =
                ColourCost(layout, profiles_[a], profiles_[b])) {
          colour_cost_[a * types + b] =
              FromLimbs<V>(cost->limbs()) * kDualScale;
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
  }

  // Per player u: which colour types fail the range bound in each omitted
  // range, then one pass over each failing range, pair by pair.
  std::vector<std::pair<int, int>> Run() {
    const int types = static_cast<int>(profiles_.size());
    const int groups = section_.group_count();
    for (int u = 0; u < section_.size() && !Full(); ++u) {
      const Entrant& high = section_.at(u);
      const int g = high.group;
      uint64_t upper_mask = 0;
      uint64_t lower_mask = 0;
      std::fill(group_masks_.begin(), group_masks_.end(), 0);
      for (int t = 0; t < types; ++t) {
        const std::optional<V>& colours = ColourCostOf(type_of_[u], t);
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
        ScanPairs(u, begin + UpperFirst(u), begin + size - 1, upper_mask, plus_,
                  -ideal);
      }
      if (lower_mask != 0) {
        const auto [first, last] = LowerRange(u);
        ScanPairs(u, begin + first, begin + last, lower_mask, minus_, ideal);
      }
      for (int h = g + 1; h < groups && !Full(); ++h) {
        if (group_masks_[h] == 0) continue;
        ScanPairs(u, section_.group_begin(h) + GroupFirst(u, h),
                  section_.group_begin(h) + section_.group_size(h) - 1,
                  group_masks_[h], plus_, GapCost(g, h));
      }
    }
    return std::move(breaking_);
  }

 private:
  bool Full() const { return static_cast<int>(breaking_.size()) >= limit_; }

  const std::optional<V>& ColourCostOf(int a, int b) const {
    return colour_cost_[a * static_cast<int>(profiles_.size()) + b];
  }

  void ClassifyColours() {
    for (int v = 0; v < section_.size(); ++v) {
      const ColourProfile profile = ProfileOf(section_.at(v).colours);
      auto it = std::find(profiles_.begin(), profiles_.end(), profile);
      type_of_.push_back(static_cast<int>(it - profiles_.begin()));
      if (it == profiles_.end()) profiles_.push_back(profile);
    }
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
      if (type_of_[v] == t) result[v] = std::min(result[v], Plus(v));
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
          if (type_of_[begin + next] != t) continue;
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

  // Omitted partners in lower group h: all of it beyond the window's group
  // reach, else the positions from `width` on.
  int GroupFirst(int u, int h) const {
    return h - section_.at(u).group <= window_.group_reach ? window_.width : 0;
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

  // The exact constraint of every pair (u, v), v in [first, last] with its
  // colour type in `mask` (all such types have a legal colouring with u).
  // Over the range, kDualScale * cost(u, v) + dual[v] is the colour and
  // `offset` part plus key[v] (dual +- position_cost_ * position), so each
  // pair is first one comparison of key[v] with a per-type threshold; the
  // same-unit part (N13.4, >= 0) is added to the exact check only.
  void ScanPairs(int u, int first, int last, uint64_t mask,
                 const std::vector<V>& key, const V& offset) {
    const int types = static_cast<int>(profiles_.size());
    for (int t = 0; t < types; ++t) {
      if (((mask >> t) & 1) == 0) continue;
      base_[t] = dual_[u] + *ColourCostOf(type_of_[u], t) + offset;
      threshold_[t] = -base_[t];
    }
    for (int v = first; v <= last && !Full(); ++v) {
      const int t = type_of_[v];
      if (((mask >> t) & 1) == 0 || !(key[v] < threshold_[t])) continue;
      if (!focused_) {
        shares_.Focus(u);
        focused_ = true;
      }
      const V same_unit = section_.SameUnit(u, v) ? same_unit_cost_ : V(0);
      if (base_[t] + key[v] + shares_.SharedWithFocus(v) + same_unit < V(0) &&
          section_.MayMeet(u, v)) {
        breaking_.emplace_back(u, v);
      }
    }
  }

  const Section& section_;
  const CandidateWindow& window_;
  const int limit_;
  // kDualScale times the cost of one unit of half_distance, and of one
  // same-unit board where N13.4's weak criterion applies (else 0).
  const int64_t position_cost_;
  const V same_unit_cost_;
  BlossomShares<V> shares_;
  bool focused_ = false;
  std::vector<V> dual_;
  std::vector<V> plus_;   // dual + position_cost_ * position
  std::vector<V> minus_;  // dual - position_cost_ * position
  V base_[64];            // ScanPairs, per colour type
  V threshold_[64];
  std::vector<ColourProfile> profiles_;  // distinct colour profiles (types)
  std::vector<int> type_of_;             // per player
  // Cost parts times kDualScale.
  std::vector<std::optional<V>> colour_cost_;     // [type x type]
  std::vector<V> gap_cost_;                       // [group x group], g <= h
  std::vector<std::vector<V>> suffix_min_plus_;   // [type][player]
  std::vector<std::vector<V>> window_min_minus_;  // [type][player]
  std::vector<uint64_t> group_masks_;             // per lower group
  std::vector<std::pair<int, int>> breaking_;
};

}  // namespace

std::vector<std::pair<int, int>> PairsBreakingDuals(
    const Section& section, const EdgeCostLayout& layout,
    const CandidateWindow& window, const PerfectMatching& solution, int limit) {
  if (window.complete) return {};
  // Four dual-sized terms are added per pair: two bits above the solver's
  // bound, plus one to spare.
  const int nodes = section.size() + section.size() % 2;
  const int bits = DualValueBits(nodes, layout.total_bits()) + 3;
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
