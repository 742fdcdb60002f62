#include "services/http/broadcast_feed.h"

#include <memory>
#include <vector>

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

}  // namespace
}  // namespace qiwang::http
