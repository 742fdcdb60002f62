// The configurable tie-break chain of R7 and its presets. Plain values; the
// ledger maps the tournament's configuration onto them.
//
// How unplayed rounds count (default reading; * = changed by an option):
// clang-format off
//                    bye    forfeit win   forfeit loss  double ff.  absent
//   score (R5)       as configured in Scoring (R5.1, R5.3, R6.4)
//   对手分 (R7.1)    0**    opp. score*   opp. score*   0           0
//   Buchholz, cuts   own    own           own           own         own
//   Sonneborn-B.     0      2 x opp.*     0             0           0
//   wins (胜局)      no     yes*          no            no          no
//   games w/ black   no     no            no            no          no
//   wins w/ black    no     no            no            no          no
//   direct enc.      -      its points    0             not met     -
//   累进分, R7.2     as scored, round by round
// clang-format on
// (* forfeit_opponents_count / forfeit_win_counts_as_win below; ** option
// bye_in_opponents_score.)
//
// Colour-dependent draws (2011 rules 13.3) count with the colour's points in
// the score, 累进分 and R7.2; Sonneborn-Berger and direct encounter do not
// read the scale's draw points (see their comments).
//
// "own score" = the player's own current score stands in for the missing
// opponent (FIDE's virtual opponent, simplified: no adjustment of the real
// opponents' unplayed rounds). A withdrawn player (R4.4) keeps the games
// already played and is ranked like anyone else: later rounds are kAbsent
// and score 0; their opponents keep counting the withdrawn player's current
// score. Pending games (no result yet) count nowhere.
#ifndef QIWANG_SERVICES_RULES_RANKING_TIE_BREAK_H_
#define QIWANG_SERVICES_RULES_RANKING_TIE_BREAK_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "services/rules/core/records.h"

namespace qiwang::rules {

enum class TieBreak : uint8_t {
  kOpponentsScore,  // 对手分 (R7.1): sum of opponents' current scores
  kWins,            // 胜局 (R7.1)
  kFewerFouls,      // 犯规 (R7.1, R5.5): fewer ranks first
  kGamesWithBlack,  // 后走局数 (R7.1, R5.4): over-the-board games as black
  kPreviousRounds,  // R7.2, reading in RankingConfig::previous_rounds
  kBuchholz,        // sum of opponents' scores, own score when unplayed
  kBuchholzCut1,    // Buchholz without the lowest contribution
  kMedianBuchholz,  // Buchholz without the highest and the lowest
  // 小分 (2011 rules 14.1) in half points: 2 x the scores of the opponents
  // beaten plus 1 x those drawn, whatever the scale; under 2/1/0 this is
  // the sum of (points earned x opponent's score).
  kSonnebornBerger,
  // 直胜: points among the tied players, if all have met; a draw counts
  // `draw` for both sides whatever the colour (a draw is no direct win).
  kDirectEncounter,
  kCumulativeScore,  // 累进分: sum of the running score after each round
  kWinsWithBlack,    // over-the-board wins as black
};

std::string_view TieBreakName(TieBreak kind);

// The two readings of R7.2 "比较前一轮成绩，以此类推".
enum class PreviousRoundsReading : uint8_t {
  // Default: higher score after round R-1, then after R-2, ... after 1.
  kCumulativeScores,
  // Option: better result in round R, then in round R-1, ... in round 1.
  kSingleRoundResults,
  // 2011 rules 14.3.2: higher 累进分 counting rounds 2..R only, then rounds
  // 3..R, ... round R only.
  kCumulativeWithoutFirstRounds,
};

// What a bye round adds to 对手分 (R7.1).
enum class ByeInOpponentsScore : uint8_t {
  kNothing,  // default (R6.4): a bye is no opponent
  // 2011 rules 14.4: Pool::lowest_score_with_points().
  kLowestWithPoints,
};

// How to rank one pool. Valid for any values; presets below.
struct RankingConfig {
  Scoring scoring;
  std::vector<TieBreak> tie_breaks;  // applied in order after the score
  PreviousRoundsReading previous_rounds =
      PreviousRoundsReading::kCumulativeScores;
  // R5.3: a forfeit win scores as a win; by default it is a 胜局 as well.
  bool forfeit_win_counts_as_win = true;
  // R7.1 "met over the board or by forfeit": forfeit opponents count in
  // 对手分 by default; false counts over-the-board opponents only.
  bool forfeit_opponents_count = true;
  ByeInOpponentsScore bye_in_opponents_score = ByeInOpponentsScore::kNothing;
};

// R7.1 + R7.2: the amateur (Swiss) sections of the 2016 regulation.
RankingConfig SwissSectionPreset();
// R7.4: the round-robin section: score, then the same chain. The bye of an
// odd round robin is a rest round every player gets once: it scores 0.
RankingConfig RoundRobinSectionPreset();
// R7.4 option: score, Sonneborn-Berger, direct encounter, then the R7.1
// chain; byes score 0 as above.
RankingConfig RoundRobinSonnebornBergerPreset();

}  // namespace qiwang::rules

#endif  // QIWANG_SERVICES_RULES_RANKING_TIE_BREAK_H_
