// What the PairingService shows of a tournament's play: rounds as boards with
// names, pairing numbers, scores before the round and results; a player's
// schedule. Pure functions of the folded state; any caller.
#ifndef QIWANG_SERVICES_VIEWS_ROUND_VIEWS_H_
#define QIWANG_SERVICES_VIEWS_ROUND_VIEWS_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "qiwang/v1/pairing_service.pb.h"
#include "services/rules/tournament/decide_play.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::views {

// The published rounds of `section_id` (empty: every section, in the
// configuration's order), or only round `round` when it is > 0.
// INVALID_ARGUMENT for a negative round; NOT_FOUND for an unknown section or
// a round not published. as_of_position is left to the caller.
absl::StatusOr<v1::ListPairingsResponse> ListPairings(
    const rules::tournament::TournamentState& state,
    const std::string& section_id, int round);

// The first round of a proposal, as it would be published: pairing numbers
// from the proposal's lots when it draws them.
absl::StatusOr<v1::RoundView> ProposalView(
    const rules::tournament::TournamentState& state,
    const rules::tournament::PairingProposal& proposal);

// Every published round of the player's section in which they are on a board
// or have the bye. NOT_FOUND for an unknown player.
absl::StatusOr<v1::GetScheduleResponse> Schedule(
    const rules::tournament::TournamentState& state, int64_t player_id);

}  // namespace qiwang::views

#endif  // QIWANG_SERVICES_VIEWS_ROUND_VIEWS_H_
