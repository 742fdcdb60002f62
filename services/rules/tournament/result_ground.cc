#include "services/rules/tournament/result_ground.h"

#include <optional>
#include <string>

#include "absl/strings/str_cat.h"
#include "services/rules/tournament/calendar.h"
#include "services/rules/tournament/schedule.h"

namespace qiwang::rules::tournament {
namespace {

bool IsForfeit(v1::GameResult result) {
  return result == v1::GAME_RESULT_RED_WIN_BY_FORFEIT ||
         result == v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT ||
         result == v1::GAME_RESULT_DOUBLE_FORFEIT;
}

std::string RoundName(const v1::RecordResultRequest& command) {
  return absl::StrCat("round ", command.round(), " of section '",
                      command.section_id(), "'");
}

}  // namespace

absl::Status ValidateResultGround(const v1::RecordResultRequest& command) {
  switch (command.ground()) {
    case v1::RESULT_GROUND_UNSPECIFIED:
      return absl::OkStatus();
    case v1::RESULT_GROUND_LATENESS:
      if (!IsForfeit(command.result())) {
        return absl::InvalidArgumentError(
            "result: NL.1: a result on the ground of lateness is a forfeit: "
            "red wins by forfeit (black late), black wins by forfeit (red "
            "late) or a double forfeit (both late)");
      }
      return absl::OkStatus();
    case v1::RESULT_GROUND_DRAW_WITHOUT_PLAY:
      if (command.result() != v1::GAME_RESULT_DOUBLE_FORFEIT) {
        return absl::InvalidArgumentError(
            "result: NL.3: a draw agreed without play is recorded as a double "
            "forfeit (GAME_RESULT_DOUBLE_FORFEIT)");
      }
      return absl::OkStatus();
    default:
      return absl::InvalidArgumentError(absl::StrCat(
          "ground: ", static_cast<int>(command.ground()),
          " is not a result ground (unspecified, lateness, draw without "
          "play)"));
  }
}

absl::Status CheckLatenessClock(const TournamentState& state,
                                const v1::RecordResultRequest& command,
                                absl::Time now) {
  if (command.ground() != v1::RESULT_GROUND_LATENESS) return absl::OkStatus();
  const int minutes = state.config().late_forfeit_minutes();
  if (minutes <= 0) {
    return absl::FailedPreconditionError(absl::StrCat(
        "R5.3: ground: tournament '", state.config().id(),
        "' sets no late_forfeit_minutes, so lateness is not ruled by the "
        "clock (2011 rules, NL.1); record the forfeit without a ground"));
  }
  const std::optional<absl::Time> start =
      RoundStart(state.config(), command.section_id(), command.round());
  if (!start.has_value()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "R5.3: ground: the schedule gives ", RoundName(command),
        " no start, so lateness cannot be ruled by the clock (2011 rules, "
        "NL.1); record the forfeit without a ground"));
  }
  const absl::Time rulable_from = *start + absl::Minutes(minutes);
  if (now < rulable_from) {
    const absl::TimeZone& zone = state.time_zone();
    return absl::FailedPreconditionError(absl::StrCat(
        "R5.3: ground: lateness (2011 rules, NL.1) in ", RoundName(command),
        ", scheduled to start at ", FormatInstant(*start, zone),
        ", may be ruled from ", FormatInstant(rulable_from, zone), " (",
        minutes,
        " late_forfeit_minutes after the start); the server's time is ",
        FormatInstant(now, zone)));
  }
  return absl::OkStatus();
}

}  // namespace qiwang::rules::tournament
