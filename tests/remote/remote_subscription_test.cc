// RemoteSubscription against a scripted EventLogService on 127.0.0.1: each
// Subscribe call the ledger receives plays the next script (events, a
// caught-up marker, then an ending status or a wait until cancelled). The
// scripts make what a healthy ledger never does (a gap, a log shorter than
// what was delivered) and what a network does (a stream cut mid-way), to
// show what the follower delivers and where it stops.
#include "services/remote/remote_subscription.h"

#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/security/server_credentials.h>
#include <grpcpp/server_builder.h>

#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/clock.h"
#include "base/annotated_lock.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "qiwang/v1/event_log_service.grpc.pb.h"

namespace qiwang::remote {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using Item = store::Subscription::Item;

constexpr absl::Duration kPatience = absl::Seconds(20);

// What one Subscribe call sends: events at these positions, a caught-up
// marker at `caught_up` if set, then `end` (or, with `hang`, nothing more
// until the client goes away).
struct Script {
  std::vector<uint64_t> positions;
  std::optional<uint64_t> caught_up;
  grpc::Status end = grpc::Status(grpc::StatusCode::UNAVAILABLE, "cut");
  bool hang = false;
};

// Sends `positions`, then the stream breaks (UNAVAILABLE).
Script Cut(std::vector<uint64_t> positions) {
  Script script;
  script.positions = std::move(positions);
  return script;
}
// Sends `positions` and a caught-up marker at `head`, then waits.
Script Live(std::vector<uint64_t> positions, uint64_t head) {
  Script script;
  script.positions = std::move(positions);
  script.caught_up = head;
  script.hang = true;
  return script;
}
// Sends `positions`, then waits, with no marker.
Script Stall(std::vector<uint64_t> positions) {
  Script script;
  script.positions = std::move(positions);
  script.hang = true;
  return script;
}
Script Refuse(grpc::Status status) {
  Script script;
  script.end = std::move(status);
  return script;
}

v1::SubscribeResponse EventAt(uint64_t position) {
  v1::SubscribeResponse response;
  v1::Event& event = *response.mutable_event();
  event.set_position(position);
  event.set_stream("notes/hall");
  event.set_stream_version(position);
  event.set_reason(absl::StrCat("note ", position));
  return response;
}

class ScriptedLedger final : public v1::EventLogService::Service {
 public:
  explicit ScriptedLedger(std::vector<Script> scripts)
      : scripts_(std::move(scripts)) {}

  grpc::Status Subscribe(
      grpc::ServerContext* context, const v1::SubscribeRequest* request,
      grpc::ServerWriter<v1::SubscribeResponse>* writer) override {
    Script script;
    {
      base::AnnotatedLock lock(&mutex_);
      requested_from_.push_back(request->from_position());
      script = calls_ < scripts_.size() ? scripts_[calls_]
                                        : Script{{}, {}, {}, true};
      ++calls_;
    }
    for (uint64_t position : script.positions) {
      if (!writer->Write(EventAt(position))) return grpc::Status::CANCELLED;
    }
    if (script.caught_up.has_value()) {
      v1::SubscribeResponse marker;
      marker.mutable_caught_up()->set_position(*script.caught_up);
      if (!writer->Write(marker)) return grpc::Status::CANCELLED;
    }
    if (script.hang) {
      while (!context->IsCancelled()) absl::SleepFor(absl::Milliseconds(2));
      return grpc::Status::CANCELLED;
    }
    return script.end;
  }

  std::vector<uint64_t> requested_from() const {
    base::AnnotatedLock lock(&mutex_);
    return requested_from_;
  }

 private:
  const std::vector<Script> scripts_;
  mutable absl::Mutex mutex_;
  size_t calls_ ABSL_GUARDED_BY(mutex_) = 0;
  std::vector<uint64_t> requested_from_ ABSL_GUARDED_BY(mutex_);
};

class RemoteSubscriptionTest : public ::testing::Test {
 protected:
  void Serve(std::vector<Script> scripts) {
    ledger_ = std::make_unique<ScriptedLedger>(std::move(scripts));
    grpc::ServerBuilder builder;
    builder.AddListeningPort("127.0.0.1:0", grpc::InsecureServerCredentials(),
                             &port_);
    builder.RegisterService(ledger_.get());
    server_ = builder.BuildAndStart();
    ASSERT_NE(server_, nullptr);
  }
  void TearDown() override {
    if (server_ != nullptr) server_->Shutdown(absl::ToChronoTime(absl::Now()));
  }

  std::unique_ptr<RemoteSubscription> Follow(uint64_t from,
                                             size_t buffer = 64) {
    LedgerEndpoint endpoint;
    endpoint.address = absl::StrCat("127.0.0.1:", port_);
    endpoint.stub = v1::EventLogService::NewStub(grpc::CreateChannel(
        endpoint.address, grpc::InsecureChannelCredentials()));
    endpoint.max_backoff = absl::Milliseconds(100);
    return std::make_unique<RemoteSubscription>(std::move(endpoint), from,
                                                buffer);
  }

  // The positions of the next `count` events, skipping caught-up markers.
  static std::vector<uint64_t> NextEvents(RemoteSubscription& subscription,
                                          size_t count) {
    std::vector<uint64_t> positions;
    while (positions.size() < count) {
      absl::StatusOr<Item> item = subscription.Next(absl::Now() + kPatience);
      EXPECT_TRUE(item.ok()) << item.status();
      if (!item.ok()) break;
      if (item->kind == Item::Kind::kEvent) {
        positions.push_back(item->record.position);
      }
    }
    return positions;
  }

