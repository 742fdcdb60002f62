#include "services/http/stream_calls.h"

#include <algorithm>

#include "base/annotated_lock.h"

namespace qiwang::http {

bool StreamCalls::Starting() {
  base::AnnotatedLock lock(&mutex_);
  // Under the same lock as closing_: a call either counts before the
  // shutdown's wait or never starts.
  if (closing_) return false;
  live_.Started();
  return true;
}

void StreamCalls::Track(const std::shared_ptr<CallHandle>& call) {
  {
    base::AnnotatedLock lock(&mutex_);
    if (!closing_) {
      // Forget the calls that are gone, so the list stays as long as the
      // live.
      calls_.erase(std::remove_if(calls_.begin(), calls_.end(),
                                  [](const std::weak_ptr<CallHandle>& c) {
                                    return c.expired();
                                  }),
                   calls_.end());
      calls_.push_back(call);
      return;
    }
  }
  call->Cancel();  // started as the shutdown began: its wait counts it
}

void StreamCalls::CancelAllAndWait(absl::Duration timeout) {
  std::vector<std::shared_ptr<CallHandle>> live;
  {
    base::AnnotatedLock lock(&mutex_);
    closing_ = true;
    for (const std::weak_ptr<CallHandle>& call : calls_) {
      if (std::shared_ptr<CallHandle> alive = call.lock()) {
        live.push_back(std::move(alive));
      }
    }
  }
  for (const std::shared_ptr<CallHandle>& call : live) call->Cancel();
  live.clear();
  live_.AwaitNone(timeout);
}

}  // namespace qiwang::http
