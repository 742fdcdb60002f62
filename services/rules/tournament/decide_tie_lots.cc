// The decisions on R7.3 tie lots and R8.3 declined national-final places.
#include <algorithm>
#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/refusal_details.h"
#include "base/refusal_kinds.h"
#include "services/rules/ranking/ranking_scope.h"
#include "services/rules/roundrobin/drawn_lots.h"
#include "services/rules/tournament/decide_ruling.h"
#include "services/rules/tournament/decide_support.h"
#include "services/rules/tournament/ranked_scope.h"
#include "services/rules/tournament/status_macros.h"
#include "services/rules/tournament/text_input.h"

namespace qiwang::rules::tournament {
namespace {

// R7.3 and R8.3 read a ranking id as GetStandings does.
absl::StatusOr<RankingScope> ResolveRanking(const TournamentState& state,
                                            const std::string& ranking_id) {
  QIWANG_RETURN_IF_ERROR(ValidateText(ranking_id, true, "ranking_id"));
  return ResolveRankingScope(state.config(), ranking_id);
}

bool InRanking(const RankingScope& ranking, const PlayerEntry& player) {
  const auto& sections = ranking.section_ids;
  const auto& genders = ranking.genders;
  return std::find(sections.begin(), sections.end(),
                   player.registration.section_id()) != sections.end() &&
         (genders.empty() ||
          std::find(genders.begin(), genders.end(), player.person().gender()) !=
              genders.end());
}

// `status` naming refusal `kind` in `ranking` (its id and names) and
// `values`.
absl::Status RefusalInRanking(
    absl::Status status, absl::string_view kind, const RankingScope& ranking,
    std::initializer_list<std::pair<absl::string_view, std::string>> values) {
  status = base::WithRefusal(std::move(status), kind, values);
  status = base::WithRefusalValue(std::move(status), "ranking", ranking.id);
  status = base::WithRefusalValue(
      std::move(status), "ranking_zh",
      ranking.name.zh().empty() ? ranking.id : ranking.name.zh());
  return base::WithRefusalValue(
      std::move(status), "ranking_en",
      ranking.name.en().empty() ? ranking.id : ranking.name.en());
}

// R7.3, R8.3: `player` is not ranked in `ranking`.
absl::Status RefuseNotInRanking(absl::string_view clause,
                                const PlayerEntry& player,
                                const RankingScope& ranking) {
  return RefusalInRanking(absl::FailedPreconditionError(absl::StrCat(
                              clause, ": player ", player.id(),
                              " is not in ranking '", ranking.id, "'")),
                          base::refusal::kNotInRanking, ranking,
                          {{"player", absl::StrCat(player.id())},
                           {"name", player.person().name()}});
}

// R7.3: lots break a tie once every round of the ranking's sections is
// published and has all its results.
absl::Status RequireAllRoundsPlayed(const TournamentState& state,
                                    const RankingScope& ranking) {
  for (const std::string& section_id : ranking.section_ids) {
    const v1::Section* section = state.FindSection(section_id);
    const SectionPlay* play = state.FindSectionPlay(section_id);
    const int published = play == nullptr ? 0 : play->rounds_published();
    if (section == nullptr || published == 0 ||
        (section->pairing_system() == v1::PAIRING_SYSTEM_SWISS &&
         published < section->rounds())) {
      const int rounds = section == nullptr ? 0 : section->rounds();
      return base::WithRefusal(
          absl::FailedPreconditionError(absl::StrCat(
              "R7.3: lots break a tie after all rounds; section '", section_id,
              "' has published ", published, " of ", rounds, " rounds")),
          base::refusal::kLotsBeforeAllRounds,
          {{"section", section_id},
           {"published", absl::StrCat(published)},
           {"rounds", absl::StrCat(rounds)}});
    }
    for (const RoundEntry& round : play->rounds) {
      if (!round.complete()) {
        return base::WithRefusal(
            absl::FailedPreconditionError(absl::StrCat(
                "R7.3: lots break a tie after all rounds; round ", round.round,
                " of section '", section_id, "' has games without a result")),
            base::refusal::kLotsBeforeAllResults,
            {{"section", section_id}, {"round", absl::StrCat(round.round)}});
      }
    }
  }
  return absl::OkStatus();
}

// R7.3: lots break a tie only among players who share one rank now (every
// published round counted, earlier lots applied).
absl::Status RequireSharedRank(const TournamentState& state,
                               const RankingScope& ranking,
                               const v1::DrawTieLotsRequest& command) {
  absl::StatusOr<RankedScope> ranked = RankScope(state, ranking, 0);
  if (!ranked.ok()) return ranked.status();
  std::vector<std::string> ranks;
  std::vector<std::string> rank_values;
  bool shared = true;
  int first = -1;
  for (int64_t id : command.player_ids()) {
    int rank = 0;
    for (const Standing& row : ranked->standings.rows) {
      if (row.player == id) rank = row.rank;
    }
    ranks.push_back(rank == 0 ? absl::StrCat("player ", id, " unranked")
                              : absl::StrCat("player ", id, " rank ", rank));
    rank_values.push_back(absl::StrCat(id, ":", rank));
    if (first == -1) first = rank;
    shared = shared && rank != 0 && rank == first;
  }
  if (shared) return absl::OkStatus();
  return RefusalInRanking(
      absl::FailedPreconditionError(
          absl::StrCat("R7.3: lots break a shared rank only; in ranking '",
                       command.ranking_id(), "' ", absl::StrJoin(ranks, ", "))),
      base::refusal::kRankNotShared, ranking,
      {{"ranks", absl::StrJoin(rank_values, ",")}});
}

}  // namespace

absl::StatusOr<Events> DecideTieLots(const TournamentState& state,
                                     const v1::DrawTieLotsRequest& command,
                                     uint64_t seed,
                                     const CommandContext& /*context*/) {
  QIWANG_RETURN_IF_ERROR(RequireTournament(state, command.tournament_id()));
  QIWANG_RETURN_IF_ERROR(
      ValidateText(command.reason(), true, "reason", kMaxReasonBytes));
  absl::StatusOr<RankingScope> ranking =
      ResolveRanking(state, command.ranking_id());
  if (!ranking.ok()) return ranking.status();
  if (command.player_ids_size() < 2) {
    return base::WithRefusal(
        absl::InvalidArgumentError(
            "R7.3: player_ids: lots are drawn among two or more tied players"),
        base::refusal::kLotsAmongTooFew, {});
  }
  absl::flat_hash_set<int64_t> seen;
  for (int64_t id : command.player_ids()) {
    if (!seen.insert(id).second) {
      return absl::InvalidArgumentError(
          absl::StrCat("player_ids: player ", id, " is named twice"));
    }
    const PlayerEntry* player = state.FindPlayer(id);
    if (player == nullptr) {
      return absl::NotFoundError(absl::StrCat("player_ids: no player ", id,
                                              " in tournament '",
                                              state.config().id(), "'"));
    }
    if (!InRanking(*ranking, *player)) {
      return RefuseNotInRanking("R7.3", *player, *ranking);
    }
  }
  QIWANG_RETURN_IF_ERROR(RequireAllRoundsPlayed(state, *ranking));
  std::vector<int64_t> order(command.player_ids().begin(),
                             command.player_ids().end());
  std::vector<int64_t> asked = order;
  std::sort(asked.begin(), asked.end());
  for (const TieLotsEntry& drawn : state.tie_lots()) {
    std::vector<int64_t> earlier(drawn.lots.player_ids().begin(),
                                 drawn.lots.player_ids().end());
    std::sort(earlier.begin(), earlier.end());
    if (drawn.lots.ranking_id() == command.ranking_id() && earlier == asked) {
      return RefusalInRanking(absl::FailedPreconditionError(absl::StrCat(
                                  "R7.3: lots among these players in ranking '",
                                  command.ranking_id(),
                                  "' were drawn at position ", drawn.position)),
                              base::refusal::kTieLotsDrawnAlready, *ranking,
                              {{"position", absl::StrCat(drawn.position)}});
    }
  }
  QIWANG_RETURN_IF_ERROR(RequireSharedRank(state, *ranking, command));
  if (!command.order_as_drawn()) {
    absl::StatusOr<std::vector<PlayerId>> drawn =
        DrawPairingNumbers(order, seed);
    if (!drawn.ok()) return drawn.status();
    order.assign(drawn->begin(), drawn->end());
  } else {
    seed = 0;
  }
  v1::Event event = EventWithReason(command.reason());
  v1::TieLotsDrawn& lots = *event.mutable_tie_lots_drawn();
  lots.set_ranking_id(command.ranking_id());
  lots.mutable_player_ids()->Add(order.begin(), order.end());
  lots.set_seed(seed);
  return Events{std::move(event)};
}

absl::StatusOr<Events> DecideDeclineFinalPlace(
    const TournamentState& state, const v1::DeclineFinalPlaceRequest& command,
    const CommandContext& /*context*/) {
  absl::StatusOr<const PlayerEntry*> player =
      RequirePlayer(state, command.tournament_id(), command.player_id());
  if (!player.ok()) return player.status();
  QIWANG_RETURN_IF_ERROR(
      ValidateText(command.reason(), true, "reason", kMaxReasonBytes));
  absl::StatusOr<RankingScope> ranking =
      ResolveRanking(state, command.ranking_id());
  if (!ranking.ok()) return ranking.status();
  const v1::RankingCategory* category = nullptr;
  for (const v1::RankingCategory& configured :
       state.config().ranking_categories()) {
    if (configured.id() == ranking->id) category = &configured;
  }
  if (category == nullptr || category->national_final_places() <= 0) {
    return RefusalInRanking(absl::FailedPreconditionError(absl::StrCat(
                                "R8.3: ranking '", command.ranking_id(),
                                "' awards no national-final places")),
                            base::refusal::kNoFinalPlaces, *ranking, {});
  }
  if (!InRanking(*ranking, **player)) {
    return RefuseNotInRanking("R8.3", **player, *ranking);
  }
  for (const DeclineEntry& entry : state.declines()) {
    if (entry.declined.ranking_id() == command.ranking_id() &&
        entry.declined.player_id() == command.player_id()) {
      return RefusalInRanking(
          absl::FailedPreconditionError(absl::StrCat(
              "R8.3: player ", command.player_id(),
              " declined a place in ranking '", command.ranking_id(),
              "' already, at position ", entry.position)),
          base::refusal::kFinalPlaceDeclinedAlready, *ranking,
          {{"player", absl::StrCat(command.player_id())},
           {"name", (*player)->person().name()},
           {"position", absl::StrCat(entry.position)}});
    }
  }
  v1::Event event = EventWithReason(command.reason());
  v1::FinalPlaceDeclined& declined = *event.mutable_final_place_declined();
  declined.set_ranking_id(command.ranking_id());
  declined.set_player_id(command.player_id());
  return Events{std::move(event)};
}

}  // namespace qiwang::rules::tournament
