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

// A message of the same view carries, encoded once, its line patch from
// the message before it; a message of another event, or one whose patch
// would be no smaller, carries none.
TEST(BroadcastFeedTest, AMessageCarriesItsPatchFromTheOneBefore) {
  auto feed = std::make_shared<BroadcastFeed>();
  std::string rows;
  for (int row = 0; row < 100; ++row)
    absl::StrAppend(&rows, "<tr>", row, "</tr>\n");
  const std::string changed =
      absl::StrReplaceAll(rows, {{"<tr>42</tr>", "<tr>42 won</tr>"}});
  ASSERT_TRUE(feed->Publish(At(7, rows)));
  EXPECT_EQ(feed->Latest()->encoded_patch, nullptr);  // nothing before it
  ASSERT_TRUE(feed->Publish(At(9, changed)));
  std::shared_ptr<const LiveMessage> latest = feed->Latest();
  EXPECT_EQ(latest->patch_base, 7u);
  ASSERT_NE(latest->encoded_patch, nullptr);
  EXPECT_THAT(*latest->encoded_patch,
              ::testing::HasSubstr("id: 9\nevent: patch\ndata: base 7\n"
                                   "data: lines 101\ndata: ~ 42 6 5\n"
                                   "data:  won\n\n"));
  EXPECT_EQ(latest->data, changed);  // the whole message is still there

  LiveMessage other = At(11, rows);
  other.event = "card";
  ASSERT_TRUE(feed->Publish(other));
  EXPECT_EQ(feed->Latest()->encoded_patch, nullptr);
  ASSERT_TRUE(feed->Publish(At(12, "<p>not paired yet</p>")));
  EXPECT_EQ(feed->Latest()->encoded_patch, nullptr);
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
