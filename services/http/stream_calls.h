// The Connect calls of one front in flight (streams and unary calls), so
// that shutting the front down cancels them and waits until gRPC has let go
// of every connection they hold (a call's callback posts to its
// connection's strand), before the I/O context those connections live on is
// destroyed. Thread-safe.
#ifndef QIWANG_SERVICES_HTTP_STREAM_CALLS_H_
#define QIWANG_SERVICES_HTTP_STREAM_CALLS_H_

#include <memory>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "base/live_calls.h"
#include "services/http/connect_bridge.h"

namespace qiwang::http {

class StreamCalls {
 public:
  // Before starting a call: false once the front is shutting down (start
  // nothing then). A started call's on_released must call Released(), once
  // it holds nothing of its connection.
  bool Starting();
  void Released() { live_.Done(); }
  // Once the call exists, so CancelAll can reach it; a call tracked after
  // CancelAllAndWait began is cancelled here.
  void Track(const std::shared_ptr<CallHandle>& call);
  // Refuses new calls, cancels every call and waits (up to `timeout`) until
  // all are released.
  void CancelAllAndWait(absl::Duration timeout);

 private:
  base::LiveCalls live_;
  absl::Mutex mutex_;
  std::vector<std::weak_ptr<CallHandle>> calls_ ABSL_GUARDED_BY(mutex_);
  bool closing_ ABSL_GUARDED_BY(mutex_) = false;
};

}  // namespace qiwang::http

#endif  // QIWANG_SERVICES_HTTP_STREAM_CALLS_H_
