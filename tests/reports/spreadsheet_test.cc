// ExportService.ExportSpreadsheet through a real qiwangd: a section played
// for two rounds (a bye, a forfeit, a double forfeit), the workbook opened by
// openpyxl (tests/reports/read_xlsx.py, with Debian's python3) and its cells
// checked against GetStandings, GetCrosstable and ListPairings as of the same
// position; anyone may ask; refusals name the field.
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "qiwang/v1/export_service.grpc.pb.h"
#include "tests/standings/standings_server_fixture.h"
#include "tests/test_paths.h"

namespace qiwang::standings {
namespace {

using ::google::protobuf::ListValue;
using ::google::protobuf::Struct;
using ::google::protobuf::Value;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

// The workbook's sheets as openpyxl reads them.
struct Workbook {
  std::vector<std::string> names;
  std::vector<ListValue> rows;  // per sheet, one ListValue per row
};

Workbook OpenWithOpenpyxl(const std::string& bytes) {
  const std::string path = absl::StrCat(::testing::TempDir(), "/book.xlsx");
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
  const std::string command =
      absl::StrCat("/usr/bin/python3 ", test_paths::kSourceDir,
                   "/tests/reports/read_xlsx.py ", path);
  FILE* pipe = popen(command.c_str(), "r");
  std::string json;
  char buffer[4096];
  size_t got;
  while (pipe != nullptr && (got = fread(buffer, 1, sizeof buffer, pipe)) > 0) {
    json.append(buffer, got);
  }
  EXPECT_EQ(pipe != nullptr ? pclose(pipe) : -1, 0) << command;
  Struct document;
  EXPECT_TRUE(google::protobuf::util::JsonStringToMessage(json, &document).ok())
      << json;
  Workbook book;
  for (const Value& sheet :
       document.fields().at("sheets").list_value().values()) {
    book.names.push_back(
        sheet.struct_value().fields().at("name").string_value());
    book.rows.push_back(sheet.struct_value().fields().at("rows").list_value());
  }
  return book;
}

const Value& Cell(const ListValue& rows, int row, int column) {
  return rows.values(row).list_value().values(column);
}

class SpreadsheetTest : public StandingsServerTest {
 protected:
  void SetUp() override {
    StandingsServerTest::SetUp();
    export_ = v1::ExportService::NewStub(channel_);
  }

  // Five open men (a bye each round): round 1 a win and a forfeit, round 2
  // a draw and a double forfeit.
  void PlayTwoRounds() {
    EnterOpenMen(5);
    PairRound(1);
    RecordResult(1, 1, v1::GAME_RESULT_RED_WIN);
    RecordResult(1, 2, v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT);
    PairRound(2);
    RecordResult(2, 1, v1::GAME_RESULT_DRAW);
    last_position_ = RecordResult(2, 2, v1::GAME_RESULT_DOUBLE_FORFEIT);
  }

  grpc::Status Export(v1::ExportSpreadsheetRequest request,
                      v1::ExportSpreadsheetResponse& response) {
    request.mutable_read()->set_min_position(last_position_);
    return export_->ExportSpreadsheet(Call().get(), request, &response);
  }

