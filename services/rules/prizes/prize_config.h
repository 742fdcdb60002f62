// What a tournament awards per ranking category (R8): plain configuration
// values, filled by the ledger from the tournament's configuration events.
#ifndef QIWANG_SERVICES_RULES_PRIZES_PRIZE_CONFIG_H_
#define QIWANG_SERVICES_RULES_PRIZES_PRIZE_CONFIG_H_

#include <cstdint>
#include <string>
#include <vector>

#include "services/rules/core/records.h"

namespace qiwang::rules {

// How players who share a rank (R7.3, no lots drawn) are paid.
enum class SharedRankMoney : uint8_t {
  // Default, common practice: the tied players share equally the sum of the
  // prizes of the places they occupy (two players tied 4th in a table of
  // 1500, 800 split 2300: 1150 each), in fen, rounded down; the fen left
  // over are reported, never silently paid.
  kSplitEqually,
  // Option: refuse (FAILED_PRECONDITION) while a shared rank covers a paid
  // place, so that the chief arbiter draws lots (R7.3) first.
  kRequireLots,
};

// One ranking category, e.g. "open men" or "senior men" (R2.3, R8.1).
struct CategoryPrizes {
  std::string category;             // names the ranking it reads
  std::vector<int64_t> money_yuan;  // [0] for rank 1, [1] for rank 2, ...
  // Trophies or medals by rank ([0] for rank 1): amateur top three a
  // trophy; professional the King trophy, a silver and a bronze medal.
  std::vector<std::string> trophies;
  bool certificates = true;  // every prize winner gets a certificate
  int final_places = 0;      // R8.2: places in the national final
  // R8.3: players who declined their final place (a logged input).
  std::vector<PlayerId> declined_places;
};

struct PrizeConfig {
  std::vector<CategoryPrizes> categories;
  SharedRankMoney shared_rank_money = SharedRankMoney::kSplitEqually;
};

}  // namespace qiwang::rules

#endif  // QIWANG_SERVICES_RULES_PRIZES_PRIZE_CONFIG_H_
