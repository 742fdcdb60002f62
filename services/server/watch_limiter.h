// Open watch streams per client, shared by every watch service of one server
// (WatchPairings, WatchStandings), so that one client cannot hold the
// server's watch workers and memory with streams it never closes. A client
// is the peer's address without its port: every connection from one machine
// counts together. Thread-safe; any thread.
#ifndef QIWANG_SERVICES_SERVER_WATCH_LIMITER_H_
#define QIWANG_SERVICES_SERVER_WATCH_LIMITER_H_

#include <string>

#include "absl/base/thread_annotations.h"
#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "absl/synchronization/mutex.h"

namespace qiwang::server {

class WatchLimiter {
 public:
  // `max_per_client` 0: no limit.
  explicit WatchLimiter(int max_per_client) : max_per_client_(max_per_client) {}

  // Counts one more stream of `client`, or RESOURCE_EXHAUSTED naming the
  // limit (and the flag that sets it) when the client has that many open.
  // In-process callers ("inproc": the HTTP front) are not limited here.
  absl::Status Acquire(const std::string& client);
  // REQUIRES: a matching successful Acquire.
  void Release(const std::string& client);

  // "ipv4:10.0.0.7:53122" -> "ipv4:10.0.0.7", "ipv6:[::1]:53122" ->
  // "ipv6:[::1]"; anything without a port as it is.
  static std::string ClientOf(absl::string_view peer);

 private:
  const int max_per_client_;
  absl::Mutex mutex_;
  absl::flat_hash_map<std::string, int> open_ ABSL_GUARDED_BY(mutex_);
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_WATCH_LIMITER_H_
