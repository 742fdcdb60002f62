// WhatIf (R9.4): standings and prizes with and without a ruling, or with an
// appeal upheld versus dismissed, as a diff of the rankings that hold a
// player the ruling concerns (ranking_diff.h). The worlds are the
// tournament's stream up to the read position folded again (world.h).
// as_of_position is left for the caller. Pure; any caller.
#ifndef QIWANG_SERVICES_AUDIT_WHAT_IF_H_
#define QIWANG_SERVICES_AUDIT_WHAT_IF_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "qiwang/v1/audit_service.pb.h"
#include "services/audit/stream_index.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::audit {

// INVALID_ARGUMENT naming the field: no subject, an empty ruling_id, an
// appeal_number below 1 or a remedy kind the proto does not have.
absl::Status CheckWhatIf(const v1::WhatIfRequest& request);

// Before: `stream` without the ruling (and without every later event that no
// longer applies, listed as skipped); after: `state`, the stream as it is.
// REQUIRES: `state` is the fold of `stream`. NOT_FOUND naming ruling_id for
// an unknown ruling.
absl::StatusOr<v1::WhatIfResponse> WhatIfWithoutRuling(
    const rules::tournament::TournamentState& state, const StreamIndex& stream,
    const std::string& ruling_id);

// Before (dismissed): `stream` without the appeal's decision, if decided.
// After (upheld): with a remedy in `hypothesis`, the dismissed world plus
// the decision DecideAppeal would record for it (an arbitration committee
// member who made no ruling, votes 1-0, reasoning "what-if"; its refusal is
// answered as it is); without one, the stream as recorded, whose decision
// must be upheld (FAILED_PRECONDITION otherwise). NOT_FOUND naming
// appeal_number for an unknown appeal.
absl::StatusOr<v1::WhatIfResponse> WhatIfAppeal(
    const rules::tournament::TournamentState& state, const StreamIndex& stream,
    const v1::AppealHypothesis& hypothesis);

}  // namespace qiwang::audit

#endif  // QIWANG_SERVICES_AUDIT_WHAT_IF_H_
