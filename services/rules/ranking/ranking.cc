#include "services/rules/ranking/ranking.h"

#include <algorithm>
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "services/rules/ranking/pool.h"
#include "services/rules/ranking/tie_break_values.h"

namespace qiwang::rules {
namespace {

// A player being ranked: pool index and the values compared.
struct Row {
  int index = 0;
  Standing standing;
};

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

// Negative when `a` ranks before `b` on tie-break `k`, 0 when equal.
int Compare(const Row& a, const Row& b, int k) {
  const TieBreakValue& x = a.standing.tie_breaks[k];
  const TieBreakValue& y = b.standing.tie_breaks[k];
  if (x.kind == TieBreak::kPreviousRounds) {
    if (x.sequence == y.sequence) return 0;
    return x.sequence > y.sequence ? -1 : 1;
  }
  if (x.value == y.value) return 0;
  const bool lower_is_better = x.kind == TieBreak::kFewerFouls;
  return (x.value < y.value) == lower_is_better ? -1 : 1;
}

// Ranges [begin, end) of rows still tied, as start offsets plus a sentinel.
using Groups = std::vector<int>;

Groups SplitGroups(const std::vector<Row>& rows, const std::vector<int>& order,
                   const Groups& groups, int k) {
  Groups split;
  for (size_t g = 0; g + 1 < groups.size(); ++g) {
    split.push_back(groups[g]);
    for (int i = groups[g] + 1; i < groups[g + 1]; ++i) {
      if (Compare(rows[order[i - 1]], rows[order[i]], k) != 0) {
        split.push_back(i);
      }
    }
  }
  split.push_back(static_cast<int>(order.size()));
  return split;
}

void FillDirectEncounter(const Pool& pool, const RankingConfig& config,
                         const std::vector<int>& order, const Groups& groups,
                         int k, std::vector<Row>& rows) {
  for (size_t g = 0; g + 1 < groups.size(); ++g) {
    if (groups[g + 1] - groups[g] < 2) continue;
    std::vector<int> members;
    for (int i = groups[g]; i < groups[g + 1]; ++i) {
      members.push_back(rows[order[i]].index);
    }
    const std::vector<int64_t> points =
        DirectEncounterPoints(pool, members, config);
    for (int i = groups[g]; i < groups[g + 1]; ++i) {
      rows[order[i]].standing.tie_breaks[k].value = points[i - groups[g]];
    }
  }
}

// Applies the lot whose players are exactly one tied group; returns the
// groups with that tie resolved into single places.
Groups ApplyLots(absl::Span<const DrawnLot> lots, const Groups& groups,
                 std::vector<Row>& rows, std::vector<int>& order,
                 std::vector<bool>& lot_used) {
  Groups split;
  for (size_t g = 0; g + 1 < groups.size(); ++g) {
    const int begin = groups[g];
    const int end = groups[g + 1];
    split.push_back(begin);
    if (end - begin < 2) continue;
    absl::flat_hash_set<PlayerId> tied;
    for (int i = begin; i < end; ++i) {
      tied.insert(rows[order[i]].standing.player);
    }
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
                                          rows[a].standing.player) <
                                std::find(candidate.begin(), candidate.end(),
                                          rows[b].standing.player);
                       });
      for (int i = begin; i < end; ++i) {
        rows[order[i]].standing.placed_by_lot = true;
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

  std::vector<Row> rows;
  rows.reserve(selected->size());
  for (int index : *selected) {
    const PlayerRecord& record = pool->record(index);
    Row row;
    row.index = index;
    row.standing.player = record.id;
    row.standing.score = pool->score(index);
    row.standing.withdrawn = record.withdrawn;
    for (TieBreak kind : config.tie_breaks) {
      TieBreakValue value;
      value.kind = kind;
      if (kind == TieBreak::kPreviousRounds) {
        value.sequence = PreviousRoundsKey(*pool, index, config);
      } else {
        value.value = PlayerTieBreak(kind, *pool, index, config);
      }
      row.standing.tie_breaks.push_back(std::move(value));
    }
    rows.push_back(std::move(row));
  }

  // Rows stay put; `order` (positions into rows) is what gets sorted.
  std::vector<int> order(rows.size());
  for (int i = 0; i < static_cast<int>(order.size()); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](int a, int b) {
    const PlayerRecord& x = pool->record(rows[a].index);
    const PlayerRecord& y = pool->record(rows[b].index);
    if (rows[a].standing.score != rows[b].standing.score) {
      return rows[a].standing.score > rows[b].standing.score;
    }
    if (x.pairing_number != y.pairing_number) {
      return x.pairing_number < y.pairing_number;
    }
    return x.id < y.id;
  });
  Groups groups = {0};
  for (int i = 1; i < static_cast<int>(order.size()); ++i) {
    if (rows[order[i]].standing.score != rows[order[i - 1]].standing.score) {
      groups.push_back(i);
    }
  }
  groups.push_back(static_cast<int>(order.size()));

  for (int k = 0; k < static_cast<int>(config.tie_breaks.size()); ++k) {
    if (config.tie_breaks[k] == TieBreak::kDirectEncounter) {
      FillDirectEncounter(*pool, config, order, groups, k, rows);
    }
    for (size_t g = 0; g + 1 < groups.size(); ++g) {
      if (groups[g + 1] - groups[g] < 2) continue;
      std::stable_sort(
          order.begin() + groups[g], order.begin() + groups[g + 1],
          [&](int a, int b) { return Compare(rows[a], rows[b], k) < 0; });
    }
    groups = SplitGroups(rows, order, groups, k);
  }
  std::vector<bool> lot_used(request.lots.size(), false);
  groups = ApplyLots(request.lots, groups, rows, order, lot_used);

  Standings standings;
  standings.rows.reserve(rows.size());
  for (size_t g = 0; g + 1 < groups.size(); ++g) {
    for (int i = groups[g]; i < groups[g + 1]; ++i) {
      rows[order[i]].standing.rank = groups[g] + 1;
      standings.rows.push_back(std::move(rows[order[i]].standing));
    }
  }
  for (int l = 0; l < static_cast<int>(lot_used.size()); ++l) {
    if (!lot_used[l]) standings.unused_lots.push_back(l);
  }
  return standings;
}

}  // namespace qiwang::rules
