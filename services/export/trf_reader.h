// TRF-16 or TRF-2026 text -> TrfDocument: our own strict reader of what
// trf_writer writes and of other programs' files (the 001 lines, 012, 042,
// 052, 062, 092, 122, 132, XXR, XXC, XXS, and TRF-2026's 142, 152, 162, 192,
// 202, 212, whose presence makes the document TRF-2026; other header tags
// are kept as text; a "### name NNNN ..." comment right after the 001 line
// of starting rank NNNN is that player's local name).
// A column is one UTF-8 character (text_columns.h). Lines end with "\n" or
// "\r\n"; blank lines are skipped; fields past the end of a line read as
// blanks. Anything else that does not fit the specification is
// INVALID_ARGUMENT naming the line number, the columns and the field, and
// nothing is returned. Safe on any input: no undefined behaviour, memory
// linear in the input, inputs above kMaxTrfBytes refused. Pure; any caller.
#ifndef QIWANG_SERVICES_EXPORT_TRF_READER_H_
#define QIWANG_SERVICES_EXPORT_TRF_READER_H_

#include <cstddef>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "services/export/trf_document.h"

namespace qiwang::exports {

inline constexpr size_t kMaxTrfBytes = 4 << 20;

// Besides each line's own checks: starting-rank numbers are unique, every
// opponent is a player of the file and not the player, and the single-valued
// header lines (012, 042, 052, 062, 092, 122, 132, 142, 152, 162, 192, 202,
// 212, XXR, XXC, XXS) appear at most once; 012 is required.
absl::StatusOr<TrfDocument> ReadTrf(absl::string_view text);

}  // namespace qiwang::exports

#endif  // QIWANG_SERVICES_EXPORT_TRF_READER_H_
