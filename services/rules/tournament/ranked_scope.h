// A ranking scope ranked on the folded state (R7): the pool's records as the
// engines see them and the ranking engine's standings. Pure; any caller.
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_RANKED_SCOPE_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_RANKED_SCOPE_H_

#include <vector>

#include "absl/status/statusor.h"
#include "services/rules/core/records.h"
#include "services/rules/ranking/ranking.h"
#include "services/rules/ranking/ranking_scope.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::rules::tournament {

struct RankedScope {
  RankingScope scope;
  // Every player of the scope's sections (opponents' scores read the whole
  // pool, R2.3), rounds 1..the rounds asked for, with a round robin's
  // withdrawals applied as configured (round_robin_withdrawal.h).
  std::vector<rules::PlayerRecord> pool;
  rules::RankingConfig config;  // of the scope's first section
  // The scope's players only (its genders), best first.
  rules::Standings standings;
  // The last round in which a game result counts (0: none yet).
  int after_round = 0;
};

// Ranks `scope` counting rounds 1..`after_round` (0: every published
// round; a round not published yet counts as every published one). R7.3
// lots drawn for the ranking's id or one of its sections break a shared
// rank while exactly their players share it; a lot that no longer fits
// (e.g. after an appeal) is passed over. A pool the ranking engine refuses
// is INTERNAL: the fold produced it.
absl::StatusOr<RankedScope> RankScope(
    const rules::tournament::TournamentState& state, const RankingScope& scope,
    int after_round);

// The last round of `records` in which some game has a result (a bye or
// absence is not a game result); 0 when none has.
int LastRoundWithResult(const std::vector<rules::PlayerRecord>& records);

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_RANKED_SCOPE_H_
