#include "services/reports/event_summary.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"

namespace qiwang::exports {
namespace {

using rules::tournament::TournamentState;

Bilingual RemedyLabel(const v1::Remedy& remedy) {
  switch (remedy.kind()) {
    case v1::REMEDY_KIND_RESULT_CHANGED: {
      const Bilingual result = BothWords(remedy.result());
      return {absl::StrCat("result changed to ", result.en),
              absl::StrCat("结果改为", result.zh)};
    }
    case v1::REMEDY_KIND_FOUL_REMOVED:
    case v1::REMEDY_KIND_NO_STATE_CHANGE:
      return BothWords(remedy.kind());
    case v1::REMEDY_KIND_GAME_REPLAYED:
      return {absl::StrCat("game replayed",
                           remedy.replay_place().empty() ? "" : " at ",
                           remedy.replay_place()),
              absl::StrCat("重赛", remedy.replay_place())};
    default:
      return {"", ""};
  }
}

Bilingual Board(const std::string& section_id, int round, int board,
                const TournamentState& state) {
  std::string players;
  if (const rules::tournament::SectionPlay* play =
          state.FindSectionPlay(section_id)) {
    if (const rules::tournament::RoundEntry* entry = play->FindRound(round)) {
      if (const rules::tournament::BoardEntry* found =
              entry->FindBoard(board)) {
        players =
            absl::StrCat(PlayerName(state, found->board.red_player_id()), " v ",
                         PlayerName(state, found->board.black_player_id()));
      }
    }
  }
  return {absl::StrCat("round ", round, " board ", board, ": ", players),
          absl::StrCat("第", round, "轮第", board, "台：",
                       absl::StrReplaceAll(players, {{" v ", " 对 "}}))};
}

Bilingual Join(const Bilingual& first, const Bilingual& second,
               absl::string_view en_separator = ", ",
               absl::string_view zh_separator = "，") {
  return {absl::StrCat(first.en, en_separator, second.en),
          absl::StrCat(first.zh, zh_separator, second.zh)};
}

std::string Names(const TournamentState& state,
                  const google::protobuf::RepeatedField<int64_t>& ids) {
  std::vector<std::string> names;
  for (int64_t id : ids) names.push_back(PlayerName(state, id));
  return absl::StrJoin(names, ", ");
}

Bilingual Appeal(const v1::AppealFiled& filed, const TournamentState& state) {
  const std::string appellant =
      filed.appellant_player_id() == 0
          ? std::string()
          : PlayerName(state, filed.appellant_player_id());
  return {absl::StrCat("appeal ", filed.appeal_number(), " against ruling ",
                       filed.ruling_id(), " (log position ",
                       filed.ruling_position(), ")",
                       appellant.empty() ? "" : " for ", appellant, ": ",
                       filed.grounds()),
          absl::StrCat("申诉", filed.appeal_number(), "：针对裁决 ",
                       filed.ruling_id(), "（日志位置", filed.ruling_position(),
                       "）", appellant.empty() ? "" : "，申诉人 ", appellant,
                       "：", filed.grounds())};
}

Bilingual Decision(const v1::AppealDecided& decided) {
  const bool upheld = decided.decision() == v1::APPEAL_DECISION_UPHELD;
  const std::string votes =
      absl::StrCat(decided.votes().uphold(), "-", decided.votes().dismiss(),
                   "-", decided.votes().abstain());
  Bilingual out{
      absl::StrCat("appeal ", decided.appeal_number(),
                   upheld ? " upheld" : " dismissed", " (votes ", votes,
                   " uphold-dismiss-abstain)"),
      absl::StrCat("申诉", decided.appeal_number(), upheld ? "成立" : "驳回",
                   "（表决 ", votes, " 成立-驳回-弃权）")};
  if (upheld) out = Join(out, RemedyLabel(decided.remedy()), ": ", "：");
  return out;
}

}  // namespace

std::string PlayerName(const TournamentState& state, int64_t player_id) {
  const rules::tournament::PlayerEntry* player = state.FindPlayer(player_id);
  if (player == nullptr) return absl::StrCat("#", player_id);
  return absl::StrCat(player->person().name(), " (#", player_id, ")");
}

Bilingual SummarizeEvent(const v1::Event& event, const TournamentState& state) {
  switch (event.payload_case()) {
    case v1::Event::kResultRecorded: {
      const v1::ResultRecorded& result = event.result_recorded();
      Bilingual kind = BothWords(result.result());
      if (result.ground() != v1::RESULT_GROUND_UNSPECIFIED) {
        kind = Join(kind, BothWords(result.ground()));
      }
      return Join(
          Board(result.section_id(), result.round(), result.board(), state),
          kind);
    }
    case v1::Event::kResultCorrected: {
      const v1::ResultCorrected& corrected = event.result_corrected();
      const Bilingual from = BothWords(corrected.previous());
      const Bilingual to = BothWords(corrected.result());
      return Join(Board(corrected.section_id(), corrected.round(),
                        corrected.board(), state),
                  {absl::StrCat("corrected from ", from.en, " to ", to.en),
                   absl::StrCat("由", from.zh, "更正为", to.zh)});
    }
    case v1::Event::kFoulRecorded: {
      const v1::FoulRecorded& foul = event.foul_recorded();
      const Bilingual kind = BothWords(foul.kind());
      const std::string name = PlayerName(state, foul.player_id());
      const std::string note =
          foul.note().empty() ? "" : absl::StrCat(" (", foul.note(), ")");
      return {absl::StrCat("round ", foul.round(), ": foul by ", name, ", ",
                           kind.en, note),
              absl::StrCat("第", foul.round(), "轮：", name, " 犯规，", kind.zh,
                           note)};
    }
    case v1::Event::kPlayerWithdrawn: {
      const v1::PlayerWithdrawn& withdrawn = event.player_withdrawn();
      const std::string name = PlayerName(state, withdrawn.player_id());
      return {
          absl::StrCat(name, " withdrawn from round ", withdrawn.from_round()),
          absl::StrCat(name, " 自第", withdrawn.from_round(), "轮起退赛")};
    }
    case v1::Event::kPlayerRegistered: {
      const std::string name =
          PlayerName(state, event.player_registered().player_id());
      return {absl::StrCat(name, " admitted after the deadline"),
              absl::StrCat(name, " 逾期报名获准")};
    }
    case v1::Event::kLotsDrawn:
      return {
          absl::StrCat("pairing numbers drawn (seed ",
                       event.lots_drawn().seed(),
                       "): ", Names(state, event.lots_drawn().player_ids())),
          absl::StrCat("抽签确定序号（种子 ", event.lots_drawn().seed(), "）：",
                       Names(state, event.lots_drawn().player_ids()))};
    case v1::Event::kRoundPaired:
    case v1::Event::kPairingAmended: {
      const bool amended = event.has_pairing_amended();
      const int round = amended ? event.pairing_amended().round()
                                : event.round_paired().round();
      const int boards = amended ? event.pairing_amended().boards_size()
                                 : event.round_paired().boards_size();
      const int64_t bye = amended ? event.pairing_amended().bye_player_id()
                                  : event.round_paired().bye_player_id();
      const std::string bye_name = bye == 0 ? "" : PlayerName(state, bye);
      return {
          absl::StrCat("round ", round,
                       amended ? " pairing amended: " : " published: ", boards,
                       " boards", bye == 0 ? "" : ", bye ", bye_name),
          absl::StrCat("第", round, amended ? "轮对阵更改：" : "轮对阵公布：",
                       boards, "台", bye == 0 ? "" : "，轮空 ", bye_name)};
    }
    case v1::Event::kTieLotsDrawn:
      return {absl::StrCat("tie lots for ", event.tie_lots_drawn().ranking_id(),
                           ", drawn order: ",
                           Names(state, event.tie_lots_drawn().player_ids())),
              absl::StrCat(event.tie_lots_drawn().ranking_id(),
                           " 并列名次抽签，顺序：",
                           Names(state, event.tie_lots_drawn().player_ids()))};
    case v1::Event::kFinalPlaceDeclined: {
      const std::string name =
          PlayerName(state, event.final_place_declined().player_id());
      return {absl::StrCat(name, " declined a national-final place (",
                           event.final_place_declined().ranking_id(), ")"),
              absl::StrCat(name, " 放弃全国决赛名额（",
                           event.final_place_declined().ranking_id(), "）")};
    }
    case v1::Event::kAppealFiled:
      return Appeal(event.appeal_filed(), state);
    case v1::Event::kAppealDecided:
      return Decision(event.appeal_decided());
    default:
      return {"event", "事件"};
  }
}

}  // namespace qiwang::exports
