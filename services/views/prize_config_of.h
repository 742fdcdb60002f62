// The prize engine's configuration (R8.1, R8.2) from the tournament's ranking
// categories. Pure; any caller.
#ifndef QIWANG_SERVICES_VIEWS_PRIZE_CONFIG_OF_H_
#define QIWANG_SERVICES_VIEWS_PRIZE_CONFIG_OF_H_

#include "qiwang/v1/tournament_config.pb.h"
#include "services/rules/prizes/prize_config.h"

namespace qiwang::views {

// One CategoryPrizes per ranking category, in configuration order; trophies
// by their Chinese name (the English one when there is none). Shared ranks
// split the money (the default; the configuration has no option yet). No
// declines: they are events (R8.3), which PrizesView adds.
rules::PrizeConfig PrizeConfigOf(const v1::TournamentConfig& config);

}  // namespace qiwang::views

#endif  // QIWANG_SERVICES_VIEWS_PRIZE_CONFIG_OF_H_
