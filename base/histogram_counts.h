#ifndef QIWANG_BASE_HISTOGRAM_COUNTS_H_
#define QIWANG_BASE_HISTOGRAM_COUNTS_H_

#include <cstdint>
#include <vector>

namespace qiwang::base {

// A histogram as it stands when read: what a component that counts
// something (e.g. the ledger's commands per append) hands to whoever exports
// metrics, without either depending on the other.
struct HistogramCounts {
  std::vector<double> upper_bounds;
  std::vector<uint64_t> cumulative_counts;  // per bound, then +Inf
  uint64_t count = 0;
  double sum = 0;
};

}  // namespace qiwang::base

#endif  // QIWANG_BASE_HISTOGRAM_COUNTS_H_
