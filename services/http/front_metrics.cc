#include "services/http/front_metrics.h"

#include <malloc.h>
#include <prometheus/text_serializer.h>

#include <limits>
#include <vector>

#include "absl/strings/str_cat.h"

namespace qiwang::http {
namespace {

// A gauge without labels, registered in `registry`.
prometheus::Gauge* NewGauge(prometheus::Registry& registry,
                            const std::string& name, const std::string& help) {
  return &prometheus::BuildGauge().Name(name).Help(help).Register(registry).Add(
      {});
}

}  // namespace

FrontMetrics::FrontMetrics(std::function<int64_t()> lag,
                           std::function<base::HistogramCounts()> batch_sizes)
    : lag_(std::move(lag)),
      batch_sizes_(std::move(batch_sizes)),
      registry_(std::make_shared<prometheus::Registry>()),
      requests_(prometheus::BuildCounter()
                    .Name("qiwang_http_requests_total")
                    .Help("HTTP requests answered, by method and status code")
                    .Register(*registry_)),
      latency_(prometheus::BuildHistogram()
                   .Name("qiwang_http_request_seconds")
                   .Help("Time from a request's last byte to its answer")
                   .Register(*registry_)),
      streams_(NewGauge(*registry_, "qiwang_http_open_streams",
                        "Open SSE and Connect streams")),
      connections_(NewGauge(*registry_, "qiwang_http_open_connections",
                            "Open HTTP connections")),
      projection_lag_(NewGauge(*registry_, "qiwang_projection_lag_positions",
                               "Log positions appended but not yet applied "
                               "by the read projection")),
      malloc_in_use_(NewGauge(*registry_, "qiwang_malloc_in_use_bytes",
                              "Bytes malloc has handed out and not had back, "
                              "over every arena (glibc mallinfo2: uordblks "
                              "+ hblkhd)")),
      malloc_free_held_(NewGauge(*registry_, "qiwang_malloc_free_held_bytes",
                                 "Bytes free inside malloc's arenas, still "
                                 "held from the kernel (glibc mallinfo2: "
                                 "fordblks)")) {}

void FrontMetrics::Request(const std::string& method, int status,
                           absl::Duration took) {
  requests_.Add({{"method", method}, {"code", absl::StrCat(status)}})
      .Increment();
  static const prometheus::Histogram::BucketBoundaries kBuckets = {
      0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5};
  latency_.Add({{"method", method}}, kBuckets)
      .Observe(absl::ToDoubleSeconds(took));
}

std::string FrontMetrics::Scrape() {
  if (lag_) projection_lag_->Set(static_cast<double>(lag_()));
  const struct mallinfo2 heap = mallinfo2();
  malloc_in_use_->Set(static_cast<double>(heap.uordblks + heap.hblkhd));
  malloc_free_held_->Set(static_cast<double>(heap.fordblks));
  std::vector<prometheus::MetricFamily> families = registry_->Collect();
  if (batch_sizes_) {
    const base::HistogramCounts counts = batch_sizes_();
    prometheus::ClientMetric metric;
    metric.histogram.sample_count = counts.count;
    metric.histogram.sample_sum = counts.sum;
    for (size_t i = 0; i < counts.cumulative_counts.size(); ++i) {
      metric.histogram.bucket.push_back(
          {counts.cumulative_counts[i],
           i < counts.upper_bounds.size()
               ? counts.upper_bounds[i]
               : std::numeric_limits<double>::infinity()});
    }
    families.push_back({"qiwang_ledger_batch_commands",
                        "Commands carried by each of the ledger's appends "
                        "(one synced write each)",
                        prometheus::MetricType::Histogram,
                        {std::move(metric)}});
  }
  return prometheus::TextSerializer().Serialize(families);
}

}  // namespace qiwang::http
