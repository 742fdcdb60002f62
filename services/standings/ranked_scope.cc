#include "services/standings/ranked_scope.h"

#include <algorithm>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "services/rules/tournament/section_records.h"

namespace qiwang::standings {
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
  for (const std::string& section_id : scope.section_ids) {
    absl::StatusOr<std::vector<PlayerRecord>> records =
        RecordsUpTo(state, section_id, after_round);
    if (!records.ok()) return records.status();
    ranked.pool.insert(ranked.pool.end(), records->begin(), records->end());
  }
  ranked.after_round = LastRoundWithResult(ranked.pool);

  rules::RankingRequest request;
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

}  // namespace qiwang::standings
