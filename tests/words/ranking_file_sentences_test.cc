// What exactly was wrong, in Chinese, with a station's ranking file the
// registrar uploads (R3.1): where in the file, which field, and what to do,
// from the real reader of clients/forms and read as whole sentences written
// here. English readers keep the reader's own message.
#include <string>

#include "absl/status/status.h"
#include "base/refusal_details.h"
#include "clients/forms/station_ranking.h"
#include "gtest/gtest.h"
#include "tests/forms/ranking_files.h"
#include "words/refusal_words.h"

namespace qiwang::forms {
namespace {

// The refusal reading `csv` as a Chinese reader sees it; checks that an
// English reader sees the reader's own message.
std::string ChineseRefusalOf(const std::string& csv) {
  const absl::StatusOr<std::vector<v1::Person>> read =
      ReadStationRanking(csv, "mianyang.csv");
  EXPECT_FALSE(read.ok());
  EXPECT_EQ(words::RefusalText(read.status(), words::Lang::kEn),
            read.status().message());
  return words::RefusalText(read.status(), words::Lang::kZh);
}

TEST(RankingFileSentenceTest, R3_1_AFileSavedAsGbk) {
  // 刘备 in GBK.
  EXPECT_EQ(ChineseRefusalOf("1,\xC1\xF5\xB1\xB8,5107,1980-01-01,m\n"),
            "mianyang.csv 第 1 行的姓名不是 UTF-8 文字：文件大概是以 GBK "
            "保存的，请在表格软件中另存为“CSV UTF-8”后再上传。");
}

TEST(RankingFileSentenceTest, R3_1_ABirthDateNotWrittenAsADate) {
  EXPECT_EQ(ChineseRefusalOf("1,刘备,5107,1980-01-01,m\n"
                             "2,关羽,5108,1983/3/3,m\n"),
            "mianyang.csv 第 2 行的出生日期「1983/3/3」不是日期，请写成 "
            "1980-01-31 这样。");
}

TEST(RankingFileSentenceTest, R3_1_AGenderNotWrittenMOrF) {
  EXPECT_EQ(ChineseRefusalOf("1,刘备,5107,1980-01-01,男\n"),
            "mianyang.csv 第 1 行的性别「男」应为 m（男）或 f（女）。");
}

TEST(RankingFileSentenceTest, R3_1_RanksOutOfOrder) {
  EXPECT_EQ(ChineseRefusalOf("1,刘备,5107,1980-01-01,m\n"
                             "3,关羽,5108,1983-03-03,m\n"),
            "mianyang.csv 第 2 行的名次是 3，此处应为 2：名次须从 1 "
            "起依次排列。");
}

TEST(RankingFileSentenceTest, R3_1_ALineWithTooFewFields) {
  EXPECT_EQ(ChineseRefusalOf("1,刘备,1980-01-01,m\n"),
            "mianyang.csv 第 1 行：每行应为 "
            "名次,姓名,身份证号码,出生日期,性别[,拼音姓名]。");
}

TEST(RankingFileSentenceTest, R3_1_AWorksheetsCellIsNamedByItsCell) {
  const absl::StatusOr<std::vector<v1::Person>> read = ReadStationRanking(
      WorkbookBytes({{1.0, std::string("刘备"), std::string("5107"),
                      DateCell{1980, 1, 1, "yyyy-mm-dd"}, std::string("x")}}),
      "mianyang.xlsx");
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(words::RefusalText(read.status(), words::Lang::kZh),
            "mianyang.xlsx 的 E1 格（性别）「x」应为 m（男）或 f（女）。");
  EXPECT_EQ(words::RefusalText(read.status(), words::Lang::kEn),
            "mianyang.xlsx E1 gender: m or f (got 'x')");
}

TEST(RankingFileSentenceTest, R3_1_TheStationsKindAndDateOnTheForm) {
  const absl::StatusOr<v1::StationKind> kind =
      ParseStationKind("county", "kind");
  ASSERT_FALSE(kind.ok());
  EXPECT_EQ(words::RefusalText(kind.status(), words::Lang::kZh),
            "类别「county」应为 city（地市州分站赛）、enterprise（企业界比赛）"
            "或 youth（省青少年比赛）。");
  const absl::StatusOr<v1::Date> date = ParseDate("12/06/2016", "date");
  ASSERT_FALSE(date.ok());
  EXPECT_EQ(words::RefusalText(date.status(), words::Lang::kZh),
            "日期「12/06/2016」不是日期，请写成 1980-01-31 这样。");
  EXPECT_EQ(words::RefusalText(date.status(), words::Lang::kEn),
            "date: not a date like 1980-01-31 (got '12/06/2016')");
}

}  // namespace
}  // namespace qiwang::forms
