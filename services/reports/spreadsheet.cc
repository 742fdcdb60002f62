#include "services/reports/spreadsheet.h"

#include <stdlib.h>
#include <unistd.h>
#include <xlsxwriter.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "words/enum_words.h"

namespace qiwang::exports {
namespace {

// A result's cell, in both languages; empty for a game not played.
std::string ResultCell(v1::GameResult result) {
  return result == v1::GAME_RESULT_UNSPECIFIED ? "" : words::SayBoth(result);
}

std::string StatusText(const v1::StandingRow& row) {
  std::vector<std::string> notes;
  if (row.withdrawn()) notes.push_back("退赛 withdrawn");
  if (row.shared_rank()) notes.push_back("并列待抽签 tied, lots pending");
  if (row.placed_by_lot()) notes.push_back("抽签定名次 placed by lot");
  return absl::StrJoin(notes, "; ");
}

// One sheet being filled row by row; cells are UTF-8 strings or numbers.
class SheetWriter {
 public:
  SheetWriter(lxw_worksheet* sheet, lxw_format* heading)
      : sheet_(sheet), heading_(heading) {}

  void Heading(const std::vector<std::string>& cells) {
    for (size_t column = 0; column < cells.size(); ++column) {
      worksheet_write_string(sheet_, row_, column, cells[column].c_str(),
                             heading_);
    }
    worksheet_freeze_panes(sheet_, row_ + 1, 0);
    ++row_;
  }
  void Text(int column, const std::string& text) {
    if (!text.empty()) {
      worksheet_write_string(sheet_, row_, column, text.c_str(), nullptr);
    }
  }
  void Number(int column, double value) {
    worksheet_write_number(sheet_, row_, column, value, nullptr);
  }
  void NextRow() { ++row_; }

 private:
  lxw_worksheet* sheet_;
  lxw_format* heading_;
  lxw_row_t row_ = 0;
};

void WriteStandings(const v1::GetStandingsResponse& standings,
                    SheetWriter& sheet) {
  std::vector<std::string> heading = {"名次 Rank", "姓名 Name", "积分 Score",
                                      "局数 Games"};
  if (!standings.rows().empty()) {
    for (const v1::TieBreakScore& tie_break : standings.rows(0).tie_breaks()) {
      heading.push_back(words::SayBoth(tie_break.kind()));
    }
  }
  heading.push_back("备注 Notes");
  sheet.Heading(heading);
  for (const v1::StandingRow& row : standings.rows()) {
    sheet.Number(0, row.rank());
    sheet.Text(1, row.name());
    sheet.Number(2, row.score());
    sheet.Number(3, row.games_played());
    int column = 4;
    for (const v1::TieBreakScore& tie_break : row.tie_breaks()) {
      if (tie_break.sequence().empty()) {
        sheet.Number(column, static_cast<double>(tie_break.value()));
      } else {
        sheet.Text(column, absl::StrJoin(tie_break.sequence(), ","));
      }
      ++column;
    }
    sheet.Text(column, StatusText(row));
    sheet.NextRow();
  }
}

void WriteCrosstable(const v1::GetCrosstableResponse& crosstable,
                     SheetWriter& sheet) {
  int rounds = 0;
  for (const v1::CrosstableRow& row : crosstable.rows()) {
    rounds = std::max(rounds, row.cells_size());
  }
  std::vector<std::string> heading = {"序号 No.", "姓名 Name"};
  for (int round = 1; round <= rounds; ++round) {
    heading.push_back(absl::StrCat("第", round, "轮 R", round));
  }
  heading.push_back("积分 Score");
  heading.push_back("名次 Rank");
  sheet.Heading(heading);
  for (const v1::CrosstableRow& row : crosstable.rows()) {
    sheet.Number(0, row.pairing_number());
    sheet.Text(1, row.name());
    for (int i = 0; i < row.cells_size(); ++i) {
      const v1::CrosstableCell& cell = row.cells(i);
      // "12红 W": opponent's number, colour, outcome (the CLI's letters).
      std::string text = cell.outcome();
      if (cell.opponent_pairing_number() > 0) {
        text = absl::StrCat(cell.opponent_pairing_number(),
                            cell.red() ? "红 " : "黑 ", cell.outcome());
      }
      sheet.Text(2 + i, text);
    }
    sheet.Number(2 + rounds, row.score());
    sheet.Number(3 + rounds, row.rank());
    sheet.NextRow();
  }
}

void WritePairings(const v1::ListPairingsResponse& pairings,
                   SheetWriter& sheet) {
  sheet.Heading({"轮次 Round", "台次 Board", "红方序号 Red no.", "红方 Red",
                 "红方积分 Red score", "结果 Result", "黑方积分 Black score",
                 "黑方 Black", "黑方序号 Black no."});
  for (const v1::RoundView& round : pairings.rounds()) {
    for (const v1::BoardView& board : round.boards()) {
      sheet.Number(0, round.round());
      sheet.Number(1, board.number());
      sheet.Number(2, board.red().pairing_number());
      sheet.Text(3, board.red().name());
      sheet.Number(4, board.red().score_before());
      sheet.Text(5, ResultCell(board.result()));
      sheet.Number(6, board.black().score_before());
      sheet.Text(7, board.black().name());
      sheet.Number(8, board.black().pairing_number());
      sheet.NextRow();
    }
    if (round.has_bye()) {
      sheet.Number(0, round.round());
      sheet.Number(2, round.bye().pairing_number());
      sheet.Text(3, round.bye().name());
      sheet.Number(4, round.bye().score_before());
      sheet.Text(5, "轮空 Bye");
      sheet.NextRow();
    }
  }
}

void WritePrizes(const v1::GetPrizesResponse& prizes, SheetWriter& sheet) {
  sheet.Heading({"组别 Category", "名次 Rank", "姓名 Name",
                 "奖金(元) Prize (yuan)", "奖杯 Trophy", "证书 Certificate"});
  for (const v1::CategoryPrizes& category : prizes.categories()) {
    for (const v1::PrizeAward& award : category.awards()) {
      sheet.Text(0,
                 absl::StrCat(category.name().zh(), " ", category.name().en()));
      sheet.Number(1, award.rank());
      sheet.Text(2, award.name());
      sheet.Number(3, static_cast<double>(award.money_fen()) / 100.0);
      sheet.Text(4, award.trophy());
      sheet.Text(5, award.certificate() ? "有 yes" : "");
      sheet.NextRow();
    }
  }
  if (!prizes.provisional_reason().empty()) {
    sheet.NextRow();
    sheet.Text(0,
               absl::StrCat("暂定 Provisional: ", prizes.provisional_reason()));
  }
}

// A private folder for libxlsxwriter's file and its temporary files.
class ScratchFolder {
 public:
  static absl::StatusOr<ScratchFolder> Make() {
    const char* base = getenv("TMPDIR");
    std::string pattern =
        absl::StrCat(base != nullptr && *base != '\0' ? base : "/tmp",
                     "/qiwang-xlsx-XXXXXX");
    if (mkdtemp(pattern.data()) == nullptr) {
      return absl::UnavailableError(absl::StrCat(
          "spreadsheet: cannot make a temporary folder like ", pattern));
    }
    return ScratchFolder(pattern);
  }
  ScratchFolder(ScratchFolder&& other) : path_(std::move(other.path_)) {
    other.path_.clear();
  }
  ~ScratchFolder() {
    if (path_.empty()) return;
    unlink(File().c_str());
    rmdir(path_.c_str());
  }
  const std::string& path() const { return path_; }
  std::string File() const { return path_ + "/book.xlsx"; }

