#include "services/audit/ranking_diff.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include "absl/container/btree_set.h"
#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "google/protobuf/util/message_differencer.h"
#include "services/views/prizes_view.h"
#include "services/views/standings_view.h"

namespace qiwang::audit {
namespace {

using rules::tournament::TournamentState;

// One world's view of one ranking.
struct Side {
  std::optional<v1::GetStandingsResponse> standings;  // nullopt: not ranked
  absl::flat_hash_map<int64_t, int64_t> prize_fen;
  absl::flat_hash_set<int64_t> final_places;

  const v1::StandingRow* Row(int64_t player_id) const {
    if (!standings.has_value()) return nullptr;
    for (const v1::StandingRow& row : standings->rows()) {
      if (row.player_id() == player_id) return &row;
    }
    return nullptr;
  }
};

// The world's standings of `ranking_id` (none when the world does not know
// the id) and, for a category, its prizes.
absl::StatusOr<Side> SideOf(const TournamentState& state,
                            const v1::GetPrizesResponse& prizes,
                            const std::string& ranking_id) {
  Side side;
  absl::StatusOr<v1::GetStandingsResponse> standings =
      views::StandingsView(state, ranking_id, 0);
  if (absl::IsNotFound(standings.status())) return side;
  if (!standings.ok()) return standings.status();
  side.standings = *std::move(standings);
  for (const v1::CategoryPrizes& category : prizes.categories()) {
    if (category.ranking_id() != ranking_id) continue;
    for (const v1::PrizeAward& award : category.awards()) {
      side.prize_fen[award.player_id()] += award.money_fen();
    }
    side.final_places.insert(category.national_final_player_ids().begin(),
                             category.national_final_player_ids().end());
  }
  return side;
}

bool HoldsAny(const Side& side, absl::Span<const int64_t> player_ids) {
  return std::any_of(player_ids.begin(), player_ids.end(),
                     [&side](int64_t id) { return side.Row(id) != nullptr; });
}

bool SameTieBreaks(const v1::StandingRow& a, const v1::StandingRow& b) {
  if (a.tie_breaks_size() != b.tie_breaks_size()) return false;
  for (int i = 0; i < a.tie_breaks_size(); ++i) {
    if (!google::protobuf::util::MessageDifferencer::Equals(a.tie_breaks(i),
                                                           b.tie_breaks(i))) {
      return false;
    }
  }
  return true;
}

v1::PlayerDiff PlayerDiffOf(int64_t player_id, const Side& before,
                            const Side& after) {
  v1::PlayerDiff diff;
  diff.set_player_id(player_id);
  const v1::StandingRow* was = before.Row(player_id);
  const v1::StandingRow* is = after.Row(player_id);
  if (was != nullptr) *diff.mutable_before() = *was;
  if (is != nullptr) *diff.mutable_after() = *is;
  diff.set_name(is != nullptr ? is->name() : was->name());
  auto money = [player_id](const Side& side) {
    auto it = side.prize_fen.find(player_id);
    return it == side.prize_fen.end() ? int64_t{0} : it->second;
  };
  diff.set_prize_fen_before(money(before));
  diff.set_prize_fen_after(money(after));
  diff.set_final_place_before(before.final_places.contains(player_id));
  diff.set_final_place_after(after.final_places.contains(player_id));
  const bool rows_differ =
      (was == nullptr) != (is == nullptr) ||
      (was != nullptr &&
       (was->rank() != is->rank() || was->score() != is->score() ||
        !SameTieBreaks(*was, *is)));
  diff.set_changed(rows_differ ||
                   diff.prize_fen_before() != diff.prize_fen_after() ||
                   diff.final_place_before() != diff.final_place_after());
  return diff;
}

v1::RankingDiff RankingDiffOf(const std::string& ranking_id, const Side& before,
                              const Side& after) {
  v1::RankingDiff diff;
  diff.set_ranking_id(ranking_id);
  const Side& named = after.standings.has_value() ? after : before;
  *diff.mutable_name() = named.standings->name();
  absl::flat_hash_set<int64_t> listed;
  for (const Side* side : {&after, &before}) {
    if (!side->standings.has_value()) continue;
    for (const v1::StandingRow& row : side->standings->rows()) {
      if (listed.insert(row.player_id()).second) {
        *diff.add_players() = PlayerDiffOf(row.player_id(), before, after);
      }
    }
  }
  return diff;
}

}  // namespace

absl::StatusOr<std::vector<v1::RankingDiff>> DiffRankings(
    const TournamentState& before, const TournamentState& after,
    absl::Span<const int64_t> player_ids) {
  absl::StatusOr<v1::GetPrizesResponse> prizes_before =
      views::PrizesView(before);
  if (!prizes_before.ok()) return prizes_before.status();
  absl::StatusOr<v1::GetPrizesResponse> prizes_after = views::PrizesView(after);
  if (!prizes_after.ok()) return prizes_after.status();

  std::vector<v1::RankingDiff> diffs;
  absl::flat_hash_set<int64_t> covered;
  auto compare = [&](const std::string& ranking_id) -> absl::Status {
    absl::StatusOr<Side> was = SideOf(before, *prizes_before, ranking_id);
    if (!was.ok()) return was.status();
    absl::StatusOr<Side> is = SideOf(after, *prizes_after, ranking_id);
    if (!is.ok()) return is.status();
    if (!HoldsAny(*was, player_ids) && !HoldsAny(*is, player_ids)) {
      return absl::OkStatus();
    }
    for (int64_t id : player_ids) {
      if (was->Row(id) != nullptr || is->Row(id) != nullptr) covered.insert(id);
    }
    diffs.push_back(RankingDiffOf(ranking_id, *was, *is));
    return absl::OkStatus();
  };
  for (const v1::RankingCategory& category :
       after.config().ranking_categories()) {
    if (absl::Status status = compare(category.id()); !status.ok()) {
      return status;
    }
  }
  absl::btree_set<std::string> sections;  // of players no category holds
  for (int64_t id : player_ids) {
    if (covered.contains(id)) continue;
    for (const TournamentState* state : {&after, &before}) {
      if (const auto* player = state->FindPlayer(id)) {
        sections.insert(player->registration.section_id());
        break;
      }
    }
  }
  for (const v1::Section& section : after.config().sections()) {
    if (!sections.contains(section.id()) ||
        std::any_of(diffs.begin(), diffs.end(),
                    [&section](const v1::RankingDiff& diff) {
                      return diff.ranking_id() == section.id();
                    })) {
      continue;
    }
    if (absl::Status status = compare(section.id()); !status.ok()) {
      return status;
    }
  }
  return diffs;
}

}  // namespace qiwang::audit
