#ifndef QIWANG_SERVICES_LEDGER_CLOCK_H_
#define QIWANG_SERVICES_LEDGER_CLOCK_H_

#include <memory>
#include <string>
#include <utility>

#include "absl/base/thread_annotations.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/time.h"

namespace qiwang::ledger {

// Where the server's time comes from: the only source of `now` for commands
// and event stamps. Thread-safe.
class Clock {
 public:
  virtual ~Clock() = default;
  virtual absl::Time Now() const = 0;
  // Moves a manual clock to `time`. FAILED_PRECONDITION on the system clock
  // or when `time` is earlier than Now() (time never runs backwards).
  virtual absl::Status Set(absl::Time time) = 0;
  virtual bool manual() const = 0;
};

// The machine's clock.
class SystemClock final : public Clock {
 public:
  absl::Time Now() const override;
  absl::Status Set(absl::Time time) override;
  bool manual() const override { return false; }
};

// A clock that stands still until moved forward, for replaying past events
// (the 2016 tournament) and for tests.
class ManualClock final : public Clock {
 public:
  explicit ManualClock(absl::Time start) : now_(start) {}
  absl::Time Now() const override;
  absl::Status Set(absl::Time time) override;
  bool manual() const override { return true; }

 private:
  mutable absl::Mutex mutex_;
  absl::Time now_ ABSL_GUARDED_BY(mutex_);
};

// A clock held to the log it stamps: it never answers a time earlier than
// `floor` (the log's last event when the server started) nor than any time it
// answered before, so a machine whose clock is behind the log, or steps back
// (NTP), cannot stamp an event before the ones already written; it stands at
// the latest of them until `inner` passes it. Set goes to `inner`.
// Thread-safe.
class MonotonicClock final : public Clock {
 public:
  MonotonicClock(std::shared_ptr<Clock> inner, absl::Time floor)
      : inner_(std::move(inner)), latest_(floor) {}
  absl::Time Now() const override;
  absl::Status Set(absl::Time time) override { return inner_->Set(time); }
  bool manual() const override { return inner_->manual(); }

 private:
  const std::shared_ptr<Clock> inner_;
  mutable absl::Mutex mutex_;
  mutable absl::Time latest_ ABSL_GUARDED_BY(mutex_);
};

// "system", or "manual:<RFC 3339 time>" such as
// "manual:2016-09-01T10:00:00+08:00"; INVALID_ARGUMENT naming --clock.
absl::StatusOr<std::unique_ptr<Clock>> ClockFromFlag(const std::string& flag);

}  // namespace qiwang::ledger

#endif  // QIWANG_SERVICES_LEDGER_CLOCK_H_
