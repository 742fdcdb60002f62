// How many commands each of the ledger's appends carried (one synced write
// each): the histogram operators read on /metrics to see group commit at
// work. Lock-free counters; thread-safe. Recorded by the Ledger's batch
// leaders; read by whoever exports metrics.
#ifndef QIWANG_SERVICES_LEDGER_BATCH_SIZES_H_
#define QIWANG_SERVICES_LEDGER_BATCH_SIZES_H_

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/histogram_counts.h"

namespace qiwang::ledger {

class BatchSizes {
 public:
  // Upper bounds of the buckets (the last bucket, +Inf, is implicit):
  // powers of two up to Ledger::kMaxBatch.
  static constexpr std::array<size_t, 9> kBounds = {1,  2,  4,   8,  16,
                                                    32, 64, 128, 256};

  void Record(size_t commands) {
    size_t bucket = 0;
    while (bucket < kBounds.size() && commands > kBounds[bucket]) ++bucket;
    buckets_[bucket].fetch_add(1, std::memory_order_relaxed);
    sum_.fetch_add(commands, std::memory_order_relaxed);
  }

  base::HistogramCounts Read() const {
    base::HistogramCounts snapshot;
    uint64_t cumulative = 0;
    for (size_t i = 0; i < buckets_.size(); ++i) {
      cumulative += buckets_[i].load(std::memory_order_relaxed);
      if (i < kBounds.size()) {
        snapshot.upper_bounds.push_back(static_cast<double>(kBounds[i]));
      }
      snapshot.cumulative_counts.push_back(cumulative);
    }
    snapshot.count = cumulative;
    snapshot.sum = static_cast<double>(sum_.load(std::memory_order_relaxed));
    return snapshot;
  }

 private:
  std::array<std::atomic<uint64_t>, kBounds.size() + 1> buckets_{};
  std::atomic<uint64_t> sum_{0};
};

}  // namespace qiwang::ledger

#endif  // QIWANG_SERVICES_LEDGER_BATCH_SIZES_H_
