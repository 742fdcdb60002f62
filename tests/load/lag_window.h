// The SSE watchers' lag behind the recorded results, measured while a soak
// runs: each result answered at least `grace` ago is matched against every
// watcher's first event at or past its position (as fanout_bench measures
// from whole logs), and only the events that may still be matched are kept,
// so memory does not grow with the soak's length. Not thread-safe: the
// soak's sampling thread alone calls it.
#ifndef QIWANG_TESTS_LOAD_LAG_WINDOW_H_
#define QIWANG_TESTS_LOAD_LAG_WINDOW_H_

#include <cstdint>
#include <deque>
#include <utility>
#include <vector>

#include "absl/time/time.h"
#include "tests/load/lag_histogram.h"
#include "tests/load/watch_log.h"

namespace qiwang::load {

class LagWindow {
 public:
  LagWindow(int watchers, absl::Duration grace);

  // Adds what the watchers received and the results answered since the
  // previous call, then measures every result answered by `now` - grace.
  void Add(std::vector<WatchLog> logs, const std::vector<Recorded>& recorded,
           absl::Time now);
  // The lags measured since the previous call.
  LagHistogram TakeWindow();
  const LagHistogram& total() const { return total_; }
  // (result, watcher) pairs where the watcher had no event at or past the
  // result's position when it was measured.
  int64_t late() const { return late_; }

 private:
  void Measure(const Recorded& result);

  const absl::Duration grace_;
  // Per watcher, in arrival order (ids never go back: a reconnect resumes
  // after Last-Event-ID).
  std::vector<std::deque<std::pair<uint64_t, absl::Time>>> seen_;
  std::vector<Recorded> pending_;
  LagHistogram window_;
  LagHistogram total_;
  int64_t late_ = 0;
};

}  // namespace qiwang::load

#endif  // QIWANG_TESTS_LOAD_LAG_WINDOW_H_
