#include "services/reports/report_table.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"

namespace qiwang::exports {
namespace {

std::string CsvCell(const std::string& cell) {
  if (cell.find_first_of(",\"\r\n") == std::string::npos) return cell;
  return absl::StrCat("\"", absl::StrReplaceAll(cell, {{"\"", "\"\""}}), "\"");
}

std::string CsvRow(const std::vector<std::string>& cells) {
  return absl::StrCat(
      absl::StrJoin(cells, ",",
                    [](std::string* out, const std::string& cell) {
                      out->append(CsvCell(cell));
                    }),
      "\r\n");
}

std::string MarkdownRow(const std::vector<std::string>& cells) {
  return absl::StrCat(
      "| ",
      absl::StrJoin(cells, " | ",
                    [](std::string* out, const std::string& cell) {
                      out->append(absl::StrReplaceAll(cell, {{"|", "\\|"},
                                                             {"\r\n", "<br>"},
                                                             {"\n", "<br>"},
                                                             {"\r", "<br>"}}));
                    }),
      " |\n");
}

}  // namespace

std::string CsvOf(const ReportTable& table) {
  std::string out = CsvRow(table.header);
  for (const std::vector<std::string>& row : table.rows) {
    out.append(CsvRow(row));
  }
  return out;
}

std::string MarkdownOf(const ReportTable& table) {
  std::string out = MarkdownRow(table.header);
  out.append("|");
  for (size_t i = 0; i < table.header.size(); ++i) out.append(" --- |");
  out.append("\n");
  for (const std::vector<std::string>& row : table.rows) {
    out.append(MarkdownRow(row));
  }
  return out;
}

}  // namespace qiwang::exports
