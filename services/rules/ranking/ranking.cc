#include "services/rules/ranking/ranking.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "services/rules/ranking/pool.h"
#include "services/rules/ranking/ranking_table.h"

namespace qiwang::rules {
namespace {

absl::StatusOr<std::vector<int>> SelectPlayers(const Pool& pool,
                                               const RankingRequest& request) {
  std::vector<int> selected;
  if (request.players.empty()) {
    selected.resize(pool.size());
    for (int i = 0; i < pool.size(); ++i) selected[i] = i;
    return selected;
  }
  absl::flat_hash_set<PlayerId> seen;
  for (PlayerId id : request.players) {
    const int index = pool.IndexOf(id);
    if (index == Pool::kNoIndex) {
      return absl::InvalidArgumentError(
          absl::StrCat("R2.3: player ", id, " to rank is not in the pool"));
    }
    if (!seen.insert(id).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("R2.3: player ", id, " is listed twice to rank"));
    }
    selected.push_back(index);
  }
  return selected;
}

absl::Status CheckLots(const Pool& pool, absl::Span<const DrawnLot> lots) {
  for (int i = 0; i < static_cast<int>(lots.size()); ++i) {
    const std::vector<PlayerId>& order = lots[i].order;
    if (order.size() < 2) {
      return absl::InvalidArgumentError(absl::StrCat(
          "R7.3: drawn lot ", i, " needs at least two tied players"));
    }
    absl::flat_hash_set<PlayerId> seen;
    for (PlayerId id : order) {
      if (pool.IndexOf(id) == Pool::kNoIndex) {
        return absl::InvalidArgumentError(absl::StrCat(
            "R7.3: drawn lot ", i, " names player ", id, " not in the pool"));
      }
      if (!seen.insert(id).second) {
        return absl::InvalidArgumentError(absl::StrCat(
            "R7.3: drawn lot ", i, " names player ", id, " twice"));
      }
    }
  }
  return absl::OkStatus();
}

// The groups of a sorted order still tied on the steps [first, last), the
// score being step -1.
Groups SplitGroups(const RankingTable& table, int first, int last,
                   const std::vector<int>& order, const Groups& groups) {
  const auto tied = [&](int a, int b) {
    if (first < 0 && table.score(a) != table.score(b)) return false;
    for (int k = std::max(first, 0); k < last; ++k) {
      if (table.CompareStep(k, a, b) != 0) return false;
    }
    return true;
  };
  Groups split;
  split.reserve(order.size() + 1);
  for (size_t g = 0; g + 1 < groups.size(); ++g) {
    split.push_back(groups[g]);
    for (int i = groups[g] + 1; i < groups[g + 1]; ++i) {
      if (!tied(order[i - 1], order[i])) split.push_back(i);
    }
  }
  split.push_back(static_cast<int>(order.size()));
  return split;
}

// Sorts each group by the chain's steps [first, last) (the score being step
// -1), then pairing number and id. Within a tie the rows are in
// pairing-number order, so this is the order that sorting stably by one step
// after the other gives, in one sort.
void SortGroups(const RankingTable& table, int first, int last,
                const Groups& groups, std::vector<int>& order) {
  const auto before = [&](int a, int b) {
    if (first < 0 && table.score(a) != table.score(b)) {
      return table.score(a) > table.score(b);
    }
    for (int k = std::max(first, 0); k < last; ++k) {
      if (const int step = table.CompareStep(k, a, b); step != 0) {
        return step < 0;
      }
    }
    return table.PairingBefore(a, b);
  };
  for (size_t g = 0; g + 1 < groups.size(); ++g) {
    if (groups[g + 1] - groups[g] < 2) continue;
    std::sort(order.begin() + groups[g], order.begin() + groups[g + 1], before);
  }
}

// Ranks all rows by score and the chain's steps [0, last), then pairing
// number and id, in one sort of integers: each row's key holds the score and
// as many of the first steps as fit, digit by digit (the value's offset from
// the lowest, in the radix of the range), above the row in the low bits. One
// comparison decides most pairs without reading the table. Returns the
// groups tied on all of it.
Groups FirstOrder(const RankingTable& table, int last,
                  std::vector<int>& order) {
  const int rows = table.rows();
  int row_bits = 0;
  while ((int64_t{1} << row_bits) < rows) ++row_bits;
  // The values packed: the score (-1), then the steps [0, plain).
  int plain = 0;
  while (plain < last && table.HasValue(plain)) ++plain;
  const auto value = [&](int step, int row) -> int64_t {
    return step < 0 ? table.score(row) : table.Oriented(step, row);
  };
  std::vector<int64_t> lowest(plain + 1, INT64_MAX);
  std::vector<int64_t> highest(plain + 1, INT64_MIN);
  for (int row = 0; row < rows; ++row) {
    for (int step = -1; step < plain; ++step) {
      lowest[step + 1] = std::min(lowest[step + 1], value(step, row));
      highest[step + 1] = std::max(highest[step + 1], value(step, row));
    }
  }
  std::vector<uint64_t> radix;
  const uint64_t key_limit = UINT64_MAX >> row_bits;
  uint64_t capacity = 1;  // the digits so far are below it
  for (int step = -1; step < plain && rows > 0; ++step) {
    const uint64_t range = static_cast<uint64_t>(highest[step + 1]) -
                           static_cast<uint64_t>(lowest[step + 1]) + 1;
    if (range == 0 || range > key_limit / capacity) break;
    capacity *= range;
    radix.push_back(range);
  }
  const int packed = static_cast<int>(radix.size());  // the score first
  std::vector<uint64_t> keys(rows);
  for (int row = 0; row < rows; ++row) {
    uint64_t key = 0;
    for (int digit = 0; digit < packed; ++digit) {
      key = key * radix[digit] + (static_cast<uint64_t>(value(digit - 1, row)) -
                                  static_cast<uint64_t>(lowest[digit]));
    }
    keys[row] = key << row_bits | static_cast<uint64_t>(row);
  }
  // Keys are unique (the row is in them): sorting them as plain integers
  // orders by the packed values, then rows tied on those are put in order
  // by what was not packed.
  std::sort(keys.begin(), keys.end(), std::greater<uint64_t>());
  const uint64_t row_mask = (uint64_t{1} << row_bits) - 1;
  order.resize(rows);
  Groups groups = {0};
  for (int i = 0; i < rows; ++i) {
    order[i] = static_cast<int>(keys[i] & row_mask);
    if (i > 0 && (keys[i] >> row_bits) != (keys[i - 1] >> row_bits)) {
      groups.push_back(i);
    }
  }
  groups.push_back(rows);
  SortGroups(table, packed - 1, last, groups, order);
  // Rows tied on the packed digits: by the steps not packed.
  return SplitGroups(table, packed - 1, last, order, groups);
}

// Applies the lot whose players are exactly one tied group; returns the
// groups with that tie resolved into single places.
Groups ApplyLots(absl::Span<const DrawnLot> lots, const RankingTable& table,
                 const Groups& groups, std::vector<int>& order,
                 std::vector<bool>& lot_used,
                 std::vector<char>& placed_by_lot) {
  Groups split;
  for (size_t g = 0; g + 1 < groups.size(); ++g) {
    const int begin = groups[g];
    const int end = groups[g + 1];
    split.push_back(begin);
    if (end - begin < 2) continue;
    absl::flat_hash_set<PlayerId> tied;
    for (int i = begin; i < end; ++i) tied.insert(table.record(order[i]).id);
    for (size_t l = 0; l < lots.size(); ++l) {
      const std::vector<PlayerId>& candidate = lots[l].order;
      if (lot_used[l] || static_cast<int>(candidate.size()) != end - begin ||
          !std::all_of(candidate.begin(), candidate.end(),
                       [&](PlayerId id) { return tied.contains(id); })) {
        continue;
      }
      lot_used[l] = true;
      std::stable_sort(order.begin() + begin, order.begin() + end,
                       [&](int a, int b) {
                         return std::find(candidate.begin(), candidate.end(),
                                          table.record(a).id) <
                                std::find(candidate.begin(), candidate.end(),
                                          table.record(b).id);
                       });
      for (int i = begin; i < end; ++i) {
        placed_by_lot[order[i]] = true;
        if (i > begin) split.push_back(i);
      }
      break;
    }
  }
  split.push_back(static_cast<int>(order.size()));
  return split;
}

}  // namespace

