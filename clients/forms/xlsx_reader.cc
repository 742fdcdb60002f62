#include "clients/forms/xlsx_reader.h"

#include <cmath>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/time/civil_time.h"
#include "clients/forms/xlsx_parts.h"
#include "clients/forms/xml_walker.h"
#include "clients/forms/zip_entries.h"

namespace qiwang::forms {
namespace {

constexpr char kWorkbook[] = "xl/workbook.xml";
constexpr char kWorkbookRelations[] = "xl/_rels/workbook.xml.rels";

// The date a serial number counts from day 0 (Excel's 1900 system counts a
// 29 February 1900 that never was, so serials from 61 on start a day early).
std::optional<std::string> SerialDate(absl::string_view value, bool date1904) {
  double serial = 0;
  if (!absl::SimpleAtod(value, &serial) || serial < 1 || serial > 2958465) {
    return std::nullopt;
  }
  const int days = static_cast<int>(std::floor(serial));
  absl::CivilDay day;
  if (date1904) {
    day = absl::CivilDay(1904, 1, 1) + days;
  } else if (days >= 61) {
    day = absl::CivilDay(1899, 12, 30) + days;
  } else if (days != 60) {
    day = absl::CivilDay(1899, 12, 31) + days;
  } else {
    return std::nullopt;
  }
  return absl::StrFormat("%04d-%02d-%02d", day.year(), day.month(), day.day());
}

// Column and row of a reference like "B7" (column from 0); nullopt when
// malformed.
std::optional<std::pair<int, int>> ParseCellName(absl::string_view name) {
  int column = 0;
  size_t at = 0;
  while (at < name.size() && absl::ascii_isupper(name[at]) && at < 3) {
    column = column * 26 + (name[at++] - 'A' + 1);
  }
  int row = 0;
  if (at == 0 || !absl::SimpleAtoi(name.substr(at), &row) || row < 1) {
    return std::nullopt;
  }
  return std::pair{column - 1, row};
}

// The worksheet's rows of text, within the limits.
class SheetWalker : public XmlWalker {
 public:
  SheetWalker(std::string source, const XlsxLimits& limits,
              const std::vector<std::string>& shared_strings,
              const std::vector<bool>& style_is_date, bool date1904)
      : source_(std::move(source)),
        limits_(limits),
        shared_strings_(shared_strings),
        style_is_date_(style_is_date),
        date1904_(date1904) {}

  std::vector<SheetRow> rows;

 protected:
  void Start(absl::string_view name, const char** attributes) override {
    if (name == "row") {
      StartRow(Attribute(attributes, "r"));
    } else if (name == "c") {
      StartCell(attributes);
    } else if (name == "v" || (name == "t" && type_ == "inlineStr")) {
      in_value_ = true;
    }
  }
  void End(absl::string_view name) override {
    if (name == "v" || name == "t") in_value_ = false;
    if (name == "c") EndCell();
    if (name == "row") EndRow();
  }
  void Text(absl::string_view text) override {
    if (in_value_) value_.append(text.data(), text.size());
  }

 private:
  void StartRow(absl::string_view number) {
    if (++rows_seen_ > limits_.max_rows) {
      return Stop(absl::InvalidArgumentError(
          absl::StrCat(source_, ": more than ", limits_.max_rows,
                       " rows in the first worksheet")));
    }
    if (!absl::SimpleAtoi(number, &row_.row) || row_.row < 1) {
      row_.row = last_row_ + 1;
    }
    last_row_ = row_.row;
    row_.cells.clear();
    column_ = 0;
  }

  void StartCell(const char** attributes) {
    const absl::string_view name = Attribute(attributes, "r");
    if (!name.empty()) {
      const std::optional<std::pair<int, int>> cell = ParseCellName(name);
      if (!cell.has_value()) {
        return Stop(absl::InvalidArgumentError(absl::StrCat(
            source_, " row ", row_.row, ": a cell named '", name, "'")));
      }
      column_ = cell->first;
    }
    if (column_ >= limits_.max_columns) {
      return Stop(absl::InvalidArgumentError(
          absl::StrCat(source_, " ", CellName(column_, row_.row), ": past the ",
                       limits_.max_columns, " columns read")));
    }
    type_ = std::string(Attribute(attributes, "t"));
    style_ = -1;
    if (!absl::SimpleAtoi(Attribute(attributes, "s"), &style_)) style_ = -1;
    value_.clear();
  }

