// ListRulings, ListAppeals and GetAppeal (R9.4) over the folded state and
// its stream up to the same position: rulings oldest first with every
// filter of the request, appeals in number order. as_of_position is left for
// the caller. Pure; any caller.
#ifndef QIWANG_SERVICES_AUDIT_LISTING_H_
#define QIWANG_SERVICES_AUDIT_LISTING_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "qiwang/v1/audit_service.pb.h"
#include "services/audit/stream_index.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::audit {

// INVALID_ARGUMENT naming round (negative), kind or appealed (values the
// proto does not have). Checked before reading, so a bad request costs
// nothing.
absl::Status CheckListRulings(const v1::ListRulingsRequest& request);
absl::Status CheckListAppeals(const v1::ListAppealsRequest& request);
absl::Status CheckGetAppeal(const v1::GetAppealRequest& request);

// REQUIRES: CheckListRulings(request) is OK. An unknown section_id is
// NOT_FOUND naming it.
absl::StatusOr<v1::ListRulingsResponse> ListRulings(
    const rules::tournament::TournamentState& state, const StreamIndex& stream,
    const v1::ListRulingsRequest& request);

v1::ListAppealsResponse ListAppeals(
    const rules::tournament::TournamentState& state, const StreamIndex& stream,
    v1::AppealStatus status);

// The appeal with the whole history of its ruling. NOT_FOUND naming
// appeal_number when the tournament has no such appeal.
absl::StatusOr<v1::GetAppealResponse> GetAppeal(
    const rules::tournament::TournamentState& state, const StreamIndex& stream,
    int appeal_number);

}  // namespace qiwang::audit

#endif  // QIWANG_SERVICES_AUDIT_LISTING_H_
