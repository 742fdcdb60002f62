#include "clients/forms/xlsx_parts.h"

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"

namespace qiwang::forms {
namespace {

// A relationship's target is relative to xl/ unless it starts at the
// archive's root.
std::string PartPath(absl::string_view target) {
  if (absl::ConsumePrefix(&target, "/")) return std::string(target);
  return absl::StrCat("xl/", target);
}

// True for a number format that shows a date: the built-in ones (ECMA-376
// 18.8.30, with the Chinese locale's 27-36 and 50-58), or a format code
// with a year or day outside quotes, brackets and escapes.
bool IsDateFormat(int id, absl::string_view code) {
  if ((id >= 14 && id <= 17) || id == 22 || (id >= 27 && id <= 36) ||
      (id >= 50 && id <= 58)) {
    return true;
  }
  bool quoted = false, bracketed = false;
  for (size_t at = 0; at < code.size(); ++at) {
    const char c = absl::ascii_tolower(static_cast<unsigned char>(code[at]));
    if (c == '"') quoted = !quoted;
    if (quoted) continue;
    if (c == '\\') {
      ++at;
    } else if (c == '[') {
      bracketed = true;
    } else if (c == ']') {
      bracketed = false;
    } else if (!bracketed && (c == 'y' || c == 'd')) {
      return true;
    }
  }
  return false;
}

}  // namespace

void WorkbookWalker::Start(absl::string_view name, const char** attributes) {
  if (name == "sheet" && first_sheet_relation.empty()) {
    first_sheet_relation = std::string(Attribute(attributes, "id"));
  } else if (name == "workbookPr") {
    const absl::string_view value = Attribute(attributes, "date1904");
    date1904 = value == "1" || value == "true";
  }
}

void RelationsWalker::Start(absl::string_view name, const char** attributes) {
  if (name != "Relationship") return;
  const std::string target = PartPath(Attribute(attributes, "Target"));
  const absl::string_view type = Attribute(attributes, "Type");
  target_of_id[std::string(Attribute(attributes, "Id"))] = target;
  if (absl::EndsWith(type, "/sharedStrings")) shared_strings = target;
  if (absl::EndsWith(type, "/styles")) styles = target;
}

void SharedStringsWalker::Start(absl::string_view name, const char**) {
  if (name == "si") strings.emplace_back();
  if (name == "rPh") in_phonetic_ = true;
  if (name == "t" && !in_phonetic_ && !strings.empty()) in_text_ = true;
}

void SharedStringsWalker::End(absl::string_view name) {
  if (name == "rPh") in_phonetic_ = false;
  if (name == "t") in_text_ = false;
}

void SharedStringsWalker::Text(absl::string_view text) {
  if (in_text_) strings.back().append(text.data(), text.size());
}

void StylesWalker::Start(absl::string_view name, const char** attributes) {
  if (name == "numFmt") {
    int id = 0;
    if (absl::SimpleAtoi(Attribute(attributes, "numFmtId"), &id)) {
      codes_[id] = std::string(Attribute(attributes, "formatCode"));
    }
  } else if (name == "cellXfs") {
    in_cell_formats_ = true;
  } else if (name == "xf" && in_cell_formats_) {
    int id = 0;
    if (!absl::SimpleAtoi(Attribute(attributes, "numFmtId"), &id)) id = 0;
    const auto code = codes_.find(id);
    style_is_date.push_back(
        IsDateFormat(id, code == codes_.end() ? "" : code->second));
  }
}

void StylesWalker::End(absl::string_view name) {
  if (name == "cellXfs") in_cell_formats_ = false;
}

}  // namespace qiwang::forms
