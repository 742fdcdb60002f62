#include "services/server/watch_reactor.h"

#include <algorithm>

#include "base/grpc_status.h"
#include "base/thread_name.h"

namespace qiwang::server {

WatchHub::WatchHub(projection::TournamentProjection& projection,
                   WatchLimiter& limiter)
    : projection_(projection), limiter_(limiter), worker_([this]() {
        base::NameThisThread("watch-hub");
        Work();
      }) {}

WatchHub::~WatchHub() {
  {
    base::AnnotatedLock lock(&mutex_);
    quit_ = true;
  }
  worker_.join();
}

void WatchHub::EndAll(const grpc::Status& status) {
  base::AnnotatedLock lock(&mutex_);
  stopped_ = status;
  // Remove() waits for this lock, so no call is deleted meanwhile.
  for (const auto& [call, client] : live_) call->Stop(status);
}

bool WatchHub::Add(WatchCall* call, const std::string& client,
                   grpc::Status& stopped) {
  base::AnnotatedLock lock(&mutex_);
  if (stopped_.has_value()) {
    stopped = *stopped_;
    return false;
  }
  if (absl::Status admitted = limiter_.Acquire(client); !admitted.ok()) {
    stopped = base::ToGrpcStatus(admitted);
    return false;
  }
  live_.emplace(call, client);
  return true;
}

void WatchHub::Schedule(WatchCall* call) {
  base::AnnotatedLock lock(&mutex_);
  if (!live_.contains(call) || !queued_.insert(call).second) return;
  queue_.push_back(call);
}

void WatchHub::Remove(WatchCall* call) {
  base::AnnotatedLock lock(&mutex_);
  if (auto live = live_.find(call); live != live_.end()) {
    limiter_.Release(live->second);
    live_.erase(live);
  }
  if (queued_.erase(call) > 0) {
    queue_.erase(std::find(queue_.begin(), queue_.end(), call));
  }
  // A refresh that ends its own call (OnDone run inline) must not wait for
  // itself.
  if (std::this_thread::get_id() == worker_.get_id()) return;
  lock.Await([this, call]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) {
    return refreshing_ != call;
  });
}

void WatchHub::Work() {
  absl::Time next_round = absl::InfinitePast();
  while (true) {
    size_t round_size;
    {
      base::AnnotatedLock lock(&mutex_);
      lock.Await([this]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) {
        return quit_ || !queue_.empty();
      });
      lock.AwaitWithDeadline(
          [this]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) { return quit_; },
          next_round);
      if (quit_) return;
      next_round = absl::Now() + kRoundInterval;
      // The watches queued now; those queued during the round wait for the
      // next one.
      round_size = queue_.size();
    }
    for (; round_size > 0; --round_size) {
      WatchCall* call;
      {
        base::AnnotatedLock lock(&mutex_);
        if (queue_.empty()) break;  // removed meanwhile
        call = queue_.front();
        queue_.pop_front();
        queued_.erase(call);
        refreshing_ = call;
      }
      call->Refresh();
      base::AnnotatedLock lock(&mutex_);
      refreshing_ = nullptr;
    }
  }
}

}  // namespace qiwang::server
