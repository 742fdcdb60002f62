// Configuration and result types of the Swiss pairing engine (R6.1-R6.5).
// Plain values; every field is data from the tournament configuration.
#ifndef QIWANG_SERVICES_RULES_SWISS_SWISS_CONFIG_H_
#define QIWANG_SERVICES_RULES_SWISS_SWISS_CONFIG_H_

#include <cstdint>
#include <vector>

#include "services/rules/core/records.h"

namespace qiwang::rules::swiss {

// R6.1: how round 1 is paired, in pairing-number order.
enum class Round1Method : uint8_t {
  kTopHalfVsBottomHalf,  // 1 vs n/2+1, 2 vs n/2+2, ... (the regulation)
  kAdjacent,             // 1 vs 2, 3 vs 4, ... (configuration option)
};

// N13.4 (2011 rules, 同单位回避): players of one unit (PlayerRecord.unit,
// non-empty) in rounds 1..absolute_rounds are never paired; in later rounds,
// with weak_in_later_rounds, the pairing with fewest such boards wins among
// those equal on every R6.5 criterion.
struct SameUnitAvoidance {
  int absolute_rounds = 0;
  bool weak_in_later_rounds = false;
};

// How N13.4 applies in one round.
enum class SameUnitRule : uint8_t {
  kNone,       // units are ignored
  kForbidden,  // an absolute criterion beside R6.3
  kWeak,       // the last cost criterion, after R6.5's
};

inline SameUnitRule SameUnitRuleFor(const SameUnitAvoidance& avoidance,
                                    int round) {
  if (round <= avoidance.absolute_rounds) return SameUnitRule::kForbidden;
  return avoidance.weak_in_later_rounds ? SameUnitRule::kWeak
                                        : SameUnitRule::kNone;
}

struct SwissConfig {
  Scoring scoring;  // R5.1, R5.3; scoring.bye is the bye's points (R6.4)
  Round1Method round1_method = Round1Method::kTopHalfVsBottomHalf;
  // Drawn seed (logged with the draw) deciding the colour of the higher
  // player on board 1: even -> red, odd -> black. Boards alternate from there
  // whenever colour preferences do not decide (R6.1).
  uint64_t colour_seed = 0;
  SameUnitAvoidance same_unit;  // N13.4; default: units are ignored
  // Candidate-edge window for large sections (see swiss_pairer.h). It never
  // changes the R6.5 cost of the pairing, only the work done; where several
  // pairings share the least cost, which of them the matcher returns may
  // depend on it (503 of 3,000 random histories differ between widths 1 and
  // 16), so every event is paired with this one width, never one chosen by
  // load. Tests shrink it to exercise the widening path.
  int candidate_window = 16;
};

inline Colour Board1Colour(uint64_t colour_seed) {
  return colour_seed % 2 == 0 ? Colour::kRed : Colour::kBlack;
}

struct Board {
  PlayerId red = kNoPlayer;
  PlayerId black = kNoPlayer;
};

// A round's pairing: boards in board order, and the bye (kNoPlayer if none).
struct RoundPairing {
  std::vector<Board> boards;
  PlayerId bye = kNoPlayer;
};

}  // namespace qiwang::rules::swiss

#endif  // QIWANG_SERVICES_RULES_SWISS_SWISS_CONFIG_H_
