#include "services/rules/prizes/prizes.h"

#include <algorithm>
#include <utility>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace qiwang::rules {
namespace {

// Rows [begin, end) of the standings share one rank.
struct TiedGroup {
  int begin = 0;
  int end = 0;
};

std::vector<TiedGroup> GroupsByRank(const Standings& standings) {
  std::vector<TiedGroup> groups;
  const auto& rows = standings.rows;
  for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
    if (i == 0 || rows[i].rank != rows[i - 1].rank) {
      groups.push_back({i, i});
    }
    groups.back().end = i + 1;
  }
  return groups;
}

std::string PlayersOf(const Standings& standings, const TiedGroup& group) {
  std::vector<PlayerId> ids;
  for (int i = group.begin; i < group.end; ++i) {
    ids.push_back(standings.rows[i].player);
  }
  return absl::StrJoin(ids, ", ");
}

absl::Status CheckCategory(const CategoryPrizes& prizes,
                           const Standings& standings) {
  for (int64_t amount : prizes.money_yuan) {
    if (amount < 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          "R8.1: category ", prizes.category, " has a negative prize"));
    }
  }
  if (prizes.final_places < 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "R8.2: category ", prizes.category, " has negative final places"));
  }
  absl::flat_hash_set<PlayerId> ranked;
  for (const Standing& row : standings.rows) ranked.insert(row.player);
  for (PlayerId id : prizes.declined_places) {
    if (!ranked.contains(id)) {
      return absl::InvalidArgumentError(
          absl::StrCat("R8.3: player ", id, " declined a place in ",
                       prizes.category, " but is not ranked there"));
    }
  }
  return absl::OkStatus();
}

// Money for the places [begin, end) of the table, in fen.
int64_t PlacesMoneyFen(const CategoryPrizes& prizes, int begin, int end) {
  int64_t sum = 0;
  const int paid = static_cast<int>(prizes.money_yuan.size());
  for (int place = begin; place < std::min(end, paid); ++place) {
    sum += prizes.money_yuan[place] * kFenPerYuan;
  }
  return sum;
}

absl::Status PayMoneyAndTrophies(const CategoryPrizes& prizes,
                                 SharedRankMoney shared,
                                 const Standings& standings,
                                 CategoryAwards& result) {
  for (const TiedGroup& group : GroupsByRank(standings)) {
    const int size = group.end - group.begin;
    const int64_t pot = PlacesMoneyFen(prizes, group.begin, group.end);
    if (size > 1 && pot > 0 && shared == SharedRankMoney::kRequireLots) {
      return absl::FailedPreconditionError(absl::StrCat(
          "R7.3: players ", PlayersOf(standings, group), " share rank ",
          group.begin + 1, " over paid places in ", prizes.category,
          "; the chief arbiter must draw lots first"));
    }
    const int64_t share = pot / size;
    result.undistributed_fen += pot - share * size;
    const int rank_index = group.begin;
    const std::string trophy =
        rank_index < static_cast<int>(prizes.trophies.size())
            ? prizes.trophies[rank_index]
            : "";
    if (share == 0 && trophy.empty()) continue;
    for (int i = group.begin; i < group.end; ++i) {
      result.awards.push_back({.player = standings.rows[i].player,
                               .rank = standings.rows[i].rank,
                               .money_fen = share,
                               .trophy = trophy,
                               .certificate = prizes.certificates});
    }
  }
  return absl::OkStatus();
}

absl::Status AssignFinalPlaces(const CategoryPrizes& prizes,
                               const Standings& standings,
                               CategoryAwards& result) {
  const absl::flat_hash_set<PlayerId> declined(prizes.declined_places.begin(),
                                               prizes.declined_places.end());
  int open = prizes.final_places;
  for (const TiedGroup& group : GroupsByRank(standings)) {
    if (open == 0) break;
    std::vector<PlayerId> candidates;
    for (int i = group.begin; i < group.end; ++i) {
      const PlayerId id = standings.rows[i].player;
      if (declined.contains(id)) {
        result.passed_over.push_back(id);
      } else {
        candidates.push_back(id);
      }
    }
    if (static_cast<int>(candidates.size()) > open) {
      return absl::FailedPreconditionError(absl::StrCat(
          "R8.3: players ", PlayersOf(standings, group), " share rank ",
          group.begin + 1, " at the last national-final place of ",
          prizes.category, "; R7.3 lots must be drawn first"));
    }
    open -= static_cast<int>(candidates.size());
    result.final_places.insert(result.final_places.end(), candidates.begin(),
                               candidates.end());
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<std::vector<CategoryAwards>> AwardPrizes(
    const PrizeConfig& config,
    const std::map<std::string, Standings>& rankings) {
  std::vector<CategoryAwards> results;
  for (const CategoryPrizes& prizes : config.categories) {
    auto ranking = rankings.find(prizes.category);
    if (ranking == rankings.end()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "R8.1: no ranking given for category ", prizes.category));
    }
    const Standings& standings = ranking->second;
    if (absl::Status status = CheckCategory(prizes, standings); !status.ok()) {
      return status;
    }
    CategoryAwards result;
    result.category = prizes.category;
    if (absl::Status status = PayMoneyAndTrophies(
            prizes, config.shared_rank_money, standings, result);
        !status.ok()) {
      return status;
    }
    if (absl::Status status = AssignFinalPlaces(prizes, standings, result);
        !status.ok()) {
      return status;
    }
    results.push_back(std::move(result));
  }
  return results;
}

}  // namespace qiwang::rules
