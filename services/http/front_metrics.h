// What the HTTP front tells Prometheus (/metrics, text format 0.0.4):
// requests by method and status code, their latency, open streams,
// connections, the projection's lag behind the log in positions, the
// ledger's commands per append (group commit), and glibc malloc's bytes in
// use and free-but-held (so that RSS growth can be told apart: data kept, or
// memory the allocator holds without using).
// Thread-safe (prometheus-cpp's metrics are atomic).
#ifndef QIWANG_SERVICES_HTTP_FRONT_METRICS_H_
#define QIWANG_SERVICES_HTTP_FRONT_METRICS_H_

#include <prometheus/counter.h>
#include <prometheus/family.h>
#include <prometheus/gauge.h>
#include <prometheus/histogram.h>
#include <prometheus/registry.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "absl/time/time.h"
#include "base/histogram_counts.h"

namespace qiwang::http {

class FrontMetrics {
 public:
  // `lag` answers the projection's lag in log positions and `batch_sizes`
  // the ledger's commands per append when scraped; either may be empty (a
  // read process has no ledger).
  FrontMetrics(std::function<int64_t()> lag,
               std::function<base::HistogramCounts()> batch_sizes);

  // `method`: the RPC's full name, or "page", "static", "probe", "sse".
  void Request(const std::string& method, int status, absl::Duration took);
  void StreamOpened() { streams_->Increment(); }
  void StreamClosed() { streams_->Decrement(); }
  void ConnectionOpened() { connections_->Increment(); }
  void ConnectionClosed() { connections_->Decrement(); }

  // The text exposition of every metric now.
  std::string Scrape();

 private:
  std::function<int64_t()> lag_;
  std::function<base::HistogramCounts()> batch_sizes_;
  std::shared_ptr<prometheus::Registry> registry_;
  prometheus::Family<prometheus::Counter>& requests_;
  prometheus::Family<prometheus::Histogram>& latency_;
  prometheus::Gauge* streams_;
  prometheus::Gauge* connections_;
  prometheus::Gauge* projection_lag_;
  prometheus::Gauge* malloc_in_use_;
  prometheus::Gauge* malloc_free_held_;
};

}  // namespace qiwang::http

#endif  // QIWANG_SERVICES_HTTP_FRONT_METRICS_H_
