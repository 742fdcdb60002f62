// The printouts and the spreadsheet download as a browser gets them, from a
// real qiwangd that paired round 1 of eight open men and played two boards.
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "clients/web/public_pages.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/test_paths.h"
#include "tests/web/pages_fixture.h"

namespace qiwang::web {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr char kPrint[] = "/t/sichuan-2016/print";

int Count(const std::string& text, const std::string& what) {
  int count = 0;
  for (size_t at = text.find(what); at != std::string::npos;
       at = text.find(what, at + what.size())) {
    ++count;
  }
  return count;
}

std::string Header(const http::Response& response, const std::string& name) {
  for (const auto& [key, value] : response.headers) {
    if (key == name) return value;
  }
  return "";
}

// The awards that carry a certificate, as the standings service lists them.
int CertificatesAwarded(v1::StandingsService::Stub& standings) {
  v1::GetPrizesRequest request;
  request.set_tournament_id(standings::kTournamentId);
  v1::GetPrizesResponse prizes;
  grpc::ClientContext context;
  EXPECT_TRUE(standings.GetPrizes(&context, request, &prizes).ok());
  int awarded = 0;
  for (const v1::CategoryPrizes& category : prizes.categories()) {
    for (const v1::PrizeAward& award : category.awards()) {
      awarded += award.certificate() ? 1 : 0;
    }
  }
  return awarded;
}

TEST_F(PagesTest, WallListAndResultSheetsShowEveryBoardOfTheRound) {
  const http::Response wall = Get(absl::StrCat(kPrint, "/wall/open-men/1"));
  EXPECT_EQ(wall.status, 200);
  EXPECT_THAT(wall.body, HasSubstr("/static/print.css"));
  EXPECT_THAT(wall.body, HasSubstr("第1轮对阵表"));
  EXPECT_THAT(wall.body, HasSubstr("Round 1 pairings"));
  EXPECT_THAT(wall.body, HasSubstr("2016-10-14 09:30"));
  const http::Response sheets = Get(absl::StrCat(kPrint, "/sheets/open-men/1"));
  EXPECT_EQ(sheets.status, 200);
  EXPECT_EQ(Count(sheets.body, "class=\"printout sheet\""),
            round_one_.boards_size());
  for (const v1::BoardView& board : round_one_.boards()) {
    EXPECT_THAT(wall.body, HasSubstr(board.red().name()));
    EXPECT_THAT(wall.body, HasSubstr(board.black().name()));
    EXPECT_THAT(sheets.body,
                HasSubstr(absl::StrCat("<td class=\"name\">",
                                       board.red().name(), "</td>")));
  }
  for (const char* words : {"红胜", "黑胜", "和棋", "红方签名", "黑方签名",
                            "裁判员签名", "Arbiter's signature"}) {
    EXPECT_EQ(Count(sheets.body, words), round_one_.boards_size()) << words;
  }
}

TEST_F(PagesTest, TableCardsCarryAQrCodeOfTheBoardsPage) {
  const http::Response cards = Get(absl::StrCat(kPrint, "/cards/open-men/1"),
                                   {}, {{"host", "192.168.1.20:8080"}});
  EXPECT_EQ(cards.status, 200);
  EXPECT_EQ(Count(cards.body, "<svg"), round_one_.boards_size());
  EXPECT_THAT(cards.body,
              HasSubstr("http://192.168.1.20:8080/t/sichuan-2016/board/"
                        "open-men/1"));
  // The configured public address wins over the Host the printer used.
  std::unique_ptr<http::Routes> hall = MakePublicPages(
      channel_,
      {.tournament_ids = {}, .public_url = "https://hall.example.cn/"});
  http::Request request;
  request.method = "GET";
  request.path = absl::StrCat(kPrint, "/cards/open-men/1");
  request.headers["host"] = "127.0.0.1:8080";
  const http::Response printed = hall->Handle(request)->response.value();
  EXPECT_THAT(printed.body,
              HasSubstr("https://hall.example.cn/t/sichuan-2016/board/"
                        "open-men/4"));
  EXPECT_THAT(printed.body, Not(HasSubstr("127.0.0.1")));
  // Configured, the address is trusted: no warning even for a loopback one.
  EXPECT_THAT(printed.body, Not(HasSubstr("qr-warning")));
  EXPECT_THAT(cards.body, Not(HasSubstr("qr-warning")));

  // The card's page: who plays at that board in the round in play.
  const http::Response board = Get("/t/sichuan-2016/board/open-men/1");
  EXPECT_EQ(board.status, 200);
  EXPECT_THAT(board.body, HasSubstr(round_one_.boards(0).red().name()));
  EXPECT_THAT(board.body, HasSubstr(round_one_.boards(0).black().name()));
  EXPECT_THAT(board.body, HasSubstr("红胜"));
}

TEST_F(PagesTest, CardsPrintedFromTheServersOwnAddressWarnOnEveryCard) {
  for (const char* host :
       {"127.0.0.1:8080", "localhost:8080", "[::1]:8080", "0.0.0.0:8080"}) {
    const http::Response cards =
        Get(absl::StrCat(kPrint, "/cards/open-men/1"), {}, {{"host", host}});
    EXPECT_EQ(cards.status, 200) << host;
    EXPECT_EQ(Count(cards.body, "class=\"qr-warning\""),
              round_one_.boards_size())
        << host;
    EXPECT_THAT(cards.body, HasSubstr("场内手机无法打开")) << host;
    EXPECT_THAT(cards.body, HasSubstr("--http_public_url")) << host;
    const http::Response index = Get(kPrint, {}, {{"host", host}});
    EXPECT_THAT(index.body, HasSubstr("id=\"card-base-warning\"")) << host;
  }
  // A hall address that merely starts like one is not a loopback.
  const http::Response hall = Get(absl::StrCat(kPrint, "/cards/open-men/1"), {},
                                  {{"host", "127-hall.example.cn"}});
  EXPECT_THAT(hall.body, Not(HasSubstr("qr-warning")));
  EXPECT_THAT(Get(kPrint, {}, {{"host", "192.168.1.20"}}).body,
              Not(HasSubstr("card-base-warning")));
}

TEST_F(PagesTest, FoldedTentCardsPrintEachBoardTwiceOneHalfUpsideDown) {
  const http::Response tents =
      Get(absl::StrCat(kPrint, "/cards/open-men/1"), {{"fold", "1"}},
          {{"host", "192.168.1.20:8080"}});
  EXPECT_EQ(tents.status, 200);
  const int boards = round_one_.boards_size();
  EXPECT_EQ(Count(tents.body, "class=\"printout table-card folded\""), boards);
  EXPECT_EQ(Count(tents.body, "class=\"half upside-down\""), boards);
  EXPECT_EQ(Count(tents.body, "<svg"), 2 * boards);
  EXPECT_EQ(Count(tents.body, "/t/sichuan-2016/board/open-men/1<"), 2);
  EXPECT_THAT(Get(kPrint, {}, {{"host", "hall:8080"}}).body,
              HasSubstr("/t/sichuan-2016/print/cards/open-men/1?fold=1"));
  const http::Response wrong = Get(absl::StrCat(kPrint, "/cards/open-men/1"),
                                   {{"fold", "yes"}, {"lang", "en"}});
  EXPECT_EQ(wrong.status, 400);
  EXPECT_THAT(wrong.body, HasSubstr("fold: 1 for folded tent cards"));
}

TEST_F(PagesTest, ResultsBookPrizesAndACertificatePerPrizeWinner) {
  const http::Response book = Get(absl::StrCat(kPrint, "/book"));
  EXPECT_EQ(book.status, 200);
  EXPECT_THAT(book.body, HasSubstr("成绩册"));
  EXPECT_THAT(book.body, HasSubstr("公开组男子 · 名次"));
  EXPECT_THAT(book.body, HasSubstr("交叉表"));
  EXPECT_THAT(book.body, Not(HasSubstr("公开组女子")));  // nobody plays there
  for (const v1::BoardView& board : round_one_.boards()) {
    EXPECT_THAT(book.body, HasSubstr(board.red().name()));
  }
  const http::Response prizes = Get(absl::StrCat(kPrint, "/prizes"));
  EXPECT_EQ(prizes.status, 200);
  EXPECT_THAT(prizes.body, HasSubstr("获奖名单"));
  EXPECT_THAT(prizes.body, HasSubstr("10000"));
  // Round 1 is in play: why the list is provisional, per section, in both
  // languages and without ids.
  EXPECT_THAT(prizes.body,
              HasSubstr("<li>公开组男子：第1轮尚有对局未出结果 <span "
                        "class=\"en\">Open men: round 1 still has games "
                        "without a result</span></li>"));
  EXPECT_THAT(prizes.body, Not(HasSubstr("open-men:")));

  const int awarded = CertificatesAwarded(*standings_);
  EXPECT_GT(awarded, 0);
  const http::Response certificates =
      Get(absl::StrCat(kPrint, "/certificates"));
  EXPECT_EQ(certificates.status, 200);
  EXPECT_EQ(Count(certificates.body, "class=\"printout certificate\""),
            awarded);
  EXPECT_THAT(certificates.body, HasSubstr("荣誉证书"));
  EXPECT_THAT(certificates.body, HasSubstr("第一名"));
  // The date is the closing day in the schedule, not the clock's.
  EXPECT_THAT(certificates.body, HasSubstr("2016年10月16日"));
  EXPECT_EQ(Count(Get(absl::StrCat(kPrint, "/certificates/open-men")).body,
                  "class=\"printout certificate\""),
            awarded);
}

TEST_F(PagesTest, UnknownRoundSectionOrRankingIsNotFoundNamingIt) {
  struct Case {
    std::string path;
    int status;
    std::string message;
  };
  for (const Case& wrong : std::vector<Case>{
           {"/wall/open-men/7", 404, "round 7 of section &apos;open-men&apos;"},
           {"/sheets/no-such/1", 404, "section &apos;no-such&apos; not found"},
           {"/cards/open-men/0", 400, "round: a round number from 1"},
           {"/book/no-such", 404, "ranking &apos;no-such&apos; not found"},
           {"/certificates/no-such", 404, "ranking &apos;no-such&apos;"},
           {"/nothing", 404, "no page at"},
       }) {
    const http::Response page =
        Get(absl::StrCat(kPrint, wrong.path), {{"lang", "en"}});
    EXPECT_EQ(page.status, wrong.status) << wrong.path;
    EXPECT_THAT(page.body, HasSubstr(wrong.message)) << wrong.path;
  }
  // In Chinese, the same refusals name the thing under Chinese headings.
  for (const auto& [path, named] :
       std::vector<std::pair<std::string, std::string>>{
           {"/wall/open-men/7", "轮次 7"},
           {"/sheets/no-such/1", "组别 no-such"},
           {"/cards/open-men/0", "字段 轮次"},
           {"/book/no-such", "排名 no-such"},
           {"/nothing", "找不到所要的对象。"},
       }) {
    EXPECT_THAT(Get(absl::StrCat(kPrint, path)).body, HasSubstr(named)) << path;
  }
  EXPECT_EQ(Get("/t/sichuan-2016/board/open-men/9").status, 404);
  EXPECT_EQ(Get("/t/sichuan-2016/xlsx/no-such").status, 404);
  EXPECT_EQ(Get("/t/sichuan-2016/xlsx/open-men", {{"round", "x"}}).status, 400);
}

TEST_F(PagesTest, TheListOfPrintoutsLinksEachAndTheWorkbooks) {
  const http::Response home = Get("/t/sichuan-2016");
  EXPECT_THAT(home.body, HasSubstr("href=\"/t/sichuan-2016/print?lang=zh\""));
  const http::Response index = Get(kPrint, {}, {{"host", "hall:8080"}});
  EXPECT_EQ(index.status, 200);
  for (const char* link :
       {"/t/sichuan-2016/print/wall/open-men/1",
        "/t/sichuan-2016/print/sheets/open-men/1",
        "/t/sichuan-2016/print/cards/open-men/1",
        "/t/sichuan-2016/print/book/open-men",
        "/t/sichuan-2016/print/certificates", "/t/sichuan-2016/print/prizes",
        "/t/sichuan-2016/xlsx/open-men?round=1"}) {
    EXPECT_THAT(index.body, HasSubstr(link));
  }
  EXPECT_THAT(index.body, HasSubstr("http://hall:8080"));
}

TEST_F(PagesTest, TheWorkbookDownloadsAndOpenpyxlOpensIt) {
  const http::Response workbook = Get("/t/sichuan-2016/xlsx/open-men");
  EXPECT_EQ(workbook.status, 200);
  EXPECT_EQ(workbook.content_type,
            "application/vnd.openxmlformats-officedocument.spreadsheetml."
            "sheet");
  EXPECT_EQ(Header(workbook, "Content-Disposition"),
            "attachment; filename=\"sichuan-2016-open-men.xlsx\"");
  const std::string path = absl::StrCat(::testing::TempDir(), "/open.xlsx");
  std::ofstream(path, std::ios::binary | std::ios::trunc) << workbook.body;
  const std::string command =
      absl::StrCat("/usr/bin/python3 ", test_paths::kSourceDir,
                   "/tests/reports/read_xlsx.py ", path);
  FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string json;
  char buffer[4096];
  for (size_t got; (got = fread(buffer, 1, sizeof buffer, pipe)) > 0;) {
    json.append(buffer, got);
  }
  EXPECT_EQ(pclose(pipe), 0) << command;
  EXPECT_THAT(json, HasSubstr(round_one_.boards(0).red().name()));
  EXPECT_EQ(Get("/t/sichuan-2016/xlsx/open-men", {{"round", "1"}}).status, 200);
}

// A prize winner whose name is markup: the certificate shows it as text.
class PrintEscapingTest : public standings::StandingsServerTest {};

TEST_F(PrintEscapingTest, MarkupInAWinnersNameIsEscapedOnTheCertificate) {
  EnterOpenMen(4, "<script>alert(1)</script>");
  PairRound(1);
  RecordResult(1, 1, v1::GAME_RESULT_RED_WIN);
  const uint64_t last = RecordResult(1, 2, v1::GAME_RESULT_BLACK_WIN);
  v1::GetPrizesRequest caught_up;
  caught_up.set_tournament_id(standings::kTournamentId);
  caught_up.mutable_read()->set_min_position(last);
  v1::GetPrizesResponse ignored;
  ASSERT_TRUE(standings_->GetPrizes(Call().get(), caught_up, &ignored).ok());
  ASSERT_GT(CertificatesAwarded(*standings_), 0);

  std::unique_ptr<http::Routes> pages = MakePublicPages(channel_);
  http::Request request;
  request.method = "GET";
  request.path = absl::StrCat(kPrint, "/certificates");
  const http::Response certificates = pages->Handle(request)->response.value();
  EXPECT_EQ(certificates.status, 200);
  EXPECT_THAT(certificates.body,
              HasSubstr("&lt;script&gt;alert(1)&lt;/script&gt;"));
  EXPECT_THAT(certificates.body, Not(HasSubstr("<script>")));
}

}  // namespace
}  // namespace qiwang::web
