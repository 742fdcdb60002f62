// R1.1: what an amendment may not drop. A section, station or ranking
// category that the log already refers to stays in the configuration, so
// that every event keeps the meaning it had when it was appended. Pure;
// DecideAmend calls it.
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_DROPPED_REFERENCES_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_DROPPED_REFERENCES_H_

#include "absl/status/status.h"
#include "qiwang/v1/tournament_config.pb.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::rules::tournament {

// FAILED_PRECONDITION naming the first id `amended` drops that is still
// referenced, and by what: a section with registered players (their count
// and the first); a station whose results are recorded (and the players
// qualified through it); a ranking category with R7.3 tie lots or an R8.3
// declined final place.
absl::Status RequireDroppedUnreferenced(const TournamentState& state,
                                        const v1::TournamentConfig& amended);

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_DROPPED_REFERENCES_H_
