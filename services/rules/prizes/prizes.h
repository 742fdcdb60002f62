// Prize money, trophies, certificates and national-final places from the
// standings of each ranking category (R8). Pure; the standings service
// calls it after Rank (ranking.h).
//
// Shared ranks: money per PrizeConfig::shared_rank_money; a trophy goes to
// every player whose (shared) rank has one, so two players tied 3rd both get
// the 3rd-place trophy; a final place that would fall inside a shared rank
// is refused until lots are drawn (R7.3), since places cannot be split.
// Senior places (R8.2) are whatever category the configuration gives them:
// by default "senior men" has them; the option "across both" gives them to
// a category ranked over the whole senior pool (R2.3) instead.
#ifndef QIWANG_SERVICES_RULES_PRIZES_PRIZES_H_
#define QIWANG_SERVICES_RULES_PRIZES_PRIZES_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "services/rules/prizes/prize_config.h"
#include "services/rules/ranking/ranking.h"

namespace qiwang::rules {

inline constexpr int64_t kFenPerYuan = 100;

struct Award {
  PlayerId player = kNoPlayer;
  int rank = 0;
  int64_t money_fen = 0;
  std::string trophy;  // empty: none
  bool certificate = false;
};

struct CategoryAwards {
  std::string category;
  std::vector<Award> awards;           // prize winners in standings order
  int64_t undistributed_fen = 0;       // rounding left from shared prizes
  std::vector<PlayerId> final_places;  // R8.2, in rank order
  std::vector<PlayerId> passed_over;   // R8.3, declined, in rank order
};

// One result per configured category, in configuration order.
// Errors, nothing awarded: INVALID_ARGUMENT when a category has no ranking,
// a negative amount or place count, or a decline by a player it does not
// rank; FAILED_PRECONDITION (naming R7.3) when a shared rank straddles the
// last final place, or covers a paid place under kRequireLots.
absl::StatusOr<std::vector<CategoryAwards>> AwardPrizes(
    const PrizeConfig& config,
    const std::map<std::string, Standings>& rankings);

}  // namespace qiwang::rules

#endif  // QIWANG_SERVICES_RULES_PRIZES_PRIZES_H_
