#include "services/ledger/clock.h"

#include <algorithm>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "base/annotated_lock.h"

namespace qiwang::ledger {

absl::Time SystemClock::Now() const { return absl::Now(); }

absl::Status SystemClock::Set(absl::Time /*time*/) {
  return absl::FailedPreconditionError(
      "clock: the server runs on the system clock (start qiwangd with "
      "--clock=manual:TIME to set it)");
}

absl::Time ManualClock::Now() const {
  base::AnnotatedLock lock(&mutex_);
  return now_;
}

absl::Status ManualClock::Set(absl::Time time) {
  base::AnnotatedLock lock(&mutex_);
  if (time < now_) {
    return absl::FailedPreconditionError(absl::StrCat(
        "clock: cannot move backwards from ",
        absl::FormatTime(absl::RFC3339_full, now_, absl::UTCTimeZone()), " to ",
        absl::FormatTime(absl::RFC3339_full, time, absl::UTCTimeZone())));
  }
  now_ = time;
  return absl::OkStatus();
}

absl::Time MonotonicClock::Now() const {
  const absl::Time inner = inner_->Now();
  base::AnnotatedLock lock(&mutex_);
  latest_ = std::max(latest_, inner);
  return latest_;
}

absl::StatusOr<std::unique_ptr<Clock>> ClockFromFlag(const std::string& flag) {
  if (flag == "system") return std::make_unique<SystemClock>();
  constexpr absl::string_view kManual = "manual:";
  if (absl::StartsWith(flag, kManual)) {
    absl::Time start;
    std::string error;
    if (absl::ParseTime(absl::RFC3339_full, flag.substr(kManual.size()), &start,
                        &error)) {
      return std::make_unique<ManualClock>(start);
    }
    return absl::InvalidArgumentError(
        absl::StrCat("--clock: bad time after 'manual:' (", error, ")"));
  }
  return absl::InvalidArgumentError(absl::StrCat(
      "--clock: 'system' or 'manual:2016-09-01T10:00:00+08:00' (got '", flag,
      "')"));
}

}  // namespace qiwang::ledger
