// The clock a ledger starts with over a log that already holds events: never
// behind the last of them (issue 24). Called once by the server at start,
// before the ledger stamps anything.
#ifndef QIWANG_SERVICES_LEDGER_LOG_CLOCK_H_
#define QIWANG_SERVICES_LEDGER_LOG_CLOCK_H_

#include <memory>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "services/ledger/clock.h"
#include "store/event_log.h"

namespace qiwang::ledger {

// The server time of the log's last event; nullopt for an empty log.
// DATA_LOSS if that event does not parse.
absl::StatusOr<std::optional<absl::Time>> LastEventTime(
    const store::EventLog& log);

struct StartedClock {
  std::shared_ptr<Clock> clock;
  // For the operator's journal when the clock was behind the log; else empty.
  std::string note;
};

// `clock` made to continue from `last_event`: a manual clock behind it is
// moved forward to it (an arbiter restarting with the same --clock value
// continues where the log stands); the system clock is wrapped in a
// MonotonicClock (also over an empty log, against NTP stepping back), and the
// note warns when the machine's time is behind the log.
StartedClock ContinueFrom(std::shared_ptr<Clock> clock,
                          std::optional<absl::Time> last_event);

}  // namespace qiwang::ledger

#endif  // QIWANG_SERVICES_LEDGER_LOG_CLOCK_H_
