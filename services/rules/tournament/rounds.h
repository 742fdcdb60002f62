// Where the tournament stands in its rounds, as the pre-event rules need it
// (R4.3, R4.4). Pure; any caller.
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_ROUNDS_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_ROUNDS_H_

#include "services/rules/tournament/tournament_state.h"

namespace qiwang::rules::tournament {

// The first round not yet paired, from which a withdrawal takes effect.
// Pairings are not folded into this state yet, so it is round 1 until the
// pairing events arrive.
int NextUnpairedRound(const TournamentState& state);

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_ROUNDS_H_
