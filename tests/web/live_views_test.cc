// The live views: one Watch stream per source for every browser, each
// message rendered once and shared by every subscriber.
#include "clients/web/live_views.h"

#include <memory>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/web/pages_fixture.h"

namespace qiwang::web {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// Collects what a feed's subscribers get; waits for a position.
class Browsers {
 public:
  Browsers(http::LiveFeed& feed, int count) : received_(count) {
    for (int i = 0; i < count; ++i) {
      subscriptions_.push_back(
          feed.Subscribe([this, i](std::shared_ptr<const http::LiveMessage> m) {
            absl::MutexLock lock(&mutex_);
            received_[i].push_back(std::move(m));
          }));
    }
  }
  ~Browsers() { subscriptions_.clear(); }

  // True once every browser got a message at or after `position`.
  bool AwaitPosition(uint64_t position) {
    auto reached = [this, position]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) {
      for (const auto& messages : received_) {
        if (messages.empty() || messages.back()->position < position) {
          return false;
        }
      }
      return true;
    };
    absl::MutexLock lock(&mutex_);
    return mutex_.AwaitWithTimeout(absl::Condition(&reached),
                                   absl::Seconds(30));
  }

  std::vector<std::shared_ptr<const http::LiveMessage>> Received(int i) {
    absl::MutexLock lock(&mutex_);
    return received_[i];
  }

 private:
  absl::Mutex mutex_;
  std::vector<std::vector<std::shared_ptr<const http::LiveMessage>>> received_
      ABSL_GUARDED_BY(mutex_);
  std::vector<std::unique_ptr<http::LiveFeed::Subscription>> subscriptions_;
};

http::Request Live(const std::string& path, const std::string& lang) {
  http::Request request;
  request.method = "GET";
  request.path = path;
  request.query["lang"] = lang;
  return request;
}

TEST_F(PagesTest, EveryBrowserOfAViewSharesOneFeedRenderedOncePerPosition) {
  const std::string path = "/t/sichuan-2016/standings/open-men/live";
  std::shared_ptr<http::LiveFeed> feed = Handle(Live(path, "en"))->stream;
  ASSERT_NE(feed, nullptr);
  for (int i = 0; i < 20; ++i) {
    EXPECT_EQ(Handle(Live(path, "en"))->stream, feed);
  }
  std::shared_ptr<http::LiveFeed> chinese = Handle(Live(path, "zh"))->stream;
  EXPECT_NE(chinese, feed);

  constexpr int kBrowsers = 200;
  Browsers browsers(*feed, kBrowsers);
  Browsers chinese_browsers(*chinese, 3);
  const v1::BoardView& board = round_one_.boards(2);
  const uint64_t position = RecordResult(1, 3, v1::GAME_RESULT_BLACK_WIN);
  ASSERT_TRUE(browsers.AwaitPosition(position));
  ASSERT_TRUE(chinese_browsers.AwaitPosition(position));

  const auto first = browsers.Received(0);
  const std::shared_ptr<const http::LiveMessage> newest = first.back();
  EXPECT_EQ(newest->position, position);
  EXPECT_EQ(newest->event, "standings");
  EXPECT_THAT(newest->data, HasSubstr(absl::StrCat(
                                ">", board.black().name(),
                                "</a></td><td class=\"station\">Chengdu city "
                                "station</td><td class=\"num score\">2<")));
  EXPECT_THAT(newest->data, HasSubstr("opponents&apos; score"));
  for (int i = 0; i < kBrowsers; ++i) {
    const auto received = browsers.Received(i);
    // The same message object: rendered once for all of them.
    EXPECT_EQ(received.back().get(), newest.get()) << "browser " << i;
    for (size_t j = 1; j < received.size(); ++j) {
      EXPECT_LT(received[j - 1]->position, received[j]->position);
    }
  }
  EXPECT_THAT(chinese_browsers.Received(0).back()->data, HasSubstr("对手分"));
  EXPECT_EQ(feed->Latest().get(), newest.get());
}

