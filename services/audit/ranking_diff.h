// The standings and prizes of two worlds compared player by player (R9.4):
// every ranking category that holds a player concerned in either world, and
// a section's own pool for a concerned player no such category holds.
// Pure; any caller.
#ifndef QIWANG_SERVICES_AUDIT_RANKING_DIFF_H_
#define QIWANG_SERVICES_AUDIT_RANKING_DIFF_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "qiwang/v1/audit_service.pb.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::audit {

// `before`: without the ruling (or the appeal dismissed); `after`: with it
// (or upheld). Rankings in configuration order, categories first; players
// in the "after" order, then those ranked only before. A player's prize is
// the money of their awards in the category (PrizesView), and their final
// place whether the category sends them to the national final (R8.2);
// section pools have neither. `changed` is set when rank, score, a
// tie-break value, prize or final place differ, or the player is ranked in
// one world only. The standings or prizes views' errors are answered as
// they are.
absl::StatusOr<std::vector<v1::RankingDiff>> DiffRankings(
    const rules::tournament::TournamentState& before,
    const rules::tournament::TournamentState& after,
    absl::Span<const int64_t> player_ids);

}  // namespace qiwang::audit

#endif  // QIWANG_SERVICES_AUDIT_RANKING_DIFF_H_
