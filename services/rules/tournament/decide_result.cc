// The decisions on results and fouls (R5.3, R5.5, R9.5).
#include <string>

#include "absl/strings/str_cat.h"
#include "base/refusal_details.h"
#include "base/refusal_kinds.h"
#include "services/rules/tournament/decide_play.h"
#include "services/rules/tournament/decide_support.h"
#include "services/rules/tournament/play_support.h"
#include "services/rules/tournament/result_ground.h"
#include "services/rules/tournament/status_macros.h"
#include "services/rules/tournament/text_input.h"

namespace qiwang::rules::tournament {
namespace {

std::string BoardName(const std::string& section_id, int round, int board) {
  return absl::StrCat("board ", board, " of round ", round, " of section '",
                      section_id, "'");
}

}  // namespace

absl::StatusOr<Events> DecideRecordResult(
    const TournamentState& state, const v1::RecordResultRequest& command,
    const CommandContext& context) {
  absl::StatusOr<const SectionPlay*> play =
      RequireSectionPlay(state, command.tournament_id(), command.section_id());
  if (!play.ok()) return play.status();
  QIWANG_RETURN_IF_ERROR(ValidateResult(command.result(), "result"));
  QIWANG_RETURN_IF_ERROR(ValidateResultGround(command));
  absl::StatusOr<const BoardEntry*> board =
      RequireBoard(**play, command.round(), command.board());
  if (!board.ok()) return board.status();
  // The ground is part of the result: the same forfeit with another ground
  // (or none) is a different entry, not a replay.
  if ((*board)->result == command.result() &&
      (*board)->ground == command.ground()) {
    return Events{};
  }
  if ((*board)->result != v1::GAME_RESULT_UNSPECIFIED) {
    return WithRecordedResult(
        absl::FailedPreconditionError(absl::StrCat(
            "R5.3: ",
            BoardName(command.section_id(), command.round(), command.board()),
            " has a result already: ",
            DescribeRecorded(**board, state.time_zone()),
            "; changing it is a correction by the chief arbiter")),
        base::refusal::kResultAlreadyRecorded, command.section_id(),
        command.round(), command.board(), **board, state.time_zone());
  }
  QIWANG_RETURN_IF_ERROR(CheckLatenessClock(state, command, context.now));
  v1::Event event;
  v1::ResultRecorded& recorded = *event.mutable_result_recorded();
  recorded.set_section_id(command.section_id());
  recorded.set_round(command.round());
  recorded.set_board(command.board());
  recorded.set_result(command.result());
  recorded.set_ground(command.ground());
  return Events{std::move(event)};
}

absl::StatusOr<Events> DecideCorrectResult(
    const TournamentState& state, const v1::CorrectResultRequest& command,
    const CommandContext& context) {
  absl::StatusOr<const SectionPlay*> play =
      RequireSectionPlay(state, command.tournament_id(), command.section_id());
  if (!play.ok()) return play.status();
  QIWANG_RETURN_IF_ERROR(ValidateResult(command.result(), "result"));
  QIWANG_RETURN_IF_ERROR(
      ValidateText(command.reason(), true, "reason", kMaxReasonBytes));
  if (context.role != Role::kChiefArbiter) {
    return base::WithRefusal(
        absl::PermissionDeniedError(absl::StrCat(
            "R9.5: correcting a result is the chief arbiter's, not the ",
            std::string(RoleName(context.role)), "'s")),
        base::refusal::kCorrectionIsTheChiefs,
        {{"role", std::string(RoleName(context.role))}});
  }
  absl::StatusOr<const BoardEntry*> board =
      RequireBoard(**play, command.round(), command.board());
  if (!board.ok()) return board.status();
  const std::string name =
      BoardName(command.section_id(), command.round(), command.board());
  if ((*board)->result == v1::GAME_RESULT_UNSPECIFIED) {
    return base::WithRefusal(
        absl::FailedPreconditionError(
            absl::StrCat("R5.3: ", name,
                         " has no result to correct; an arbiter records it")),
        base::refusal::kNoResultToCorrect,
        {{"section", command.section_id()},
         {"round", absl::StrCat(command.round())},
         {"board", absl::StrCat(command.board())}});
  }
  if ((*board)->result == command.result()) {
    return WithRecordedResult(
        absl::FailedPreconditionError(
            absl::StrCat("R9.5: ", name, " has this result already: ",
                         DescribeRecorded(**board, state.time_zone()))),
        base::refusal::kCorrectionChangesNothing, command.section_id(),
        command.round(), command.board(), **board, state.time_zone());
  }
  v1::Event event = EventWithReason(command.reason());
  v1::ResultCorrected& corrected = *event.mutable_result_corrected();
  corrected.set_section_id(command.section_id());
  corrected.set_round(command.round());
  corrected.set_board(command.board());
  corrected.set_result(command.result());
  corrected.set_previous((*board)->result);
  corrected.set_corrects_position((*board)->result_position);
  return Events{std::move(event)};
}

absl::StatusOr<Events> DecideRecordFoul(const TournamentState& state,
                                        const v1::RecordFoulRequest& command,
                                        const CommandContext& /*context*/) {
  absl::StatusOr<const PlayerEntry*> player =
      RequirePlayer(state, command.tournament_id(), command.player_id());
  if (!player.ok()) return player.status();
  if (command.kind() == v1::FOUL_KIND_UNSPECIFIED ||
      !v1::FoulKind_IsValid(command.kind())) {
    return absl::InvalidArgumentError(
        "R5.5: kind: a foul kind is required (perpetual check, perpetual "
        "chase, illegal move, conduct, other)");
  }
  QIWANG_RETURN_IF_ERROR(
      ValidateText(command.note(), true, "note", kMaxReasonBytes));
  if (command.round() < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("round: ", command.round(), " is not a round number"));
  }
  const std::string& section_id = (*player)->registration.section_id();
  const SectionPlay* play = state.FindSectionPlay(section_id);
  const RoundEntry* round =
      play == nullptr ? nullptr : play->FindRound(command.round());
  if (round == nullptr) {
    return base::WithRefusal(
        absl::FailedPreconditionError(
            absl::StrCat("R5.5: round ", command.round(), " of section '",
                         section_id, "' is not published")),
        base::refusal::kRoundNotPublished,
        {{"section", section_id},
         {"round", absl::StrCat(command.round())},
         {"published",
          absl::StrCat(play == nullptr ? 0 : play->rounds_published())}});
  }
  bool paired = round->bye_player_id == command.player_id();
  for (const BoardEntry& entry : round->boards) {
    paired = paired || entry.board.red_player_id() == command.player_id() ||
             entry.board.black_player_id() == command.player_id();
  }
  if (!paired) {
    return base::WithRefusal(
        absl::FailedPreconditionError(absl::StrCat(
            "R5.5: player ", command.player_id(), " (",
            (*player)->person().name(), ") is not paired in round ",
            command.round(), " of section '", section_id, "'")),
        base::refusal::kFoulPlayerNotPaired,
        {{"player", absl::StrCat(command.player_id())},
         {"name", (*player)->person().name()},
         {"section", section_id},
         {"round", absl::StrCat(command.round())}});
  }
  v1::Event event = EventWithReason(command.note());
  v1::FoulRecorded& foul = *event.mutable_foul_recorded();
  foul.set_player_id(command.player_id());
  foul.set_section_id(section_id);
  foul.set_round(command.round());
  foul.set_kind(command.kind());
  foul.set_note(command.note());
  return Events{std::move(event)};
}

}  // namespace qiwang::rules::tournament
