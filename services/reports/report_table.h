// A table of text cells and its two renderings: CSV by RFC 4180 (one header
// row, CRLF line ends, a cell quoted when it holds a comma, quote, CR or LF,
// quotes doubled) and a Markdown pipe table (a "|" in a cell escaped, line
// breaks as <br>). Pure; any caller.
#ifndef QIWANG_SERVICES_REPORTS_REPORT_TABLE_H_
#define QIWANG_SERVICES_REPORTS_REPORT_TABLE_H_

#include <string>
#include <vector>

namespace qiwang::exports {

struct ReportTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;  // each as wide as the header
};

std::string CsvOf(const ReportTable& table);
std::string MarkdownOf(const ReportTable& table);

}  // namespace qiwang::exports

#endif  // QIWANG_SERVICES_REPORTS_REPORT_TABLE_H_
