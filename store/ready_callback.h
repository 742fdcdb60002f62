// Holds a subscription's on_ready callback. Fire() runs it (outside any lock
// of ours); Clear() drops it and waits until no other thread is still running
// it, so that once Clear() returns the callback never runs again. A callback
// may call Clear() on its own holder (it then does not wait for itself).
// Thread-safe.
#ifndef QIWANG_STORE_READY_CALLBACK_H_
#define QIWANG_STORE_READY_CALLBACK_H_

#include <functional>

#include "absl/base/thread_annotations.h"
#include "absl/synchronization/mutex.h"

namespace qiwang::store {

class ReadyCallback {
 public:
  void Set(std::function<void()> callback);
  void Fire();
  void Clear();

 private:
  absl::Mutex mu_;
  std::function<void()> callback_ ABSL_GUARDED_BY(mu_);
  int running_ ABSL_GUARDED_BY(mu_) = 0;
};

}  // namespace qiwang::store

#endif  // QIWANG_STORE_READY_CALLBACK_H_
