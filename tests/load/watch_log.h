// What one watcher received: each message's log position (SSE `id:`,
// WatchStandingsResponse.as_of_position) and when it arrived, in arrival
// order. Written by one event-loop thread; read after that loop stopped.
#ifndef QIWANG_TESTS_LOAD_WATCH_LOG_H_
#define QIWANG_TESTS_LOAD_WATCH_LOG_H_

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "absl/time/time.h"

namespace qiwang::load {

struct WatchLog {
  std::vector<std::pair<uint64_t, absl::Time>> seen;

  uint64_t last() const { return seen.empty() ? 0 : seen.back().first; }
  // When the first message at or past `position` arrived; InfiniteFuture
  // if none did.
  absl::Time FirstCovering(uint64_t position) const {
    for (const auto& [at, when] : seen) {
      if (at >= position) return when;
    }
    return absl::InfiniteFuture();
  }
};

// A write's answer: the log position it reached and when it was answered,
// from which the watchers' lag is measured.
struct Recorded {
  uint64_t position = 0;
  absl::Time answered;
};

// The least last position over `logs` (0 while any is empty).
inline uint64_t LeastLast(const std::vector<WatchLog>& logs) {
  uint64_t least = ~uint64_t{0};
  for (const WatchLog& log : logs) least = std::min(least, log.last());
  return least;
}

}  // namespace qiwang::load

#endif  // QIWANG_TESTS_LOAD_WATCH_LOG_H_
