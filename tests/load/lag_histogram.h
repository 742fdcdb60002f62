// Lags counted in 1 ms buckets up to two minutes (longer ones in the last
// bucket), so a soak's millions of (result, watcher) lags cost a fixed
// megabyte and give their percentiles. Thread-compatible.
#ifndef QIWANG_TESTS_LOAD_LAG_HISTOGRAM_H_
#define QIWANG_TESTS_LOAD_LAG_HISTOGRAM_H_

#include <algorithm>
#include <cstdint>
#include <vector>

namespace qiwang::load {

class LagHistogram {
 public:
  LagHistogram() : buckets_(kBuckets) {}

  void Add(double ms) {
    const int64_t bucket = static_cast<int64_t>(std::max(0.0, ms));
    ++buckets_[std::min<int64_t>(bucket, kBuckets - 1)];
    ++count_;
  }
  void Merge(const LagHistogram& other) {
    for (int i = 0; i < kBuckets; ++i) buckets_[i] += other.buckets_[i];
    count_ += other.count_;
  }
  int64_t count() const { return count_; }
  // The lag in ms (its bucket's floor) at fraction `p` (0..1); 0 if empty.
  double Percentile(double p) const {
    if (count_ == 0) return 0;
    const int64_t rank = std::min<int64_t>(
        count_ - 1, static_cast<int64_t>(p * static_cast<double>(count_)));
    int64_t seen = 0;
    for (int i = 0; i < kBuckets; ++i) {
      seen += buckets_[i];
      if (seen > rank) return i;
    }
    return kBuckets - 1;
  }

 private:
  static constexpr int kBuckets = 120'000;
  std::vector<int64_t> buckets_;
  int64_t count_ = 0;
};

}  // namespace qiwang::load

#endif  // QIWANG_TESTS_LOAD_LAG_HISTOGRAM_H_
