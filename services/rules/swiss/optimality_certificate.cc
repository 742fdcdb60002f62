#include "services/rules/swiss/optimality_certificate.h"

#include <algorithm>
#include <deque>
#include <optional>
#include <utility>
#include <vector>

#include "services/rules/swiss/matching/wide_int.h"

namespace qiwang::rules::swiss {
namespace {

using Value = WideInt<kCostLimbs>;

// What a player's colour history allows and costs for each colour; the
// colour components of a pair's cost depend on these two values only.
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
std::optional<Value> ColourCost(const EdgeCostLayout& layout, int group,
                                const ColourProfile& a,
                                const ColourProfile& b) {
  std::optional<Value> best;
  for (int a_colour = 0; a_colour < 2; ++a_colour) {
    const int b_colour = 1 - a_colour;
    if (!a.allowed[a_colour] || !b.allowed[b_colour]) continue;
    PairChoice choice;
    choice.group = group;
    choice.colour_repeats = a.repeats[a_colour] + b.repeats[b_colour];
    choice.colour_imbalances = a.widens[a_colour] + b.widens[b_colour];
    const Value cost = Value::FromLimbs(layout.PairCost(choice));
    if (!best.has_value() || cost < *best) best = cost;
  }
  return best;
}

class Certificate {
 public:
  Certificate(const Section& section, const EdgeCostLayout& layout,
              const CandidateWindow& window, const PerfectMatching& solution,
              int limit)
      : section_(section), layout_(layout), window_(window), limit_(limit) {
    const int n = section.size();
    dual_.reserve(n);
    for (int u = 0; u < n; ++u) {
      dual_.push_back(Value::FromLimbs(solution.node_dual[u]));
    }
    blossoms_of_.resize(n);
    for (int k = 0; k < static_cast<int>(solution.blossoms.size()); ++k) {
      blossom_value_.push_back(Value::FromLimbs(solution.blossoms[k].value));
      for (int node : solution.blossoms[k].nodes) {
        if (node < n) blossoms_of_[node].push_back(k);
      }
    }
    ClassifyColours();
    for (int t = 0; t < static_cast<int>(profiles_.size()); ++t) {
      suffix_min_plus_.push_back(SuffixMinPlus(t));
      window_min_minus_.push_back(WindowMinMinus(t));
    }
  }

  std::vector<std::pair<int, int>> Run() {
    const int types = static_cast<int>(profiles_.size());
    for (int u = 0; u < section_.size() && !Full(); ++u) {
      const int g = section_.at(u).group;
      for (int t = 0; t < types && !Full(); ++t) {
        const std::optional<Value> colours =
            ColourCost(layout_, g, profiles_[type_of_[u]], profiles_[t]);
        if (!colours.has_value()) continue;  // R6.3 forbids every such pair
        const Value floor = dual_[u] + *colours * kDualScale;
        CheckWithinGroup(u, t, floor);
        for (int h = g + 1; h < section_.group_count() && !Full(); ++h) {
          CheckAgainstGroup(u, h, t, floor);
        }
      }
    }
    return std::move(breaking_);
  }

 private:
  bool Full() const { return static_cast<int>(breaking_.size()) >= limit_; }

  void ClassifyColours() {
    for (int v = 0; v < section_.size(); ++v) {
      const ColourProfile profile = ProfileOf(section_.at(v).colours);
      auto it = std::find(profiles_.begin(), profiles_.end(), profile);
      type_of_.push_back(static_cast<int>(it - profiles_.begin()));
      if (it == profiles_.end()) profiles_.push_back(profile);
    }
  }

  Value Plus(int v) const {
    return dual_[v] + Value(kDualScale * section_.at(v).position);
  }
  Value Minus(int v) const {
    return dual_[v] - Value(kDualScale * section_.at(v).position);
  }

  // [v]: min of dual + 4q over players of type t from v to the group's end.
  std::vector<Value> SuffixMinPlus(int t) const {
    std::vector<Value> result(section_.size(), Value::Max());
    for (int v = section_.size() - 1; v >= 0; --v) {
      if (v + 1 < section_.size() &&
          section_.at(v + 1).group == section_.at(v).group) {
        result[v] = result[v + 1];
      }
      if (type_of_[v] == t) result[v] = std::min(result[v], Plus(v));
    }
    return result;
  }

