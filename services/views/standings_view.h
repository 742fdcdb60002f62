// GetStandings as the API answers it (R7, R2.3): the rows of a ranking
// category or a section's pool with every tie-break value of the chain,
// shared ranks (R7.3) and withdrawals (R4.4). Pure; any caller.
#ifndef QIWANG_SERVICES_VIEWS_STANDINGS_VIEW_H_
#define QIWANG_SERVICES_VIEWS_STANDINGS_VIEW_H_

#include <string>

#include "absl/status/statusor.h"
#include "qiwang/v1/standings_service.pb.h"
#include "services/rules/tournament/ranked_scope.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::views {

// `after_round` > 0 counts rounds 1..after_round only; 0 every recorded
// result. The response's after_round is the last round with a game result
// counted. games_played counts games played over the board. as_of_position
// is left for the caller. INVALID_ARGUMENT for a negative after_round,
// NOT_FOUND for an unknown ranking_id.
absl::StatusOr<v1::GetStandingsResponse> StandingsView(
    const rules::tournament::TournamentState& state,
    const std::string& ranking_id, int after_round);

// INVALID_ARGUMENT naming after_round when it is negative.
absl::Status CheckAfterRound(int after_round);

// The same answer from a scope already ranked.
v1::GetStandingsResponse ToStandingsResponse(
    const rules::tournament::TournamentState& state,
    const rules::tournament::RankedScope& ranked);

}  // namespace qiwang::views

#endif  // QIWANG_SERVICES_VIEWS_STANDINGS_VIEW_H_
