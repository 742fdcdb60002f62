// Files as a station sends them, written by the test, not by the reader
// under test: an .xlsx workbook by libxlsxwriter (as Excel or WPS would save
// it: shared strings, numbers, dates as serial numbers with a date format),
// and a zip archive of chosen parts by libzip. For tests of the ranking
// readers (tests/forms) and of the registrar's upload (tests/web).
#ifndef QIWANG_TESTS_FORMS_RANKING_FILES_H_
#define QIWANG_TESTS_FORMS_RANKING_FILES_H_

#include <map>
#include <string>
#include <variant>
#include <vector>

namespace qiwang::forms {

// A date cell: a serial number shown with the date format `format` (a
// format code such as "yyyy-mm-dd", or "" for Excel's built-in m/d/yyyy).
struct DateCell {
  int year = 0, month = 0, day = 0;
  std::string format;
};

// A cell as text (a shared string), a number, or a date; rows from row 1.
using WorkbookCell = std::variant<std::string, double, DateCell>;

// The bytes of an .xlsx whose first sheet holds `rows`.
std::string WorkbookBytes(const std::vector<std::vector<WorkbookCell>>& rows);

// The bytes of a zip archive holding `files` (name -> contents), deflated.
std::string ZipBytes(const std::map<std::string, std::string>& files);

}  // namespace qiwang::forms

#endif  // QIWANG_TESTS_FORMS_RANKING_FILES_H_
