#include "tests/load/front_metrics_probe.h"

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_split.h"
#include "tests/http/http_client.h"

namespace qiwang::load {

std::optional<std::string> ScrapeFront(int http_port, absl::Duration timeout) {
  http::RawConnection connection(http_port);
  if (!connection.connected() ||
      !connection.Send("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                       "Connection: close\r\n\r\n")) {
    return std::nullopt;
  }
  // Connection: close, so the whole answer is what arrives until the close
  // (nothing ever reads as this marker).
  const std::string answer = connection.ReadUntil("\r\n\x01\x02", timeout);
  if (http::StatusOf(answer) != 200) return std::nullopt;
  return answer;
}

double MetricSum(const std::string& scrape, const std::string& name,
                 const std::string& containing) {
  double sum = 0;
  for (absl::string_view line : absl::StrSplit(scrape, '\n')) {
    if (!absl::StartsWith(line, name) || line.size() <= name.size() ||
        (line[name.size()] != ' ' && line[name.size()] != '{') ||
        !absl::StrContains(line, containing)) {
      continue;
    }
    double value = 0;
    const size_t space = line.rfind(' ');
    if (absl::SimpleAtod(line.substr(space + 1), &value)) sum += value;
  }
  return sum;
}

}  // namespace qiwang::load