absl::StatusOr<Standings> Rank(absl::Span<const PlayerRecord> records,
                               const RankingConfig& config,
                               const RankingRequest& request) {
  absl::StatusOr<Pool> pool = Pool::Build(records, config.scoring);
  if (!pool.ok()) return pool.status();
  absl::StatusOr<std::vector<int>> selected = SelectPlayers(*pool, request);
  if (!selected.ok()) return selected.status();
  if (absl::Status lots = CheckLots(*pool, request.lots); !lots.ok()) {
    return lots;
  }

  RankingTable table(*pool, config, *std::move(selected));
  // Sorted by score and the steps up to the first direct encounter in one
  // sort, then from each direct encounter (whose values depend on who is
  // tied when the chain reaches it) to the next, within the groups still
  // tied.
  const int steps = static_cast<int>(config.tie_breaks.size());
  const auto next_encounter = [&](int from) {
    while (from < steps &&
           config.tie_breaks[from] != TieBreak::kDirectEncounter) {
      ++from;
    }
    return from;
  };
  int first = next_encounter(0);
  std::vector<int> order;
  Groups groups = FirstOrder(table, first, order);
  while (first < steps) {
    table.FillDirectEncounter(first, order, groups);
    const int last = next_encounter(first + 1);
    SortGroups(table, first, last, groups, order);
    groups = SplitGroups(table, first, last, order, groups);
    first = last;
  }
  std::vector<bool> lot_used(request.lots.size(), false);
  std::vector<char> placed_by_lot(table.rows(), 0);
  if (!request.lots.empty()) {
    groups =
        ApplyLots(request.lots, table, groups, order, lot_used, placed_by_lot);
  }

  Standings standings = std::move(table).Finish(order, groups, placed_by_lot);
  for (int l = 0; l < static_cast<int>(lot_used.size()); ++l) {
    if (!lot_used[l]) standings.unused_lots.push_back(l);
  }
  return standings;
}

}  // namespace qiwang::rules