TEST_F(PagesTest, PairingsAndCardFollowTheirViews) {
  std::shared_ptr<http::LiveFeed> pairings =
      Handle(Live("/t/sichuan-2016/pairings/open-men/1/live", "en"))->stream;
  const v1::BoardView& board = round_one_.boards(3);
  std::shared_ptr<http::LiveFeed> card =
      Handle(Live(absl::StrCat("/t/sichuan-2016/player/",
                               board.red().player_id(), "/live"),
                  "en"))
          ->stream;
  ASSERT_NE(pairings, nullptr);
  ASSERT_NE(card, nullptr);
  Browsers pairing_browsers(*pairings, 2);
  Browsers card_browsers(*card, 2);
  const uint64_t position = RecordResult(1, 4, v1::GAME_RESULT_RED_WIN);
  ASSERT_TRUE(pairing_browsers.AwaitPosition(position));
  ASSERT_TRUE(card_browsers.AwaitPosition(position));
  EXPECT_EQ(pairing_browsers.Received(0).back()->event, "pairings");
  EXPECT_THAT(pairing_browsers.Received(0).back()->data,
              HasSubstr("<td class=\"result\">1-0</td>"));
  EXPECT_EQ(card_browsers.Received(0).back()->event, "card");
  EXPECT_THAT(card_browsers.Received(0).back()->data,
              HasSubstr("<small>1-0</small>"));
  // Errors before any stream: unknown things and the past.
  EXPECT_EQ(Handle(Live("/t/sichuan-2016/standings/blitz/live", "en"))
                ->response->status,
            404);
  EXPECT_EQ(Handle(Live("/t/sichuan-2016/pairings/open-men/9/live", "en"))
                ->response->status,
            404);
  http::Request past = Live("/t/sichuan-2016/standings/open-men/live", "en");
  past.query["at"] = "3";
  EXPECT_EQ(Handle(past)->response->status, 400);
}

TEST_F(PagesTest, TheCurrentRoundsPairingsMoveOnToTheNextRoundWhenPublished) {
  // The page a player opens without a round number follows the round in
  // play; a page of round 1 by number stays on round 1.
  const http::Response page = Get("/t/sichuan-2016/pairings/open-men");
  EXPECT_THAT(page.body,
              HasSubstr("/t/sichuan-2016/pairings/open-men/live?lang=zh"));
  std::shared_ptr<http::LiveFeed> current =
      Handle(Live("/t/sichuan-2016/pairings/open-men/live", "en"))->stream;
  std::shared_ptr<http::LiveFeed> first =
      Handle(Live("/t/sichuan-2016/pairings/open-men/1/live", "en"))->stream;
  ASSERT_NE(current, nullptr);
  ASSERT_NE(first, nullptr);
  Browsers current_browsers(*current, 1);
  Browsers first_browsers(*first, 1);
  RecordResult(1, 3, v1::GAME_RESULT_RED_WIN);
  RecordResult(1, 4, v1::GAME_RESULT_BLACK_WIN);
  const v1::PairRoundResponse second = PairRound(2);
  ASSERT_EQ(second.rounds_size(), 1);
  const uint64_t position = second.result().last_position();
  ASSERT_TRUE(current_browsers.AwaitPosition(position));
  ASSERT_TRUE(first_browsers.AwaitPosition(position));
  const std::string now = current_browsers.Received(0).back()->data;
  EXPECT_THAT(now, HasSubstr("<h2>round 2<"));
  EXPECT_THAT(now, HasSubstr(second.rounds(0).boards(0).red().name()));
  EXPECT_THAT(first_browsers.Received(0).back()->data,
              HasSubstr("<h2>round 1<"));
}

TEST_F(PagesTest, TheBoardPageOfATableCardFollowsItsResultAndTheNextRound) {
  const http::Response page = Get("/t/sichuan-2016/board/open-men/3");
  EXPECT_EQ(page.status, 200);
  EXPECT_THAT(page.body,
              HasSubstr("/t/sichuan-2016/board/open-men/3/live?lang=zh"));
  // A round asked for by number is a fixed page.
  EXPECT_THAT(Get("/t/sichuan-2016/board/open-men/3", {{"round", "1"}}).body,
              Not(HasSubstr("/live?")));
  std::shared_ptr<http::LiveFeed> board =
      Handle(Live("/t/sichuan-2016/board/open-men/3/live", "en"))->stream;
  ASSERT_NE(board, nullptr);
  Browsers browsers(*board, 1);
  const uint64_t result = RecordResult(1, 3, v1::GAME_RESULT_BLACK_WIN);
  ASSERT_TRUE(browsers.AwaitPosition(result));
  EXPECT_EQ(browsers.Received(0).back()->event, "board");
  EXPECT_THAT(browsers.Received(0).back()->data, HasSubstr(">0-1</td>"));
  EXPECT_THAT(browsers.Received(0).back()->data,
              HasSubstr(round_one_.boards(2).red().name()));
  RecordResult(1, 4, v1::GAME_RESULT_DRAW);
  const v1::PairRoundResponse second = PairRound(2);
  ASSERT_EQ(second.rounds_size(), 1);
  ASSERT_TRUE(browsers.AwaitPosition(second.result().last_position()));
  const std::string next = browsers.Received(0).back()->data;
  EXPECT_THAT(next, HasSubstr("round 2 · board 3"));
  EXPECT_THAT(next, HasSubstr(second.rounds(0).boards(2).red().name()));
  EXPECT_THAT(next, HasSubstr("pending"));
  // Refused before any stream: a bad board number, an unknown section.
  EXPECT_EQ(Handle(Live("/t/sichuan-2016/board/open-men/0/live", "en"))
                ->response->status,
            400);
  EXPECT_EQ(Handle(Live("/t/sichuan-2016/board/no-such/1/live", "en"))
                ->response->status,
            404);
}

