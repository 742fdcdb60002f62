// The public pages as a browser gets them, rendered by the Routes from a real
// qiwangd's public reads.
#include <string>

#include "absl/strings/str_cat.h"
#include "clients/web/public_pages.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/rules/tournament/pre_event_fixture.h"
#include "tests/web/pages_fixture.h"

namespace qiwang::web {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr char kHome[] = "/t/sichuan-2016";

TEST_F(PagesTest, HomeIsChineseFirstAndEnglishByToggleOrAcceptLanguage) {
  const http::Response zh = Get(kHome);
  EXPECT_EQ(zh.status, 200);
  EXPECT_EQ(HeaderOf(zh, "Content-Language"), "zh-CN");
  EXPECT_THAT(zh.body, HasSubstr("四川赛区"));
  EXPECT_THAT(zh.body, HasSubstr("公开组男子"));
  EXPECT_THAT(zh.body, HasSubstr("进行中"));
  EXPECT_THAT(zh.body, HasSubstr("2016-10-14 09:30"));  // schedule, Beijing
  EXPECT_THAT(zh.body,
              HasSubstr("/t/sichuan-2016/pairings/open-men/1?lang=zh"));
  // The toggle leads to the same page in English.
  EXPECT_THAT(zh.body, HasSubstr("href=\"/t/sichuan-2016?lang=en\""));
  // Officials find their sign-in from any page.
  EXPECT_THAT(zh.body, HasSubstr("href=\"/officials/sichuan-2016?lang=zh\""));
  EXPECT_THAT(zh.body, HasSubstr("裁判入口"));

  const http::Response en = Get(kHome, {{"lang", "en"}});
  EXPECT_EQ(HeaderOf(en, "Content-Language"), "en");
  EXPECT_THAT(en.body, HasSubstr("Sichuan division"));
  EXPECT_THAT(en.body, HasSubstr("Open men"));
  EXPECT_THAT(en.body, HasSubstr("In play"));
  EXPECT_THAT(en.body, Not(HasSubstr("公开组男子")));

  const http::Response browser =
      Get(kHome, {}, {{"accept-language", "en-GB,en;q=0.9,zh-CN;q=0.5"}});
  EXPECT_THAT(browser.body, HasSubstr("Open men"));
  const http::Response chinese_browser =
      Get(kHome, {}, {{"accept-language", "zh-CN,zh;q=0.9,en;q=0.8"}});
  EXPECT_THAT(chinese_browser.body, HasSubstr("公开组男子"));
}

TEST_F(PagesTest, RootListsTheTournamentsAndOpensAnyById) {
  const http::Response root = Get("/", {{"lang", "en"}});
  EXPECT_EQ(root.status, 200);
  EXPECT_THAT(root.body, HasSubstr("href=\"/t/sichuan-2016?lang=en\""));
  EXPECT_THAT(root.body, HasSubstr("Sichuan division"));
  const http::Response go = Get("/t", {{"id", "sichuan-2016"}, {"lang", "en"}});
  EXPECT_EQ(go.status, 303);
  EXPECT_EQ(HeaderOf(go, "Location"), "/t/sichuan-2016?lang=en");
}

TEST_F(PagesTest, PairingsShowBoardsNumbersScoresAndResults) {
  const http::Response page = Get("/t/sichuan-2016/pairings/open-men/1");
  EXPECT_EQ(page.status, 200);
  for (const v1::BoardView& board : round_one_.boards()) {
    EXPECT_THAT(page.body, HasSubstr(board.red().name()));
    EXPECT_THAT(page.body, HasSubstr(board.black().name()));
    EXPECT_THAT(page.body, HasSubstr(absl::StrCat("<span class=\"no\">",
                                                  board.red().pairing_number(),
                                                  "</span>")));
  }
  EXPECT_THAT(page.body, HasSubstr("红胜"));
  EXPECT_THAT(page.body, HasSubstr("和棋"));
  EXPECT_THAT(page.body, HasSubstr("未赛"));  // boards 3 and 4
  EXPECT_THAT(page.body, HasSubstr("data-live-url=\"/t/sichuan-2016/pairings/"
                                   "open-men/1/live?lang=zh\""));
  // Without a round: the round in play.
  const http::Response current =
      Get("/t/sichuan-2016/pairings/open-men", {{"lang", "en"}});
  EXPECT_THAT(current.body, HasSubstr("1-0"));
  EXPECT_THAT(current.body, HasSubstr("pending"));
}

TEST_F(PagesTest, StandingsShowTheChainCrosstableAndPrizes) {
  const http::Response page =
      Get("/t/sichuan-2016/standings/open-men", {{"lang", "en"}});
  EXPECT_EQ(page.status, 200);
  for (const char* heading : {"opponents&apos; score", "wins", "fouls",
                              "games with black", "previous rounds"}) {
    EXPECT_THAT(page.body, HasSubstr(absl::StrCat("<th>", heading, "</th>")));
  }
  EXPECT_THAT(page.body, HasSubstr("Crosstable"));
  EXPECT_THAT(page.body, HasSubstr("Prizes"));
  EXPECT_THAT(page.body, HasSubstr("National-final places"));
  // Board 1's red won: 2 points, first.
  const std::string winner = round_one_.boards(0).red().name();
  EXPECT_THAT(page.body, HasSubstr(absl::StrCat(
                             ">", winner,
                             "</a></td><td class=\"station\">Chengdu city "
                             "station</td><td class=\"num score\">2<")));
  const http::Response zh = Get("/t/sichuan-2016/standings/open-men");
  EXPECT_THAT(zh.body, HasSubstr("<th>对手分</th>"));
  EXPECT_THAT(zh.body, HasSubstr("交叉表"));
}

TEST_F(PagesTest, ACachedPageChangesOnceTheLogMoves) {
  const std::string path = "/t/sichuan-2016/pairings/open-men/1";
  const http::Response first = Get(path, {{"lang", "en"}});
  EXPECT_EQ(Get(path, {{"lang", "en"}}).body, first.body);
  EXPECT_THAT(first.body, Not(HasSubstr("0-1")));
  AwaitProjection(RecordResult(1, 3, v1::GAME_RESULT_BLACK_WIN));
  const http::Response moved = Get(path, {{"lang", "en"}});
  EXPECT_THAT(moved.body, HasSubstr("0-1"));
  // Another language or query is another page.
  EXPECT_THAT(Get(path).body, HasSubstr("黑胜"));
}

TEST_F(PagesTest, AtAndAfterRoundShowThePast) {
  const std::string at = absl::StrCat(paired_position_);
  const http::Response before =
      Get("/t/sichuan-2016/pairings/open-men/1", {{"at", at}, {"lang", "en"}});
  EXPECT_EQ(before.status, 200);
  EXPECT_THAT(before.body, Not(HasSubstr("1-0")));
  EXPECT_THAT(before.body, HasSubstr("Past view"));
  EXPECT_THAT(before.body, Not(HasSubstr("data-live-url")));

  const std::string winner = round_one_.boards(0).red().name();
  const http::Response standings_before =
      Get("/t/sichuan-2016/standings/open-men", {{"at", at}, {"lang", "en"}});
  EXPECT_THAT(
      standings_before.body,
      HasSubstr(absl::StrCat(">", winner,
                             "</a></td><td class=\"station\">Chengdu city "
                             "station</td><td class=\"num score\">0<")));

  // Round 2 played in part: after_round=1 still ranks round 1 only.
  RecordResult(1, 3, v1::GAME_RESULT_BLACK_WIN);
  RecordResult(1, 4, v1::GAME_RESULT_BLACK_WIN);
  const v1::PairRoundResponse two = PairRound(2);
  const v1::BoardView& board = two.rounds(0).boards(0);
  AwaitProjection(RecordResult(2, 1, v1::GAME_RESULT_RED_WIN));
  const std::string red_two = board.red().name();
  const int before_two = board.red().score_before();
  const http::Response after_one = Get("/t/sichuan-2016/standings/open-men",
                                       {{"after_round", "1"}, {"lang", "en"}});
  EXPECT_THAT(after_one.body, HasSubstr("after round 1 "));
  EXPECT_THAT(after_one.body, HasSubstr(absl::StrCat(
                                  ">", red_two,
                                  "</a></td><td class=\"station\">Chengdu city "
                                  "station</td><td class=\"num score\">",
                                  before_two, "<")));
  const http::Response now =
      Get("/t/sichuan-2016/standings/open-men", {{"lang", "en"}});
  EXPECT_THAT(now.body, HasSubstr(absl::StrCat(
                            ">", red_two,
                            "</a></td><td class=\"station\">Chengdu city "
                            "station</td><td class=\"num score\">",
                            before_two + 2, "<")));
}

TEST_F(PagesTest, FindMyBoardByNameOrPairingNumber) {
  const v1::BoardView& board = round_one_.boards(2);
  const http::Response by_name = Get(
      "/t/sichuan-2016/find", {{"q", board.black().name()}, {"lang", "en"}});
  EXPECT_EQ(by_name.status, 200);
  EXPECT_THAT(by_name.body,
              HasSubstr(absl::StrCat("/t/sichuan-2016/player/",
                                     board.black().player_id(), "?lang=en")));
  EXPECT_THAT(by_name.body, HasSubstr(absl::StrCat("<td>", board.red().name(),
                                                   "</td>")));  // opponent
  EXPECT_THAT(by_name.body, HasSubstr("<td>black</td>"));

  const http::Response by_number =
      Get("/t/sichuan-2016/find",
          {{"q", absl::StrCat(board.red().pairing_number())}, {"lang", "en"}});
  EXPECT_THAT(by_number.body,
              HasSubstr(absl::StrCat(">", board.red().name(), "</a>")));
  EXPECT_THAT(by_number.body, HasSubstr("<td>red</td>"));

  const http::Response nobody =
      Get("/t/sichuan-2016/find", {{"q", "nobody here"}, {"lang", "en"}});
  EXPECT_THAT(nobody.body, HasSubstr("No player found"));
}

TEST_F(PagesTest, PlayersCardShowsScheduleOpponentColourResultAndRank) {
  const v1::BoardView& board = round_one_.boards(0);
  const http::Response card =
      Get(absl::StrCat("/t/sichuan-2016/player/", board.red().player_id()),
          {{"lang", "en"}});
  EXPECT_EQ(card.status, 200);
  EXPECT_THAT(card.body, HasSubstr(absl::StrCat("<h1>", board.red().name())));
  EXPECT_THAT(card.body,
              HasSubstr(absl::StrCat(">", board.black().name(), "</a>")));
  EXPECT_THAT(card.body, HasSubstr(">red</td>"));
  // Red won: a win on red's card, the board's result beside it.
  EXPECT_THAT(card.body,
              HasSubstr("<td class=\"outcome won\">W <small>1-0</small>"));
  EXPECT_THAT(card.body, HasSubstr("2016-10-14 09:30"));
  EXPECT_THAT(card.body, HasSubstr("<strong id=\"card-rank\">1</strong>"));
  EXPECT_THAT(card.body, HasSubstr("opponents&apos; score"));
}

TEST_F(PagesTest, TheCardCarriesAQrCodeOfItsOwnAddressForTheDesk) {
  const int64_t player = round_one_.boards(0).red().player_id();
  const std::string path = absl::StrCat("/t/sichuan-2016/player/", player);
  const http::Response card = Get(path, {}, {{"host", "hall.example.cn:8080"}});
  EXPECT_EQ(card.status, 200);
  EXPECT_THAT(card.body, HasSubstr("<figure class=\"card-qr\">"));
  EXPECT_THAT(card.body, HasSubstr("<svg"));
  EXPECT_THAT(card.body,
              HasSubstr(absl::StrCat("http://hall.example.cn:8080", path)));
  EXPECT_THAT(card.body, HasSubstr("报到时出示此二维码"));
  EXPECT_THAT(Get(path, {{"lang", "en"}}).body,
              HasSubstr("Show this code at the check-in desk"));
}

TEST_F(PagesTest, TheCardReadsEachResultFromThePlayersSide) {
  const v1::BoardView& board = round_one_.boards(0);  // red won
  const http::Response black =
      Get(absl::StrCat("/t/sichuan-2016/player/", board.black().player_id()),
          {{"lang", "zh"}});
  EXPECT_THAT(black.body, HasSubstr("<td class=\"outcome lost\">负 <small>"));
  const http::Response red =
      Get(absl::StrCat("/t/sichuan-2016/player/", board.red().player_id()),
          {{"lang", "zh"}});
  EXPECT_THAT(red.body, HasSubstr("<td class=\"outcome won\">胜 <small>"));
  const v1::BoardView& drawn = round_one_.boards(1);
  const http::Response draw =
      Get(absl::StrCat("/t/sichuan-2016/player/", drawn.black().player_id()),
          {{"lang", "en"}});
  EXPECT_THAT(draw.body, HasSubstr("<td class=\"outcome drawn\">D <small>"));
}

TEST_F(PagesTest, TheCardLeadsToThePlayersOwnBoardMarked) {
  const v1::BoardView& board = round_one_.boards(2);
  const int64_t player = board.black().player_id();
  const http::Response card =
      Get(absl::StrCat("/t/sichuan-2016/player/", player), {{"lang", "en"}});
  const std::string link = absl::StrCat(
      "/t/sichuan-2016/pairings/open-men/1?lang=en&amp;player=", player,
      "#board-", board.number());
  EXPECT_THAT(card.body, HasSubstr(absl::StrCat("<a href=\"", link, "\">",
                                                board.number(), "</a>")));

  const http::Response pairings =
      Get("/t/sichuan-2016/pairings/open-men/1",
          {{"lang", "en"}, {"player", absl::StrCat(player)}});
  ASSERT_EQ(pairings.status, 200) << pairings.body;
  const std::string row = absl::StrCat("<tr id=\"board-", board.number(), "\"");
  const size_t at = pairings.body.find(row);
  ASSERT_NE(at, std::string::npos);
  const std::string tag =
      pairings.body.substr(at, pairings.body.find('>', at) - at);
  EXPECT_THAT(tag, HasSubstr("class=\"mine\" aria-current=\"true\""));
  // One board is theirs, none other.
  EXPECT_EQ(pairings.body.find("class=\"mine\""),
            pairings.body.rfind("class=\"mine\""));
  const http::Response unmarked =
      Get("/t/sichuan-2016/pairings/open-men/1", {{"lang", "en"}});
  EXPECT_THAT(unmarked.body, Not(HasSubstr("class=\"mine\"")));

  const http::Response bad = Get("/t/sichuan-2016/pairings/open-men/1",
                                 {{"lang", "en"}, {"player", "me"}});
  EXPECT_EQ(bad.status, 400);
  EXPECT_THAT(bad.body, HasSubstr("player: a player id from 1 (got &apos;me"));
}

// The part of `html` from `start` up to the next `end` after it; "" when
// `start` is not in it.
std::string Between(const std::string& html, const std::string& start,
                    const std::string& end) {
  const size_t from = html.find(start);
  if (from == std::string::npos) return "";
  return html.substr(from, html.find(end, from) - from);
}

// Round 1 is in play: the prizes are provisional, said in a sentence for
// the section, in the page's language, without ids or clause numbers.
TEST_F(PagesTest, ProvisionalPrizesSayWhyPerSectionInWords) {
  const http::Response zh =
      Get("/t/sichuan-2016/standings/open-men", {{"lang", "zh"}});
  const std::string notice =
      Between(zh.body, "<ul class=\"provisional\"", "</ul>");
  EXPECT_THAT(notice, HasSubstr("<li>公开组男子：第1轮尚有对局未出结果</li>"));
  EXPECT_THAT(notice, Not(HasSubstr("open-men")));
  EXPECT_THAT(notice, Not(HasSubstr("R7")));
  const http::Response en =
      Get("/t/sichuan-2016/standings/open-men", {{"lang", "en"}});
  EXPECT_THAT(en.body,
              HasSubstr("<li>Open men: round 1 still has games without a "
                        "result</li>"));

  RecordResult(1, 3, v1::GAME_RESULT_BLACK_WIN);
  AwaitProjection(RecordResult(1, 4, v1::GAME_RESULT_DRAW));
  const http::Response next =
      Get("/t/sichuan-2016/standings/open-men", {{"lang", "en"}});
  EXPECT_THAT(next.body, Not(HasSubstr("still has games without a result")));
  EXPECT_THAT(next.body, HasSubstr("<li>Open men: 1 of "));
}

// Each column is headed; each player's qualifying station by its name.
TEST_F(PagesTest, StandingsHaveAHeadedStationColumn) {
  const http::Response zh =
      Get("/t/sichuan-2016/standings/open-men", {{"lang", "zh"}});
  const std::string table =
      Between(zh.body, "id=\"standings-table\"", "</table>");
  const std::string head = Between(table, "<thead>", "</thead>");
  const std::string row = Between(table, "<tbody>\n<tr", "</tr>");
  auto count = [](const std::string& html, const std::string& tag) {
    int n = 0;
    for (size_t at = html.find(tag); at != std::string::npos;
         at = html.find(tag, at + 1)) {
      ++n;
    }
    return n;
  };
  EXPECT_EQ(count(head, "<th>"), count(row, "<td"));
  EXPECT_EQ(count(head, "<th></th>"), 0);
  EXPECT_THAT(head, HasSubstr("<th>分站</th>"));
  // The fixture's players all qualified at the Chengdu station.
  EXPECT_THAT(row, HasSubstr("<td class=\"station\">成都市分站赛</td>"));
}

TEST_F(PagesTest, UnknownThingsAre404NamingThem) {
  const http::Response tournament = Get("/t/no-such-cup");
  EXPECT_EQ(tournament.status, 404);
  EXPECT_THAT(tournament.body, HasSubstr("no-such-cup"));
  const http::Response section = Get("/t/sichuan-2016/pairings/chess-boxing/1");
  EXPECT_EQ(section.status, 404);
  EXPECT_THAT(section.body, HasSubstr("chess-boxing"));
  // A Chinese page names the thing in Chinese headings (issue 25), an
  // English one in the services' own words.
  const http::Response round = Get("/t/sichuan-2016/pairings/open-men/7");
  EXPECT_EQ(round.status, 404);
  EXPECT_THAT(round.body, HasSubstr("找不到所要的对象。"));
  EXPECT_THAT(round.body, HasSubstr("轮次 7"));
  EXPECT_THAT(Get("/t/sichuan-2016/pairings/open-men/7", {{"lang", "en"}}).body,
              HasSubstr("round 7"));
  const http::Response ranking = Get("/t/sichuan-2016/standings/blitz");
  EXPECT_EQ(ranking.status, 404);
  EXPECT_THAT(ranking.body, HasSubstr("blitz"));
  const http::Response player = Get("/t/sichuan-2016/player/999");
  EXPECT_EQ(player.status, 404);
  EXPECT_THAT(player.body, HasSubstr("棋手 999"));
  EXPECT_EQ(Get("/t/sichuan-2016/nothing").status, 404);
  EXPECT_EQ(Get("/static/../CMakeLists.txt").status, 404);
  EXPECT_EQ(Get("/static/secret.css").status, 404);
  // Not the pages' path: the front answers.
  http::Request other;
  other.method = "GET";
  other.path = "/elsewhere";
  EXPECT_FALSE(Handle(other).has_value());
}

// Issue 27 §2: "live" ends a live URL only where a row of the route table
// says so. A section or ranking may be named "live" (an id is letters,
// digits, '-', '_' and '.'), so its pages are looked up by that name; they
// were "no page at ..." when the last part was taken for the live suffix.
TEST_F(PagesTest, ASectionOrRankingNamedLiveIsLookedUpByName) {
  for (const auto& [path, named] :
       std::vector<std::pair<std::string, std::string>>{
           {"/t/sichuan-2016/standings/live",
            "ranking &apos;live&apos; not found"},
           {"/t/sichuan-2016/pairings/live",
            "section &apos;live&apos; not found"},
           {"/t/sichuan-2016/print/book/live",
            "ranking &apos;live&apos; not found"},
       }) {
    const http::Response page = Get(path, {{"lang", "en"}});
    EXPECT_EQ(page.status, 404) << path;
    EXPECT_THAT(page.body, HasSubstr(named)) << path;
  }
  // Its live view is the same URL with /live once more.
  http::Request live;
  live.method = "GET";
  live.path = "/t/sichuan-2016/standings/live/live";
  live.query["lang"] = "en";
  const std::optional<http::Reply> reply = Handle(live);
  ASSERT_TRUE(reply.has_value() && reply->response.has_value());
  EXPECT_EQ(reply->response->status, 404);
  EXPECT_THAT(reply->response->body,
              HasSubstr("ranking &apos;live&apos; not found"));
}

TEST_F(PagesTest, BadParametersAre400NamingThem) {
  struct Case {
    std::string path;
    std::string name;
    std::string value;
  };
  for (const Case& bad : std::vector<Case>{
           {kHome, "lang", "fr"},
           {"/t/sichuan-2016/standings/open-men", "at", "yesterday"},
           {"/t/sichuan-2016/standings/open-men", "after_round", "-1"},
           {"/t/sichuan-2016/standings/open-men", "display", "big"},
           {"/t/sichuan-2016/standings/open-men", "at", "99999999"},
       }) {
    const http::Response response = Get(bad.path, {{bad.name, bad.value}});
    EXPECT_EQ(response.status, 400) << bad.name << "=" << bad.value;
    const std::string field = bad.name == "at" && bad.value == "99999999"
                                  ? "read.at_position"
                                  : bad.name;
    EXPECT_THAT(response.body, HasSubstr("字段 " + field));
  }
  const http::Response round = Get("/t/sichuan-2016/pairings/open-men/x");
  EXPECT_EQ(round.status, 400);
  EXPECT_THAT(round.body, HasSubstr("字段 轮次"))
      << "a field with words is named in the reader's words";
  EXPECT_THAT(Get("/t/sichuan-2016/pairings/open-men/x", {{"lang", "en"}}).body,
              HasSubstr("round: "));
  http::Request post;
  post.method = "POST";
  post.path = kHome;
  EXPECT_EQ(Handle(post)->response->status, 405);
}

// Issue 27 §2: a page's URL asked with another method is 405 naming the
// methods it takes; a URL of no page is 404 whatever the method.
TEST_F(PagesTest, APageTakesGetAndHeadOnly) {
  http::Request request;
  request.method = "POST";
  request.path = "/t/sichuan-2016/standings/open-men";
  std::optional<http::Reply> reply = Handle(request);
  ASSERT_TRUE(reply.has_value() && reply->response.has_value());
  EXPECT_EQ(reply->response->status, 405);
  EXPECT_EQ(HeaderOf(*reply->response, "Allow"), "GET, HEAD");
  request.method = "HEAD";
  reply = Handle(request);
  ASSERT_TRUE(reply.has_value() && reply->response.has_value());
  EXPECT_EQ(reply->response->status, 200);
  request.method = "POST";
  request.path = "/t/sichuan-2016/nothing";
  reply = Handle(request);
  ASSERT_TRUE(reply.has_value() && reply->response.has_value());
  EXPECT_EQ(reply->response->status, 404);
}

TEST_F(PagesTest, StaticFilesCarryAnEtagAndAnswer304) {
  const http::Response style = Get("/static/style.css");
  EXPECT_EQ(style.status, 200);
  EXPECT_EQ(style.content_type, "text/css; charset=utf-8");
  EXPECT_THAT(style.body, HasSubstr("@media print"));
  const std::string etag = HeaderOf(style, "ETag");
  ASSERT_FALSE(etag.empty());
  EXPECT_EQ(Get("/static/style.css", {}, {{"if-none-match", etag}}).status,
            304);
  const http::Response script = Get("/static/live.js");
  EXPECT_THAT(script.body, HasSubstr("EventSource"));
  const http::Response icon = Get("/static/favicon.svg");
  EXPECT_EQ(icon.status, 200);
  EXPECT_EQ(icon.content_type, "image/svg+xml");
  EXPECT_THAT(icon.body, HasSubstr("<svg"));
}

// Every page names its icon, and no link leads nowhere (an empty href
// reloads the page it is on).
TEST_F(PagesTest, EveryPageHasTheIconAndNoEmptyLink) {
  const v1::BoardView& board = round_one_.boards(0);
  for (const std::string& path : std::vector<std::string>{
           "/", kHome, "/t/sichuan-2016/standings/open-men",
           "/t/sichuan-2016/standings/open-men?display=1",
           "/t/sichuan-2016/pairings/open-men/1",
           "/t/sichuan-2016/pairings/open-men/1?display=1",
           absl::StrCat("/t/sichuan-2016/player/", board.red().player_id()),
           "/t/sichuan-2016/find?q=P", "/t/sichuan-2016/print",
           "/t/no-such-cup"}) {
    for (const char* lang : {"zh", "en"}) {
      std::vector<std::pair<std::string, std::string>> query = {{"lang", lang}};
      std::string bare = path;
      if (const size_t at = path.find('?'); at != std::string::npos) {
        bare = path.substr(0, at);
        const std::string rest = path.substr(at + 1);
        const size_t equals = rest.find('=');
        query.emplace_back(rest.substr(0, equals), rest.substr(equals + 1));
      }
      const http::Response page = Get(bare, query);
      EXPECT_THAT(page.body, HasSubstr("<link rel=\"icon\" "
                                       "href=\"/static/favicon.svg\""))
          << path;
      EXPECT_THAT(page.body, Not(HasSubstr("href=\"\"")))
          << path << " " << lang;
    }
  }
}

TEST_F(PagesTest, DisplayModeCyclesSectionsInLargeType) {
  const http::Response page =
      Get("/t/sichuan-2016/standings/open-men", {{"display", "1"}});
  EXPECT_THAT(page.body, HasSubstr("<body class=\"display\">"));
  EXPECT_THAT(page.body, HasSubstr("http-equiv=\"refresh\""));
  // Only open men is being played: no screen for the sections without a
  // round.
  EXPECT_THAT(page.body, HasSubstr("url=/t/sichuan-2016/standings/open-men?"));
  EXPECT_THAT(page.body,
              Not(HasSubstr("/t/sichuan-2016/standings/open-women")));
}

// A tournament whose name and a player's name hold markup, and a player
// with an id number and a full birth date: neither the markup runs nor the
// private fields show, on any page.
class EscapingTest : public standings::StandingsServerTest {};

TEST_F(EscapingTest, MarkupIsEscapedAndNoPrivateFieldShows) {
  auto tournaments = v1::TournamentService::NewStub(channel_);
  v1::CreateTournamentRequest create;
  create.set_command_id("create");
  *create.mutable_config() = rules::tournament::Sichuan2016();
  create.mutable_config()->set_id("xss");
  create.mutable_config()->mutable_name()->set_zh(
      "<script>alert(1)</script>杯");
  create.mutable_config()->mutable_name()->set_en(
      "<script>alert(2)</script>Cup");
  v1::CreateTournamentResponse created;
  ASSERT_TRUE(tournaments
                  ->CreateTournament(Call(standings::kOrganiser).get(), create,
                                     &created)
                  .ok());
  const v1::Person person =
      rules::tournament::MakePerson("<img src=x onerror=alert(3)>Li", 1946, 3,
                                    4, v1::GENDER_MALE, "510101194603040011");
  v1::RecordStationResultsRequest station;
  station.set_command_id("station");
  station.set_tournament_id("xss");
  station.mutable_station()->set_id("chengdu");
  station.mutable_station()->set_kind(v1::STATION_KIND_CITY);
  station.mutable_station()->mutable_date()->set_year(2016);
  station.mutable_station()->mutable_date()->set_month(5);
  station.mutable_station()->mutable_date()->set_day(14);
  *station.add_ranking() = person;
  v1::RecordStationResultsResponse recorded;
  ASSERT_TRUE(tournaments
                  ->RecordStationResults(Call(standings::kRegistrar).get(),
                                         station, &recorded)
                  .ok());
  v1::RegisterPlayerRequest entry;
  entry.set_command_id("register");
  entry.set_tournament_id("xss");
  *entry.mutable_person() = person;
  entry.set_title(v1::TITLE_NONE);
  entry.set_residency(v1::RESIDENCY_NATIVE);
  entry.set_insurance_confirmed(true);
  v1::RegisterPlayerResponse registered;
  const grpc::Status status = tournaments->RegisterPlayer(
      Call(standings::kRegistrar).get(), entry, &registered);
  ASSERT_TRUE(status.ok()) << status.error_message();

  std::unique_ptr<http::Routes> pages = MakePublicPages(
      channel_, {.tournament_ids = {"xss"}, .log_position = nullptr});
  auto get = [&pages](const std::string& path,
                      std::vector<std::pair<std::string, std::string>> query) {
    http::Request request;
    request.method = "GET";
    request.path = path;
    for (auto& [name, value] : query) request.query[name] = value;
    return pages->Handle(request)->response.value();
  };
  const std::string card =
      absl::StrCat("/t/xss/player/", registered.player_id());
  for (const auto& [path, query] :
       std::vector<std::pair<std::string,
                             std::vector<std::pair<std::string, std::string>>>>{
           {"/", {}},
           {"/t/xss", {}},
           {"/t/xss", {{"lang", "en"}}},
           {"/t/xss/find", {{"q", "Li"}}},
           {"/t/xss/find", {{"q", "<script>"}}},
           {card, {}},
           {"/t/xss/standings/senior-men", {}},
       }) {
    const http::Response page = get(path, query);
    SCOPED_TRACE(path);
    EXPECT_EQ(page.status, 200);
    EXPECT_THAT(page.body, Not(HasSubstr("<script>alert")));
    EXPECT_THAT(page.body, Not(HasSubstr("<img src=x")));
    EXPECT_THAT(page.body, Not(HasSubstr("510101194603040011")));
    EXPECT_THAT(page.body, Not(HasSubstr("1946-03-04")));
  }
  EXPECT_THAT(get("/t/xss", {}).body,
              HasSubstr("&lt;script&gt;alert(1)&lt;/script&gt;杯"));
  EXPECT_THAT(get("/t/xss/find", {{"q", "Li"}}).body,
              HasSubstr("&lt;img src=x onerror=alert(3)&gt;Li"));
  EXPECT_THAT(get(card, {}).body,
              HasSubstr("<h1>&lt;img src=x onerror=alert(3)&gt;Li"));
}

}  // namespace
}  // namespace qiwang::web
