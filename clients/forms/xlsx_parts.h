// What an .xlsx workbook says about itself, read from its XML parts before
// its first worksheet (xlsx_reader.h): which part that sheet is and the date
// system (workbook.xml and its relationships), the shared strings, and which
// cell styles show a date (styles.xml). Pure; xlsx_reader.cc calls them.
#ifndef QIWANG_CLIENTS_FORMS_XLSX_PARTS_H_
#define QIWANG_CLIENTS_FORMS_XLSX_PARTS_H_

#include <map>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "clients/forms/xml_walker.h"

namespace qiwang::forms {

// xl/workbook.xml: the first sheet's relationship id and its date system.
class WorkbookWalker : public XmlWalker {
 public:
  std::string first_sheet_relation;
  bool date1904 = false;

 protected:
  void Start(absl::string_view name, const char** attributes) override;
};

// xl/_rels/workbook.xml.rels: the part each relationship id names, and the
// shared strings' and the styles' parts ("" when the workbook has none).
class RelationsWalker : public XmlWalker {
 public:
  std::map<std::string, std::string> target_of_id;
  std::string shared_strings;
  std::string styles;

 protected:
  void Start(absl::string_view name, const char** attributes) override;
};

// The shared strings: each <si>'s text, its runs joined, phonetic hints
// (<rPh>) left out.
class SharedStringsWalker : public XmlWalker {
 public:
  std::vector<std::string> strings;

 protected:
  void Start(absl::string_view name, const char** attributes) override;
  void End(absl::string_view name) override;
  void Text(absl::string_view text) override;

 private:
  bool in_phonetic_ = false;
  bool in_text_ = false;
};

// The styles: which cell styles (the index a cell's s="" names) show a
// number as a date.
class StylesWalker : public XmlWalker {
 public:
  std::vector<bool> style_is_date;

 protected:
  void Start(absl::string_view name, const char** attributes) override;
  void End(absl::string_view name) override;

 private:
  std::map<int, std::string> codes_;  // custom number formats by id
  bool in_cell_formats_ = false;
};

}  // namespace qiwang::forms

#endif  // QIWANG_CLIENTS_FORMS_XLSX_PARTS_H_
