// Checks one round's pairing against the section as the decisions of
// decide_play.h need it: the pairing's shape (R6, R6.4, R4.4) and, for a
// Swiss section, the absolute rules R6.3 and N13.4 (its absolute rounds)
// through swiss/checker. Internal to
// DecidePublishRound and DecideAmendPairing.
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_ROUND_CHECK_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_ROUND_CHECK_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "google/protobuf/repeated_ptr_field.h"
#include "qiwang/v1/play_events.pb.h"
#include "services/rules/swiss/checker.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::rules::tournament {

struct RoundToCheck {
  std::string section_id;
  int round = 0;
  const google::protobuf::RepeatedPtrField<v1::Board>* boards = nullptr;
  int64_t bye_player_id = 0;
  // The pairing numbers of round 1 before its LotsDrawn is applied.
  const v1::LotsDrawn* lots = nullptr;
};

// INVALID_ARGUMENT naming the field for a malformed board (numbers not 1..n
// in order, a player against himself); FAILED_PRECONDITION naming the
// clause when someone who must play the round is missing or seated twice,
// someone else is seated (R4.4: a withdrawn player), or the bye does not
// match the count (R6.4). Otherwise the R6.3 and N13.4 violations, each
// naming its players (always none for a round robin).
absl::StatusOr<std::vector<swiss::Violation>> CheckRound(
    const TournamentState& state, const RoundToCheck& round);

// `refusal` naming refusal `kind` with the values of `violations`: "section",
// "round", and "violations" (base/refusal_kinds.h).
absl::Status WithViolations(absl::Status refusal, absl::string_view kind,
                            const std::string& section_id, int round,
                            const std::vector<swiss::Violation>& violations);

// The violations' messages joined by "; ".
std::string JoinViolations(const std::vector<swiss::Violation>& violations);

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_ROUND_CHECK_H_
