#include "services/audit/ruling_view.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "services/reports/event_summary.h"

namespace qiwang::audit {
namespace {

using rules::tournament::AppealEntry;
using rules::tournament::RulingRef;
using rules::tournament::TournamentState;

}  // namespace

absl::StatusOr<const RulingRef*> FindRuling(const TournamentState& state,
                                            const std::string& ruling_id) {
  const RulingRef* ruling = state.FindRuling(ruling_id);
  if (ruling == nullptr) {
    return absl::NotFoundError(absl::StrCat("ruling_id: no ruling '", ruling_id,
                                            "' in tournament '",
                                            state.config().id(), "'"));
  }
  return ruling;
}

bool IsBoardResult(v1::RulingKind kind) {
  return kind == v1::RULING_KIND_RESULT || kind == v1::RULING_KIND_FORFEIT ||
         kind == v1::RULING_KIND_CORRECTION;
}

bool RulingStands(const TournamentState& state, const RulingRef& ruling) {
  if (IsBoardResult(ruling.kind)) {
    const rules::tournament::SectionPlay* play =
        state.FindSectionPlay(ruling.section_id);
    const rules::tournament::RoundEntry* round =
        play == nullptr ? nullptr : play->FindRound(ruling.round);
    const rules::tournament::BoardEntry* board =
        round == nullptr ? nullptr : round->FindBoard(ruling.board);
    return board != nullptr && board->result_position == ruling.position;
  }
  if (ruling.kind == v1::RULING_KIND_FOUL) {
    const rules::tournament::SectionPlay* play =
        state.FindSectionPlay(ruling.section_id);
    if (play == nullptr) return true;
    for (const rules::tournament::FoulEntry& foul : play->fouls) {
      if (foul.event_id == ruling.ruling_id) return !foul.removed;
    }
  }
  return true;
}

v1::RulingView RulingViewOf(const TournamentState& state,
                            const StreamIndex& stream,
                            const RulingRef& ruling) {
  v1::RulingView view;
  view.set_ruling_id(ruling.ruling_id);
  view.set_kind(ruling.kind);
  view.set_position(ruling.position);
  *view.mutable_actor() = ruling.actor;
  view.set_section_id(ruling.section_id);
  view.set_round(ruling.round);
  view.set_board(ruling.board);
  for (int64_t id : ruling.player_ids) view.add_player_ids(id);
  if (const v1::Event* event = stream.ById(ruling.ruling_id)) {
    *view.mutable_server_time() = event->server_time();
    view.set_reason(event->reason());
    const exports::Bilingual summary = exports::SummarizeEvent(*event, state);
    view.set_summary(summary.en);
    view.set_summary_zh(summary.zh);
  }
  for (const AppealEntry& appeal : state.appeals()) {
    if (appeal.filed.ruling_id() == ruling.ruling_id) {
      view.add_appeal_numbers(appeal.filed.appeal_number());
    }
  }
  view.set_standing(RulingStands(state, ruling));
  return view;
}

v1::AppealView AppealViewOf(const TournamentState& state,
                            const StreamIndex& stream,
                            const AppealEntry& appeal) {
  v1::AppealView view;
  view.set_appeal_number(appeal.filed.appeal_number());
  view.set_status(appeal.status);
  if (const RulingRef* ruling = state.FindRuling(appeal.filed.ruling_id())) {
    *view.mutable_ruling() = RulingViewOf(state, stream, *ruling);
  }
  view.set_appellant_player_id(appeal.filed.appellant_player_id());
  if (appeal.filed.appellant_player_id() == 0) {
    view.set_appellant_name(appeal.filed_by.user());
  } else if (const rules::tournament::PlayerEntry* player =
                 state.FindPlayer(appeal.filed.appellant_player_id())) {
    view.set_appellant_name(player->person().name());
  }
  view.set_grounds(appeal.filed.grounds());
  *view.mutable_filed_by() = appeal.filed_by;
  view.set_filed_position(appeal.filed_position);
  if (const v1::Event* filed = stream.AtPosition(appeal.filed_position)) {
    *view.mutable_filed_at() = filed->server_time();
  }
  if (appeal.status == v1::APPEAL_STATUS_PENDING) return view;
  *view.mutable_decision() = appeal.decision;
  *view.mutable_decided_by() = appeal.decided_by;
  view.set_decided_position(appeal.decided_position);
  if (const v1::Event* decided = stream.AtPosition(appeal.decided_position)) {
    *view.mutable_decided_at() = decided->server_time();
    view.set_reasoning(decided->reason());
  }
  return view;
}

v1::HistoryEntry HistoryEntryOf(const TournamentState& state,
                                const v1::Event& event) {
  v1::HistoryEntry entry;
  *entry.mutable_event() = event;
  entry.set_ruling_kind(rules::tournament::RulingKindOf(event));
  const exports::Bilingual summary = exports::SummarizeEvent(event, state);
  entry.set_summary(summary.en);
  entry.set_summary_zh(summary.zh);
  return entry;
}

}  // namespace qiwang::audit
