// The last durable position of the log, and the wake-ups of subscribers
// waiting for it to move. The commit queue (or Refresh, on a follower) calls
// Publish once a batch is durable; subscriptions wait with AwaitDurable or arm
// a ReadyCallback. Thread-safe.
#ifndef QIWANG_STORE_HEAD_NOTIFIER_H_
#define QIWANG_STORE_HEAD_NOTIFIER_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "store/ready_callback.h"

namespace qiwang::store {

class HeadNotifier {
 public:
  explicit HeadNotifier(uint64_t durable_position);

  uint64_t DurablePosition() const {
    return durable_position_.load(std::memory_order_acquire);
  }

  // Raises the durable position (never lowers it) and fires every callback
  // armed for a position now reached.
  void Publish(uint64_t durable_position);

  // Blocks until `position` is durable (true), or `stop` is set and Kick()
  // called, or `deadline` passes (false).
  bool AwaitDurable(uint64_t position, const std::atomic<bool>& stop,
                    absl::Time deadline);
  // Makes waiters re-check their `stop` flag.
  void Kick();

  // Arms `callback` to fire once when `position` is durable. Answers false,
  // arming nothing, when it already is (the caller should look again).
  bool ArmUntilDurable(uint64_t position,
                       std::shared_ptr<ReadyCallback> callback);
  // Disarms `callback`; answers whether it was armed.
  bool Disarm(const ReadyCallback* callback);

 private:
  struct Armed {
    uint64_t position;
    std::shared_ptr<ReadyCallback> callback;
  };

  absl::Mutex mu_;
  // Written under mu_ so that waiters' conditions see it; read without.
  std::atomic<uint64_t> durable_position_;
  std::vector<Armed> armed_ ABSL_GUARDED_BY(mu_);
};

}  // namespace qiwang::store

#endif  // QIWANG_STORE_HEAD_NOTIFIER_H_
