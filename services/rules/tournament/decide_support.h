// What every decision of this folder checks first (the tournament exists and
// is the one named, the player exists) and how it wraps a payload in an
// event. Internal to the Decide* functions.
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_DECIDE_SUPPORT_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_DECIDE_SUPPORT_H_

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "qiwang/v1/event.pb.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::rules::tournament {

// NOT_FOUND when no tournament exists; INVALID_ARGUMENT when
// `tournament_id` is empty or names another tournament than `state`'s.
absl::Status RequireTournament(const TournamentState& state,
                               const std::string& tournament_id);

// RequireTournament, then NOT_FOUND naming the player id when there is no
// such player.
absl::StatusOr<const PlayerEntry*> RequirePlayer(
    const TournamentState& state, const std::string& tournament_id,
    int64_t player_id);

// An event with only the reason set; the caller sets the payload.
v1::Event EventWithReason(const std::string& reason);

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_DECIDE_SUPPORT_H_
