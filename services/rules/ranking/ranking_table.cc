#include "services/rules/ranking/ranking_table.h"

#include <algorithm>
#include <utility>

#include "absl/types/span.h"
#include "services/rules/ranking/tie_break_values.h"

namespace qiwang::rules {

RankingTable::RankingTable(const Pool& pool, const RankingConfig& config,
                           std::vector<int> selected)
    : pool_(pool), config_(config), index_(std::move(selected)) {
  standings_.chain = config.tie_breaks;
  if (std::find(config.tie_breaks.begin(), config.tie_breaks.end(),
                TieBreak::kPreviousRounds) != config.tie_breaks.end()) {
    standings_.sequence_length = PreviousRoundsKeyLength(pool, config);
  }
  const int steps = static_cast<int>(config.tie_breaks.size());
  standings_.numbers.resize(static_cast<size_t>(rows()) * stride());
  for (int row = 0; row < rows(); ++row) {
    int64_t* numbers = mutable_numbers(row);
    for (int k = 0; k < steps; ++k) {
      numbers[k] =
          PlayerTieBreak(config.tie_breaks[k], pool, index_[row], config);
    }
    if (standings_.sequence_length > 0) {
      PreviousRoundsKey(
          pool, index_[row], config,
          absl::MakeSpan(numbers + steps, standings_.sequence_length));
    }
  }
}

int RankingTable::CompareSequences(int a, int b) const {
  const int64_t* x = numbers(a) + config_.tie_breaks.size();
  const int64_t* y = numbers(b) + config_.tie_breaks.size();
  for (int i = 0; i < standings_.sequence_length; ++i) {
    if (x[i] != y[i]) return x[i] > y[i] ? -1 : 1;
  }
  return 0;
}

bool RankingTable::PairingBefore(int a, int b) const {
  const PlayerRecord& x = record(a);
  const PlayerRecord& y = record(b);
  if (x.pairing_number != y.pairing_number) {
    return x.pairing_number < y.pairing_number;
  }
  return x.id < y.id;
}

void RankingTable::FillDirectEncounter(int k, const std::vector<int>& order,
                                       const Groups& groups) {
  for (size_t g = 0; g + 1 < groups.size(); ++g) {
    if (groups[g + 1] - groups[g] < 2) continue;
    std::vector<int> members;
    for (int i = groups[g]; i < groups[g + 1]; ++i) {
      members.push_back(index_[order[i]]);
    }
    const std::vector<int64_t> points =
        DirectEncounterPoints(pool_, members, config_);
    for (int i = groups[g]; i < groups[g + 1]; ++i) {
      mutable_numbers(order[i])[k] = points[i - groups[g]];
    }
  }
}

Standings RankingTable::Finish(const std::vector<int>& order,
                               const Groups& groups,
                               const std::vector<char>& placed_by_lot) && {
  PermuteNumbers(order);
  standings_.rows.resize(rows());
  for (size_t g = 0; g + 1 < groups.size(); ++g) {
    for (int i = groups[g]; i < groups[g + 1]; ++i) {
      const int row = order[i];
      const PlayerRecord& record = this->record(row);
      standings_.rows[i] = {.player = record.id,
                            .rank = groups[g] + 1,
                            .score = score(row),
                            .placed_by_lot = placed_by_lot[row] != 0,
                            .withdrawn = record.withdrawn};
    }
  }
  return std::move(standings_);
}

void RankingTable::PermuteNumbers(const std::vector<int>& order) {
  const int stride = this->stride();
  std::vector<int64_t> first(stride);
  std::vector<bool> placed(rows(), false);
  for (int start = 0; start < rows(); ++start) {
    if (placed[start]) continue;
    std::copy_n(numbers(start), stride, first.begin());
    for (int i = start;;) {
      placed[i] = true;
      const int from = order[i];
      if (from == start) {
        std::copy_n(first.begin(), stride, mutable_numbers(i));
        break;
      }
      std::copy_n(numbers(from), stride, mutable_numbers(i));
      i = from;
    }
  }
}

}  // namespace qiwang::rules
