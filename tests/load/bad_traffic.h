// The bad-input mix sent at a paced rate on one thread of its own, the
// chosen kinds in turn, each request with a timeout, and how the front
// answered counted per kind. Runs from construction until `until`,
// `max_requests` or Stop; the counts are thread-safe.
#ifndef QIWANG_TESTS_LOAD_BAD_TRAFFIC_H_
#define QIWANG_TESTS_LOAD_BAD_TRAFFIC_H_

#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"
#include "tests/load/bad_requests.h"

namespace qiwang::load {

class BadTraffic {
 public:
  struct Counts {
    int64_t sent = 0;
    int64_t by_answer[kBadAnswers] = {};
    double slowest_ms = 0;  // the longest one request took

    int64_t of(BadAnswer answer) const {
      return by_answer[static_cast<int>(answer)];
    }
    // Every answer but a 4xx or a stream dropped on purpose.
    int64_t wrong() const {
      return of(BadAnswer::k5xx) + of(BadAnswer::kOther) +
             of(BadAnswer::kTimeout);
    }
    void Add(const Counts& other);
  };

  BadTraffic(const BadRequests& requests, std::vector<int> kinds,
             double per_second, absl::Duration timeout, absl::Time until,
             int64_t max_requests);
  ~BadTraffic();
  BadTraffic(const BadTraffic&) = delete;
  BadTraffic& operator=(const BadTraffic&) = delete;

  void Stop();
  Counts total() const;
  // One line per kind: its name and counts.
  std::vector<std::pair<std::string, Counts>> by_kind() const;

 private:
  void Run();

  const BadRequests& requests_;
  const std::vector<int> kinds_;
  const double per_second_;
  const absl::Duration timeout_;
  const absl::Time until_;
  const int64_t max_requests_;
  mutable absl::Mutex mutex_;
  bool stopping_ ABSL_GUARDED_BY(mutex_) = false;
  std::vector<Counts> counts_ ABSL_GUARDED_BY(mutex_);  // by kind
  std::thread thread_;
};

}  // namespace qiwang::load

#endif  // QIWANG_TESTS_LOAD_BAD_TRAFFIC_H_