  int port_ = 0;
  std::unique_ptr<ScriptedLedger> ledger_;
  std::unique_ptr<grpc::Server> server_;
};

// A stream cut twice: each reconnection asks for the position after the last
// one delivered, and every event arrives once, in order, with the record as
// stored (the envelope's log fields back in the record).
TEST_F(RemoteSubscriptionTest, ResumesAfterTheLastDeliveredPosition) {
  Serve({Cut({1, 2, 3}), Cut({4}), Live({5, 6}, 6)});
  std::unique_ptr<RemoteSubscription> subscription = Follow(1);
  EXPECT_THAT(NextEvents(*subscription, 6), ElementsAre(1, 2, 3, 4, 5, 6));
  absl::StatusOr<Item> marker = subscription->Next(absl::Now() + kPatience);
  ASSERT_TRUE(marker.ok()) << marker.status();
  EXPECT_EQ(marker->kind, Item::Kind::kCaughtUp);
  EXPECT_EQ(marker->position, 6u);
  EXPECT_THAT(ledger_->requested_from(), ElementsAre(1, 4, 5));
}

TEST_F(RemoteSubscriptionTest, StartsWhereAsked) {
  Serve({Live({7, 8}, 8)});
  std::unique_ptr<RemoteSubscription> subscription = Follow(7);
  EXPECT_THAT(NextEvents(*subscription, 2), ElementsAre(7, 8));
  EXPECT_THAT(ledger_->requested_from(), ElementsAre(7));
}

TEST_F(RemoteSubscriptionTest, AGapInWhatTheLedgerSendsIsDataLoss) {
  Serve({Stall({1, 3})});
  std::unique_ptr<RemoteSubscription> subscription = Follow(1);
  EXPECT_THAT(NextEvents(*subscription, 1), ElementsAre(1));
  absl::StatusOr<Item> next = subscription->Next(absl::Now() + kPatience);
  EXPECT_EQ(next.status().code(), absl::StatusCode::kDataLoss);
  EXPECT_THAT(next.status().message(),
              HasSubstr(absl::StrCat("ledger at 127.0.0.1:", port_,
                                     ": Subscribe: sent position 3 where "
                                     "position 2 was due")));
}

// After a reconnection the ledger's log ends at 1 although 3 were applied
// (restored from an older backup): the follower stops rather than fold a
// different history.
TEST_F(RemoteSubscriptionTest, ALedgerWhoseLogEndsEarlierStopsIt) {
  Serve({Cut({1, 2, 3}), Live({}, 1)});
  std::unique_ptr<RemoteSubscription> subscription = Follow(1);
  EXPECT_THAT(NextEvents(*subscription, 3), ElementsAre(1, 2, 3));
  absl::StatusOr<Item> next = subscription->Next(absl::Now() + kPatience);
  EXPECT_EQ(next.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(next.status().message(),
              HasSubstr("its log ends at position 1 but this process has "
                        "applied up to 3"));
}

TEST_F(RemoteSubscriptionTest, ARefusalIsNotRetriedAndNamesTheLedger) {
  Serve({Refuse(
      grpc::Status(grpc::StatusCode::UNAUTHENTICATED, "unknown token"))});
  std::unique_ptr<RemoteSubscription> subscription = Follow(1);
  absl::StatusOr<Item> next = subscription->Next(absl::Now() + kPatience);
  EXPECT_EQ(next.status().code(), absl::StatusCode::kUnauthenticated);
  EXPECT_THAT(next.status().message(),
              HasSubstr(absl::StrCat("ledger at 127.0.0.1:", port_,
                                     ": Subscribe: unknown token")));
  EXPECT_THAT(ledger_->requested_from(), ElementsAre(1));
}

// A consumer that does not read holds the ledger back: no more than
// `buffer` events wait in memory, and nothing is lost once it reads.
TEST_F(RemoteSubscriptionTest, ASlowConsumerHoldsAtMostTheBuffer) {
  std::vector<uint64_t> all;
  for (uint64_t position = 1; position <= 50; ++position) {
    all.push_back(position);
  }
  Serve({Live(all, 50)});
  std::unique_ptr<RemoteSubscription> subscription = Follow(1, /*buffer=*/4);
  const absl::Time deadline = absl::Now() + kPatience;
  while (subscription->BufferedEvents() < 4 && absl::Now() < deadline) {
    absl::SleepFor(absl::Milliseconds(2));
  }
  EXPECT_EQ(subscription->BufferedEvents(), 4u);
  std::vector<uint64_t> received;
  while (received.size() < all.size()) {
    EXPECT_LE(subscription->BufferedEvents(), 4u);
    std::vector<uint64_t> one = NextEvents(*subscription, 1);
    if (one.empty()) break;
    received.push_back(one[0]);
  }
  EXPECT_EQ(received, all);
}

TEST_F(RemoteSubscriptionTest, PollArmsTheCallbackAndCancelEndsTheWait) {
  Serve({Live({}, 0)});
  std::unique_ptr<RemoteSubscription> subscription = Follow(1);
  absl::Mutex mutex;
  int calls = 0;
  subscription->SetOnReady([&] {
    base::AnnotatedLock lock(&mutex);
    ++calls;
  });
  // The marker arrives; then nothing until Cancel.
  absl::StatusOr<Item> marker = subscription->Next(absl::Now() + kPatience);
  ASSERT_TRUE(marker.ok()) << marker.status();
  absl::StatusOr<std::optional<Item>> polled = subscription->Poll();
  ASSERT_TRUE(polled.ok());
  EXPECT_FALSE(polled->has_value());
  subscription->Cancel();
  {
    base::AnnotatedLock lock(&mutex);
    EXPECT_EQ(calls, 1);  // the armed callback ran once, for the cancel
  }
  EXPECT_EQ(subscription->Next(absl::Now() + kPatience).status().code(),
            absl::StatusCode::kCancelled);
}

}  // namespace
}  // namespace qiwang::remote
