// The older national rules' 20.3 as a round-robin option (R4.4): a player
// who withdraws after fewer than half of their games has every result
// cancelled; one who played at least half keeps them, and every game left
// without a result is lost by forfeit. Pure: it rewrites records folded
// from the log, never the log.
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_ROUND_ROBIN_WITHDRAWAL_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_ROUND_ROBIN_WITHDRAWAL_H_

#include <string>
#include <vector>

#include "absl/types/span.h"
#include "services/rules/core/records.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::rules::tournament {

// A player who withdrew during a round robin. A round robin publishes every
// round at once, so the withdrawal's from_round lies past the last round
// and tells nothing here: the results recorded do.
struct RoundRobinWithdrawn {
  PlayerId player = kNoPlayer;
  int scheduled_games = 0;  // boards of the whole published schedule
};

// Games played are the player's over-the-board games in the records.
// Cancelled: the player's rounds and the opponents' rounds against the
// player become kAbsent (no opponent, no points). Kept: every kPending game
// of the player becomes a forfeit win for the opponent (a result recorded
// later for a game the player did play replaces it). Players not in
// `records` are passed over.
void ApplyRoundRobinWithdrawals(absl::Span<const RoundRobinWithdrawn> withdrawn,
                                std::vector<PlayerRecord>& records);

// The withdrawals the option applies to in section `section_id`: none
// unless it is a round robin configured with
// ROUND_ROBIN_WITHDRAWAL_CANCEL_BELOW_HALF; otherwise its players withdrawn
// after round 1, in player id order.
std::vector<RoundRobinWithdrawn> RoundRobinWithdrawals(
    const TournamentState& state, const std::string& section_id);

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_ROUND_ROBIN_WITHDRAWAL_H_
