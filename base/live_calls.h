// A count of calls that may still run on gRPC's threads after their server or
// front stopped taking new ones (a read answering from an alarm, a Connect
// call whose callback posts to its connection), so that their owner waits for
// none before it lets go of what they use. Thread-safe; any caller.
#ifndef QIWANG_BASE_LIVE_CALLS_H_
#define QIWANG_BASE_LIVE_CALLS_H_

#include "absl/base/thread_annotations.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "base/annotated_lock.h"

namespace qiwang::base {

class LiveCalls {
 public:
  void Started() {
    AnnotatedLock lock(&mutex_);
    ++live_;
  }
  // The call's last touch of what its owner holds: after this the owner may
  // be gone.
  void Done() {
    AnnotatedLock lock(&mutex_);
    --live_;
  }
  // Until every started call is done; false if `timeout` passed first.
  bool AwaitNone(absl::Duration timeout) {
    AnnotatedLock lock(&mutex_);
    return lock.AwaitWithDeadline(
        [this]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) { return live_ == 0; },
        absl::Now() + timeout);
  }

 private:
  absl::Mutex mutex_;
  int live_ ABSL_GUARDED_BY(mutex_) = 0;
};

}  // namespace qiwang::base

#endif  // QIWANG_BASE_LIVE_CALLS_H_
