// The hall screen (issue 25 §2.3) against a real qiwangd with more players
// than a screen holds: following each page's refresh from the first page of
// a list shows every row and every board exactly once, then the next list;
// every page names the event and its place in the list.
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "clients/web/public_pages.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/standings/standings_server_fixture.h"

namespace qiwang::web {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr int kPlayers = 30;  // 15 boards: more than a screen of either

class HallScreenTest : public standings::StandingsServerTest {
 protected:
  void SetUp() override {
    StandingsServerTest::SetUp();
    EnterOpenMen(kPlayers);
    const v1::PairRoundResponse paired = PairRound(1);
    ASSERT_EQ(paired.rounds_size(), 1);
    ASSERT_EQ(paired.rounds(0).boards_size(), kPlayers / 2);
    v1::GetStandingsRequest caught_up;
    caught_up.set_tournament_id(standings::kTournamentId);
    caught_up.set_ranking_id("open-men");
    caught_up.mutable_read()->set_min_position(paired.result().last_position());
    v1::GetStandingsResponse ignored;
    ASSERT_TRUE(
        standings_->GetStandings(Call().get(), caught_up, &ignored).ok());
    pages_ = MakePublicPages(channel_, {.tournament_ids = {"sichuan-2016"}});
  }

  // GET a URL as the page's refresh names it ("/t/...?a=1&amp;b=2").
  http::Response Get(const std::string& url) {
    const std::string plain = absl::StrReplaceAll(url, {{"&amp;", "&"}});
    const std::vector<std::string> parts = absl::StrSplit(plain, '?');
    http::Request request;
    request.method = "GET";
    request.path = parts[0];
    if (parts.size() > 1) {
      for (absl::string_view pair : absl::StrSplit(parts[1], '&')) {
        std::pair<std::string, std::string> entry =
            absl::StrSplit(pair, absl::MaxSplits('=', 1));
        request.query[entry.first] = entry.second;
      }
    }
    request.client_address = "127.0.0.1";
    std::optional<http::Reply> reply = pages_->Handle(request);
    EXPECT_TRUE(reply.has_value() && reply->response.has_value()) << url;
    if (!reply.has_value() || !reply->response.has_value()) return {};
    return *reply->response;
  }

  // The pages from `first` while their path starts with `list` and the
  // screen has not come back to `first`, and the URL the last one moves on
  // to (unescaped).
  std::pair<std::vector<std::string>, std::string> Follow(
      const std::string& first, const std::string& list) {
    std::vector<std::string> bodies;
    std::string url = first;
    do {
      const http::Response page = Get(url);
      EXPECT_EQ(page.status, 200) << url << "\n" << page.body;
      bodies.push_back(page.body);
      url = absl::StrReplaceAll(RefreshTo(page.body), {{"&amp;", "&"}});
      EXPECT_FALSE(url.empty()) << page.body;
    } while (url.rfind(list, 0) == 0 && url != first && bodies.size() < 10);
    return {bodies, url};
  }

  static std::string RefreshTo(const std::string& body) {
    const std::string kRefresh = "content=\"20;url=";
    const size_t at = body.find(kRefresh);
    if (at == std::string::npos) return "";
    const size_t from = at + kRefresh.size();
    return body.substr(from, body.find('"', from) - from);
  }

  // How often each value between `prefix` and the next `end` occurs.
  static std::map<std::string, int> Count(
      const std::vector<std::string>& bodies, const std::string& prefix,
      char end) {
    std::map<std::string, int> seen;
    for (const std::string& body : bodies) {
      for (size_t at = body.find(prefix); at != std::string::npos;
           at = body.find(prefix, at + 1)) {
        const size_t from = at + prefix.size();
        ++seen[body.substr(from, body.find(end, from) - from)];
      }
    }
    return seen;
  }

  std::unique_ptr<http::Routes> pages_;
};

TEST_F(HallScreenTest, PairingsPageThroughEveryBoardThenTheNextSection) {
  const auto [bodies, next] =
      Follow("/t/sichuan-2016/pairings/open-men?lang=en&display=1",
             "/t/sichuan-2016/pairings/open-men");
  ASSERT_EQ(bodies.size(), 2u);
  const std::map<std::string, int> boards =
      Count(bodies, "<tr id=\"board-", '"');
  ASSERT_EQ(boards.size(), static_cast<size_t>(kPlayers / 2));
  for (const auto& [board, times] : boards) {
    EXPECT_EQ(times, 1) << "board " << board;
  }
  // Open men is the only section being played: the screen comes back to
  // it, past the sections without a round.
  EXPECT_EQ(next, "/t/sichuan-2016/pairings/open-men?lang=en&display=1");
  EXPECT_THAT(bodies[0], HasSubstr("<span class=\"hall-page\">1/2</span>"));
  EXPECT_THAT(bodies[1], HasSubstr("<span class=\"hall-page\">2/2</span>"));
}

TEST_F(HallScreenTest, StandingsPageThroughEveryRowInTheEventsName) {
  const auto [bodies, next] =
      Follow("/t/sichuan-2016/standings/open-men?lang=zh&display=1",
             "/t/sichuan-2016/standings/open-men");
  ASSERT_EQ(bodies.size(), 3u);
  const std::map<std::string, int> players =
      Count(bodies, "<a href=\"/t/sichuan-2016/player/", '?');
  EXPECT_EQ(players.size(), static_cast<size_t>(kPlayers));
  for (const auto& [player, times] : players) {
    EXPECT_EQ(times, 1) << "player " << player;
  }
  EXPECT_EQ(next, "/t/sichuan-2016/standings/open-men?lang=zh&display=1");
  for (const std::string& body : bodies) {
    EXPECT_THAT(body, HasSubstr("<p class=\"hall-bar\"><strong>"
                                "“江阴周庄”2016中国体育彩票"));
    // The screen moves on by itself: no live stream would show every row.
    EXPECT_THAT(body, Not(HasSubstr("data-live-url")));
  }
}

TEST_F(HallScreenTest, APageThatIsNotANumberIsRefused) {
  const http::Response bad =
      Get("/t/sichuan-2016/standings/open-men?lang=en&display=1&page=last");
  EXPECT_EQ(bad.status, 400);
  EXPECT_THAT(bad.body, HasSubstr("page: a page number from 1"));
  const http::Response in_chinese =
      Get("/t/sichuan-2016/standings/open-men?display=1&page=last");
  EXPECT_EQ(in_chinese.status, 400);
  EXPECT_THAT(in_chinese.body, HasSubstr("字段 page"));
}

}  // namespace
}  // namespace qiwang::web