TEST_F(PagesTest, ASectionWithNoRoundYetShowsNotPairedAndGoesLive) {
  const http::Response page = Get("/t/sichuan-2016/pairings/open-women");
  EXPECT_EQ(page.status, 200);
  EXPECT_THAT(page.body, HasSubstr("尚未编排"));
  EXPECT_THAT(page.body,
              HasSubstr("/t/sichuan-2016/pairings/open-women/live?lang=zh"));
  EXPECT_NE(
      Handle(Live("/t/sichuan-2016/pairings/open-women/live", "en"))->stream,
      nullptr);
  EXPECT_EQ(Handle(Live("/t/sichuan-2016/pairings/no-such/live", "en"))
                ->response->status,
            404);
}

TEST_F(PagesTest, TheHomePageFollowsTheNextRoundLive) {
  const http::Response page = Get("/t/sichuan-2016");
  EXPECT_THAT(page.body,
              HasSubstr("data-live-url=\"/t/sichuan-2016/live?lang=zh\""));
  EXPECT_THAT(page.body, HasSubstr("data-live-event=\"home\""));
  EXPECT_THAT(page.body, HasSubstr("/static/live.js"));
  std::shared_ptr<http::LiveFeed> home =
      Handle(Live("/t/sichuan-2016/live", "en"))->stream;
  ASSERT_NE(home, nullptr);
  EXPECT_EQ(Handle(Live("/t/sichuan-2016/live", "en"))->stream, home);
  Browsers browsers(*home, 1);
  RecordResult(1, 3, v1::GAME_RESULT_RED_WIN);
  RecordResult(1, 4, v1::GAME_RESULT_BLACK_WIN);
  const v1::PairRoundResponse second = PairRound(2);
  ASSERT_EQ(second.rounds_size(), 1);
  ASSERT_TRUE(browsers.AwaitPosition(second.result().last_position()));
  const std::shared_ptr<const http::LiveMessage> now =
      browsers.Received(0).back();
  EXPECT_EQ(now->event, "home");
  EXPECT_THAT(now->data, HasSubstr("/t/sichuan-2016/pairings/open-men/2?"));
  EXPECT_THAT(now->data, HasSubstr(">Pairings 2</a>"));
  EXPECT_THAT(now->data, HasSubstr("In play"));
  // Refused before any stream: the past, an unknown tournament.
  http::Request past = Live("/t/sichuan-2016/live", "en");
  past.query["at"] = "3";
  EXPECT_EQ(Handle(past)->response->status, 400);
  EXPECT_EQ(Handle(Live("/t/no-such/live", "en"))->response->status, 404);
}

TEST_F(PagesTest, OneWatchStreamPerSourceWhateverTheViewsAndLanguages) {
  LiveViews live(std::make_shared<ReadClient>(channel_));
  auto zh = live.Standings("sichuan-2016", "open-men", Lang::kZh);
  auto en = live.Standings("sichuan-2016", "open-men", Lang::kEn);
  auto card = live.Card("sichuan-2016", "open-men", 1, Lang::kEn);
  EXPECT_EQ(live.SourceCount(), 1);
  EXPECT_EQ(live.Standings("sichuan-2016", "open-men", Lang::kZh), zh);
  auto round = live.Pairings("sichuan-2016", "open-men", 1, Lang::kZh);
  EXPECT_EQ(live.SourceCount(), 2);
  Browsers browsers(*card, 1);
  ASSERT_TRUE(browsers.AwaitPosition(1));
}

}  // namespace
}  // namespace qiwang::web
