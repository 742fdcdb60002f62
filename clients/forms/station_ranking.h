// A station's final ranking (R3) as the registrar hands it in: records
// `rank,name,id_number,birth_date,gender[,latin_name]` as CSV lines (RFC
// 4180, csv_reader.h) or as the first worksheet's rows of an .xlsx
// (xlsx_reader.h), an optional heading record starting with "rank" or "名次"
// skipped, blank records skipped, ranks running 1, 2, 3, ... Pure; the CLI's
// `station record` and the registrar's page read a ranking with it, so both
// take the same files.
#ifndef QIWANG_CLIENTS_FORMS_STATION_RANKING_H_
#define QIWANG_CLIENTS_FORMS_STATION_RANKING_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "qiwang/v1/registration_events.pb.h"
#include "qiwang/v1/tournament_config.pb.h"

namespace qiwang::forms {

// The ranking the file `bytes` holds, best first: an xlsx when they start
// as a zip archive does (whatever the file is called), CSV otherwise (a
// UTF-8 byte order mark skipped). INVALID_ARGUMENT starting with `source`
// (the file, as the caller names it) and the line or cell, and naming the
// field that is wrong: "--ranking: a.csv:3 birth_date: not a date like
// 1980-01-31 (got '1980-13')", "a.xlsx D3 birth_date: ...".
absl::StatusOr<std::vector<v1::Person>> ReadStationRanking(
    absl::string_view bytes, absl::string_view source);

// "YYYY-MM-DD" (a station's date, a birth date); INVALID_ARGUMENT naming
// `field`.
absl::StatusOr<v1::Date> ParseDate(absl::string_view text,
                                   absl::string_view field);

// The station kinds of R3.1 by the words the CLI's --kind takes: "city",
// "enterprise", "youth"; INVALID_ARGUMENT naming `field` otherwise.
absl::StatusOr<v1::StationKind> ParseStationKind(absl::string_view text,
                                                 absl::string_view field);

}  // namespace qiwang::forms

#endif  // QIWANG_CLIENTS_FORMS_STATION_RANKING_H_
