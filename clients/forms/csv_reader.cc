#include "clients/forms/csv_reader.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace qiwang::forms {
namespace {

// The length of the line break at `at` ("\r\n" or "\n"), 0 when none.
size_t LineBreakAt(absl::string_view text, size_t at) {
  if (at < text.size() && text[at] == '\n') return 1;
  if (at + 1 < text.size() && text[at] == '\r' && text[at + 1] == '\n') {
    return 2;
  }
  return 0;
}

}  // namespace

absl::StatusOr<std::vector<CsvRecord>> ReadCsv(absl::string_view text) {
  std::vector<CsvRecord> records;
  int line = 1;
  size_t at = 0;
  while (at < text.size()) {
    CsvRecord& record = records.emplace_back();
    record.line = line;
    while (true) {
      std::string field;
      if (at < text.size() && text[at] == '"') {
        const int opened_on = line;
        ++at;
        while (true) {
          if (at >= text.size()) {
            return absl::InvalidArgumentError(absl::StrCat(
                "line ", opened_on, ": a quoted field is never closed"));
          }
          if (text[at] == '"') {
            if (at + 1 < text.size() && text[at + 1] == '"') {
              field.push_back('"');
              at += 2;
              continue;
            }
            ++at;
            break;
          }
          if (text[at] == '\n') ++line;
          field.push_back(text[at++]);
        }
        if (at < text.size() && text[at] != ',' && LineBreakAt(text, at) == 0) {
          return absl::InvalidArgumentError(
              absl::StrCat("line ", line,
                           ": a closing quote must end its field (a quote "
                           "inside a quoted field is written \"\")"));
        }
      } else {
        while (at < text.size() && text[at] != ',' &&
               LineBreakAt(text, at) == 0) {
          field.push_back(text[at++]);
        }
      }
      record.fields.push_back(std::move(field));
      if (at < text.size() && text[at] == ',') {
        ++at;
        continue;
      }
      break;
    }
    if (const size_t line_break = LineBreakAt(text, at); line_break > 0) {
      at += line_break;
      ++line;
    }
  }
  return records;
}

}  // namespace qiwang::forms
