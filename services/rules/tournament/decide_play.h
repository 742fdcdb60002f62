// The commands of play (R5, R6) as pure decisions over the folded state, in
// the manner of decide.h: each answers the events to append or a status
// naming the clause that refuses it. Callers: the ledger only.
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_DECIDE_PLAY_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_DECIDE_PLAY_H_

#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "qiwang/v1/pairing_service.pb.h"
#include "qiwang/v1/play_events.pb.h"
#include "qiwang/v1/play_service.pb.h"
#include "services/rules/tournament/decide.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::rules::tournament {

// What the pairing service publishes for one section: the drawn lots (round
// 1 only) and the round(s) paired — one round of a Swiss section, or the
// whole Berger schedule of a round robin section.
struct PairingProposal {
  std::optional<v1::LotsDrawn> lots;
  std::vector<v1::RoundPaired> rounds;
};

// Re-checks a proposal before it is published: check-in closed (R4.3); the
// round is the section's next one and the previous round is complete; every
// player who must play this round appears exactly once (on a board or as the
// bye), nobody else; R6.3 holds (swiss/checker). FAILED_PRECONDITION naming
// the clause otherwise.
absl::StatusOr<Events> DecidePublishRound(const TournamentState& state,
                                          const PairingProposal& proposal,
                                          const CommandContext& context);

// R6.6: reason required; the round is published and has no result yet.
// Violations of R6.3 are refused (FAILED_PRECONDITION listing them) unless
// override_r63 is set, which only the chief arbiter may do
// (PERMISSION_DENIED otherwise).
absl::StatusOr<Events> DecideAmendPairing(
    const TournamentState& state, const v1::AmendPairingRequest& command,
    const CommandContext& context);

// R5.3: the board exists in a published round. An equal result already
// recorded answers no events (the caller answers the standing entry as a
// replay); a different one is FAILED_PRECONDITION naming the recorded
// result, who recorded it and when.
absl::StatusOr<Events> DecideRecordResult(
    const TournamentState& state, const v1::RecordResultRequest& command,
    const CommandContext& context);

// R5.3, R9.5: the board has a result and the new one differs; reason
// required.
absl::StatusOr<Events> DecideCorrectResult(
    const TournamentState& state, const v1::CorrectResultRequest& command,
    const CommandContext& context);

// R5.5: the player is in a section with that round published.
absl::StatusOr<Events> DecideRecordFoul(const TournamentState& state,
                                        const v1::RecordFoulRequest& command,
                                        const CommandContext& context);

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_DECIDE_PLAY_H_
