// Open streams per client address for the HTTP front, so one machine cannot
// hold the server's memory with streams it never reads. Thread-safe.
#ifndef QIWANG_SERVICES_HTTP_STREAM_LIMITER_H_
#define QIWANG_SERVICES_HTTP_STREAM_LIMITER_H_

#include <string>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/synchronization/mutex.h"

namespace qiwang::http {

class StreamLimiter {
 public:
  explicit StreamLimiter(int max_per_client)
      : max_per_client_(max_per_client) {}

  // One more stream of `client`, or RESOURCE_EXHAUSTED naming the flag.
  absl::Status Acquire(const std::string& client);
  // REQUIRES: a matching successful Acquire.
  void Release(const std::string& client);

 private:
  const int max_per_client_;
  absl::Mutex mutex_;
  absl::flat_hash_map<std::string, int> open_ ABSL_GUARDED_BY(mutex_);
};

}  // namespace qiwang::http

#endif  // QIWANG_SERVICES_HTTP_STREAM_LIMITER_H_