  std::unique_ptr<v1::ExportService::Stub> export_;
  uint64_t last_position_ = 0;
};

// No token: the workbook holds public facts only, as GetStandings does.
TEST_F(SpreadsheetTest, R7_1_WorkbookCellsAreWhatTheReadsSay) {
  PlayTwoRounds();
  v1::ExportSpreadsheetRequest request;
  request.set_tournament_id(kTournamentId);
  request.set_section_id("open-men");
  v1::ExportSpreadsheetResponse response;
  const grpc::Status status = Export(request, response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_EQ(response.file_name(), "sichuan-2016-open-men.xlsx");
  const Workbook book = OpenWithOpenpyxl(response.xlsx());
  ASSERT_THAT(book.names, ElementsAre("成绩 Standings", "交叉表 Crosstable",
                                      "对阵 Pairings", "奖项 Prizes"));

  v1::GetStandingsRequest standings_request;
  standings_request.set_tournament_id(kTournamentId);
  standings_request.set_ranking_id("open-men");
  standings_request.mutable_read()->set_at_position(response.as_of_position());
  v1::GetStandingsResponse standings;
  ASSERT_TRUE(
      standings_->GetStandings(Call().get(), standings_request, &standings)
          .ok());
  const ListValue& rows = book.rows[0];
  ASSERT_EQ(rows.values_size(), standings.rows_size() + 1);
  EXPECT_EQ(Cell(rows, 0, 0).string_value(), "名次 Rank");
  EXPECT_EQ(Cell(rows, 0, 4).string_value(), "对手分 Opponents' score");
  for (int i = 0; i < standings.rows_size(); ++i) {
    const v1::StandingRow& row = standings.rows(i);
    EXPECT_EQ(Cell(rows, i + 1, 0).number_value(), row.rank());
    EXPECT_EQ(Cell(rows, i + 1, 1).string_value(), row.name());
    EXPECT_EQ(Cell(rows, i + 1, 2).number_value(), row.score());
    EXPECT_EQ(Cell(rows, i + 1, 3).number_value(), row.games_played());
    ASSERT_GT(row.tie_breaks_size(), 0);
    EXPECT_EQ(Cell(rows, i + 1, 4).number_value(), row.tie_breaks(0).value())
        << row.name();
  }

  v1::GetCrosstableRequest crosstable_request;
  crosstable_request.set_tournament_id(kTournamentId);
  crosstable_request.set_section_id("open-men");
  crosstable_request.mutable_read()->set_at_position(response.as_of_position());
  v1::GetCrosstableResponse crosstable;
  ASSERT_TRUE(
      standings_->GetCrosstable(Call().get(), crosstable_request, &crosstable)
          .ok());
  const ListValue& cross = book.rows[1];
  ASSERT_EQ(cross.values_size(), crosstable.rows_size() + 1);
  for (int i = 0; i < crosstable.rows_size(); ++i) {
    const v1::CrosstableRow& row = crosstable.rows(i);
    EXPECT_EQ(Cell(cross, i + 1, 1).string_value(), row.name());
    const v1::CrosstableCell& first = row.cells(0);
    const std::string expected =
        first.opponent_pairing_number() > 0
            ? absl::StrCat(first.opponent_pairing_number(),
                           first.red() ? "红 " : "黑 ", first.outcome())
            : first.outcome();
    EXPECT_EQ(Cell(cross, i + 1, 2).string_value(), expected) << row.name();
    EXPECT_EQ(Cell(cross, i + 1, 4).number_value(), row.score());
  }

  // Two rounds of two boards and a bye each.
  const ListValue& pairs = book.rows[2];
  ASSERT_EQ(pairs.values_size(), 1 + 2 * 3);
  EXPECT_EQ(Cell(pairs, 1, 5).string_value(), "红胜 Red wins");
  EXPECT_EQ(Cell(pairs, 2, 5).string_value(),
            "黑胜（红方弃权） Black wins by forfeit");
  EXPECT_EQ(Cell(pairs, 3, 5).string_value(), "轮空 Bye");
  EXPECT_EQ(Cell(pairs, 5, 5).string_value(), "双方弃权 Double forfeit");
  EXPECT_EQ(Cell(book.rows[3], 0, 3).string_value(), "奖金(元) Prize (yuan)");

  // --round 2: that round's boards only.
  request.set_round(2);
  ASSERT_TRUE(Export(request, response).ok());
  const Workbook round_two = OpenWithOpenpyxl(response.xlsx());
  ASSERT_EQ(round_two.rows[2].values_size(), 1 + 3);
  EXPECT_EQ(Cell(round_two.rows[2], 1, 0).number_value(), 2);
}

TEST_F(SpreadsheetTest, RefusalsNameTheFieldOrTheUnknownId) {
  PlayTwoRounds();
  v1::ExportSpreadsheetRequest request;
  request.set_tournament_id(kTournamentId);
  v1::ExportSpreadsheetResponse response;
  grpc::Status status = Export(request, response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("section_id"));

  request.set_section_id("no-such-section");
  status = Export(request, response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_THAT(status.error_message(), HasSubstr("no-such-section"));

  request.set_section_id("open-men");
  request.set_round(3);
  status = Export(request, response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_THAT(status.error_message(), HasSubstr("round"));

  request.set_round(-1);
  status = Export(request, response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("round"));
  EXPECT_TRUE(response.xlsx().empty());
}

}  // namespace
}  // namespace qiwang::standings
