#include "services/rules/ranking/tie_break.h"

namespace qiwang::rules {

std::string_view TieBreakName(TieBreak kind) {
  switch (kind) {
    case TieBreak::kOpponentsScore:
      return "opponents_score";
    case TieBreak::kWins:
      return "wins";
    case TieBreak::kFewerFouls:
      return "fouls";
    case TieBreak::kGamesWithBlack:
      return "games_with_black";
    case TieBreak::kPreviousRounds:
      return "previous_rounds";
    case TieBreak::kBuchholz:
      return "buchholz";
    case TieBreak::kBuchholzCut1:
      return "buchholz_cut1";
    case TieBreak::kMedianBuchholz:
      return "median_buchholz";
    case TieBreak::kSonnebornBerger:
      return "sonneborn_berger";
    case TieBreak::kDirectEncounter:
      return "direct_encounter";
    case TieBreak::kCumulativeScore:
      return "cumulative_score";
    case TieBreak::kWinsWithBlack:
      return "wins_with_black";
  }
  return "unknown";
}

RankingConfig SwissSectionPreset() {
  RankingConfig config;
  config.tie_breaks = {TieBreak::kOpponentsScore, TieBreak::kWins,
                       TieBreak::kFewerFouls, TieBreak::kGamesWithBlack,
                       TieBreak::kPreviousRounds};
  return config;
}

RankingConfig RoundRobinSectionPreset() {
  RankingConfig config = SwissSectionPreset();
  config.scoring.bye = 0;
  return config;
}

RankingConfig RoundRobinSonnebornBergerPreset() {
  RankingConfig config = RoundRobinSectionPreset();
  config.tie_breaks.insert(
      config.tie_breaks.begin(),
      {TieBreak::kSonnebornBerger, TieBreak::kDirectEncounter});
  return config;
}

}  // namespace qiwang::rules
