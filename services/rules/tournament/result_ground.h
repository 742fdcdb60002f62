// Why a result without a game may be recorded (2011 rules, docs/rules.md
// NL.1-NL.3): a forfeit for lateness only once the configured minutes have
// passed since the round's scheduled start, by the server's time the ledger
// gives the command; a draw agreed without play only as a double forfeit.
// Pure; callers: DecideRecordResult.
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_RESULT_GROUND_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_RESULT_GROUND_H_

#include "absl/status/status.h"
#include "absl/time/time.h"
#include "qiwang/v1/play_service.pb.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::rules::tournament {

// INVALID_ARGUMENT naming `ground` for a value the proto does not know, and
// naming `result` when the result does not fit the ground (NL.1: a forfeit
// or a double forfeit; NL.3: a double forfeit). OK for an unspecified ground.
absl::Status ValidateResultGround(const v1::RecordResultRequest& command);

// NL.1, for a command with the ground of lateness (OK for any other):
// FAILED_PRECONDITION "R5.3: ground: ..." when the tournament sets no
// late_forfeit_minutes, the schedule gives the round no start, or `now` is
// before the start plus those minutes (naming the start and that minute).
absl::Status CheckLatenessClock(const TournamentState& state,
                                const v1::RecordResultRequest& command,
                                absl::Time now);

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_RESULT_GROUND_H_
