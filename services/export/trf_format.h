// TrfDocument -> TRF-16 text, column for column as the FIDE specification
// places the fields (one character a column, see text_columns.h). Lines end
// with "\n"; header lines come first (012, 042, 052, 062, 092, 122, other
// tags, 132, "###" comments), then XXR, XXC, XXS, then the 001 lines in the
// document's order. Fields wider than their columns are cut (names: 33
// characters). Pure and deterministic; any caller.
#ifndef QIWANG_SERVICES_EXPORT_TRF_FORMAT_H_
#define QIWANG_SERVICES_EXPORT_TRF_FORMAT_H_

#include <string>

#include "services/export/trf_document.h"

namespace qiwang::exports {

std::string FormatTrf(const TrfDocument& document);

// The 001 line of `player`, without the line end.
std::string FormatPlayerLine(const TrfPlayer& player);

// Points in TRF's one-decimal form, right-aligned in 4 columns: 25 ->
// " 2.5", 100 -> "10.0"; whole numbers from 100 without the decimal, 1350 ->
// " 135", so that the columns after them stay in place.
std::string FormatPoints(int points_tenths);

}  // namespace qiwang::exports

#endif  // QIWANG_SERVICES_EXPORT_TRF_FORMAT_H_
