#include "clients/web/live_pages.h"

#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "clients/web/pages.h"

namespace qiwang::web {
namespace {

// A live URL asks for the present only.
absl::Status LiveArguments(const PageView& view) {
  if (view.past()) {
    return absl::InvalidArgumentError(
        "at, after_round: the live view is of the present only");
  }
  return absl::OkStatus();
}

}  // namespace

LivePages::LivePages(std::shared_ptr<ReadClient> reads)
    : reads_(reads), live_(std::move(reads)) {}

LivePages::Feed LivePages::Home(const PageView& view) {
  absl::Status valid = LiveArguments(view);
  absl::StatusOr<v1::TournamentConfig> config = ReadConfig(*reads_, view);
  if (valid.ok()) valid = config.status();
  if (!valid.ok()) return valid;
  std::vector<std::string> section_ids;
  for (const v1::Section& section : config->sections()) {
    section_ids.push_back(section.id());
  }
  return live_.Home(view.tournament_id, section_ids, view.lang);
}

LivePages::Feed LivePages::Standings(const PageView& view,
                                     const std::string& ranking_id) {
  absl::Status valid = LiveArguments(view);
  absl::StatusOr<v1::TournamentConfig> config = ReadConfig(*reads_, view);
  if (valid.ok()) valid = config.status();
  if (valid.ok()) valid = RankingName(*config, ranking_id).status();
  if (!valid.ok()) return valid;
  return live_.Standings(view.tournament_id, ranking_id, view.lang);
}

LivePages::Feed LivePages::Pairings(const PageView& view,
                                    const std::string& section_id,
                                    std::optional<int> round) {
  absl::Status valid = LiveArguments(view);
  absl::StatusOr<v1::TournamentConfig> config = ReadConfig(*reads_, view);
  if (valid.ok()) valid = config.status();
  if (valid.ok()) valid = KnownSection(*config, view, section_id).status();
  if (valid.ok() && round.has_value()) {
    // Only a published round has a live view (so their number is bounded).
    v1::ListPairingsRequest list;
    list.set_tournament_id(view.tournament_id);
    list.set_section_id(section_id);
    list.set_round(*round);
    absl::StatusOr<v1::ListPairingsResponse> pairings =
        reads_->ListPairings(list);
    valid = pairings.status();
    if (valid.ok() && pairings->rounds().empty()) {
      valid = absl::NotFoundError(absl::StrCat(
          "round ", *round, " of section '", section_id, "' not paired"));
    }
  }
  if (!valid.ok()) return valid;
  return live_.Pairings(view.tournament_id, section_id, round.value_or(0),
                        view.lang);
}

LivePages::Feed LivePages::Board(const PageView& view,
                                 const std::string& section_id,
                                 const std::string& board_text) {
  absl::Status valid = LiveArguments(view);
  absl::StatusOr<int> board = NumberFromOne("board", board_text);
  if (valid.ok()) valid = board.status();
  absl::StatusOr<v1::TournamentConfig> config = ReadConfig(*reads_, view);
  if (valid.ok()) valid = config.status();
  if (valid.ok()) valid = KnownSection(*config, view, section_id).status();
  if (!valid.ok()) return valid;
  return live_.Board(view.tournament_id, section_id, *board, view.lang);
}

LivePages::Feed LivePages::Card(const PageView& view, int64_t player_id) {
  absl::Status valid = LiveArguments(view);
  v1::GetPlayerRequest get;
  get.set_tournament_id(view.tournament_id);
  get.set_player_id(player_id);
  absl::StatusOr<v1::GetPlayerResponse> player;
  if (valid.ok()) {
    player = reads_->GetPlayer(get);
    valid = player.status();
    if (valid.code() == absl::StatusCode::kNotFound) {
      valid = absl::NotFoundError(absl::StrCat("player ", player_id,
                                               " not found in tournament '",
                                               view.tournament_id, "'"));
    }
  }
  if (!valid.ok()) return valid;
  return live_.Card(view.tournament_id, player->player().section_id(),
                    player_id, view.lang);
}

}  // namespace qiwang::web
