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

// The values of one tie-break of the chain for every row, oriented so that
// the greater ranks first, in one flat array (the sorts read nothing else);
// kPreviousRounds compares the rows' sequences instead.
class ChainStep {
 public:
  ChainStep(const std::vector<Row>& rows, int k) : rows_(rows), k_(k) {
    const TieBreak kind = rows.empty() ? TieBreak::kPreviousRounds
                                       : rows[0].standing.tie_breaks[k].kind;
    if (kind == TieBreak::kPreviousRounds) return;
    const bool lower_is_better = kind == TieBreak::kFewerFouls;
    values_.reserve(rows.size());
    for (const Row& row : rows) {
      const int64_t value = row.standing.tie_breaks[k].value;
      values_.push_back(lower_is_better ? -value : value);
    }
  }

  // Negative when row `a` ranks before row `b`, 0 when equal.
  int Compare(int a, int b) const {
    if (values_.empty()) {
      const std::vector<int>& x = rows_[a].standing.tie_breaks[k_].sequence;
      const std::vector<int>& y = rows_[b].standing.tie_breaks[k_].sequence;
      if (x == y) return 0;
      return x > y ? -1 : 1;
    }
    if (values_[a] == values_[b]) return 0;
    return values_[a] > values_[b] ? -1 : 1;
  }

 private:
  const std::vector<Row>& rows_;
  const int k_;
  std::vector<int64_t> values_;
};

// Ranges [begin, end) of rows still tied, as start offsets plus a sentinel.
using Groups = std::vector<int>;

Groups SplitGroups(const ChainStep& step, const std::vector<int>& order,
                   const Groups& groups) {
  Groups split;
  for (size_t g = 0; g + 1 < groups.size(); ++g) {
    split.push_back(groups[g]);
    for (int i = groups[g] + 1; i < groups[g + 1]; ++i) {
      if (step.Compare(order[i - 1], order[i]) != 0) split.push_back(i);
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
    row.standing.tie_breaks.reserve(config.tie_breaks.size());
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

  // Rows stay put; `order` (positions into rows) is what gets sorted, first
  // by score, then pairing number and id (by value, in one flat array).
  struct ScoreKey {
    int score;
    int pairing_number;
    PlayerId id;
    int row;
  };
  std::vector<ScoreKey> keys;
  keys.reserve(rows.size());
  for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
    const PlayerRecord& record = pool->record(rows[i].index);
    keys.push_back(
        {rows[i].standing.score, record.pairing_number, record.id, i});
  }
  std::sort(keys.begin(), keys.end(), [](const ScoreKey& a, const ScoreKey& b) {
    if (a.score != b.score) return a.score > b.score;
    if (a.pairing_number != b.pairing_number) {
      return a.pairing_number < b.pairing_number;
    }
    return a.id < b.id;
  });
  std::vector<int> order;
  order.reserve(keys.size());
  Groups groups = {0};
  for (int i = 0; i < static_cast<int>(keys.size()); ++i) {
    order.push_back(keys[i].row);
    if (i > 0 && keys[i].score != keys[i - 1].score) groups.push_back(i);
  }
  groups.push_back(static_cast<int>(order.size()));

  for (int k = 0; k < static_cast<int>(config.tie_breaks.size()); ++k) {
    if (config.tie_breaks[k] == TieBreak::kDirectEncounter) {
      FillDirectEncounter(*pool, config, order, groups, k, rows);
    }
    const ChainStep step(rows, k);
    for (size_t g = 0; g + 1 < groups.size(); ++g) {
      if (groups[g + 1] - groups[g] < 2) continue;
      std::stable_sort(order.begin() + groups[g], order.begin() + groups[g + 1],
                       [&](int a, int b) { return step.Compare(a, b) < 0; });
    }
    groups = SplitGroups(step, order, groups);
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
