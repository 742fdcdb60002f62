#include "tests/forms/ranking_files.h"

#include <unistd.h>
#include <xlsxwriter.h>
#include <zip.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

namespace qiwang::forms {
namespace {

// A fresh path in the test's temporary folder.
std::string TempPath(const std::string& suffix) {
  static std::atomic<int> next{0};
  const char* folder = std::getenv("TEST_TMPDIR");
  const std::filesystem::path base =
      folder != nullptr && *folder != '\0'
          ? std::filesystem::path(folder)
          : std::filesystem::temp_directory_path();
  return (base / absl::StrCat("ranking-", getpid(), "-", next++, suffix))
      .string();
}

// The file at `path`'s bytes, and the file removed.
std::string TakeFile(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream bytes;
  bytes << file.rdbuf();
  std::filesystem::remove(path);
  return bytes.str();
}

}  // namespace

std::string WorkbookBytes(const std::vector<std::vector<WorkbookCell>>& rows) {
  const std::string path = TempPath(".xlsx");
  lxw_workbook* workbook = workbook_new(path.c_str());
  lxw_worksheet* sheet = workbook_add_worksheet(workbook, "名次");
  for (size_t r = 0; r < rows.size(); ++r) {
    for (size_t c = 0; c < rows[r].size(); ++c) {
      const auto row = static_cast<lxw_row_t>(r);
      const auto column = static_cast<lxw_col_t>(c);
      const WorkbookCell& cell = rows[r][c];
      if (const auto* text = std::get_if<std::string>(&cell)) {
        worksheet_write_string(sheet, row, column, text->c_str(), nullptr);
      } else if (const auto* number = std::get_if<double>(&cell)) {
        worksheet_write_number(sheet, row, column, *number, nullptr);
      } else {
        const DateCell& date = std::get<DateCell>(cell);
        lxw_format* format = workbook_add_format(workbook);
        if (date.format.empty()) {
          format_set_num_format_index(format, 14);
        } else {
          format_set_num_format(format, date.format.c_str());
        }
        lxw_datetime when = {date.year, date.month, date.day, 0, 0, 0};
        worksheet_write_datetime(sheet, row, column, &when, format);
      }
    }
  }
  EXPECT_EQ(workbook_close(workbook), LXW_NO_ERROR);
  return TakeFile(path);
}

std::string ZipBytes(const std::map<std::string, std::string>& files) {
  const std::string path = TempPath(".zip");
  int error = 0;
  zip_t* archive = zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &error);
  EXPECT_NE(archive, nullptr) << "zip_open: " << error;
  if (archive == nullptr) return "";
  for (const auto& [name, contents] : files) {
    zip_source_t* source =
        zip_source_buffer(archive, contents.data(), contents.size(), 0);
    EXPECT_GE(zip_file_add(archive, name.c_str(), source, ZIP_FL_ENC_UTF_8), 0)
        << name;
  }
  EXPECT_EQ(zip_close(archive), 0) << zip_strerror(archive);
  return TakeFile(path);
}

}  // namespace qiwang::forms
