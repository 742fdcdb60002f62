// The first worksheet of an .xlsx workbook as rows of cell text, so a
// spreadsheet a station sends is read by the same row rules as its CSV
// (station_ranking.h). Shared and inline strings come out as written,
// numbers as the file stores them ("1", "5107001"), and a number shown with
// a date format, or an ISO 8601 date cell, as the date YYYY-MM-DD. Bounded: the
// file's size, the bytes it unpacks to (zip_entries.h), the rows and the
// columns. Pure; any caller.
#ifndef QIWANG_CLIENTS_FORMS_XLSX_READER_H_
#define QIWANG_CLIENTS_FORMS_XLSX_READER_H_

#include <cstddef>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace qiwang::forms {

struct XlsxLimits {
  // The HTTP front's default --http_max_body_bytes: what the page may upload.
  size_t max_file_bytes = 4 << 20;
  size_t max_uncompressed_bytes = 32 << 20;
  int max_rows = 5000;
  int max_columns = 64;
};

struct SheetRow {
  int row = 0;  // the sheet's row number, from 1
  // From column A to the last cell holding text; cells never written are "".
  std::vector<std::string> cells;
};

// The first worksheet's rows that hold any text, top to bottom.
// INVALID_ARGUMENT starting with `source` (the file, as the caller names it)
// and saying what is wrong, with the cell ("B7") where a cell is at fault.
absl::StatusOr<std::vector<SheetRow>> ReadFirstWorksheet(
    absl::string_view bytes, absl::string_view source,
    const XlsxLimits& limits = {});

// A cell's name as a spreadsheet shows it: column 0, row 7 is "A7".
std::string CellName(int column, int row);

}  // namespace qiwang::forms

#endif  // QIWANG_CLIENTS_FORMS_XLSX_READER_H_
