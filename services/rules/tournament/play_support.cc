#include "services/rules/tournament/play_support.h"

#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/refusal_details.h"
#include "base/refusal_kinds.h"
#include "services/rules/tournament/calendar.h"
#include "services/rules/tournament/decide_support.h"
#include "services/rules/tournament/text_input.h"

namespace qiwang::rules::tournament {

absl::StatusOr<const SectionPlay*> RequireSectionPlay(
    const TournamentState& state, const std::string& tournament_id,
    const std::string& section_id) {
  if (absl::Status status = RequireTournament(state, tournament_id);
      !status.ok()) {
    return status;
  }
  if (section_id.empty()) {
    return RequiredFieldError("section_id");
  }
  const SectionPlay* play = state.FindSectionPlay(section_id);
  if (play == nullptr || state.FindSection(section_id) == nullptr) {
    return absl::NotFoundError(absl::StrCat("section_id: no section '",
                                            section_id, "' in tournament '",
                                            state.config().id(), "'"));
  }
  return play;
}

absl::StatusOr<const SectionPlay*> RequirePairable(
    const TournamentState& state, const std::string& section_id) {
  absl::StatusOr<const SectionPlay*> play =
      RequireSectionPlay(state, state.config().id(), section_id);
  if (play.ok() && !state.check_in_closed()) {
    return base::WithRefusal(
        absl::FailedPreconditionError(
            "R4.3: check-in is open; round 1 is paired after it closes"),
        base::refusal::kPairingBeforeCheckInCloses, {});
  }
  return play;
}

bool IsRoundRobin(const v1::Section& section) {
  return section.pairing_system() == v1::PAIRING_SYSTEM_ROUND_ROBIN ||
         section.pairing_system() == v1::PAIRING_SYSTEM_DOUBLE_ROUND_ROBIN;
}

absl::Status ValidateResult(v1::GameResult result, const std::string& field) {
  if (result == v1::GAME_RESULT_UNSPECIFIED ||
      !v1::GameResult_IsValid(result)) {
    return absl::InvalidArgumentError(
        absl::StrCat("R5.3: ", field,
                     ": a result is required (red win, black "
                     "win, draw, a forfeit or a double forfeit)"));
  }
  return absl::OkStatus();
}

absl::StatusOr<const BoardEntry*> RequireBoard(const SectionPlay& play,
                                               int round, int board) {
  if (round < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("round: ", round, " is not a round number"));
  }
  if (board < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("board: ", board, " is not a board number"));
  }
  const RoundEntry* entry = play.FindRound(round);
  if (entry == nullptr) {
    return base::WithRefusal(
        absl::FailedPreconditionError(absl::StrCat(
            "R5.3: round ", round, " of section '", play.section_id,
            "' is not published (", play.rounds_published(), " rounds are)")),
        base::refusal::kRoundNotPublished,
        {{"section", play.section_id},
         {"round", absl::StrCat(round)},
         {"published", absl::StrCat(play.rounds_published())}});
  }
  const BoardEntry* found = entry->FindBoard(board);
  if (found == nullptr) {
    return base::WithRefusal(
        absl::FailedPreconditionError(absl::StrCat(
            "R5.3: round ", round, " of section '", play.section_id,
            "' has no board ", board, " (it has ", entry->boards.size(), ")")),
        base::refusal::kBoardNotInRound,
        {{"section", play.section_id},
         {"round", absl::StrCat(round)},
         {"board", absl::StrCat(board)},
         {"boards", absl::StrCat(entry->boards.size())}});
  }
  return found;
}

std::string ResultName(v1::GameResult result) {
  switch (result) {
    case v1::GAME_RESULT_RED_WIN:
      return "red win (红胜)";
    case v1::GAME_RESULT_BLACK_WIN:
      return "black win (黑胜)";
    case v1::GAME_RESULT_DRAW:
      return "draw (和)";
    case v1::GAME_RESULT_RED_WIN_BY_FORFEIT:
      return "red win by forfeit (黑方弃权)";
    case v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT:
      return "black win by forfeit (红方弃权)";
    case v1::GAME_RESULT_DOUBLE_FORFEIT:
      return "double forfeit (双方弃权)";
    default:
      return "no result";
  }
}

std::string GroundName(v1::ResultGround ground) {
  switch (ground) {
    case v1::RESULT_GROUND_LATENESS:
      return "lateness (迟到判负)";
    case v1::RESULT_GROUND_DRAW_WITHOUT_PLAY:
      return "draw without play (未弈议和)";
    default:
      return "";
  }
}

std::string DescribeRecorded(const BoardEntry& entry,
                             const absl::TimeZone& zone) {
  const std::string ground = GroundName(entry.ground);
  return absl::StrCat(
      ResultName(entry.result),
      ground.empty() ? "" : absl::StrCat(" on the ground of ", ground),
      entry.corrected ? " corrected" : " recorded", " by ",
      entry.result_actor.user(), " (", entry.result_actor.role(), ") at ",
      FormatInstant(entry.result_time, zone), ", log position ",
      entry.result_position);
}

absl::Status WithRecordedResult(absl::Status refusal, absl::string_view kind,
                                const std::string& section_id, int round,
                                int board, const BoardEntry& entry,
                                const absl::TimeZone& zone) {
  return base::WithRefusal(std::move(refusal), kind,
                           {{"section", section_id},
                            {"round", absl::StrCat(round)},
                            {"board", absl::StrCat(board)},
                            {"result", v1::GameResult_Name(entry.result)},
                            {"how", entry.corrected ? "corrected" : "recorded"},
                            {"by", entry.result_actor.user()},
                            {"role", entry.result_actor.role()},
                            {"at", FormatInstant(entry.result_time, zone)},
                            {"position", absl::StrCat(entry.result_position)}});
}

absl::Status RequirePreviousRoundComplete(const SectionPlay& play, int round) {
  const RoundEntry* previous = play.FindRound(round - 1);
  if (previous == nullptr) return absl::OkStatus();
  std::vector<int> open;
  for (const BoardEntry& entry : previous->boards) {
    if (entry.result == v1::GAME_RESULT_UNSPECIFIED) {
      open.push_back(entry.board.number());
    }
  }
  if (open.empty()) return absl::OkStatus();
  return base::WithRefusal(
      absl::FailedPreconditionError(
          absl::StrCat("R6: round ", round - 1, " of section '",
                       play.section_id, "' is incomplete: board",
                       open.size() == 1 ? " " : "s ", absl::StrJoin(open, ", "),
                       open.size() == 1 ? " has" : " have", " no result")),
      base::refusal::kPreviousRoundIncomplete,
      {{"section", play.section_id},
       {"round", absl::StrCat(round - 1)},
       {"open_boards", absl::StrJoin(open, ", ")}});
}

absl::Status RefuseAllRoundsPaired(const v1::Section& section) {
  return base::WithRefusal(
      absl::FailedPreconditionError(
          absl::StrCat("R2.4: section '", section.id(), "' plays ",
                       section.rounds(), " rounds; all are paired")),
      base::refusal::kAllRoundsPaired,
      {{"section", section.id()}, {"rounds", absl::StrCat(section.rounds())}});
}

absl::Status RefuseSchedulePublished(const std::string& section_id) {
  return base::WithRefusal(absl::FailedPreconditionError(absl::StrCat(
                               "R6: the round robin schedule of section '",
                               section_id, "' is published already")),
                           base::refusal::kSchedulePublished,
                           {{"section", section_id}});
}

}  // namespace qiwang::rules::tournament
