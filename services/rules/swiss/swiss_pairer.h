// The Swiss pairing engine (RULES.md R6.1-R6.5). Pure and deterministic: the
// same records, round and configuration always give the same pairing; no
// clock, no random source (the colour seed is an argument). Any caller.
//
// Round 1 (R6.1) is built directly: pairing-number order, top half against
// bottom half (or adjacent pairs, by configuration), colours alternating by
// board from the seeded colour of board 1; with an odd count the last player
// has the bye (R6.4). This is also the optimum of the cost vector. When
// N13.4 forbids one of its boards (two players of one unit in an absolute
// round), round 1 is paired like a later round instead: the cost vector's
// optimum among the pairings without such a board (for kAdjacent too, whose
// order the cost vector does not know).
//
// Later rounds (R6.2-R6.5): a minimum-cost perfect matching (LEMON,
// matching/) over the pairs R6.3 and N13.4 allow, each edge costed by
// edge_weight.h, plus a dummy node whose edges go to the players without a bye.
// The result minimises the cost vector of cost_vector.h over every pairing that
// satisfies R6.3 (and N13.4 in its absolute rounds). Colours per board follow
// the same priorities; when both colourings cost the same, the higher player
// gets the board-1 colour on odd boards and the other colour on even boards.
// Boards are ordered by their higher player in R6.2 order.
//
// Large sections: the matching is first solved on candidate edges only
// (inside a score group near the top-half/bottom-half partner, and from each
// player to the top of the next few groups, plus sparse probes further out;
// see candidate_window.h). The restricted optimum is then
// proved optimal for ALL legal pairs by LP duality: LEMON's dual solution
// must satisfy every omitted legal pair's constraint. Pairs that break it
// are added to the graph and the matching is solved again (a few times per
// window); if the restricted graph has no perfect matching, or the pairs
// keep coming, the window doubles, up to the complete graph.
#ifndef QIWANG_SERVICES_RULES_SWISS_SWISS_PAIRER_H_
#define QIWANG_SERVICES_RULES_SWISS_SWISS_PAIRER_H_

#include <vector>

#include "absl/status/statusor.h"
#include "services/rules/core/records.h"
#include "services/rules/swiss/cost_vector.h"
#include "services/rules/swiss/swiss_config.h"

namespace qiwang::rules::swiss {

struct PairedRound {
  RoundPairing pairing;
  CostVector cost;      // as computed by the checker
  int solver_runs = 0;  // matchings solved (1 unless pairs were added)
};

// Pairs round `round` (1-based) of a Swiss section. Withdrawn players are
// not paired. INVALID_ARGUMENT for malformed records (see Section::Build);
// FAILED_PRECONDITION "R6.3: no legal pairing: ..." naming the players who
// cannot be paired when no pairing satisfies R6.3 and, in its absolute
// rounds, N13.4 (the message then names N13.4); nothing is paired, as R6.5
// says, and units never relax into the weak criterion.
absl::StatusOr<PairedRound> PairSwissRound(
    const std::vector<PlayerRecord>& players, int round,
    const SwissConfig& config);

}  // namespace qiwang::rules::swiss

#endif  // QIWANG_SERVICES_RULES_SWISS_SWISS_PAIRER_H_
