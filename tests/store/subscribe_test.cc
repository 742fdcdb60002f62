// Subscribe: catch-up from disk, then live, with one caught-up marker, no gap
// and no duplicate. Projections (pairing, standings, audit) are built on this;
// R7.5 and R9.3 (standings change from the point in the log where an appeal
// is decided) depend on every event arriving exactly once and in order.
#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/synchronization/notification.h"
#include "gtest/gtest.h"
#include "store/event_log.h"
#include "tests/store/log_test_support.h"

namespace qiwang::store {
namespace {

using ::qiwang::store::testing::MakeAppend;
using ::qiwang::store::testing::OpenLog;
using ::qiwang::store::testing::TempDir;

constexpr absl::Duration kPatience = absl::Seconds(30);

void AppendNumbered(EventLog& log, const std::string& stream, int first,
                    int count, int per_append) {
  for (int i = first; i < first + count; i += per_append) {
    std::vector<std::string> events;
    for (int j = i; j < std::min(first + count, i + per_append); ++j) {
      events.push_back(absl::StrCat(stream, "#", j));
    }
    ASSERT_TRUE(
        log.Append(MakeAppend(stream, ExpectedVersion::Any(), events)).ok());
  }
}

std::unique_ptr<EventLog> OpenWithBuffer(const TempDir& dir,
                                         size_t subscriber_buffer) {
  Options options;
  options.subscriber_buffer = subscriber_buffer;
  return OpenLog(dir.path(), options);
}

// R9.3: every event exactly once, in position order, across the switch from
// disk to live while two other threads keep appending.
TEST(SubscribeTest, CatchUpThenLiveWithoutGapOrDuplicate) {
  TempDir dir;
  std::unique_ptr<EventLog> log = OpenWithBuffer(dir, 16);
  AppendNumbered(*log, "before", 0, 100, 3);

  std::unique_ptr<Subscription> subscription = log->Subscribe(1);
  constexpr int kLiveEvents = 200;
  std::thread writer_a([&] { AppendNumbered(*log, "x", 0, kLiveEvents, 2); });
  std::thread writer_b([&] { AppendNumbered(*log, "y", 0, kLiveEvents, 5); });

  const uint64_t total = 100 + 2 * kLiveEvents;
  uint64_t expected_position = 1;
  int caught_up_markers = 0;
  while (expected_position <= total) {
    absl::StatusOr<Subscription::Item> item =
        subscription->Next(absl::Now() + kPatience);
    ASSERT_TRUE(item.ok()) << item.status();
    if (item->kind == Subscription::Item::Kind::kCaughtUp) {
      ++caught_up_markers;
      EXPECT_EQ(item->position, expected_position - 1);
      continue;
    }
    ASSERT_EQ(item->record.position, expected_position);
    ++expected_position;
  }
  writer_a.join();
  writer_b.join();
  absl::StatusOr<Subscription::Item> after = subscription->Next(absl::Now());
  if (caught_up_markers == 0) {
    ASSERT_TRUE(after.ok()) << after.status();
    EXPECT_EQ(after->kind, Subscription::Item::Kind::kCaughtUp);
    EXPECT_EQ(after->position, total);
    after = subscription->Next(absl::Now());
  } else {
    EXPECT_EQ(caught_up_markers, 1);
  }
  EXPECT_EQ(after.status().code(), absl::StatusCode::kDeadlineExceeded);
}

// R9.3: a subscriber that reads slowly holds at most its buffer in memory and
// still gets every event, in order.
TEST(SubscribeTest, SlowSubscriberStaysWithinItsBufferAndMissesNothing) {
  TempDir dir;
  constexpr size_t kBuffer = 4;
  std::unique_ptr<EventLog> log = OpenWithBuffer(dir, kBuffer);
  AppendNumbered(*log, "s", 0, 50, 7);
  std::unique_ptr<Subscription> subscription = log->Subscribe(1);
  AppendNumbered(*log, "s", 50, 50, 10);
  for (uint64_t position = 1; position <= 100; ++position) {
    absl::StatusOr<Subscription::Item> item =
        subscription->Next(absl::Now() + kPatience);
    ASSERT_TRUE(item.ok()) << item.status();
    ASSERT_EQ(item->kind, Subscription::Item::Kind::kEvent);
    EXPECT_EQ(item->record.position, position);
    EXPECT_EQ(item->record.data, absl::StrCat("s#", position - 1));
    EXPECT_LE(subscription->BufferedEvents(), kBuffer);
  }
}

// A subscription from a later position starts there.
TEST(SubscribeTest, StartsAtTheRequestedPosition) {
  TempDir dir;
  std::unique_ptr<EventLog> log = OpenLog(dir.path());
  AppendNumbered(*log, "s", 0, 10, 1);
  std::unique_ptr<Subscription> subscription = log->Subscribe(8);
  for (uint64_t position : {8, 9, 10}) {
    absl::StatusOr<Subscription::Item> item =
        subscription->Next(absl::Now() + kPatience);
    ASSERT_TRUE(item.ok()) << item.status();
    EXPECT_EQ(item->record.position, position);
  }
  absl::StatusOr<Subscription::Item> marker = subscription->Next(absl::Now());
  ASSERT_TRUE(marker.ok());
  EXPECT_EQ(marker->kind, Subscription::Item::Kind::kCaughtUp);
  EXPECT_EQ(marker->position, 10u);
}

// The gRPC reactors' way: Poll until nullopt, then on_ready tells when to
// poll again.
TEST(SubscribeTest, PollThenOnReadyWhenANewEventIsDurable) {
  TempDir dir;
  std::unique_ptr<EventLog> log = OpenLog(dir.path());
  std::unique_ptr<Subscription> subscription = log->Subscribe(1);
  absl::Notification ready;
  subscription->SetOnReady([&ready] { ready.Notify(); });

  absl::StatusOr<std::optional<Subscription::Item>> marker =
      subscription->Poll();
  ASSERT_TRUE(marker.ok() && marker->has_value());
  EXPECT_EQ((*marker)->kind, Subscription::Item::Kind::kCaughtUp);
  absl::StatusOr<std::optional<Subscription::Item>> nothing =
      subscription->Poll();
  ASSERT_TRUE(nothing.ok());
  EXPECT_FALSE(nothing->has_value());
  EXPECT_FALSE(ready.HasBeenNotified());

  ASSERT_TRUE(log->Append(MakeAppend("s", ExpectedVersion::Any(), {"e"})).ok());
  ASSERT_TRUE(ready.WaitForNotificationWithTimeout(kPatience));
  absl::StatusOr<std::optional<Subscription::Item>> event =
      subscription->Poll();
  ASSERT_TRUE(event.ok() && event->has_value()) << event.status();
  EXPECT_EQ((*event)->record.data, "e");
}

// Cancel wakes a blocked Next and a pending on_ready.
TEST(SubscribeTest, CancelEndsAWaitingNextAndFiresOnReady) {
  TempDir dir;
  std::unique_ptr<EventLog> log = OpenLog(dir.path());
  std::unique_ptr<Subscription> blocking = log->Subscribe(1);
  ASSERT_TRUE(blocking->Next(absl::Now()).ok());  // the caught-up marker
  std::thread canceller([&] { blocking->Cancel(); });
  absl::StatusOr<Subscription::Item> item =
      blocking->Next(absl::Now() + kPatience);
  canceller.join();
  EXPECT_EQ(item.status().code(), absl::StatusCode::kCancelled);

  std::unique_ptr<Subscription> polling = log->Subscribe(1);
  absl::Notification ready;
  polling->SetOnReady([&ready] { ready.Notify(); });
  ASSERT_TRUE(polling->Poll().ok());  // the caught-up marker
  ASSERT_FALSE(polling->Poll()->has_value());
  polling->Cancel();
  EXPECT_TRUE(ready.HasBeenNotified());
  EXPECT_EQ(polling->Poll().status().code(), absl::StatusCode::kCancelled);
}

}  // namespace
}  // namespace qiwang::store
