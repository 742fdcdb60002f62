// Rulings, appeals and history entries as AuditService answers them (R9.4):
// the folded state's RulingRef / AppealEntry with the envelope of their
// events (reason, time) and one-line summaries in English and Chinese
// (services/reports/event_summary.h). Pure; any caller.
#ifndef QIWANG_SERVICES_AUDIT_RULING_VIEW_H_
#define QIWANG_SERVICES_AUDIT_RULING_VIEW_H_

#include <string>

#include "absl/status/statusor.h"
#include "qiwang/v1/audit_service.pb.h"
#include "services/audit/stream_index.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::audit {

// The ruling `ruling_id` of the state, or NOT_FOUND naming ruling_id.
absl::StatusOr<const rules::tournament::RulingRef*> FindRuling(
    const rules::tournament::TournamentState& state,
    const std::string& ruling_id);

// RESULT, FORFEIT and CORRECTION: rulings on a board's result.
bool IsBoardResult(v1::RulingKind kind);

// Whether the ruling still stands in `state`: a result on a board stands
// while the board's standing result is the one it set (a correction, an
// upheld RESULT_CHANGED or GAME_REPLAYED replaces it); a foul while no
// upheld appeal removed it; every other ruling stands.
bool RulingStands(const rules::tournament::TournamentState& state,
                  const rules::tournament::RulingRef& ruling);

// The ruling with the reason and summaries of its event in `stream` and the
// numbers of the appeals filed against it.
v1::RulingView RulingViewOf(const rules::tournament::TournamentState& state,
                            const StreamIndex& stream,
                            const rules::tournament::RulingRef& ruling);

// The appeal, its ruling, and once decided the decision with its time and
// reasoning (the envelope's reason). appellant_name is the player's name,
// or the filing official's user when the official appealed.
v1::AppealView AppealViewOf(const rules::tournament::TournamentState& state,
                            const StreamIndex& stream,
                            const rules::tournament::AppealEntry& appeal);

v1::HistoryEntry HistoryEntryOf(const rules::tournament::TournamentState& state,
                                const v1::Event& event);

}  // namespace qiwang::audit

#endif  // QIWANG_SERVICES_AUDIT_RULING_VIEW_H_
