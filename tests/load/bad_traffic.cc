#include "tests/load/bad_traffic.h"

#include <algorithm>
#include <utility>

#include "absl/time/clock.h"

namespace qiwang::load {

BadTraffic::BadTraffic(const BadRequests& requests, std::vector<int> kinds,
                       double per_second, absl::Duration timeout,
                       absl::Time until, int64_t max_requests)
    : requests_(requests),
      kinds_(std::move(kinds)),
      per_second_(per_second),
      timeout_(timeout),
      until_(until),
      max_requests_(max_requests),
      counts_(requests.kinds()) {
  thread_ = std::thread([this] { Run(); });
}

BadTraffic::~BadTraffic() { Stop(); }

void BadTraffic::Stop() {
  {
    absl::MutexLock lock(&mutex_);
    stopping_ = true;
  }
  if (thread_.joinable()) thread_.join();
}

void BadTraffic::Run() {
  if (kinds_.empty() || per_second_ <= 0) return;
  const absl::Duration interval = absl::Seconds(1 / per_second_);
  absl::Time next = absl::Now();
  for (int64_t sent = 0; sent < max_requests_; ++sent) {
    {
      absl::MutexLock lock(&mutex_);
      auto stopping = [this]() ABSL_SHARED_LOCKS_REQUIRED(mutex_) {
        return stopping_;
      };
      mutex_.AwaitWithDeadline(absl::Condition(&stopping),
                               std::min(next, until_));
      if (stopping_ || absl::Now() >= until_) return;
    }
    next = std::max(next + interval, absl::Now());
    const int kind = kinds_[sent % kinds_.size()];
    const absl::Time sent_at = absl::Now();
    const BadAnswer answer = requests_.Send(kind, timeout_);
    const double took_ms = absl::ToDoubleMilliseconds(absl::Now() - sent_at);
    absl::MutexLock lock(&mutex_);
    Counts& counts = counts_[kind];
    ++counts.sent;
    counts.slowest_ms = std::max(counts.slowest_ms, took_ms);
    ++counts.by_answer[static_cast<int>(answer)];
  }
}

void BadTraffic::Counts::Add(const Counts& other) {
  sent += other.sent;
  for (int i = 0; i < kBadAnswers; ++i) by_answer[i] += other.by_answer[i];
  slowest_ms = std::max(slowest_ms, other.slowest_ms);
}

BadTraffic::Counts BadTraffic::total() const {
  Counts total;
  absl::MutexLock lock(&mutex_);
  for (const Counts& c : counts_) total.Add(c);
  return total;
}

std::vector<std::pair<std::string, BadTraffic::Counts>> BadTraffic::by_kind()
    const {
  std::vector<std::pair<std::string, Counts>> lines;
  absl::MutexLock lock(&mutex_);
  for (int kind : kinds_)
    lines.emplace_back(requests_.name(kind), counts_[kind]);
  return lines;
}

}  // namespace qiwang::load
