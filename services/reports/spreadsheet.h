// A section's results as an Excel workbook (.xlsx, via libxlsxwriter) for
// organisers: standings with every tie-break, the crosstable, the pairings and
// the prize list, one sheet each, headed in Chinese and English. Pure function
// of the read views it is given (the same messages the read RPCs answer), so
// the workbook never shows what a reader could not read. Any thread.
#ifndef QIWANG_SERVICES_REPORTS_SPREADSHEET_H_
#define QIWANG_SERVICES_REPORTS_SPREADSHEET_H_

#include <string>

#include "absl/status/statusor.h"
#include "qiwang/v1/pairing_service.pb.h"
#include "qiwang/v1/standings_service.pb.h"

namespace qiwang::exports {

struct SectionViews {
  v1::GetStandingsResponse standings;
  v1::GetCrosstableResponse crosstable;
  v1::ListPairingsResponse pairings;
  v1::GetPrizesResponse prizes;
};

// The workbook's bytes. UNAVAILABLE when the temporary file it is written
// through cannot be made (the message names the folder).
absl::StatusOr<std::string> WriteSectionWorkbook(const SectionViews& views);

}  // namespace qiwang::exports

#endif  // QIWANG_SERVICES_REPORTS_SPREADSHEET_H_
