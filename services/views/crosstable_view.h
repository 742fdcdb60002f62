// GetCrosstable as the API answers it: a section's players by pairing number,
// each round's opponent, colour and outcome letter, score and rank in the
// section's pool (R7). Pure; any caller.
#ifndef QIWANG_SERVICES_VIEWS_CROSSTABLE_VIEW_H_
#define QIWANG_SERVICES_VIEWS_CROSSTABLE_VIEW_H_

#include <string>

#include "absl/status/statusor.h"
#include "qiwang/v1/standings_service.pb.h"
#include "services/rules/core/records.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::views {

// Every published round; players without a pairing number yet (no lots
// drawn) come last, by player id. as_of_position is left for the caller.
// NOT_FOUND naming section_id for an unknown section.
absl::StatusOr<v1::GetCrosstableResponse> CrosstableView(
    const rules::tournament::TournamentState& state,
    const std::string& section_id);

// The crosstable letter of one outcome (see CrosstableCell.outcome).
const char* OutcomeLetter(rules::Outcome outcome);

}  // namespace qiwang::views

#endif  // QIWANG_SERVICES_VIEWS_CROSSTABLE_VIEW_H_
