// EventLogService.Subscribe: catch-up, the caught-up marker, live events
// while others append, and how streams end.
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/match.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/server/server_fixture.h"

namespace qiwang::server {
namespace {

using ::testing::ElementsAre;

// What one subscriber received, in order: a position for each event and 0
// for each caught-up marker.
struct Received {
  std::vector<uint64_t> items;
  uint64_t caught_up_position = 0;
};

class SubscribeTest : public ServerTest {
 protected:
  void Subscribe(uint64_t from) {
    call_ = NewCall();
    v1::SubscribeRequest request;
    request.set_from_position(from);
    reader_ = stub_->Subscribe(call_.get(), request);
  }

  // Reads until `events` events (and any markers before them) arrived.
  Received ReadEvents(size_t events) {
    Received received;
    size_t seen = 0;
    v1::SubscribeResponse response;
    while (seen < events && reader_->Read(&response)) {
      if (response.has_caught_up()) {
        received.items.push_back(0);
        received.caught_up_position = response.caught_up().position();
      } else {
        received.items.push_back(response.event().position());
        ++seen;
      }
    }
    return received;
  }

  // Reads the next item and expects the caught-up marker.
  uint64_t ReadCaughtUp() {
    v1::SubscribeResponse response;
    EXPECT_TRUE(reader_->Read(&response));
    EXPECT_TRUE(response.has_caught_up()) << response.DebugString();
    return response.caught_up().position();
  }

  std::unique_ptr<grpc::ClientContext> call_;
  std::unique_ptr<grpc::ClientReader<v1::SubscribeResponse>> reader_;
};

TEST_F(SubscribeTest, StoredEventsThenCaughtUpThenLiveEvents) {
  MustAppend(NotesRequest("notes/t", NoStream(), {"1", "2", "3"}));
  Subscribe(0);
  EXPECT_THAT(ReadEvents(3).items, ElementsAre(1, 2, 3));
  EXPECT_EQ(ReadCaughtUp(), 3u);

  std::thread writer([this] {
    for (int i = 0; i < 20; ++i) {
      MustAppend(NotesRequest("notes/t", AnyVersion(), {"live"}));
    }
  });
  const Received live = ReadEvents(20);
  writer.join();
  std::vector<uint64_t> expected;
  for (uint64_t position = 4; position <= 23; ++position) {
    expected.push_back(position);
  }
  EXPECT_EQ(live.items, expected);
}

// No gap and no duplicate where catch-up turns into live delivery, even while
// a writer keeps appending across the switch.
TEST_F(SubscribeTest, NoGapNoDuplicateWhileAppendingDuringCatchUp) {
  constexpr int kAppends = 200;
  MustAppend(NotesRequest("notes/t", NoStream(), {"first"}));
  std::thread writer([this] {
    for (int i = 0; i < kAppends; ++i) {
      MustAppend(NotesRequest("notes/t", AnyVersion(), {"a", "b"}));
    }
  });
  Subscribe(1);
  const Received received = ReadEvents(1 + 2 * kAppends);
  writer.join();

  std::vector<uint64_t> events;
  int markers = 0;
  for (uint64_t item : received.items) {
    if (item == 0) {
      ++markers;
    } else {
      events.push_back(item);
    }
  }
  EXPECT_EQ(markers, 1);
  ASSERT_EQ(events.size(), 1u + 2 * kAppends);
  for (size_t i = 0; i < events.size(); ++i) EXPECT_EQ(events[i], i + 1);
}

TEST_F(SubscribeTest, StartsAtTheRequestedPosition) {
  MustAppend(NotesRequest("notes/t", NoStream(), {"1", "2", "3", "4"}));
  Subscribe(3);
  EXPECT_THAT(ReadEvents(2).items, ElementsAre(3, 4));
  EXPECT_EQ(ReadCaughtUp(), 4u);
}

TEST_F(SubscribeTest, EmptyLogIsCaughtUpAtZero) {
  Subscribe(0);
  EXPECT_EQ(ReadCaughtUp(), 0u);
}

TEST_F(SubscribeTest, ClientCancelEndsTheStreamAndTheServerCarriesOn) {
  Subscribe(0);
  ReadCaughtUp();
  call_->TryCancel();
  v1::SubscribeResponse response;
  while (reader_->Read(&response)) {
  }
  EXPECT_EQ(reader_->Finish().error_code(), grpc::StatusCode::CANCELLED);
  EXPECT_EQ(MustAppend(NotesRequest("notes/t", AnyVersion(), {"after"}))
                .last_position(),
            1u);
}

TEST_F(SubscribeTest, ServerShutdownEndsOpenStreamsWithUnavailable) {
  MustAppend(NotesRequest("notes/t", NoStream(), {"1"}));
  Subscribe(0);
  ReadEvents(1);
  ReadCaughtUp();
  std::thread stopper([this] { server_->Shutdown(absl::Seconds(30)); });
  v1::SubscribeResponse response;
  while (reader_->Read(&response)) {
  }
  const grpc::Status status = reader_->Finish();
  stopper.join();
  EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAVAILABLE);
  EXPECT_TRUE(absl::StrContains(status.error_message(), "shutting down"))
      << status.error_message();
}

}  // namespace
}  // namespace qiwang::server