 private:
  explicit ScratchFolder(std::string path) : path_(std::move(path)) {}
  std::string path_;
};

}  // namespace

absl::StatusOr<std::string> WriteSectionWorkbook(const SectionViews& views) {
  absl::StatusOr<ScratchFolder> folder = ScratchFolder::Make();
  if (!folder.ok()) return folder.status();
  lxw_workbook_options options = {};
  options.tmpdir = const_cast<char*>(folder->path().c_str());
  lxw_workbook* workbook = workbook_new_opt(folder->File().c_str(), &options);
  if (workbook == nullptr) {
    return absl::UnavailableError(absl::StrCat(
        "spreadsheet: cannot create a workbook in ", folder->path()));
  }
  lxw_format* heading = workbook_add_format(workbook);
  format_set_bold(heading);
  {
    SheetWriter sheet(workbook_add_worksheet(workbook, "成绩 Standings"),
                      heading);
    WriteStandings(views.standings, sheet);
  }
  {
    SheetWriter sheet(workbook_add_worksheet(workbook, "交叉表 Crosstable"),
                      heading);
    WriteCrosstable(views.crosstable, sheet);
  }
  {
    SheetWriter sheet(workbook_add_worksheet(workbook, "对阵 Pairings"),
                      heading);
    WritePairings(views.pairings, sheet);
  }
  {
    SheetWriter sheet(workbook_add_worksheet(workbook, "奖项 Prizes"), heading);
    WritePrizes(views.prizes, sheet);
  }
  const lxw_error closed = workbook_close(workbook);
  if (closed != LXW_NO_ERROR) {
    return absl::UnavailableError(absl::StrCat(
        "spreadsheet: cannot write the workbook: ", lxw_strerror(closed)));
  }
  std::ifstream in(folder->File(), std::ios::binary);
  std::stringstream bytes;
  bytes << in.rdbuf();
  if (!in.good() && !in.eof()) {
    return absl::UnavailableError(
        absl::StrCat("spreadsheet: cannot read back ", folder->File()));
  }
  return bytes.str();
}

}  // namespace qiwang::exports
