// The standings of one ranking while Rank builds them (ranking.cc is the only
// user). Every player's tie-break values and R7.2 sequence are computed once,
// reading the pool front to back, into the Standings' own flat table, in the
// order the players were selected ("rows"); the sorts compare them there and
// Finish puts them in the final order, so the ranking allocates little more
// than its result.
#ifndef QIWANG_SERVICES_RULES_RANKING_RANKING_TABLE_H_
#define QIWANG_SERVICES_RULES_RANKING_RANKING_TABLE_H_

#include <cstdint>
#include <vector>

#include "services/rules/core/records.h"
#include "services/rules/ranking/pool.h"
#include "services/rules/ranking/ranking.h"
#include "services/rules/ranking/tie_break.h"

namespace qiwang::rules {

// Ranges [begin, end) of positions in an order of rows still tied, as start
// offsets plus a sentinel.
using Groups = std::vector<int>;

class RankingTable {
 public:
  // `selected`: the pool indices to rank. `pool` and `config` must outlive
  // the table.
  RankingTable(const Pool& pool, const RankingConfig& config,
               std::vector<int> selected);

  int rows() const { return static_cast<int>(index_.size()); }
  const PlayerRecord& record(int row) const {
    return pool_.record(index_[row]);
  }
  int score(int row) const { return pool_.score(index_[row]); }

  // Whether step `k` of the chain compares one value (all but
  // kPreviousRounds, which compares a sequence).
  bool HasValue(int k) const {
    return config_.tie_breaks[k] != TieBreak::kPreviousRounds;
  }
  // Step `k`'s value of `row` (HasValue), oriented so that greater ranks
  // first.
  int64_t Oriented(int k, int row) const {
    const int64_t value = numbers(row)[k];
    return config_.tie_breaks[k] == TieBreak::kFewerFouls ? -value : value;
  }
  // Negative when row `a` ranks before row `b` on step `k`, 0 when equal.
  int CompareStep(int k, int a, int b) const {
    if (!HasValue(k)) return CompareSequences(a, b);
    const int64_t x = Oriented(k, a);
    const int64_t y = Oriented(k, b);
    if (x == y) return 0;
    return x > y ? -1 : 1;
  }
  // Ascending pairing number, then id: the order of rows tied on everything.
  bool PairingBefore(int a, int b) const;

  // Fills step `k` (kDirectEncounter, 0 until then) for the rows of the
  // groups of two or more of `order`.
  void FillDirectEncounter(int k, const std::vector<int>& order,
                           const Groups& groups);

  // The standings with rows[i] = the row order[i], ranked by `groups` (the
  // rank of a group is its first position + 1); placed_by_lot by row.
  Standings Finish(const std::vector<int>& order, const Groups& groups,
                   const std::vector<char>& placed_by_lot) &&;

 private:
  int CompareSequences(int a, int b) const;
  int stride() const { return standings_.stride(); }
  const int64_t* numbers(int row) const {
    return standings_.numbers.data() + static_cast<size_t>(row) * stride();
  }
  int64_t* mutable_numbers(int row) {
    return standings_.numbers.data() + static_cast<size_t>(row) * stride();
  }
  // In place, cycle by cycle: position i receives the numbers of row
  // order[i].
  void PermuteNumbers(const std::vector<int>& order);

  const Pool& pool_;
  const RankingConfig& config_;
  std::vector<int> index_;  // into the pool, by row
  Standings standings_;
};

}  // namespace qiwang::rules

#endif  // QIWANG_SERVICES_RULES_RANKING_RANKING_TABLE_H_
