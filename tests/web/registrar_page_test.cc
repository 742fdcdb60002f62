// The registrar's page (issue 25 §3) against a real qiwangd: a station's
// ranking read by the CLI's rules and recorded with the registrar's token
// (R3), the section an entry would enter as it is typed (R2.2), and who is
// still missing; every refusal a registrar can meet, in words that name it.
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "clients/web/official_pages.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/forms/ranking_files.h"
#include "tests/standings/standings_server_fixture.h"
#include "tests/web/pages_fixture.h"

namespace qiwang::web {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr char kRegistrar[] = "/officials/sichuan-2016/registrar";
constexpr char kMianyang[] =
    "rank,name,id_number,birth_date,gender\n"
    "1,Liu Bei,510700198001010011,1980-01-01,m\n"
    "2,\"Zhang, Fei\",510700198202020022,1982-02-02,M\n";

class RegistrarPageTest : public PagesTest {
 protected:
  void SetUp() override {
    PagesTest::SetUp();
    pages_ = MakeOfficialPages(channel_);
  }

  // POSTs `file` (its bytes) as the ranking of `station` with `token` (none
  // when empty), as the page sends the file called `file_name`.
  http::Response Upload(const std::string& token, const std::string& station,
                        const std::string& file, const std::string& lang = "en",
                        const std::string& date = "2016-06-12",
                        const std::string& file_name = "ranking.csv") {
    http::Request request;
    request.method = "POST";
    request.path = absl::StrCat(kRegistrar, "/ranking");
    request.query = {{"station", station}, {"kind", "city"},
                     {"date", date},       {"file", file_name},
                     {"lang", lang},       {"commandId", "web-" + station}};
    if (!token.empty()) {
      request.headers["authorization"] = absl::StrCat("Bearer ", token);
    }
    request.body = file;
    std::optional<http::Reply> reply = Handle(request);
    if (!reply.has_value() || !reply->response.has_value()) {
      ADD_FAILURE() << "no answer to the upload";
      return {};
    }
    return *reply->response;
  }