  // [u]: min of dual - 4q over players of type t at positions
  // LowerRange(u), by a sliding window (both ends only move right).
  std::vector<Value> WindowMinMinus(int t) const {
    std::vector<Value> result(section_.size(), Value::Max());
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

  // Omitted partners below u's top-half partner: positions p < q < ideal -
  // width inside the group (cost ideal - q); empty when first > last.
  std::pair<int, int> LowerRange(int u) const {
    const Entrant& high = section_.at(u);
    const int size = section_.group_size(high.group);
    const int ideal = high.position + size / 2;
    return {high.position + 1, std::min(size - 1, ideal - window_.width - 1)};
  }

  // Omitted partners q of u = (p, m) of type t inside its group:
  // q > ideal + width (cost q - ideal) and LowerRange (cost ideal - q).
  void CheckWithinGroup(int u, int t, const Value& floor) {
    const Entrant& high = section_.at(u);
    const int begin = section_.group_begin(high.group);
    const int size = section_.group_size(high.group);
    const int ideal = high.position + size / 2;
    const int upper = ideal + window_.width + 1;
    const std::vector<Value>& plus = suffix_min_plus_[t];
    if (upper < size && plus[begin + upper] != Value::Max() &&
        floor + plus[begin + upper] - Value(kDualScale * ideal) < Value(0)) {
      CheckPairs(u, t, begin + upper, begin + size - 1);
    }
    const auto [first, last] = LowerRange(u);
    const Value& minus = window_min_minus_[t][u];
    if (first <= last && minus != Value::Max() &&
        floor + minus + Value(kDualScale * ideal) < Value(0)) {
      CheckPairs(u, t, begin + first, begin + last);
    }
  }

  // Omitted partners of type t in lower group h: all of it beyond the
  // window's group reach, else the positions from `width` on.
  void CheckAgainstGroup(int u, int h, int t, const Value& floor) {
    const Entrant& high = section_.at(u);
    const int first = h - high.group <= window_.group_reach ? window_.width : 0;
    if (first >= section_.group_size(h)) return;
    const int begin = section_.group_begin(h);
    const Value& plus = suffix_min_plus_[t][begin + first];
    if (plus == Value::Max()) return;
    const Value gap = Value::FromLimbs(layout_.CostFloor(
        high.group, high.score - section_.at(begin).score, 0));
    if (floor + plus + gap * kDualScale < Value(0)) {
      CheckPairs(u, t, begin + first, begin + section_.group_size(h) - 1);
    }
  }

  void CheckPairs(int u, int t, int first, int last) {
    for (int v = first; v <= last && !Full(); ++v) {
      if (type_of_[v] != t || window_.Admits(section_, u, v)) continue;
      const std::optional<PairChoice> pair = ChoosePair(section_, u, v);
      if (!pair.has_value()) continue;
      const Value cost = Value::FromLimbs(layout_.PairCost(*pair));
      if (dual_[u] + dual_[v] + SharedBlossoms(u, v) + cost * kDualScale <
          Value(0)) {
        breaking_.emplace_back(u, v);
      }
    }
  }

  Value SharedBlossoms(int u, int v) const {
    Value sum(0);
    const std::vector<int>& a = blossoms_of_[u];
    const std::vector<int>& b = blossoms_of_[v];
    for (size_t i = 0, j = 0; i < a.size() && j < b.size();) {
      if (a[i] == b[j]) {
        sum += blossom_value_[a[i]];
        ++i;
        ++j;
      } else if (a[i] < b[j]) {
        ++i;
      } else {
        ++j;
      }
    }
    return sum;
  }

  const Section& section_;
  const EdgeCostLayout& layout_;
  const CandidateWindow& window_;
  const int limit_;
  std::vector<Value> dual_;
  std::vector<ColourProfile> profiles_;  // distinct colour profiles (types)
  std::vector<int> type_of_;             // per player
  std::vector<std::vector<Value>> suffix_min_plus_;   // [type][player]
  std::vector<std::vector<Value>> window_min_minus_;  // [type][player]
  std::vector<Value> blossom_value_;
  std::vector<std::vector<int>> blossoms_of_;
  std::vector<std::pair<int, int>> breaking_;
};

}  // namespace

std::vector<std::pair<int, int>> PairsBreakingDuals(
    const Section& section, const EdgeCostLayout& layout,
    const CandidateWindow& window, const PerfectMatching& solution, int limit) {
  if (window.complete) return {};
  return Certificate(section, layout, window, solution, limit).Run();
}

}  // namespace qiwang::rules::swiss
