// A station's ranking sent as .xlsx (R3) reads to the same players as the
// same ranking sent as CSV, by the same row rules; a wrong cell is named by
// its cell, and a file too large, unpacking too far, too long or without a
// worksheet is refused with the file named.
#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "clients/forms/station_ranking.h"
#include "clients/forms/xlsx_reader.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/message_differencer.h"
#include "gtest/gtest.h"
#include "tests/forms/ranking_files.h"

namespace qiwang::forms {
namespace {

using ::testing::HasSubstr;

constexpr char kCsv[] =
    "rank,name,id_number,birth_date,gender,latin_name\n"
    "1,刘备,5107001,1980-01-02,m,Liu Bei\n"
    "2,\"Zhang, Fei\",510700198202030022,1982-02-03,F\n"
    "3,关羽,5107003,1983-12-31,m\n";

std::vector<std::vector<WorkbookCell>> Rows() {
  using Row = std::vector<WorkbookCell>;
  return {
      Row{std::string("rank"), std::string("name"), std::string("id_number"),
          std::string("birth_date"), std::string("gender"),
          std::string("latin_name")},
      Row{1.0, std::string("刘备"), 5107001.0,
          DateCell{1980, 1, 2, "yyyy-mm-dd"}, std::string("m"),
          std::string("Liu Bei")},
      Row{2.0, std::string("Zhang, Fei"), std::string("510700198202030022"),
          DateCell{1982, 2, 3, ""}, std::string("F")},
      Row{3.0, std::string("关羽"), 5107003.0,
          DateCell{1983, 12, 31, "yyyy\"年\"m\"月\"d\"日\""}, std::string("m")},
  };
}

TEST(XlsxRankingTest, R3_AnXlsxReadsToTheSamePlayersAsTheSameCsv) {
  const absl::StatusOr<std::vector<v1::Person>> from_csv =
      ReadStationRanking(kCsv, "a.csv");
  ASSERT_TRUE(from_csv.ok()) << from_csv.status();
  ASSERT_EQ(from_csv->size(), 3u);
  // Chosen by its first bytes, not its name.
  const absl::StatusOr<std::vector<v1::Person>> from_xlsx =
      ReadStationRanking(WorkbookBytes(Rows()), "ranking.csv");
  ASSERT_TRUE(from_xlsx.ok()) << from_xlsx.status();
  ASSERT_EQ(from_xlsx->size(), from_csv->size());
  for (size_t i = 0; i < from_csv->size(); ++i) {
    EXPECT_TRUE(google::protobuf::util::MessageDifferencer::Equals(
        (*from_xlsx)[i], (*from_csv)[i]))
        << (*from_xlsx)[i].DebugString() << " vs "
        << (*from_csv)[i].DebugString();
  }
  EXPECT_EQ((*from_xlsx)[2].birth_date().month(), 12);
  EXPECT_EQ((*from_xlsx)[2].birth_date().day(), 31);
}

TEST(XlsxRankingTest, R3_ACsvSavedWithAByteOrderMarkHasItsHeadingSkipped) {
  const absl::StatusOr<std::vector<v1::Person>> ranking =
      ReadStationRanking(std::string("\xEF\xBB\xBF") + kCsv, "a.csv");
  ASSERT_TRUE(ranking.ok()) << ranking.status();
  EXPECT_EQ(ranking->size(), 3u);
}

TEST(XlsxRankingTest, R3_AWrongCellIsNamedByItsCell) {
  struct Case {
    int row;
    int column;
    WorkbookCell cell;
    std::string says;
  };
  for (const Case& c : std::vector<Case>{
           {2, 3, std::string("1982-13"),
            "a.xlsx D3 birth_date: not a date like 1980-01-31 (got "
            "'1982-13')"},
           {3, 4, std::string("x"), "a.xlsx E4 gender: m or f (got 'x')"},
           {3, 0, 4.0, "a.xlsx A4 rank: 4 where 3 was due"},
           {1, 6, std::string("extra"),
            "a.xlsx row 2: expected rank,name,id_number,birth_date,gender"},
       }) {
    std::vector<std::vector<WorkbookCell>> rows = Rows();
    if (rows[c.row].size() <= static_cast<size_t>(c.column)) {
      rows[c.row].resize(c.column + 1, std::string());
    }
    rows[c.row][c.column] = c.cell;
    const absl::StatusOr<std::vector<v1::Person>> ranking =
        ReadStationRanking(WorkbookBytes(rows), "a.xlsx");
    ASSERT_FALSE(ranking.ok()) << c.says;
    EXPECT_EQ(ranking.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(ranking.status().message(), HasSubstr(c.says));
  }
}

// The smallest parts a workbook needs, its sheet `sheet_xml`.
std::map<std::string, std::string> Parts(const std::string& sheet_xml) {
  return {
      {"xl/workbook.xml",
       "<workbook xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/"
       "2006/relationships\"><sheets><sheet name=\"a\" sheetId=\"1\" "
       "r:id=\"rId1\"/></sheets></workbook>"},
      {"xl/_rels/workbook.xml.rels",
       "<Relationships><Relationship Id=\"rId1\" "
       "Type=\"http://schemas.openxmlformats.org/officeDocument/2006/"
       "relationships/worksheet\" Target=\"worksheets/sheet1.xml\"/>"
       "</Relationships>"},
      {"xl/worksheets/sheet1.xml", sheet_xml},
  };
}

absl::Status Refusal(const std::string& bytes,
                     const XlsxLimits& limits = XlsxLimits()) {
  return ReadFirstWorksheet(bytes, "a.xlsx", limits).status();
}

TEST(XlsxRankingTest, R3_AFileOverTheUploadLimitIsRefused) {
  const std::string large = std::string("PK\x03\x04", 4) +
                            std::string(XlsxLimits().max_file_bytes, 0);
  const absl::StatusOr<std::vector<v1::Person>> ranking =
      ReadStationRanking(large, "a.xlsx");
  ASSERT_FALSE(ranking.ok());
  EXPECT_EQ(ranking.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(ranking.status().message(),
              HasSubstr("a.xlsx: 4194308 bytes, over the 4194304 a ranking "
                        "file may hold"));
}

TEST(XlsxRankingTest, R3_AWorkbookUnpackingPastTheCapIsRefused) {
  // 40 MB of spaces deflate to some 40 kB: a zip bomb in small.
  const std::string bomb = ZipBytes(Parts(
      absl::StrCat("<worksheet>", std::string(40 << 20, ' '), "</worksheet>")));
  ASSERT_LT(bomb.size(), 1u << 20);
  EXPECT_THAT(Refusal(bomb).message(),
              HasSubstr("a.xlsx: unpacks to more than 33554432 bytes "
                        "(xl/worksheets/sheet1.xml passes the limit)"));
}

TEST(XlsxRankingTest, R3_ASheetWithTooManyRowsIsRefused) {
  std::vector<std::vector<WorkbookCell>> rows = Rows();
  XlsxLimits limits;
  limits.max_rows = 3;
  const absl::Status refused = Refusal(WorkbookBytes(rows), limits);
  EXPECT_EQ(refused.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(refused.message(),
              HasSubstr("a.xlsx: more than 3 rows in the first worksheet"));
  EXPECT_TRUE(ReadFirstWorksheet(WorkbookBytes(rows), "a.xlsx").ok());
}

TEST(XlsxRankingTest, R3_AWorkbookWithoutItsSheetIsRefused) {
  std::map<std::string, std::string> no_sheet = Parts("");
  no_sheet.erase("xl/worksheets/sheet1.xml");
  EXPECT_THAT(Refusal(ZipBytes(no_sheet)).message(),
              HasSubstr("a.xlsx: the workbook has no worksheet to read"));
  EXPECT_THAT(
      Refusal(ZipBytes({{"word/document.xml", "<document/>"}})).message(),
      HasSubstr("a.xlsx: not an xlsx workbook (xl/workbook.xml is "
                "missing)"));
}

TEST(XlsxRankingTest, R3_ABrokenWorkbookIsNamedByThePartAtFault) {
  EXPECT_THAT(Refusal(std::string("PK\x03\x04not a zip", 13)).message(),
              HasSubstr("a.xlsx: not a readable xlsx (zip: "));
  std::map<std::string, std::string> no_relations = Parts("<worksheet/>");
  no_relations.erase("xl/_rels/workbook.xml.rels");
  EXPECT_THAT(Refusal(ZipBytes(no_relations)).message(),
              HasSubstr("a.xlsx: xl/_rels/workbook.xml.rels is missing"));
  // A byte of the sheet's deflated data changed: it no longer inflates to
  // what its checksum says.
  const std::string sheet_name = "xl/worksheets/sheet1.xml";
  std::string damaged = ZipBytes(
      Parts(absl::StrCat("<worksheet><sheetData>", std::string(5000, 'x'),
                         "</sheetData></worksheet>")));
  // The local header: 30 bytes, the name, the extra field (its length at
  // byte 28), then the data.
  const size_t header = damaged.find(sheet_name) - 30;
  const size_t extra = static_cast<unsigned char>(damaged[header + 28]) +
                       256 * static_cast<unsigned char>(damaged[header + 29]);
  const size_t data = header + 30 + sheet_name.size() + extra + 4;
  ASSERT_LT(data, damaged.size());
  damaged[data] = static_cast<char>(damaged[data] ^ 0x55);
  EXPECT_THAT(Refusal(damaged).message(),
              HasSubstr("a.xlsx: xl/worksheets/sheet1.xml cannot be unpacked"));
  EXPECT_THAT(Refusal(ZipBytes(Parts("<worksheet><row>"))).message(),
              HasSubstr("a.xlsx: xl/worksheets/sheet1.xml: not well-formed "
                        "XML (line 1: "));
  EXPECT_THAT(
      Refusal(ZipBytes(Parts("<worksheet><sheetData><row r=\"7\"><c r=\"B7\" "
                             "t=\"s\"><v>9</v></c></row></sheetData>"
                             "</worksheet>")))
          .message(),
      HasSubstr("a.xlsx B7: names shared string '9', which the workbook "
                "does not hold"));
  XlsxLimits limits;
  limits.max_columns = 6;
  EXPECT_THAT(
      Refusal(ZipBytes(Parts("<worksheet><sheetData><row r=\"2\"><c r=\"G2\">"
                             "<v>1</v></c></row></sheetData></worksheet>")),
              limits)
          .message(),
      HasSubstr("a.xlsx G2: past the 6 columns read"));
}

TEST(XlsxRankingTest, R3_InlineStringsIsoDatesAndGapsKeepTheirColumns) {
  const absl::StatusOr<std::vector<SheetRow>> rows = ReadFirstWorksheet(
      ZipBytes(Parts("<worksheet><sheetData><row r=\"3\"><c r=\"A3\" "
                     "t=\"inlineStr\"><is><t>刘备</t></is></c><c r=\"C3\">"
                     "<v>2.5</v></c><c t=\"d\"><v>1980-01-31T00:00:00</v></c>"
                     "</row><row r=\"4\"><c r=\"B4\" s=\"0\"/></row><row>"
                     "<c><v>7</v></c></row></sheetData></worksheet>")),
      "a.xlsx");
  ASSERT_TRUE(rows.ok()) << rows.status();
  ASSERT_EQ(rows->size(), 2u);
  EXPECT_EQ((*rows)[0].row, 3);
  EXPECT_THAT((*rows)[0].cells,
              ::testing::ElementsAre("刘备", "", "2.5", "1980-01-31"));
  // A row without its number follows the blank row 4.
  EXPECT_EQ((*rows)[1].row, 5);
  EXPECT_THAT((*rows)[1].cells, ::testing::ElementsAre("7"));
}

// R3: a ranking saved in GBK (what a Chinese spreadsheet saves as "CSV" by
// default) is refused at its first name, asking for UTF-8, rather than sent
// on as bytes no protobuf string may hold.
TEST(StationRankingTextTest, R3_ANameNotInUtf8IsRefusedAskingForUtf8) {
  // 刘备 in GBK.
  const std::string gbk =
      "rank,name,id_number,birth_date,gender\n"
      "1,\xC1\xF5\xB1\xB8,5107001,1980-01-02,m\n";
  const absl::StatusOr<std::vector<v1::Person>> ranking =
      ReadStationRanking(gbk, "a.csv");
  EXPECT_EQ(ranking.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(ranking.status().message(),
              HasSubstr("a.csv:2 name: not UTF-8 text"));
  EXPECT_THAT(ranking.status().message(), HasSubstr("UTF-8"));
  EXPECT_TRUE(ReadStationRanking(
                  "1,\xE5\x88\x98\xE5\xA4\x87,5107001,1980-01-02,m\n", "a.csv")
                  .ok())
      << "the same name in UTF-8 is read";
}

}  // namespace
}  // namespace qiwang::forms
