// The chief arbiter's forms: corrections (R5.3, R9.5), tie lots (R7.3),
// declined final places (R8.3), late admission (R4.1) and an appeal filed
// for a player or in the official's own name (R9.2).
#include <algorithm>

#include "absl/strings/str_cat.h"
#include "clients/web/official_fragments.h"
#include "clients/web/page_view.h"
#include "clients/web/pages.h"
#include "qiwang/v1/registration_events.pb.h"
#include "qiwang/v1/tournament_config.pb.h"

namespace qiwang::web {
namespace {

// The rulings an appeal may name, newest first: those still standing (one
// a correction or an upheld appeal replaced is appealed through its
// replacement). The server decides whether the appeal is in time.
constexpr int kAppealableRulingsShown = 100;

absl::StatusOr<DataList> AppealableRulings(const OfficialRequest& request) {
  v1::ListRulingsRequest list;
  list.set_tournament_id(request.view.tournament_id);
  absl::StatusOr<v1::ListRulingsResponse> rulings =
      request.calls.ListRulings(request.authorization, list);
  if (!rulings.ok()) return rulings.status();
  const Lang lang = request.view.lang;
  DataList options;
  const auto& all = rulings->rulings();
  for (auto it = all.rbegin();
       it != all.rend() &&
       static_cast<int>(options.size()) < kAppealableRulingsShown;
       ++it) {
    if (!it->standing()) continue;
    Data option;
    option.set("value", it->ruling_id());
    option.set(
        "text",
        absl::StrCat(
            LocalTime(it->server_time().seconds(), request.config.time_zone()),
            " · ", lang == Lang::kZh ? it->summary_zh() : it->summary()));
    options.push_back(option);
  }
  return options;
}

absl::StatusOr<DataList> PlayerOptions(const OfficialRequest& request) {
  v1::ListPlayersRequest list;
  list.set_tournament_id(request.view.tournament_id);
  absl::StatusOr<v1::ListPlayersResponse> players =
      request.calls.ListPlayers(request.authorization, list);
  if (!players.ok()) return players.status();
  DataList options;
  for (const v1::PlayerView& player : players->players()) {
    Data option;
    option.set("value", absl::StrCat(player.player_id()));
    option.set("text", absl::StrCat(player.player_id(), " · ", player.name()));
    options.push_back(option);
  }
  return options;
}

}  // namespace

absl::StatusOr<std::string> ChiefFragment(const OfficialRequest& request) {
  const Lang lang = request.view.lang;
  Data data = OfficialData(request);
  data.set("sections", SectionOptions(request));
  DataList rankings;
  for (const v1::RankingCategory& ranking :
       request.config.ranking_categories()) {
    Data option;
    option.set("value", ranking.id());
    option.set("text", LabelText(ranking.name(), lang));
    rankings.push_back(option);
  }
  data.set("rankings", rankings);
  data.set("results", ResultOptions(lang));
  // R2.2, R2.5: a late entry states them as every registration does.
  data.set("titles", EnumOptions(v1::Title_descriptor(), lang));
  data.set("residencies", EnumOptions(v1::Residency_descriptor(), lang));
  absl::StatusOr<DataList> rulings = AppealableRulings(request);
  if (!rulings.ok()) return rulings.status();
  absl::StatusOr<DataList> players = PlayerOptions(request);
  if (!players.ok()) return players.status();
  data.set("no_rulings", rulings->empty());
  data.set("rulings", *rulings);
  data.set("players", *players);
  return RenderTemplate("chief_fragment", data);
}

}  // namespace qiwang::web
