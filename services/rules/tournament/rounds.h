// Where a section stands in its rounds, as the rules of withdrawal need it
// (R4.3, R4.4). Pure; any caller.
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_ROUNDS_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_ROUNDS_H_

#include <string>

#include "services/rules/tournament/tournament_state.h"

namespace qiwang::rules::tournament {

// The first round of `section_id` not yet published (its published rounds
// + 1), from which a withdrawal takes effect (R4.4). A round robin publishes
// its whole schedule at once, so after round 1 it is past the last round.
// 1 for an unknown section.
int NextUnpairedRound(const TournamentState& state,
                      const std::string& section_id);

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_ROUNDS_H_