  void EndCell() {
    std::string text = std::move(value_);
    value_.clear();
    if (type_ == "s") {
      size_t index = 0;
      if (!absl::SimpleAtoi(text, &index) || index >= shared_strings_.size()) {
        return Stop(absl::InvalidArgumentError(
            absl::StrCat(source_, " ", CellName(column_, row_.row),
                         ": names shared string '", text,
                         "', which the workbook does not hold")));
      }
      text = shared_strings_[index];
    } else if (type_ == "d") {
      // An ISO 8601 date cell: its day, without a time.
      text = text.substr(0, text.find('T'));
    } else if ((type_.empty() || type_ == "n") && style_ >= 0 &&
               static_cast<size_t>(style_) < style_is_date_.size() &&
               style_is_date_[style_]) {
      if (std::optional<std::string> date = SerialDate(text, date1904_)) {
        text = *std::move(date);
      }
    }
    if (!text.empty()) {
      if (row_.cells.size() <= static_cast<size_t>(column_)) {
        row_.cells.resize(column_ + 1);
      }
      row_.cells[column_] = std::move(text);
    }
    ++column_;
  }

  void EndRow() {
    if (!row_.cells.empty()) rows.push_back(std::move(row_));
    row_ = SheetRow();
  }

  const std::string source_;
  const XlsxLimits& limits_;
  const std::vector<std::string>& shared_strings_;
  const std::vector<bool>& style_is_date_;
  const bool date1904_;
  int rows_seen_ = 0;
  int last_row_ = 0;  // the number of the row read before, blank or not
  SheetRow row_;
  int column_ = 0;
  std::string type_;
  int style_ = -1;
  bool in_value_ = false;
  std::string value_;
};

// Reads the part `path` and walks it with `walker`; an absent part is fine
// when `optional`.
absl::Status WalkPart(ZipEntries& entries, const std::string& path,
                      absl::string_view source, XmlWalker& walker,
                      bool optional = false) {
  if (optional && (path.empty() || !entries.Has(path))) {
    return absl::OkStatus();
  }
  absl::StatusOr<std::string> xml = entries.Read(path);
  if (!xml.ok()) {
    return absl::InvalidArgumentError(xml.status().message());
  }
  return walker.Walk(*xml, absl::StrCat(source, ": ", path));
}

}  // namespace

std::string CellName(int column, int row) {
  std::string letters;
  for (int rest = column + 1; rest > 0; rest = (rest - 1) / 26) {
    letters.insert(letters.begin(), static_cast<char>('A' + (rest - 1) % 26));
  }
  return absl::StrCat(letters, row);
}

absl::StatusOr<std::vector<SheetRow>> ReadFirstWorksheet(
    absl::string_view bytes, absl::string_view source,
    const XlsxLimits& limits) {
  if (bytes.size() > limits.max_file_bytes) {
    return absl::InvalidArgumentError(
        absl::StrCat(source, ": ", bytes.size(), " bytes, over the ",
                     limits.max_file_bytes, " a ranking file may hold"));
  }
  absl::StatusOr<ZipEntries> entries =
      ZipEntries::Open(bytes, source, limits.max_uncompressed_bytes);
  if (!entries.ok()) return entries.status();
  if (!entries->Has(kWorkbook)) {
    return absl::InvalidArgumentError(absl::StrCat(
        source, ": not an xlsx workbook (", kWorkbook, " is missing)"));
  }
  WorkbookWalker workbook;
  RelationsWalker relations;
  absl::Status read = WalkPart(*entries, kWorkbook, source, workbook);
  if (read.ok()) {
    read = WalkPart(*entries, kWorkbookRelations, source, relations);
  }
  if (!read.ok()) return read;
  const auto sheet = relations.target_of_id.find(workbook.first_sheet_relation);
  if (workbook.first_sheet_relation.empty() ||
      sheet == relations.target_of_id.end() || !entries->Has(sheet->second)) {
    return absl::InvalidArgumentError(
        absl::StrCat(source, ": the workbook has no worksheet to read"));
  }
  SharedStringsWalker shared_strings;
  StylesWalker styles;
  read = WalkPart(*entries, relations.shared_strings, source, shared_strings,
                  /*optional=*/true);
  if (read.ok()) {
    read = WalkPart(*entries, relations.styles, source, styles,
                    /*optional=*/true);
  }
  if (!read.ok()) return read;
  SheetWalker rows(std::string(source), limits, shared_strings.strings,
                   styles.style_is_date, workbook.date1904);
  read = WalkPart(*entries, sheet->second, source, rows);
  if (!read.ok()) return read;
  return std::move(rows.rows);
}

}  // namespace qiwang::forms
