#include "services/rules/swiss/optimality_certificate.h"

#include <algorithm>
#include <vector>

#include "services/rules/swiss/matching/wide_int.h"

namespace qiwang::rules::swiss {
namespace {

using Value = WideInt<kCostLimbs>;
constexpr int kBlock = 32;

class Certificate {
 public:
  Certificate(const Section& section, const EdgeCostLayout& layout,
              const CandidateWindow& window, const PerfectMatching& solution)
      : section_(section), layout_(layout), window_(window) {
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
    for (int start = 0; start < n; start += kBlock) {
      const int end = std::min(n, start + kBlock);
      block_min_.push_back(
          *std::min_element(dual_.begin() + start, dual_.begin() + end));
    }
  }

  bool Holds() const {
    for (int u = 0; u < section_.size(); ++u) {
      for (int block = u / kBlock; block < static_cast<int>(block_min_.size());
           ++block) {
        if (!BlockHolds(u, block) && !PairsHold(u, block)) return false;
      }
    }
    return true;
  }

 private:
  // A lower bound over v in the block: the smallest dual, and the smallest
  // omitted pair's cost (score gap to the block's highest score, and the
  // window distance when the whole block lies within the window's reach).
  bool BlockHolds(int u, int block) const {
    const int first = std::max(u + 1, block * kBlock);
    if (first >= section_.size()) return true;
    const int end = std::min(section_.size(), (block + 1) * kBlock);
    const Entrant& high = section_.at(u);
    const Entrant& top = section_.at(first);
    const bool within_reach =
        section_.at(end - 1).group - high.group <= window_.group_reach;
    const Value floor = Value::FromLimbs(layout_.CostFloor(
        high.group, high.score - top.score, within_reach ? window_.width : 0));
    return dual_[u] + block_min_[block] + floor * kDualScale >= Value(0);
  }

  bool PairsHold(int u, int block) const {
    const int end = std::min(section_.size(), (block + 1) * kBlock);
    for (int v = std::max(u + 1, block * kBlock); v < end; ++v) {
      if (window_.Admits(section_, u, v)) continue;
      const std::optional<PairChoice> pair = ChoosePair(section_, u, v);
      if (!pair.has_value()) continue;
      const Value cost = Value::FromLimbs(layout_.PairCost(*pair));
      if (dual_[u] + dual_[v] + SharedBlossoms(u, v) + cost * kDualScale <
          Value(0)) {
        return false;
      }
    }
    return true;
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
  std::vector<Value> dual_;
  std::vector<Value> block_min_;
  std::vector<Value> blossom_value_;
  std::vector<std::vector<int>> blossoms_of_;
};

}  // namespace

bool DualsCoverOmittedPairs(const Section& section,
                            const EdgeCostLayout& layout,
                            const CandidateWindow& window,
                            const PerfectMatching& solution) {
  if (window.complete) return true;
  return Certificate(section, layout, window, solution).Holds();
}

}  // namespace qiwang::rules::swiss
