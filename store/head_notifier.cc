#include "store/head_notifier.h"

#include <algorithm>
#include <utility>

#include "base/annotated_lock.h"

namespace qiwang::store {

HeadNotifier::HeadNotifier(uint64_t durable_position)
    : durable_position_(durable_position) {}

void HeadNotifier::Publish(uint64_t durable_position) {
  std::vector<std::shared_ptr<ReadyCallback>> to_fire;
  {
    base::AnnotatedLock lock(&mu_);
    if (durable_position <= DurablePosition()) return;
    durable_position_.store(durable_position, std::memory_order_release);
    auto reached = [durable_position](const Armed& armed) {
      return armed.position <= durable_position;
    };
    for (Armed& armed : armed_) {
      if (reached(armed)) to_fire.push_back(std::move(armed.callback));
    }
    armed_.erase(std::remove_if(armed_.begin(), armed_.end(), reached),
                 armed_.end());
  }
  for (const std::shared_ptr<ReadyCallback>& callback : to_fire) {
    callback->Fire();
  }
}

bool HeadNotifier::AwaitDurable(uint64_t position,
                                const std::atomic<bool>& stop,
                                absl::Time deadline) {
  auto reached_or_stopped = [this, position, &stop]() {
    return DurablePosition() >= position || stop.load();
  };
  base::AnnotatedLock lock(&mu_);
  lock.AwaitWithDeadline(reached_or_stopped, deadline);
  return DurablePosition() >= position;
}

void HeadNotifier::Kick() {
  // Releasing the mutex re-evaluates the waiters' conditions.
  base::AnnotatedLock lock(&mu_);
}

bool HeadNotifier::ArmUntilDurable(uint64_t position,
                                   std::shared_ptr<ReadyCallback> callback) {
  base::AnnotatedLock lock(&mu_);
  if (DurablePosition() >= position) return false;
  armed_.push_back({position, std::move(callback)});
  return true;
}

bool HeadNotifier::Disarm(const ReadyCallback* callback) {
  base::AnnotatedLock lock(&mu_);
  auto it = std::find_if(armed_.begin(), armed_.end(), [&](const Armed& a) {
    return a.callback.get() == callback;
  });
  if (it == armed_.end()) return false;
  armed_.erase(it);
  return true;
}

}  // namespace qiwang::store
