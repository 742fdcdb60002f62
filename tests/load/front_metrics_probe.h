// The HTTP front's own figures (/metrics, Prometheus text) as the soak reads
// them at its end: whether every stream and connection was released once
// its clients left, and how many 5xx the front says it answered. Any thread.
#ifndef QIWANG_TESTS_LOAD_FRONT_METRICS_PROBE_H_
#define QIWANG_TESTS_LOAD_FRONT_METRICS_PROBE_H_

#include <optional>
#include <string>

#include "absl/time/time.h"

namespace qiwang::load {

// The body of GET /metrics; nullopt if it was not answered 200 in `timeout`.
std::optional<std::string> ScrapeFront(int http_port, absl::Duration timeout);

// The sum of the samples of metric `name` in `scrape` whose line contains
// `containing` (a label, `code="5`; "" for all).
double MetricSum(const std::string& scrape, const std::string& name,
                 const std::string& containing = "");

}  // namespace qiwang::load

#endif  // QIWANG_TESTS_LOAD_FRONT_METRICS_PROBE_H_
