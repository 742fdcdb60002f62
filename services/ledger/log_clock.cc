#include "services/ledger/log_clock.h"

#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "base/timestamp.h"
#include "services/events/event_from_record.h"

namespace qiwang::ledger {
namespace {

std::string Rfc3339(absl::Time time) {
  return absl::FormatTime(absl::RFC3339_full, time, absl::UTCTimeZone());
}

}  // namespace

absl::StatusOr<std::optional<absl::Time>> LastEventTime(
    const store::EventLog& log) {
  store::ReadRequest request;
  request.from = store::ReadRequest::kEnd;
  request.limit = 1;
  request.direction = store::Direction::kBackward;
  absl::StatusOr<std::vector<store::Record>> last = log.Read(request);
  if (!last.ok()) return last.status();
  if (last->empty()) return std::nullopt;
  absl::StatusOr<v1::Event> event = events::EventFromRecord(last->front());
  if (!event.ok()) return event.status();
  return base::FromTimestamp(event->server_time());
}

StartedClock ContinueFrom(std::shared_ptr<Clock> clock,
                          std::optional<absl::Time> last_event) {
  const absl::Time floor = last_event.value_or(absl::InfinitePast());
  const absl::Time now = clock->Now();
  if (clock->manual()) {
    if (now >= floor || !clock->Set(floor).ok()) return {std::move(clock), ""};
    return {std::move(clock),
            absl::StrCat("--clock: the log's last event is at ", Rfc3339(floor),
                         ", after ", Rfc3339(now),
                         "; the manual clock continues from the log")};
  }
  std::string note;
  if (now < floor) {
    note = absl::StrCat(
        "WARNING: the system clock (", Rfc3339(now),
        ") is behind the log's last event (", Rfc3339(floor),
        "); new events carry that event's time until the clock passes it. "
        "Check this machine's date and time (timedatectl)");
  }
  return {std::make_shared<MonotonicClock>(std::move(clock), floor),
          std::move(note)};
}

}  // namespace qiwang::ledger
