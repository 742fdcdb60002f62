// TrfDocument -> TRF-16 or TRF-2026 text (the document's version), column
// for column as the FIDE specification places the fields (one character a
// column, see text_columns.h). Lines end with "\n"; header lines come first
// (012, 042, 052, 062, 092, 122, other tags, 132; TRF-2026: 142, 152, 162,
// 192, 202, 212), "###" comments, then TRF-16's XXR, XXC, XXS, then the 001
// lines in the document's order, each followed by its "### name NNNN ..."
// line when the player has a local name. Fields wider than their columns
// are cut (names: 33 characters). Pure and deterministic; any caller.
#ifndef QIWANG_SERVICES_TRF_TRF_FORMAT_H_
#define QIWANG_SERVICES_TRF_TRF_FORMAT_H_

#include <string>

#include "absl/strings/string_view.h"
#include "services/trf/trf_document.h"

namespace qiwang::exports {

// The comment after a 001 line that carries the player's own-script name:
// "### name 0001 王天一" (what follows "###").
inline constexpr absl::string_view kLocalNameMarker = " name ";

std::string FormatTrf(const TrfDocument& document);

// The 001 line of `player`, without the line end.
std::string FormatPlayerLine(const TrfPlayer& player);

// Points in TRF's one-decimal form, right-aligned in 4 columns: 25 ->
// " 2.5", 100 -> "10.0"; whole numbers from 100 without the decimal, 1350 ->
// " 135", so that the columns after them stay in place.
std::string FormatPoints(int points_tenths);

}  // namespace qiwang::exports

#endif  // QIWANG_SERVICES_TRF_TRF_FORMAT_H_
