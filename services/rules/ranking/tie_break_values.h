// The value of each tie-break for one player of a validated Pool, as
// defined (with the counting of byes, forfeits and absences) in
// tie_break.h. Pure functions; callers are the ranking and its tests.
#ifndef QIWANG_SERVICES_RULES_RANKING_TIE_BREAK_VALUES_H_
#define QIWANG_SERVICES_RULES_RANKING_TIE_BREAK_VALUES_H_

#include <cstdint>
#include <vector>

#include "absl/types/span.h"
#include "services/rules/ranking/pool.h"
#include "services/rules/ranking/tie_break.h"

namespace qiwang::rules {

// The value of a tie-break that depends on the player alone (every kind but
// kDirectEncounter and kPreviousRounds). Higher is better except for
// kFewerFouls, which is the plain foul count.
int64_t PlayerTieBreak(TieBreak kind, const Pool& pool, int index,
                       const RankingConfig& config);

// R7.2: the values compared, in comparison order: scores after rounds
// ..., 1 (kCumulativeScores); the points of rounds R, R-1, ...,
// 1 (kSingleRoundResults); 累进分 of rounds 2..R, 3..R, ..., R
// (kCumulativeWithoutFirstRounds); R being pool.round_count(). Written to
// `key`, whose size is PreviousRoundsKeyLength (the same for every player).
int PreviousRoundsKeyLength(const Pool& pool, const RankingConfig& config);
void PreviousRoundsKey(const Pool& pool, int index, const RankingConfig& config,
                       absl::Span<int64_t> key);

// Points each member of `group` (pool indices) scored against the other
// members, over the board or by forfeit; all zero unless every pair of the
// group has met (then the encounter cannot separate them fairly).
std::vector<int64_t> DirectEncounterPoints(const Pool& pool,
                                           absl::Span<const int> group,
                                           const RankingConfig& config);

}  // namespace qiwang::rules

#endif  // QIWANG_SERVICES_RULES_RANKING_TIE_BREAK_VALUES_H_