  http::Response Page(
      const std::string& token,
      std::vector<std::pair<std::string, std::string>> query = {{"lang", "en"}},
      const std::string& part = "") {
    return Get(part.empty() ? kRegistrar : absl::StrCat(kRegistrar, "/", part),
               std::move(query),
               {{"authorization", absl::StrCat("Bearer ", token)}});
  }
};

TEST_F(RegistrarPageTest, R3_AStationRankingIsRecordedAndItsQualifiersAwaited) {
  const http::Response recorded =
      Upload(standings::kRegistrar, "mianyang", kMianyang);
  ASSERT_EQ(recorded.status, 200) << recorded.body;
  EXPECT_THAT(recorded.body,
              HasSubstr("Recorded station mianyang · 2 players"));
  const http::Response page = Page(standings::kRegistrar);
  ASSERT_EQ(page.status, 200) << page.body;
  EXPECT_THAT(page.body, HasSubstr("<caption>Mianyang city station</caption>"));
  EXPECT_THAT(page.body, HasSubstr("<td>Liu Bei</td>"));
  EXPECT_THAT(page.body, HasSubstr("<td>Zhang, Fei</td>"));
  // The fixture's eight open men are registered: none of Chengdu is missing.
  EXPECT_THAT(page.body, Not(HasSubstr("Chengdu city station</caption>")));
  EXPECT_THAT(page.body, HasSubstr("<td>Open men</td><td>8</td>"));
}

// The same ranking as kMianyang, as a station's spreadsheet holds it.
std::vector<std::vector<forms::WorkbookCell>> MianyangSheet() {
  using Row = std::vector<forms::WorkbookCell>;
  return {Row{std::string("名次"), std::string("姓名"), std::string("身份证"),
              std::string("出生日期"), std::string("性别")},
          Row{1.0, std::string("Liu Bei"), std::string("510700198001010011"),
              forms::DateCell{1980, 1, 1, "yyyy-mm-dd"}, std::string("m")},
          Row{2.0, std::string("Zhang, Fei"), std::string("510700198202020022"),
              forms::DateCell{1982, 2, 2, ""}, std::string("M")}};
}

TEST_F(RegistrarPageTest, R3_AnXlsxRankingIsRecordedLikeItsCsv) {
  std::vector<std::vector<forms::WorkbookCell>> sheet = MianyangSheet();
  sheet[2][3] = std::string("1982-02-xx");
  const http::Response bad_cell =
      Upload(standings::kRegistrar, "mianyang", forms::WorkbookBytes(sheet),
             "zh", "2016-06-12", "绵阳.xlsx");
  EXPECT_EQ(bad_cell.status, 400);
  EXPECT_THAT(bad_cell.body,
              HasSubstr("成绩文件未能读取:绵阳.xlsx 的 D3 "
                        "格（出生日期）「1982-02-xx」不是日期，请写成 "
                        "1980-01-31 这样。"));
  EXPECT_THAT(Page(standings::kRegistrar).body, Not(HasSubstr("Liu Bei")));

  const http::Response recorded = Upload(standings::kRegistrar, "mianyang",
                                         forms::WorkbookBytes(MianyangSheet()),
                                         "en", "2016-06-12", "mianyang.xlsx");
  ASSERT_EQ(recorded.status, 200) << recorded.body;
  EXPECT_THAT(recorded.body,
              HasSubstr("Recorded station mianyang · 2 players"));
  const http::Response page = Page(standings::kRegistrar);
  EXPECT_THAT(page.body, HasSubstr("<td>Liu Bei</td>"));
  EXPECT_THAT(page.body, HasSubstr("<td>Zhang, Fei</td>"));
}

TEST_F(RegistrarPageTest, R3_ABadLineIsNamedByLineAndFieldAndNothingRecorded) {
  const std::string bad =
      absl::StrCat(kMianyang, "3,Guan Yu,510700198303030033,1983-13,m\n");
  const http::Response refused = Upload(standings::kRegistrar, "mianyang", bad);
  EXPECT_EQ(refused.status, 400);
  EXPECT_THAT(refused.body,
              HasSubstr("ranking.csv:4 birth_date: not a date like 1980-01-31 "
                        "(got &apos;1983-13&apos;)"));
  const http::Response zh = Upload(standings::kRegistrar, "mianyang",
                                   "1,Liu Bei,5107,1980-01-01,x\n", "zh");
  EXPECT_EQ(zh.status, 400);
  EXPECT_THAT(zh.body, HasSubstr("成绩文件未能读取:ranking.csv 第 1 "
                                 "行的性别「x」应为 m（男）或 f（女）。"));
  const http::Response page = Page(standings::kRegistrar);
  EXPECT_THAT(page.body, Not(HasSubstr("Liu Bei")));
  EXPECT_THAT(page.body, HasSubstr("Every qualifier is registered."));
}

TEST_F(RegistrarPageTest, R3_TheStationAndItsDateAreNamedWhenWrong) {
  const http::Response no_date =
      Upload(standings::kRegistrar, "mianyang", kMianyang, "en", "12/06/2016");
  EXPECT_EQ(no_date.status, 400);
  EXPECT_THAT(no_date.body, HasSubstr("date: not a date like 1980-01-31"));
  const http::Response no_station =
      Upload(standings::kRegistrar, "", kMianyang);
  EXPECT_EQ(no_station.status, 400);
  EXPECT_THAT(no_station.body, HasSubstr("station: required"));
  const http::Response no_station_zh =
      Upload(standings::kRegistrar, "", kMianyang, "zh");
  EXPECT_EQ(no_station_zh.status, 400);
  EXPECT_THAT(no_station_zh.body, HasSubstr("请填写分站赛。"));
}

TEST_F(RegistrarPageTest, R3_TheServersRefusalIsShownInItsWords) {
  // The fixture recorded Chengdu already.
  const http::Response again =
      Upload(standings::kRegistrar, "chengdu", kMianyang, "en", "2016-05-14");
  EXPECT_EQ(again.status, 400) << again.body;
  EXPECT_THAT(again.body, HasSubstr("R3: station chengdu is already recorded"));
  EXPECT_THAT(again.body, Not(HasSubstr("The ranking was not read")));
  const http::Response zh =
      Upload(standings::kRegistrar, "chengdu", kMianyang, "zh", "2016-05-14");
  EXPECT_THAT(zh.body, HasSubstr("不符合规程 R3"));
}

// R1.2: the page admits the roles of its forms (an arbiter may withdraw a
// player); the server still refuses a ranking from anyone but the registrar.
TEST_F(RegistrarPageTest, R1_2_TheUploadWantsTheRegistrarsToken) {
  const http::Response anonymous = Upload("", "mianyang", kMianyang);
  EXPECT_EQ(anonymous.status, 401);
  EXPECT_THAT(anonymous.body, HasSubstr("a token is required"));
  const http::Response pairing =
      Upload(standings::kPairingOfficer, "mianyang", kMianyang);
  EXPECT_EQ(pairing.status, 403);
  EXPECT_THAT(pairing.body, HasSubstr("R1.2: the registrar page admits "));
  EXPECT_EQ(
      Page(standings::kPairingOfficer, {{"lang", "en"}}, "section").status,
      403);
  const http::Response arbiter =
      Upload(standings::kArbiter, "mianyang", kMianyang);
  EXPECT_EQ(arbiter.status, 403);
  EXPECT_THAT(arbiter.body,
              HasSubstr("R1.2: RecordStationResults admits registrar"));
  // Nothing was recorded by any of them.
  EXPECT_THAT(Page(standings::kRegistrar).body, Not(HasSubstr("Liu Bei")));
  // The upload takes POST only, the page GET only.
  const http::Response get =
      Page(standings::kRegistrar, {{"lang", "en"}}, "ranking");
  EXPECT_EQ(get.status, 405);
  http::Request post;
  post.method = "POST";
  post.path = kRegistrar;
  post.headers["authorization"] =
      absl::StrCat("Bearer ", standings::kRegistrar);
  EXPECT_EQ(Handle(post)->response->status, 405);
}

TEST_F(RegistrarPageTest, R2_2_TheSectionIsDerivedAsTheEntryIsTyped) {
  std::vector<std::pair<std::string, std::string>> entry = {
      {"lang", "en"},
      {"person.gender", "GENDER_FEMALE"},
      {"residency", "RESIDENCY_NATIVE"},
      {"insuranceConfirmed", "on"},
      {"person.birthDate.year", "2006"},
      {"person.birthDate.month", "3"}};
  // Until the birth date is whole, nothing is said.
  const http::Response typing = Page(standings::kRegistrar, entry, "section");
  EXPECT_EQ(typing.status, 200);
  EXPECT_EQ(typing.body, "");
  entry.emplace_back("person.birthDate.day", "9");
  const http::Response child = Page(standings::kRegistrar, entry, "section");
  EXPECT_THAT(child.body, HasSubstr("Enters section Children women"));
  // A section chosen by hand that the birth date does not fit: R2.2, naming
  // the section that does.
  entry.emplace_back("sectionId", "open-women");
  const http::Response refused = Page(standings::kRegistrar, entry, "section");
  EXPECT_THAT(refused.body, HasSubstr("R2.2: born 2006-03-09, section "
                                      "open-women admits births"));
  EXPECT_THAT(refused.body, HasSubstr("children-women fits"));
  entry[0].second = "zh";
  EXPECT_THAT(Page(standings::kRegistrar, entry, "section").body,
              HasSubstr("不符合规程 R2.2"));
  // Eligibility beyond the birth date, as the server checks it (R2.5).
  entry[0].second = "en";
  entry.pop_back();
  entry[2].second = "RESIDENCY_NONE";
  EXPECT_THAT(Page(standings::kRegistrar, entry, "section").body,
              HasSubstr("R2.5: section children-women admits only natives"));
}

}  // namespace
}  // namespace qiwang::web
