#include "services/views/tie_break_kind.h"

namespace qiwang::views {

v1::TieBreakKind ToTieBreakKind(rules::TieBreak kind) {
  using rules::TieBreak;
  switch (kind) {
    case TieBreak::kOpponentsScore:
      return v1::TIE_BREAK_KIND_OPPONENTS_SCORE;
    case TieBreak::kWins:
      return v1::TIE_BREAK_KIND_WINS;
    case TieBreak::kFewerFouls:
      return v1::TIE_BREAK_KIND_FEWER_FOULS;
    case TieBreak::kGamesWithBlack:
      return v1::TIE_BREAK_KIND_GAMES_WITH_BLACK;
    case TieBreak::kPreviousRounds:
      return v1::TIE_BREAK_KIND_PREVIOUS_ROUNDS;
    case TieBreak::kBuchholz:
      return v1::TIE_BREAK_KIND_BUCHHOLZ;
    case TieBreak::kBuchholzCut1:
      return v1::TIE_BREAK_KIND_BUCHHOLZ_CUT1;
    case TieBreak::kMedianBuchholz:
      return v1::TIE_BREAK_KIND_MEDIAN_BUCHHOLZ;
    case TieBreak::kSonnebornBerger:
      return v1::TIE_BREAK_KIND_SONNEBORN_BERGER;
    case TieBreak::kDirectEncounter:
      return v1::TIE_BREAK_KIND_DIRECT_ENCOUNTER;
    case TieBreak::kCumulativeScore:
      return v1::TIE_BREAK_KIND_CUMULATIVE_SCORE;
    case TieBreak::kWinsWithBlack:
      return v1::TIE_BREAK_KIND_WINS_WITH_BLACK;
  }
  return v1::TIE_BREAK_KIND_UNSPECIFIED;
}

}  // namespace qiwang::views
