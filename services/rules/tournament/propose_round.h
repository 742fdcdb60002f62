// Pairs a section's next round from the folded state with the engines
// (swiss/ for Swiss sections, roundrobin/ for round robins): what the pairing
// service proposes and publishes. Pure and deterministic: the lots seed is an
// argument. Any caller.
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_PROPOSE_ROUND_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_PROPOSE_ROUND_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "services/rules/tournament/decide_play.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::rules::tournament {

struct ProposedRound {
  PairingProposal proposal;  // rounds[*].paired_on_version = state.version()
  // The R6.5 cost vector of the (first) round, most important first.
  std::vector<std::string> cost;
};

// The next round of `section_id`. Round 1 draws lots with `lots_seed`
// (R6.1; or uses the seeding list when the section says so) and, for a
// round robin, returns the whole Berger schedule. FAILED_PRECONDITION when
// check-in is open (R4.3), the previous round is incomplete, every round is
// paired, or R6.3 leaves no legal pairing (the engine's message).
absl::StatusOr<ProposedRound> ProposeNextRound(const TournamentState& state,
                                               const std::string& section_id,
                                               uint64_t lots_seed);

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_PROPOSE_ROUND_H_
