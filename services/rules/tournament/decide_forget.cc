// Forgetting a player's personal data (issue 18): allowed only once the
// tournament's retention period after its last round is over.
#include <algorithm>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/time/civil_time.h"
#include "absl/time/time.h"
#include "base/timestamp.h"
#include "services/rules/tournament/decide.h"
#include "services/rules/tournament/decide_support.h"
#include "services/rules/tournament/status_macros.h"
#include "services/rules/tournament/text_input.h"

namespace qiwang::rules::tournament {
namespace {

constexpr int kDefaultRetentionDays = 180;

}  // namespace

absl::StatusOr<Events> DecideForget(const TournamentState& state,
                                    const v1::ForgetPersonRequest& command,
                                    const CommandContext& context) {
  absl::StatusOr<const PlayerEntry*> player =
      RequirePlayer(state, command.tournament_id(), command.player_id());
  if (!player.ok()) return player.status();
  QIWANG_RETURN_IF_ERROR(
      ValidateText(command.reason(), true, "reason", kMaxReasonBytes));
  if ((*player)->forgotten.has_value()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "player ", command.player_id(), " was forgotten already, by ",
        (*player)->forgotten->user()));
  }
  const v1::TournamentConfig& config = state.config();
  if (config.schedule().empty()) {
    return absl::FailedPreconditionError(
        "retention_days: the schedule has no round, so the retention period "
        "after the last round has not started");
  }
  absl::Time last_round = absl::InfinitePast();
  for (const v1::RoundSlot& slot : config.schedule()) {
    last_round = std::max(last_round, base::FromTimestamp(slot.starts()));
  }
  const int days = config.retention_days() > 0 ? config.retention_days()
                                               : kDefaultRetentionDays;
  const absl::CivilDay ends =
      absl::ToCivilDay(last_round, state.time_zone()) + days;
  if (absl::ToCivilDay(context.now, state.time_zone()) < ends) {
    return absl::FailedPreconditionError(absl::StrCat(
        "retention_days: player ", command.player_id(),
        "'s personal data is kept until the retention period ends on ",
        absl::FormatCivilTime(ends), " (", days,
        " days after the last round); forget them from that day on"));
  }
  v1::Event event = EventWithReason(command.reason());
  event.mutable_person_forgotten()->set_player_id(command.player_id());
  return Events{std::move(event)};
}

}  // namespace qiwang::rules::tournament
