#include "clients/cli/ruling_tables.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "clients/cli/event_format.h"
#include "clients/cli/play_tables.h"
#include "clients/cli/play_values.h"
#include "clients/cli/ruling_values.h"
#include "clients/cli/table.h"

namespace qiwang::cli {
namespace {

std::string Summary(const std::string& en, const std::string& zh, Lang lang) {
  return lang == Lang::kZh && !zh.empty() ? zh : en;
}

std::string ActorText(const v1::Actor& actor) {
  if (actor.role().empty()) return actor.user();
  return absl::StrCat(actor.user(), "/", actor.role());
}

std::string Where(const v1::RulingView& ruling) {
  std::string where = ruling.section_id();
  if (ruling.round() > 0) absl::StrAppend(&where, " r", ruling.round());
  if (ruling.board() > 0) absl::StrAppend(&where, " b", ruling.board());
  return where;
}

std::string RankText(const v1::StandingRow& row) {
  if (row.rank() == 0) return "-";
  return absl::StrCat(row.rank(), row.shared_rank() ? "=" : "");
}

std::string Change(const std::string& before, const std::string& after) {
  return before == after ? after : absl::StrCat(before, " -> ", after);
}

std::string YesNo(bool value, Lang lang) {
  return Text(value ? Label::kYes : Label::kNo, lang);
}

}  // namespace

std::string RulingsText(const v1::ListRulingsResponse& rulings, Lang lang) {
  Table table({Text(Label::kRulingId, lang), Text(Label::kKind, lang),
               Text(Label::kPosition, lang), Text(Label::kSection, lang),
               Text(Label::kPlayers, lang), Text(Label::kActor, lang),
               Text(Label::kTime, lang), Text(Label::kSummary, lang),
               Text(Label::kAppeals, lang), Text(Label::kStanding, lang),
               Text(Label::kReason, lang)});
  for (const v1::RulingView& ruling : rulings.rulings()) {
    table.AddRow({ruling.ruling_id(), Say(ruling.kind(), lang),
                  absl::StrCat(ruling.position()), Where(ruling),
                  absl::StrJoin(ruling.player_ids(), ","),
                  ActorText(ruling.actor()),
                  FormatServerTime(ruling.server_time()),
                  Summary(ruling.summary(), ruling.summary_zh(), lang),
                  absl::StrJoin(ruling.appeal_numbers(), ","),
                  YesNo(ruling.standing(), lang), ruling.reason()});
  }
  return absl::StrCat(table.Render(), Text(Label::kAsOfPosition, lang), " ",
                      rulings.as_of_position(), "\n");
}

std::string HistoryText(
    const google::protobuf::RepeatedPtrField<v1::HistoryEntry>& entries,
    Lang lang) {
  Table table({Text(Label::kPosition, lang), Text(Label::kTime, lang),
               Text(Label::kActor, lang), Text(Label::kKind, lang),
               Text(Label::kSummary, lang), Text(Label::kReason, lang),
               Text(Label::kEventId, lang)});
  for (const v1::HistoryEntry& entry : entries) {
    const v1::Event& event = entry.event();
    table.AddRow({absl::StrCat(event.position()),
                  FormatServerTime(event.server_time()),
                  ActorText(event.actor()),
                  entry.ruling_kind() == v1::RULING_KIND_UNSPECIFIED
                      ? ""
                      : Say(entry.ruling_kind(), lang),
                  Summary(entry.summary(), entry.summary_zh(), lang),
                  event.reason(), event.event_id()});
  }
  return table.Render();
}

std::string AppealsText(const v1::ListAppealsResponse& appeals, Lang lang) {
  Table table({Text(Label::kAppeal, lang), Text(Label::kStatus, lang),
               Text(Label::kRulingId, lang), Text(Label::kSummary, lang),
               Text(Label::kAppellant, lang), Text(Label::kGrounds, lang),
               Text(Label::kFiledBy, lang), Text(Label::kFiledAt, lang),
               Text(Label::kRemedy, lang), Text(Label::kDecidedBy, lang)});
  for (const v1::AppealView& appeal : appeals.appeals()) {
    const bool decided = appeal.decided_position() != 0;
    table.AddRow(
        {absl::StrCat(appeal.appeal_number()), Say(appeal.status(), lang),
         appeal.ruling().ruling_id(),
         Summary(appeal.ruling().summary(), appeal.ruling().summary_zh(), lang),
         appeal.appellant_player_id() == 0
             ? ""
             : absl::StrCat(appeal.appellant_name(), " (",
                            appeal.appellant_player_id(), ")"),
         appeal.grounds(), ActorText(appeal.filed_by()),
         FormatServerTime(appeal.filed_at()),
         decided && appeal.decision().has_remedy()
             ? RemedyText(appeal.decision().remedy(), lang)
             : "",
         decided ? ActorText(appeal.decided_by()) : ""});
  }
  return absl::StrCat(table.Render(), Text(Label::kAsOfPosition, lang), " ",
                      appeals.as_of_position(), "\n");
}

std::string AppealText(const v1::GetAppealResponse& response, Lang lang) {
  const v1::AppealView& appeal = response.appeal();
  Table table({Text(Label::kField, lang), Text(Label::kValue, lang)});
  table.AddRow(
      {Text(Label::kAppeal, lang), absl::StrCat(appeal.appeal_number())});
  table.AddRow({Text(Label::kStatus, lang), Say(appeal.status(), lang)});
  table.AddRow({Text(Label::kRulingId, lang), appeal.ruling().ruling_id()});
  table.AddRow({Text(Label::kKind, lang), Say(appeal.ruling().kind(), lang)});
  table.AddRow(
      {Text(Label::kSummary, lang),
       Summary(appeal.ruling().summary(), appeal.ruling().summary_zh(), lang)});
  if (appeal.appellant_player_id() != 0) {
    table.AddRow({Text(Label::kAppellant, lang),
                  absl::StrCat(appeal.appellant_name(), " (",
                               appeal.appellant_player_id(), ")")});
  }
  table.AddRow({Text(Label::kGrounds, lang), appeal.grounds()});
  table.AddRow({Text(Label::kFiledBy, lang), ActorText(appeal.filed_by())});
  table.AddRow(
      {Text(Label::kFiledAt, lang), FormatServerTime(appeal.filed_at())});
  if (appeal.decided_position() != 0) {
    const v1::AppealDecided& decision = appeal.decision();
    table.AddRow(
        {Text(Label::kDecision, lang), Say(decision.decision(), lang)});
    if (decision.has_remedy()) {
      table.AddRow(
          {Text(Label::kRemedy, lang), RemedyText(decision.remedy(), lang)});
    }
    table.AddRow(
        {Text(Label::kVotes, lang), VotesText(decision.votes(), lang)});
    table.AddRow({Text(Label::kReasoning, lang), appeal.reasoning()});
    table.AddRow(
        {Text(Label::kDecidedBy, lang), ActorText(appeal.decided_by())});
    table.AddRow(
        {Text(Label::kDecidedAt, lang), FormatServerTime(appeal.decided_at())});
  }
  return absl::StrCat(table.Render(), "\n",
                      HistoryText(response.ruling_history(), lang));
}

std::string WhatIfText(const v1::WhatIfResponse& what_if, Lang lang) {
  std::string text = absl::StrCat(what_if.description(), "\n");
  for (const v1::RankingDiff& ranking : what_if.rankings()) {
    absl::StrAppend(&text, "\n", LabelText(ranking.name(), lang), " (",
                    ranking.ranking_id(), ")\n");
    Table table({"", Text(Label::kPlayerId, lang), Text(Label::kName, lang),
                 Text(Label::kRank, lang), Text(Label::kScore, lang),
                 Text(Label::kPrize, lang), Text(Label::kNationalFinal, lang)});
    for (const v1::PlayerDiff& player : ranking.players()) {
      table.AddRow({player.changed() ? "*" : "",
                    absl::StrCat(player.player_id()), player.name(),
                    Change(RankText(player.before()), RankText(player.after())),
                    Change(absl::StrCat(player.before().score()),
                           absl::StrCat(player.after().score())),
                    Change(YuanText(player.prize_fen_before()),
                           YuanText(player.prize_fen_after())),
                    Change(YesNo(player.final_place_before(), lang),
                           YesNo(player.final_place_after(), lang))});
    }
    absl::StrAppend(&text, table.Render());
  }
  if (!what_if.skipped_event_ids().empty()) {
    absl::StrAppend(&text, "\n", Text(Label::kSkipped, lang), ": ",
                    absl::StrJoin(what_if.skipped_event_ids(), ", "), "\n");
  }
  absl::StrAppend(&text, Text(Label::kAsOfPosition, lang), " ",
                  what_if.as_of_position(), "\n");
  return text;
}

}  // namespace qiwang::cli
