// Tie-breaks in a TRF: FIDE's codes (Handbook C.07) of the chain's
// tie-breaks for the 202/212 lines, and the chain read back from a file.
// Pure; any caller.
#ifndef QIWANG_SERVICES_EXPORT_TRF_TIE_BREAKS_H_
#define QIWANG_SERVICES_EXPORT_TRF_TIE_BREAKS_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "qiwang/v1/tournament_config.pb.h"
#include "services/export/trf_document.h"
#include "services/export/trf_reader.h"
#include "services/rules/ranking/tie_break.h"

namespace qiwang::exports {

// The FIDE code of `kind`; empty where FIDE has none (对手分 counts 0 for a
// bye, fouls and R7.2 are this regulation's).
std::string FideCode(rules::TieBreak kind);

// The start of the comment naming the whole chain in order, e.g.
// " Tie-breaks in order: 对手分 (no FIDE code), 胜局 (WIN); ...".
inline constexpr char kTieBreakCommentPrefix[] = " Tie-breaks in order: ";

// The chain a file states: the names of our own comment when it has one
// (exact, also for tie-breaks without a FIDE code), else the 202 codes.
// Empty when the file names none. INVALID_ARGUMENT naming the 202 line and
// the code's columns for a code this server does not compute.
absl::StatusOr<std::vector<v1::TieBreakKind>> TieBreaksOf(
    const TrfDocument& document, const TrfLineNumbers& lines);

}  // namespace qiwang::exports

#endif  // QIWANG_SERVICES_EXPORT_TRF_TIE_BREAKS_H_
