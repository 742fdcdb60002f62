// The watch hub's rounds (issue 27 §4): a burst of changes costs a watch at
// most one view per WatchHub::kRoundInterval, and a change is never left
// without a refresh after it, so the newest view always goes out. Over a
// real projection of a real (empty) log; the calls are recorders of the
// hub's WatchCall interface, as the watch reactors are.
#include <memory>
#include <vector>

#include "absl/synchronization/mutex.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "base/annotated_lock.h"
#include "gtest/gtest.h"
#include "services/projection/tournament_projection.h"
#include "services/server/watch_limiter.h"
#include "services/server/watch_reactor.h"
#include "tests/store/log_test_support.h"

namespace qiwang::server {
namespace {

// Records when the hub refreshed it.
class RecordingCall : public WatchCall {
 public:
  void Refresh() override {
    base::AnnotatedLock lock(&mutex_);
    refreshed_at_.push_back(absl::Now());
  }
  void Stop(const grpc::Status&) override {}

  // The refresh times once there are `count`, or fails after 30 s.
  std::vector<absl::Time> WaitForRefreshes(size_t count) {
    base::AnnotatedLock lock(&mutex_);
    const bool reached = lock.AwaitWithDeadline(
        [&]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) {
          return refreshed_at_.size() >= count;
        },
        absl::Now() + absl::Seconds(30));
    EXPECT_TRUE(reached) << "refreshes: " << refreshed_at_.size() << " of "
                         << count;
    return refreshed_at_;
  }

 private:
  absl::Mutex mutex_;
  std::vector<absl::Time> refreshed_at_ ABSL_GUARDED_BY(mutex_);
};

class WatchHubTest : public ::testing::Test {
 protected:
  void SetUp() override {
    grpc::Status refused;
    ASSERT_TRUE(hub_.Add(&first_, "client-1", refused));
    ASSERT_TRUE(hub_.Add(&second_, "client-2", refused));
  }
  void TearDown() override {
    hub_.Remove(&first_);
    hub_.Remove(&second_);
  }

  store::testing::TempDir dir_;
  std::unique_ptr<store::EventLog> log_ = store::testing::OpenLog(dir_.path());
  projection::TournamentProjection projection_{*log_};
  WatchLimiter limiter_{8};
  WatchHub hub_{projection_, limiter_};
  RecordingCall first_;
  RecordingCall second_;
};

// Changes arriving one after another as fast as the hub refreshes (a
// burst): each refresh of a watch is a round after the one before. Rounds
// start kRoundInterval apart; a refresh runs a little after its round
// starts (the hub's lock, the thread's turn on a loaded machine: 0.25 ms was
// seen in CI), so a gap may fall short of a round by that much; this allows
// a fifth of one. Refreshed at once, without rounds, gaps are microseconds.
TEST_F(WatchHubTest, ABurstOfChangesRefreshesAWatchAtMostOncePerRound) {
  constexpr size_t kRefreshes = 5;
  const absl::Duration late_start = WatchHub::kRoundInterval / 5;
  for (size_t seen = 1; seen <= kRefreshes; ++seen) {
    hub_.Schedule(&first_);
    first_.WaitForRefreshes(seen);
  }
  const std::vector<absl::Time> times = first_.WaitForRefreshes(kRefreshes);
  for (size_t i = 1; i < times.size(); ++i) {
    EXPECT_GE(times[i] - times[i - 1], WatchHub::kRoundInterval - late_start)
        << "refresh " << i;
  }
}

// Many changes queued together are few refreshes of each watch (one per
// round they span), and every watch queued is refreshed: nothing is left
// unsent.
TEST_F(WatchHubTest, ChangesQueuedTogetherAreFewRefreshesAndNoneIsLeft) {
  hub_.Schedule(&first_);
  first_.WaitForRefreshes(1);
  constexpr int kChanges = 200;
  for (int i = 0; i < kChanges; ++i) {
    hub_.Schedule(&first_);
    hub_.Schedule(&second_);
  }
  const size_t first_refreshes = first_.WaitForRefreshes(2).size();
  second_.WaitForRefreshes(1);
  EXPECT_LT(first_refreshes, 20u) << "a refresh per change";
  // A change after the burst is refreshed too.
  hub_.Schedule(&second_);
  second_.WaitForRefreshes(2);
}

}  // namespace
}  // namespace qiwang::server
