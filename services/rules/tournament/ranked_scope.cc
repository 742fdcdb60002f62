#include "services/rules/tournament/ranked_scope.h"

#include <algorithm>
#include <string>

#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "services/rules/tournament/round_robin_withdrawal.h"
#include "services/rules/tournament/section_records.h"

namespace qiwang::rules::tournament {
namespace {

using rules::Outcome;
using rules::PlayerRecord;
using rules::tournament::TournamentState;

bool HasResult(Outcome outcome) {
  return outcome != Outcome::kPending && outcome != Outcome::kAbsent &&
         outcome != Outcome::kBye;
}

// The section's records counting rounds 1..after_round, without asking for
// rounds that are not published.
absl::StatusOr<std::vector<PlayerRecord>> RecordsUpTo(
    const TournamentState& state, const std::string& section_id,
    int after_round) {
  absl::StatusOr<std::vector<PlayerRecord>> all =
      rules::tournament::SectionRecords(state, section_id);
  if (!all.ok() || after_round == 0) return all;
  size_t published = 0;
  for (const PlayerRecord& record : *all) {
    published = std::max(published, record.rounds.size());
  }
  if (static_cast<size_t>(after_round) >= published) return all;
  return rules::tournament::SectionRecords(state, section_id, after_round);
}

bool InScope(const TournamentState& state, const RankingScope& scope,
             rules::PlayerId id) {
  if (scope.genders.empty()) return true;
  const rules::tournament::PlayerEntry* player = state.FindPlayer(id);
  return player != nullptr &&
         std::find(scope.genders.begin(), scope.genders.end(),
                   player->person().gender()) != scope.genders.end();
}

// R7.3: the lots drawn for this ranking or for one of its sections, in log
// order; the engine applies each only while exactly its players are tied.
// A lot naming someone outside the pool cannot apply and is left out.
std::vector<rules::DrawnLot> LotsFor(const TournamentState& state,
                                     const RankingScope& scope,
                                     const std::vector<PlayerRecord>& pool) {
  absl::flat_hash_set<rules::PlayerId> in_pool;
  for (const PlayerRecord& record : pool) in_pool.insert(record.id);
  std::vector<rules::DrawnLot> lots;
  for (const rules::tournament::TieLotsEntry& entry : state.tie_lots()) {
    const std::string& id = entry.lots.ranking_id();
    if (id != scope.id &&
        std::find(scope.section_ids.begin(), scope.section_ids.end(), id) ==
            scope.section_ids.end()) {
      continue;
    }
    const absl::flat_hash_set<rules::PlayerId> drawn(
        entry.lots.player_ids().begin(), entry.lots.player_ids().end());
    if (drawn.size() < 2 ||
        drawn.size() != static_cast<size_t>(entry.lots.player_ids_size()) ||
        !std::all_of(drawn.begin(), drawn.end(),
                     [&](rules::PlayerId p) { return in_pool.contains(p); })) {
      continue;
    }
    lots.push_back(rules::DrawnLot{
        {entry.lots.player_ids().begin(), entry.lots.player_ids().end()}});
  }
  return lots;
}

}  // namespace

int LastRoundWithResult(const std::vector<PlayerRecord>& records) {
  int last = 0;
  for (const PlayerRecord& record : records) {
    for (int i = static_cast<int>(record.rounds.size()) - 1; i >= last; --i) {
      if (HasResult(record.rounds[i].outcome)) {
        last = i + 1;
        break;
      }
    }
  }
  return last;
}

absl::StatusOr<RankedScope> RankScope(const TournamentState& state,
                                      const RankingScope& scope,
                                      int after_round) {
  RankedScope ranked{scope, {}, {}, {}, 0};
  absl::StatusOr<rules::RankingConfig> config =
      rules::tournament::RankingConfigOf(state.config(),
                                         scope.section_ids.front());
  if (!config.ok()) return config.status();
  ranked.config = *std::move(config);
  std::vector<RoundRobinWithdrawn> withdrawn;
  for (const std::string& section_id : scope.section_ids) {
    absl::StatusOr<std::vector<PlayerRecord>> records =
        RecordsUpTo(state, section_id, after_round);
    if (!records.ok()) return records.status();
    ranked.pool.insert(ranked.pool.end(), records->begin(), records->end());
    for (const RoundRobinWithdrawn& player :
         RoundRobinWithdrawals(state, section_id)) {
      withdrawn.push_back(player);
    }
  }
  // Forfeits the option adds are no results recorded in those rounds.
  ranked.after_round = LastRoundWithResult(ranked.pool);
  ApplyRoundRobinWithdrawals(withdrawn, ranked.pool);

  rules::RankingRequest request;
  request.lots = LotsFor(state, scope, ranked.pool);
  if (!scope.genders.empty()) {
    for (const PlayerRecord& record : ranked.pool) {
      if (InScope(state, scope, record.id))
        request.players.push_back(record.id);
    }
    // An empty list would rank the whole pool.
    if (request.players.empty()) return ranked;
  }
  absl::StatusOr<rules::Standings> standings =
      rules::Rank(ranked.pool, ranked.config, request);
  if (!standings.ok()) {
    return absl::InternalError(
        absl::StrCat("ranking '", scope.id,
                     "' from the folded log: ", standings.status().message()));
  }
  ranked.standings = *std::move(standings);
  return ranked;
}

}  // namespace qiwang::rules::tournament
