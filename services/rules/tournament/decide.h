// The pre-event commands (R1-R4) as pure decisions: each takes the state
// folded from a tournament's log, the command and its context, and answers
// the events to append, or a status naming the clause that refuses it.
// Deterministic: the time comes in the context, never from a clock.
// Callers: the ledger only, with the state it folded at the stream version it
// will append at (expected version EXACT).
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_DECIDE_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_DECIDE_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "qiwang/v1/event.pb.h"
#include "qiwang/v1/tournament_service.pb.h"
#include "services/rules/core/roles.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::rules::tournament {

// Who asks, and when (server time, from the ledger). `user` is the
// authenticated user (R9.3: a committee member who made a ruling may not
// decide its appeal).
struct CommandContext {
  absl::Time now;
  Role role = Role::kPublic;
  std::string user = {};
};

// Each answers events whose payload (and reason, where the command has one)
// is set; the ledger stamps ids, actor and time. INVALID_ARGUMENT for
// malformed input, FAILED_PRECONDITION for a rule, PERMISSION_DENIED where
// the rule itself depends on the role (R4.1 late admission).
using Events = std::vector<qiwang::v1::Event>;

absl::StatusOr<Events> DecideCreate(const TournamentState& state,
                                    const v1::CreateTournamentRequest& command,
                                    const CommandContext& context);
absl::StatusOr<Events> DecideAmend(const TournamentState& state,
                                   const v1::AmendTournamentRequest& command,
                                   const CommandContext& context);
absl::StatusOr<Events> DecideStationResults(
    const TournamentState& state,
    const v1::RecordStationResultsRequest& command,
    const CommandContext& context);
absl::StatusOr<Events> DecideRegister(const TournamentState& state,
                                      const v1::RegisterPlayerRequest& command,
                                      const CommandContext& context);
absl::StatusOr<Events> DecideCheckIn(const TournamentState& state,
                                     const v1::CheckInPlayerRequest& command,
                                     const CommandContext& context);
absl::StatusOr<Events> DecideExcuse(const TournamentState& state,
                                    const v1::ExcuseAbsenceRequest& command,
                                    const CommandContext& context);
absl::StatusOr<Events> DecideCloseCheckIn(
    const TournamentState& state, const v1::CloseCheckInRequest& command,
    const CommandContext& context);
absl::StatusOr<Events> DecideWithdraw(const TournamentState& state,
                                      const v1::WithdrawPlayerRequest& command,
                                      const CommandContext& context);
// Issue 18: FAILED_PRECONDITION naming the day the retention period ends
// while it runs, or when the player was forgotten already.
absl::StatusOr<Events> DecideForget(const TournamentState& state,
                                    const v1::ForgetPersonRequest& command,
                                    const CommandContext& context);

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_DECIDE_H_
