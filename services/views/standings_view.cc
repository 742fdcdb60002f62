#include "services/views/standings_view.h"

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "services/views/tie_break_kind.h"

namespace qiwang::views {
namespace {

using rules::PlayerRecord;
using rules::RankingScope;
using rules::ResolveRankingScope;
using rules::tournament::RankedScope;
using rules::tournament::RankScope;
using rules::tournament::TournamentState;

int GamesPlayed(const PlayerRecord& record) {
  int games = 0;
  for (const rules::RoundRecord& round : record.rounds) {
    if (rules::PlayedOverTheBoard(round.outcome)) ++games;
  }
  return games;
}

}  // namespace

v1::GetStandingsResponse ToStandingsResponse(const TournamentState& state,
                                             const RankedScope& ranked) {
  absl::flat_hash_map<rules::PlayerId, const PlayerRecord*> records;
  for (const PlayerRecord& record : ranked.pool) records[record.id] = &record;
  absl::flat_hash_map<int, int> players_at_rank;
  for (const rules::Standing& standing : ranked.standings.rows) {
    ++players_at_rank[standing.rank];
  }

  v1::GetStandingsResponse response;
  response.set_ranking_id(ranked.scope.id);
  *response.mutable_name() = ranked.scope.name;
  response.set_after_round(ranked.after_round);
  for (int i = 0; i < static_cast<int>(ranked.standings.rows.size()); ++i) {
    const rules::Standing& standing = ranked.standings.rows[i];
    v1::StandingRow& row = *response.add_rows();
    row.set_rank(standing.rank);
    row.set_shared_rank(players_at_rank[standing.rank] > 1);
    row.set_placed_by_lot(standing.placed_by_lot);
    row.set_player_id(standing.player);
    if (const auto* player = state.FindPlayer(standing.player)) {
      row.set_name(player->person().name());
      row.set_section_id(player->registration.section_id());
    }
    row.set_score(standing.score);
    for (int k = 0; k < static_cast<int>(ranked.standings.chain.size()); ++k) {
      const rules::TieBreakValue value = ranked.standings.TieBreakAt(i, k);
      v1::TieBreakScore& score = *row.add_tie_breaks();
      score.set_kind(ToTieBreakKind(value.kind));
      score.set_value(value.value);
      for (int64_t compared : value.sequence) {
        score.add_sequence(static_cast<int32_t>(compared));
      }
    }
    row.set_games_played(GamesPlayed(*records.at(standing.player)));
    row.set_withdrawn(standing.withdrawn);
  }
  return response;
}

absl::Status CheckAfterRound(int after_round) {
  if (after_round >= 0) return absl::OkStatus();
  return absl::InvalidArgumentError(
      absl::StrCat("after_round: ", after_round,
                   " is negative (0 counts every recorded result)"));
}

absl::StatusOr<v1::GetStandingsResponse> StandingsView(
    const TournamentState& state, const std::string& ranking_id,
    int after_round) {
  if (absl::Status status = CheckAfterRound(after_round); !status.ok()) {
    return status;
  }
  absl::StatusOr<RankingScope> scope =
      ResolveRankingScope(state.config(), ranking_id);
  if (!scope.ok()) return scope.status();
  absl::StatusOr<RankedScope> ranked = RankScope(state, *scope, after_round);
  if (!ranked.ok()) return ranked.status();
  return ToStandingsResponse(state, *ranked);
}

}  // namespace qiwang::views
