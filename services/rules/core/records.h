// The vocabulary every rules engine shares: a player's history in one section,
// round by round, and how outcomes score (R5). Plain values, no I/O; the
// ledger builds them by folding the event log, the engines read them.
#ifndef QIWANG_SERVICES_RULES_CORE_RECORDS_H_
#define QIWANG_SERVICES_RULES_CORE_RECORDS_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace qiwang::rules {

using PlayerId = int64_t;
inline constexpr PlayerId kNoPlayer = 0;  // valid ids are > 0

// Red moves first (R5.4); black is the second mover (后走).
enum class Colour : uint8_t { kRed, kBlack };

inline Colour Opposite(Colour c) {
  return c == Colour::kRed ? Colour::kBlack : Colour::kRed;
}

// What one round meant for one player (R5.3), seen from that player.
enum class Outcome : uint8_t {
  kWin,            // over the board
  kDraw,           // over the board
  kLoss,           // over the board
  kForfeitWin,     // opponent absent (对方弃权): scores as a win, no game
  kForfeitLoss,    // this player absent: scores as a loss, no game
  kDoubleForfeit,  // both absent: 0 each, no game
  kBye,            // unpaired in an odd section (R6.4): scores as configured
  kAbsent,         // not paired at all (withdrawn, not yet entered): 0
  kPending,        // paired, no result yet
};

// True for games actually played over the board: only these count as colour
// history (R6.3) and as games with black (R7.1).
inline bool PlayedOverTheBoard(Outcome o) {
  return o == Outcome::kWin || o == Outcome::kDraw || o == Outcome::kLoss;
}

// The same round seen from the opponent's side: a win is their loss, a
// forfeit win their forfeit loss; draws, double forfeits and pending games
// are the same for both.
inline Outcome MirrorOutcome(Outcome o) {
  switch (o) {
    case Outcome::kWin:
      return Outcome::kLoss;
    case Outcome::kLoss:
      return Outcome::kWin;
    case Outcome::kForfeitWin:
      return Outcome::kForfeitLoss;
    case Outcome::kForfeitLoss:
      return Outcome::kForfeitWin;
    default:
      return o;
  }
}

// One round of one player. `opponent` is set whenever the player was paired
// with someone, including forfeits; kNoPlayer for a bye or absence. `colour`
// is set whenever there was an opponent (a forfeit still had a board colour).
struct RoundRecord {
  PlayerId opponent = kNoPlayer;
  std::optional<Colour> colour;
  Outcome outcome = Outcome::kAbsent;
};

// Points per outcome (R5.1, R5.3, R6.4); integers so that sums are exact.
// A draw may be worth different points to each colour (2011 rules 13.3):
// Points(round) reads the colour, PointsFor(outcome) does not (`draw`).
struct Scoring {
  int win = 2;
  int draw = 1;
  int loss = 0;
  int forfeit_win = 2;
  int forfeit_loss = 0;
  int double_forfeit = 0;
  int bye = 2;
  int absent = 0;
  std::optional<int> draw_as_red;    // unset: `draw`
  std::optional<int> draw_as_black;  // unset: `draw`

  int PointsFor(Outcome o) const {
    switch (o) {
      case Outcome::kWin:
        return win;
      case Outcome::kDraw:
        return draw;
      case Outcome::kLoss:
        return loss;
      case Outcome::kForfeitWin:
        return forfeit_win;
      case Outcome::kForfeitLoss:
        return forfeit_loss;
      case Outcome::kDoubleForfeit:
        return double_forfeit;
      case Outcome::kBye:
        return bye;
      case Outcome::kAbsent:
        return absent;
      case Outcome::kPending:
        return 0;
    }
    return 0;
  }
  // The points the player scored in `round`: as PointsFor, but a draw is
  // worth the points of the colour the player had.
  int Points(const RoundRecord& round) const {
    if (round.outcome == Outcome::kDraw && round.colour.has_value()) {
      const std::optional<int>& by_colour =
          *round.colour == Colour::kRed ? draw_as_red : draw_as_black;
      return by_colour.value_or(draw);
    }
    return PointsFor(round.outcome);
  }
};

// A player's whole history in one section.
struct PlayerRecord {
  PlayerId id = kNoPlayer;
  int pairing_number = 0;           // 1-based, from drawn lots or seeding
  std::vector<RoundRecord> rounds;  // rounds[i] is round i + 1
  int fouls = 0;                    // R5.5, counted by R7.1 (fewer first)
  bool withdrawn = false;           // R4.4: not paired from the next round on
  // The unit the player represents (代表单位, N13.4); empty: none, never
  // "the same" as anyone's.
  std::string unit;

  int Score(const Scoring& scoring) const {
    int total = 0;
    for (const RoundRecord& r : rounds) total += scoring.Points(r);
    return total;
  }
  // Score after the first `round_count` rounds (R7.2).
  int ScoreAfter(int round_count, const Scoring& scoring) const {
    int total = 0;
    for (int i = 0; i < round_count && i < static_cast<int>(rounds.size());
         ++i) {
      total += scoring.Points(rounds[i]);
    }
    return total;
  }
};

}  // namespace qiwang::rules

#endif  // QIWANG_SERVICES_RULES_CORE_RECORDS_H_
