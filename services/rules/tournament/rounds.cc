#include "services/rules/tournament/rounds.h"

namespace qiwang::rules::tournament {

int NextUnpairedRound(const TournamentState& /*state*/) { return 1; }

}  // namespace qiwang::rules::tournament
