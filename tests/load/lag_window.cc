#include "tests/load/lag_window.h"

#include <algorithm>

namespace qiwang::load {
namespace {

// How long before a result's answer its event may already have arrived (a
// watcher can see the append before the arbiter sees the answer).
constexpr absl::Duration kBeforeAnswer = absl::Seconds(5);

}  // namespace

LagWindow::LagWindow(int watchers, absl::Duration grace)
    : grace_(grace), seen_(watchers) {}

void LagWindow::Add(std::vector<WatchLog> logs,
                    const std::vector<Recorded>& recorded, absl::Time now) {
  for (size_t w = 0; w < logs.size() && w < seen_.size(); ++w) {
    seen_[w].insert(seen_[w].end(), logs[w].seen.begin(), logs[w].seen.end());
  }
  pending_.insert(pending_.end(), recorded.begin(), recorded.end());
  const auto due = std::partition(
      pending_.begin(), pending_.end(),
      [&](const Recorded& r) { return r.answered > now - grace_; });
  for (auto it = due; it != pending_.end(); ++it) Measure(*it);
  pending_.erase(due, pending_.end());
  absl::Time keep_from = now - grace_;
  for (const Recorded& r : pending_)
    keep_from = std::min(keep_from, r.answered);
  keep_from -= kBeforeAnswer;
  for (auto& events : seen_) {
    while (!events.empty() && events.front().second < keep_from) {
      events.pop_front();
    }
  }
}

void LagWindow::Measure(const Recorded& result) {
  for (const auto& events : seen_) {
    const auto covering = std::lower_bound(
        events.begin(), events.end(), result.position,
        [](const std::pair<uint64_t, absl::Time>& event, uint64_t position) {
          return event.first < position;
        });
    if (covering == events.end()) {
      ++late_;
      continue;
    }
    const double ms =
        absl::ToDoubleMilliseconds(covering->second - result.answered);
    window_.Add(ms);
    total_.Add(ms);
  }
}

LagHistogram LagWindow::TakeWindow() {
  LagHistogram taken;
  std::swap(taken, window_);
  return taken;
}

}  // namespace qiwang::load
