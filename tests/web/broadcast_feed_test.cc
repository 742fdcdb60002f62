#include "services/http/broadcast_feed.h"

#include <memory>
#include <optional>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace qiwang::http {
namespace {

http::LiveMessage At(uint64_t position, const std::string& data) {
  http::LiveMessage message;
  message.position = position;
  message.event = "standings";
  message.data = data;
  return message;
}

TEST(BroadcastFeedTest, EverySubscriberGetsTheSameMessageOncePerPosition) {
  auto feed = std::make_shared<BroadcastFeed>();
  constexpr int kSubscribers = 500;
  std::vector<std::vector<std::shared_ptr<const LiveMessage>>> received(
      kSubscribers);
  std::vector<std::unique_ptr<LiveFeed::Subscription>> subscriptions;
  for (int i = 0; i < kSubscribers; ++i) {
    subscriptions.push_back(feed->Subscribe(
        [&received, i](std::shared_ptr<const LiveMessage> message) {
          received[i].push_back(std::move(message));
        }));
  }
  EXPECT_TRUE(feed->Publish(At(7, "<tr>7</tr>")));
  EXPECT_FALSE(feed->Publish(At(7, "again")));  // the same position
  EXPECT_FALSE(feed->Publish(At(5, "older")));
  EXPECT_TRUE(feed->Publish(At(9, "<tr>9</tr>")));

  for (int i = 0; i < kSubscribers; ++i) {
    ASSERT_EQ(received[i].size(), 2u) << "subscriber " << i;
    EXPECT_EQ(received[i][0]->position, 7u);
    EXPECT_EQ(received[i][1]->position, 9u);
    // One copy for all: the message was built once.
    EXPECT_EQ(received[i][0].get(), received[0][0].get());
    EXPECT_EQ(received[i][1].get(), received[0][1].get());
  }
  EXPECT_EQ(feed->Latest()->data, "<tr>9</tr>");
  // Encoded once for every stream: an SSE event (id = position) in one
  // HTTP chunk.
  ASSERT_NE(received[0][1]->encoded, nullptr);
  EXPECT_EQ(*received[0][1]->encoded,
            "29\r\nid: 9\nevent: standings\ndata: <tr>9</tr>\n\n\r\n");
}

std::string Rows(int changed_row, const std::string& mark) {
  std::string rows;
  for (int row = 0; row < 100; ++row) {
    absl::StrAppend(&rows, "<tr>", row, row == changed_row ? mark : "",
                    "</tr>\n");
  }
  return rows;
}

// A message of the same view carries, encoded once, its line patch from
// the message before it; a message of another event, or one whose patch
// would be no smaller, carries none.
TEST(BroadcastFeedTest, AMessageCarriesItsPatchFromTheOneBefore) {
  auto feed = std::make_shared<BroadcastFeed>();
  const std::string rows = Rows(-1, "");
  const std::string changed = Rows(42, " won");
  ASSERT_TRUE(feed->Publish(At(7, rows)));
  EXPECT_TRUE(feed->Latest()->patches.empty());  // nothing before it
  ASSERT_TRUE(feed->Publish(At(9, changed)));
  std::shared_ptr<const LiveMessage> latest = feed->Latest();
  ASSERT_EQ(latest->patches.size(), 1u);
  EXPECT_EQ(latest->patches[0].base, 7u);
  EXPECT_THAT(*latest->patches[0].encoded,
              ::testing::HasSubstr("id: 9\nevent: patch\ndata: base 7\n"
                                   "data: lines 101\ndata: ~ 42 6 5\n"
                                   "data:  won\n\n"));
  EXPECT_EQ(latest->data, changed);  // the whole message is still there

  LiveMessage other = At(11, rows);
  other.event = "card";
  ASSERT_TRUE(feed->Publish(other));
  EXPECT_TRUE(feed->Latest()->patches.empty());
  ASSERT_TRUE(feed->Publish(At(12, "<p>not paired yet</p>")));
  EXPECT_TRUE(feed->Latest()->patches.empty());
}

// A stream a few messages behind catches up by patches: a message carries
// the patches before its own, oldest first, each from the message before
// it, as far back as they stay smaller together than the whole message.
TEST(BroadcastFeedTest, AMessageCarriesTheChainOfPatchesThatLeadToIt) {
  auto feed = std::make_shared<BroadcastFeed>();
  ASSERT_TRUE(feed->Publish(At(10, Rows(-1, ""))));
  for (int k = 1; k <= 3; ++k) {
    ASSERT_TRUE(feed->Publish(At(10 + k, Rows(k, " won"))));
  }
  std::shared_ptr<const LiveMessage> latest = feed->Latest();
  ASSERT_EQ(latest->patches.size(), 3u);
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(latest->patches[k].base, 10u + k);
    EXPECT_THAT(*latest->patches[k].encoded,
                ::testing::HasSubstr(absl::StrCat("id: ", 11 + k, "\n")));
  }

