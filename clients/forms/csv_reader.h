// A reader of comma-separated values by RFC 4180: fields separated by ",",
// records by CRLF or LF; a field in double quotes may hold commas, quotes
// (doubled: "") and line breaks. Pure; any caller (station rankings are
// read with it: station_ranking.h).
#ifndef QIWANG_CLIENTS_FORMS_CSV_READER_H_
#define QIWANG_CLIENTS_FORMS_CSV_READER_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace qiwang::forms {

struct CsvRecord {
  int line = 0;  // where the record starts, from 1
  std::vector<std::string> fields;
};

// The records of `text` in order; a blank line is a record of one empty
// field, and the line break after the last record is optional.
// INVALID_ARGUMENT naming the line for a quote that is never closed or a
// closing quote followed by anything but a comma or the record's end.
absl::StatusOr<std::vector<CsvRecord>> ReadCsv(absl::string_view text);

}  // namespace qiwang::forms

#endif  // QIWANG_CLIENTS_FORMS_CSV_READER_H_
