// RulingHistory (R9.4): the chain of events about one ruling, one player or
// one board, oldest first: the rulings, the later results and corrections on
// the same board, the appeals against any of them and the committee's
// decisions, each with its full envelope (who, role, when, why). Pure over
// the folded state and its stream up to the same position; any caller.
#ifndef QIWANG_SERVICES_AUDIT_HISTORY_H_
#define QIWANG_SERVICES_AUDIT_HISTORY_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "qiwang/v1/audit_service.pb.h"
#include "services/audit/stream_index.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::audit {

// The ruling, every later result or correction on its board (for a ruling on
// a board's result), the appeals against any of these and their decisions.
// NOT_FOUND naming ruling_id when the tournament has no such ruling.
absl::StatusOr<std::vector<v1::HistoryEntry>> RulingHistory(
    const rules::tournament::TournamentState& state, const StreamIndex& stream,
    const std::string& ruling_id);

// Every ruling that concerns the player (RulingRef::player_ids), the appeals
// against them and their decisions. NOT_FOUND naming player_id for a player
// the tournament does not have.
absl::StatusOr<std::vector<v1::HistoryEntry>> PlayerHistory(
    const rules::tournament::TournamentState& state, const StreamIndex& stream,
    int64_t player_id);

// Every ruling on the board (results, forfeits, corrections), the appeals
// against them and their decisions. NOT_FOUND naming the board when it is not
// published.
absl::StatusOr<std::vector<v1::HistoryEntry>> BoardHistory(
    const rules::tournament::TournamentState& state, const StreamIndex& stream,
    const v1::BoardRef& board);

}  // namespace qiwang::audit

#endif  // QIWANG_SERVICES_AUDIT_HISTORY_H_
