// The front's count of Connect calls in flight (issue 24): a call that would
// start as the front shuts down is refused or cancelled, never left running
// on gRPC's threads after the front's I/O context is gone. Found by TSan
// over the front: a stream started between the shutdown's wait and the I/O
// threads' end outlived the context and crashed the process.
#include "services/http/stream_calls.h"

#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <thread>

#include "absl/time/time.h"

namespace qiwang::http {
namespace {

// A call whose cancellation releases it, as the bridge's calls do.
class ReleasedOnCancel : public CallHandle {
 public:
  explicit ReleasedOnCancel(StreamCalls& calls) : calls_(calls) {}
  void Cancel() override {
    if (!cancelled_.exchange(true)) calls_.Released();
  }
  bool cancelled() const { return cancelled_; }

 private:
  StreamCalls& calls_;
  std::atomic<bool> cancelled_ = false;
};

TEST(StreamCallsTest, Issue24_ShutdownCancelsEveryTrackedCallAndWaitsForIt) {
  StreamCalls calls;
  ASSERT_TRUE(calls.Starting());
  auto call = std::make_shared<ReleasedOnCancel>(calls);
  calls.Track(call);
  calls.CancelAllAndWait(absl::Minutes(5));
  EXPECT_TRUE(call->cancelled());
}

TEST(StreamCallsTest, Issue24_NoCallStartsOnceTheShutdownBegan) {
  StreamCalls calls;
  calls.CancelAllAndWait(absl::Minutes(5));
  EXPECT_FALSE(calls.Starting());
}

TEST(StreamCallsTest, Issue24_ACallTrackedAsTheShutdownBeganIsCancelledAtOnce) {
  StreamCalls calls;
  // Counted, not yet tracked: the bridge is still making it.
  ASSERT_TRUE(calls.Starting());
  std::thread shutdown([&calls] { calls.CancelAllAndWait(absl::Minutes(5)); });
  // Until the shutdown has begun (then no call starts).
  while (calls.Starting()) calls.Released();
  auto call = std::make_shared<ReleasedOnCancel>(calls);
  calls.Track(call);
  EXPECT_TRUE(call->cancelled());
  if (!call->cancelled()) call->Cancel();  // let the shutdown end anyway
  shutdown.join();
}

}  // namespace
}  // namespace qiwang::http
