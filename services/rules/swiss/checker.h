// Re-checks any pairing of a Swiss round (the engine's, a hand-made one, or
// one amended by the pairing officer, R6.6): reports EVERY violation of the
// absolute rules R6.3 and, in its absolute rounds, N13.4 (and of the
// pairing's shape: everyone paired once, the bye only when the count is odd,
// no withdrawn player, R4.4/R6.4), each with the players concerned, and
// computes the R6.5 cost vector with N13.4's weak criterion
// (cost_vector.h).
// The cost is computed player by player from the boards, independently of
// the engine's edge weights, so it can judge the engine. Pure; any caller.
#ifndef QIWANG_SERVICES_RULES_SWISS_CHECKER_H_
#define QIWANG_SERVICES_RULES_SWISS_CHECKER_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "services/rules/core/records.h"
#include "services/rules/swiss/cost_vector.h"
#include "services/rules/swiss/section.h"
#include "services/rules/swiss/swiss_config.h"

namespace qiwang::rules::swiss {

struct Violation {
  std::string rule;  // "R6.3", "N13.4", "R6.4", "R4.4"
  // What was broken, for readers in other words than `message`:
  // "already_met", "same_unit", "colour_third_time", "colour_imbalance",
  // "second_bye" (the rules), "paired_twice", "withdrawn", "bye_parity",
  // "unpaired" (the pairing's shape).
  std::string kind;
  std::vector<PlayerId> players;
  std::string colour;   // "red" or "black" for the colour kinds, else ""
  std::string message;  // starts with the rule, names the players
};

struct PairingCheck {
  std::vector<Violation> violations;
  CostVector cost;
  bool legal() const { return violations.empty(); }
};

// INVALID_ARGUMENT when the pairing names a player who is not in the
// section or seats a player against himself; rule breaches are violations.
absl::StatusOr<PairingCheck> CheckPairing(const Section& section,
                                          const RoundPairing& pairing);
absl::StatusOr<PairingCheck> CheckPairing(
    const std::vector<PlayerRecord>& players, int round,
    const SwissConfig& config, const RoundPairing& pairing);

}  // namespace qiwang::rules::swiss

#endif  // QIWANG_SERVICES_RULES_SWISS_CHECKER_H_
