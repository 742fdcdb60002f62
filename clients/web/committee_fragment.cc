// The arbitration committee's page: pending appeals, each with its ruling's
// history and the what-if diff, and the decision form (R9.3, R9.4).
#include <optional>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "base/timestamp.h"
#include "clients/web/as_of.h"
#include "clients/web/official_fragments.h"
#include "clients/web/official_words.h"
#include "clients/web/pages.h"
#include "words/enum_words.h"
#include "words/play_words.h"
#include "words/refusal_words.h"
#include "words/role_words.h"

namespace qiwang::web {
namespace {

std::string TieBreaks(const v1::StandingRow& row) {
  return absl::StrJoin(row.tie_breaks(), " / ",
                       [](std::string* out, const v1::TieBreakScore& score) {
                         out->append(TieBreakValue(score));
                       });
}

Data SideData(const v1::StandingRow& row, int64_t prize_fen) {
  Data data;
  data.set("rank", absl::StrCat(row.rank()));
  data.set("score", absl::StrCat(row.score()));
  data.set("tie_breaks", TieBreaks(row));
  data.set("prize", prize_fen != 0 ? words::YuanText(prize_fen) : "");
  return data;
}

// The players whose rank, score, tie-breaks, prize or final place differ.
DataList DiffData(const v1::WhatIfResponse& what_if, Lang lang) {
  DataList rankings;
  for (const v1::RankingDiff& ranking : what_if.rankings()) {
    DataList players;
    for (const v1::PlayerDiff& player : ranking.players()) {
      if (!player.changed()) continue;
      Data item;
      item.set("name", player.name());
      item.set("with", SideData(player.after(), player.prize_fen_after()));
      item.set("without", SideData(player.before(), player.prize_fen_before()));
      players.push_back(item);
    }
    Data item;
    item.set("name", LabelText(ranking.name(), lang));
    item.set("players", players);
    item.set("unchanged", players.empty());
    rankings.push_back(item);
  }
  return rankings;
}

// What the what-if compares, in the reader's words: `appeal` upheld with
// `upheld_with` against dismissed, or without its ruling against with it.
std::string WhatIfDescription(const v1::AppealView& appeal,
                              std::optional<v1::GameResult> upheld_with,
                              Lang lang) {
  const auto word = [lang](const char* key) {
    return OfficialWords(lang).get(key)->string_value();
  };
  if (upheld_with.has_value()) {
    return absl::StrReplaceAll(
        word("what_if_upheld"),
        {{"{appeal}", absl::StrCat(appeal.appeal_number())},
         {"{result}", words::Say(*upheld_with, lang)}});
  }
  return absl::StrReplaceAll(
      word("what_if_without"),
      {{"{ruling}", lang == Lang::kZh ? appeal.ruling().summary_zh()
                                      : appeal.ruling().summary()}});
}

}  // namespace

absl::StatusOr<std::string> CommitteeFragment(const OfficialRequest& request) {
  const Lang lang = request.view.lang;
  // ?appeal=N&result=R: appeal N's what-if is "upheld with result R".
  absl::StatusOr<int> asked = request.Number("appeal", 1, 0);
  if (!asked.ok()) return asked.status();
  std::optional<v1::GameResult> hypothesis;
  if (const std::string result = request.Param("result"); !result.empty()) {
    v1::GameResult parsed;
    if (!v1::GameResult_Parse(result, &parsed) ||
        parsed == v1::GAME_RESULT_UNSPECIFIED) {
      return absl::InvalidArgumentError(
          absl::StrCat("result: a GAME_RESULT_... name (got '", result, "')"));
    }
    hypothesis = parsed;
  }
  v1::ListAppealsRequest list;
  list.set_tournament_id(request.view.tournament_id);
  list.set_status(v1::APPEAL_STATUS_PENDING);
  absl::StatusOr<v1::ListAppealsResponse> appeals =
      request.calls.ListAppeals(request.authorization, list);
  if (!appeals.ok()) return appeals.status();
  Data data = OfficialData(request);
  DataList items;
  for (const v1::AppealView& appeal : appeals->appeals()) {
    Data item;
    item.set("number", absl::StrCat(appeal.appeal_number()));
    item.set("ruling", lang == Lang::kZh ? appeal.ruling().summary_zh()
                                         : appeal.ruling().summary());
    item.set("ruled_by", appeal.ruling().actor().user());
    item.set("appellant", appeal.appellant_name());
    item.set("grounds", appeal.grounds());
    item.set("filed_by", appeal.filed_by().user());

    v1::GetAppealRequest get;
    get.set_tournament_id(request.view.tournament_id);
    get.set_appeal_number(appeal.appeal_number());
    absl::StatusOr<v1::GetAppealResponse> whole =
        request.calls.GetAppeal(request.authorization, get);
    if (!whole.ok()) return whole.status();
    DataList history;
    for (const v1::HistoryEntry& entry : whole->ruling_history()) {
      Data line;
      line.set("summary",
               lang == Lang::kZh ? entry.summary_zh() : entry.summary());
      line.set("user", entry.event().actor().user());
      line.set("role", words::RoleText(entry.event().actor().role(), lang));
      line.set("when", LocalTime(entry.event().server_time().seconds(),
                                 request.config.time_zone()));
      line.set("reason", entry.event().reason());
      history.push_back(line);
    }
    item.set("history", history);

    v1::WhatIfRequest what_if;
    what_if.set_tournament_id(request.view.tournament_id);
    const bool upheld = *asked == appeal.appeal_number() && hypothesis;
    if (upheld) {
      // Upheld with the result asked for, versus dismissed.
      v1::AppealHypothesis& upheld = *what_if.mutable_appeal();
      upheld.set_appeal_number(appeal.appeal_number());
      upheld.mutable_remedy()->set_kind(v1::REMEDY_KIND_RESULT_CHANGED);
      upheld.mutable_remedy()->set_result(*hypothesis);
      DataList results = ResultOptions(lang);
      for (Data& option : results) {
        option.set("selected", option.get("value")->string_value() ==
                                   v1::GameResult_Name(*hypothesis));
      }
      item.set("results", results);
    } else {
      what_if.set_ruling_id(appeal.ruling().ruling_id());
    }
    absl::StatusOr<v1::WhatIfResponse> diff =
        request.calls.WhatIf(request.authorization, what_if);
    if (diff.ok()) {
      item.set(
          "description",
          WhatIfDescription(appeal, upheld ? hypothesis : std::nullopt, lang));
      item.set("rankings", DiffData(*diff, lang));
    } else {
      item.set("what_if_error", words::RefusalText(diff.status(), lang));
    }
    items.push_back(item);
  }
  data.set("appeals", items);
  data.set("no_appeals", items.empty());
  data.set("results", ResultOptions(lang));
  // A replay's time is typed on the tournament's clock; the form sends it
  // with this offset, the zone's at the first scheduled round (the event's
  // days, whatever the server's clock says).
  const absl::TimeZone zone = TournamentZone(request.config);
  const absl::Time reference =
      request.config.schedule_size() > 0
          ? base::FromTimestamp(request.config.schedule(0).starts())
          : absl::Now();
  data.set("zone", zone.name());
  data.set("zone_offset", absl::FormatTime("%Ez", reference, zone));
  return RenderTemplate("committee_fragment", data);
}

}  // namespace qiwang::web
