// R6.1: the pairing numbers of a section's round 1, by drawn lots from a
// recorded seed or by the seeding list. Pure; ProposeNextRound draws them and
// DecidePublishRound redoes the draw to check what it is asked to publish.
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_LOTS_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_LOTS_H_

#include <cstdint>

#include "absl/status/statusor.h"
#include "qiwang/v1/play_events.pb.h"
#include "qiwang/v1/tournament_config.pb.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::rules::tournament {

// The lots over the players who play round 1 (SectionRecords, not
// withdrawn): drawn from `seed` (rules/roundrobin/drawn_lots.h), or, when
// the section seeds round 1 by list, in registration order with the seed
// recorded as given. FAILED_PRECONDITION when nobody plays.
absl::StatusOr<v1::LotsDrawn> DrawLots(const TournamentState& state,
                                       const v1::Section& section,
                                       uint64_t seed);

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_LOTS_H_
