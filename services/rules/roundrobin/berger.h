// Round-robin schedules from the FIDE Berger tables (Handbook C.05, Annex 1)
// for the professional section (R2.1, R6). Pairing numbers come from drawn
// lots (drawn_lots.h); FIDE's "white" is red here (R5.4).
#ifndef QIWANG_SERVICES_RULES_ROUNDROBIN_BERGER_H_
#define QIWANG_SERVICES_RULES_ROUNDROBIN_BERGER_H_

#include <vector>

#include "absl/status/statusor.h"

namespace qiwang::rules {

inline constexpr int kMinRoundRobinPlayers = 3;
inline constexpr int kMaxRoundRobinPlayers = 20;

// One game of a round, as pairing numbers (1-based).
struct BergerBoard {
  int red = 0;
  int black = 0;
  bool operator==(const BergerBoard&) const = default;
};

// One round: the boards in the order FIDE lists them, and the pairing number
// that sits out (the one FIDE pairs with the dummy number n + 1 when n is
// odd), or 0 when everyone plays.
struct BergerRound {
  std::vector<BergerBoard> boards;
  int bye = 0;
};

struct RoundRobinOptions {
  int cycles = 1;  // 1 = single round robin (单循环), 2 = double
  // FIDE's recommendation for a double round robin: play the last two rounds
  // of the first cycle in reverse order, so nobody gets the same colour three
  // times running across the cycle change. The second cycle repeats the
  // table in its published order with colours reversed.
  bool swap_last_two_rounds_of_first_cycle = true;
};

// The whole schedule, rounds in playing order. Pure and deterministic.
// Construction (reproduces the published tables; tested against them for
// 4..16 players): with N = n rounded up to even and M = N - 1, in table round
// r the player p with 2p = r + 1 (mod M) meets N, who is black in odd rounds
// and red in even ones; board k >= 2 pairs p + (k - 1) with p - (k - 1)
// (mod M, numbers 1..M), and red is the player from whom the opponent's
// number is an odd step forward (mod M).
// Errors: INVALID_ARGUMENT unless 3 <= player_count <= 20 and cycles is 1
// or 2.
absl::StatusOr<std::vector<BergerRound>> BergerSchedule(
    int player_count, const RoundRobinOptions& options = {});

}  // namespace qiwang::rules

#endif  // QIWANG_SERVICES_RULES_ROUNDROBIN_BERGER_H_
