#include "clients/web/position_times.h"

#include <utility>

#include "base/annotated_lock.h"

namespace qiwang::web {

PositionTimes::PositionTimes(
    std::function<absl::StatusOr<absl::Time>()> read_clock)
    : read_clock_(std::move(read_clock)) {}

absl::StatusOr<absl::Time> PositionTimes::SeenAt(uint64_t position) {
  if (std::optional<absl::Time> seen = SeenBefore(position)) return *seen;
  absl::StatusOr<absl::Time> now = read_clock_();
  if (!now.ok()) return now.status();
  base::AnnotatedLock lock(&mutex_);
  // Another reader may have seen it meanwhile: the first time stands.
  const absl::Time first = seen_.emplace(position, *now).first->second;
  if (seen_.size() > kMaxPositions) seen_.erase(seen_.begin());
  return first;
}

std::optional<absl::Time> PositionTimes::SeenBefore(uint64_t position) const {
  base::AnnotatedLock lock(&mutex_);
  const auto found = seen_.find(position);
  if (found == seen_.end()) return std::nullopt;
  return found->second;
}

}  // namespace qiwang::web
