// The commands of rulings that are not results (R7.3, R8.3, R9.2, R9.3) as
// pure decisions over the folded state, in the manner of decide.h: each
// answers the events to append or a status naming the clause that refuses
// it. Callers: the ledger only (through RulingService).
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_DECIDE_RULING_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_DECIDE_RULING_H_

#include <cstdint>

#include "absl/status/statusor.h"
#include "qiwang/v1/ruling_service.pb.h"
#include "services/rules/tournament/decide.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::rules::tournament {

// R9.2 (see RulingService.FileAppeal). The appeal window is the
// configuration's appeal_window, 30 minutes when unset; an appeal exactly at
// the window's end is in time. The new appeal's number is appeals().size()+1.
absl::StatusOr<Events> DecideFileAppeal(const TournamentState& state,
                                        const v1::FileAppealRequest& command,
                                        const CommandContext& context);

// R9.3 (see RulingService.DecideAppeal); context.user is compared with the
// ruling's actor.
absl::StatusOr<Events> DecideAppealDecision(
    const TournamentState& state, const v1::DecideAppealRequest& command,
    const CommandContext& context);

// R7.3, the whole clause: the ranking exists (ResolveRankingScope), the
// players are in it, distinct and at least two, every round of its sections
// is published and complete, no lot among them was drawn already, and they
// share one rank now (RankScope; FAILED_PRECONDITION naming each player's
// rank otherwise); reason required. Unless order_as_drawn, the order is
// drawn from `seed` (DrawPairingNumbers) and the seed recorded; with
// order_as_drawn the seed recorded is 0.
absl::StatusOr<Events> DecideTieLots(const TournamentState& state,
                                     const v1::DrawTieLotsRequest& command,
                                     uint64_t seed,
                                     const CommandContext& context);

// R8.3 (see RulingService.DeclineFinalPlace).
absl::StatusOr<Events> DecideDeclineFinalPlace(
    const TournamentState& state, const v1::DeclineFinalPlaceRequest& command,
    const CommandContext& context);

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_DECIDE_RULING_H_