  // A long mark makes each patch about a third of the message: the chain
  // keeps only as many as stay smaller than the whole.
  const std::string mark(900, 'x');
  for (int k = 1; k <= 4; ++k) {
    ASSERT_TRUE(feed->Publish(At(20 + k, Rows(k, mark))));
  }
  latest = feed->Latest();
  size_t total = 0;
  for (const EncodedPatch& patch : latest->patches) {
    total += patch.encoded->size();
  }
  EXPECT_EQ(latest->patches.size(), 2u);
  EXPECT_LT(total, latest->encoded->size());
  EXPECT_EQ(latest->patches.back().base, 23u);
}

TEST(BroadcastFeedTest, NoCallAfterTheSubscriptionIsGone) {
  auto feed = std::make_shared<BroadcastFeed>();
  int calls = 0;
  auto subscription = feed->Subscribe(
      [&calls](std::shared_ptr<const LiveMessage>) { ++calls; });
  EXPECT_EQ(feed->SubscriberCount(), 1);
  feed->Publish(At(1, "a"));
  subscription.reset();
  EXPECT_EQ(feed->SubscriberCount(), 0);
  feed->Publish(At(2, "b"));
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(feed->Latest()->position, 2u);
}

// A live view nobody follows costs no rendering: an offer is built when the
// first subscriber comes, once, and only the newest of several is built.
TEST(BroadcastFeedTest, LazyOffersAreBuiltOnlyForASubscriberAndOnlyTheNewest) {
  auto feed = std::make_shared<BroadcastFeed>();
  std::vector<uint64_t> built;
  auto offer = [&feed, &built](uint64_t position) {
    feed->PublishLazily(position, [&built, position] {
      built.push_back(position);
      return std::optional<LiveMessage>(At(position, "<tr></tr>"));
    });
  };
  offer(3);
  offer(4);
  offer(2);  // older than the unbuilt one: dropped
  EXPECT_TRUE(built.empty());
  EXPECT_EQ(feed->Latest(), nullptr);

  std::vector<uint64_t> received;
  auto subscription =
      feed->Subscribe([&received](std::shared_ptr<const LiveMessage> message) {
        received.push_back(message->position);
      });
  EXPECT_EQ(built, std::vector<uint64_t>({4}));
  EXPECT_EQ(received, std::vector<uint64_t>({4}));
  ASSERT_NE(feed->Latest(), nullptr);
  EXPECT_EQ(feed->Latest()->position, 4u);

  // Followed: built at once.
  offer(5);
  EXPECT_EQ(built, std::vector<uint64_t>({4, 5}));
  EXPECT_EQ(received, std::vector<uint64_t>({4, 5}));
  offer(5);  // already published
  EXPECT_EQ(built.size(), 2u);

  // Nobody left: the next offer waits for the next subscriber.
  subscription.reset();
  offer(6);
  EXPECT_EQ(built.size(), 2u);
  auto again = feed->Subscribe([](std::shared_ptr<const LiveMessage>) {});
  EXPECT_EQ(built, std::vector<uint64_t>({4, 5, 6}));
  EXPECT_EQ(feed->Latest()->position, 6u);
}

// An offer made while a subscriber arrives is never left unbuilt: whichever
// comes first, the subscriber ends with the newest message.
TEST(BroadcastFeedTest, AnOfferRacingTheFirstSubscriberIsNotLost) {
  for (int attempt = 0; attempt < 200; ++attempt) {
    auto feed = std::make_shared<BroadcastFeed>();
    feed->PublishLazily(
        1, [] { return std::optional<LiveMessage>(At(1, "first")); });
    std::thread offering([&feed] {
      feed->PublishLazily(
          2, [] { return std::optional<LiveMessage>(At(2, "second")); });
    });
    auto subscription =
        feed->Subscribe([](std::shared_ptr<const LiveMessage>) {});
    offering.join();
    ASSERT_NE(feed->Latest(), nullptr);
    EXPECT_EQ(feed->Latest()->position, 2u) << "attempt " << attempt;
  }
}

}  // namespace
}  // namespace qiwang::http
