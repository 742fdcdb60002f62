#include "services/views/prizes_view.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "services/rules/prizes/prizes.h"
#include "services/rules/ranking/ranking_scope.h"
#include "services/rules/tournament/ranked_scope.h"
#include "services/rules/tournament/section_records.h"
#include "services/views/prize_config_of.h"

namespace qiwang::views {
namespace {

using rules::PlayerRecord;
using rules::RankingScope;
using rules::ResolveRankingScope;
using rules::tournament::RankedScope;
using rules::tournament::RankScope;
using rules::tournament::TournamentState;

// Why `section` is not finished, or "" when it is (or has no players).
absl::StatusOr<std::string> UnfinishedReason(const TournamentState& state,
                                             const v1::Section& section) {
  absl::StatusOr<std::vector<PlayerRecord>> records =
      rules::tournament::SectionRecords(state, section.id());
  if (!records.ok()) return records.status();
  if (records->empty()) return "";
  size_t published = 0;
  size_t first_pending = SIZE_MAX;
  for (const PlayerRecord& record : *records) {
    published = std::max(published, record.rounds.size());
    for (size_t i = 0; i < record.rounds.size() && i < first_pending; ++i) {
      if (record.rounds[i].outcome == rules::Outcome::kPending) {
        first_pending = i;
      }
    }
  }
  if (published == 0) return absl::StrCat(section.id(), ": no round played");
  if (first_pending != SIZE_MAX) {
    return absl::StrCat(section.id(), ": round ", first_pending + 1,
                        " has games without a result");
  }
  if (section.pairing_system() == v1::PAIRING_SYSTEM_SWISS &&
      published < static_cast<size_t>(section.rounds())) {
    return absl::StrCat(section.id(), ": ", published, " of ", section.rounds(),
                        " rounds played");
  }
  return "";
}

void DescribeAwards(const TournamentState& state,
                    const rules::CategoryAwards& awards,
                    v1::CategoryPrizes& out,
                    std::vector<std::string>& reasons) {
  absl::flat_hash_map<int, int> paid_at_rank;
  for (const rules::Award& award : awards.awards) {
    v1::PrizeAward& row = *out.add_awards();
    row.set_rank(award.rank);
    row.set_player_id(award.player);
    if (const auto* player = state.FindPlayer(award.player)) {
      row.set_name(player->person().name());
    }
    row.set_money_yuan(award.money_fen / rules::kFenPerYuan);
    row.set_money_fen(award.money_fen);
    row.set_trophy(award.trophy);
    row.set_certificate(award.certificate);
    if (award.money_fen > 0) ++paid_at_rank[award.rank];
  }
  std::vector<int> shared;
  for (const auto& [rank, count] : paid_at_rank) {
    if (count > 1) shared.push_back(rank);
  }
  std::sort(shared.begin(), shared.end());
  for (int rank : shared) {
    reasons.push_back(absl::StrCat("R7.3: ", awards.category, " rank ", rank,
                                   " is shared by ", paid_at_rank[rank],
                                   " players, who split the money until lots "
                                   "are drawn"));
  }
  for (rules::PlayerId id : awards.final_places) {
    out.add_national_final_player_ids(id);
  }
  for (rules::PlayerId id : awards.passed_over) {
    out.add_passed_over_player_ids(id);
  }
}

// R8.3: the players ranked in `ranking_id` who declined a national-final
// place there, in log order (a repeated decline counts once).
std::vector<rules::PlayerId> DeclinedPlaces(const TournamentState& state,
                                            const std::string& ranking_id,
                                            const rules::Standings& ranking) {
  std::vector<rules::PlayerId> declined;
  for (const rules::tournament::DeclineEntry& entry : state.declines()) {
    const rules::PlayerId player = entry.declined.player_id();
    const bool ranked = std::any_of(
        ranking.rows.begin(), ranking.rows.end(),
        [player](const rules::Standing& row) { return row.player == player; });
    if (entry.declined.ranking_id() == ranking_id && ranked &&
        std::find(declined.begin(), declined.end(), player) == declined.end()) {
      declined.push_back(player);
    }
  }
  return declined;
}

}  // namespace

absl::StatusOr<v1::GetPrizesResponse> PrizesView(const TournamentState& state) {
  const v1::TournamentConfig& config = state.config();
  std::vector<std::string> reasons;
  for (const v1::Section& section : config.sections()) {
    absl::StatusOr<std::string> reason = UnfinishedReason(state, section);
    if (!reason.ok()) return reason.status();
    if (!reason->empty()) reasons.push_back(*std::move(reason));
  }

  const rules::PrizeConfig prizes = PrizeConfigOf(config);
  v1::GetPrizesResponse response;
  for (int i = 0; i < config.ranking_categories_size(); ++i) {
    const v1::RankingCategory& category = config.ranking_categories(i);
    absl::StatusOr<RankingScope> scope =
        ResolveRankingScope(config, category.id());
    if (!scope.ok()) return scope.status();
    absl::StatusOr<RankedScope> ranked = RankScope(state, *scope, 0);
    if (!ranked.ok()) return ranked.status();

    rules::PrizeConfig one{{prizes.categories[i]}, prizes.shared_rank_money};
    one.categories[0].declined_places =
        DeclinedPlaces(state, category.id(), ranked->standings);
    const std::map<std::string, rules::Standings> rankings{
        {category.id(), ranked->standings}};
    absl::StatusOr<std::vector<rules::CategoryAwards>> awards =
        rules::AwardPrizes(one, rankings);
    if (absl::IsFailedPrecondition(awards.status())) {
      // The final places fall inside a shared rank: award the rest.
      reasons.push_back(absl::StrCat(category.id(), ": ",
                                     awards.status().message(),
                                     "; no final places until then"));
      one.categories[0].final_places = 0;
      awards = rules::AwardPrizes(one, rankings);
    }
    if (!awards.ok()) {
      return absl::InternalError(absl::StrCat(
          "prizes of '", category.id(), "': ", awards.status().message()));
    }
    v1::CategoryPrizes& out = *response.add_categories();
    out.set_ranking_id(category.id());
    *out.mutable_name() = category.name();
    DescribeAwards(state, awards->front(), out, reasons);
  }
  response.set_provisional_reason(absl::StrJoin(reasons, "; "));
  return response;
}

}  // namespace qiwang::views
