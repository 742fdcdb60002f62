#include "store/ready_callback.h"

#include <utility>

#include "base/annotated_lock.h"

namespace qiwang::store {
namespace {

// The holder whose callback this thread is running, if any.
thread_local const ReadyCallback* running_on_this_thread = nullptr;

}  // namespace

void ReadyCallback::Set(std::function<void()> callback) {
  base::AnnotatedLock lock(&mu_);
  callback_ = std::move(callback);
}

void ReadyCallback::Fire() {
  std::function<void()> callback;
  {
    base::AnnotatedLock lock(&mu_);
    if (!callback_) return;
    callback = callback_;
    ++running_;
  }
  const ReadyCallback* outer = running_on_this_thread;
  running_on_this_thread = this;
  callback();
  running_on_this_thread = outer;
  base::AnnotatedLock lock(&mu_);
  --running_;
}

void ReadyCallback::Clear() {
  base::AnnotatedLock lock(&mu_);
  callback_ = nullptr;
  const int own_runs = running_on_this_thread == this ? 1 : 0;
  auto only_own_runs_left = [this, own_runs]() ABSL_EXCLUSIVE_LOCKS_REQUIRED(
                                mu_) { return running_ <= own_runs; };
  lock.Await(only_own_runs_left);
}

}  // namespace qiwang::store
