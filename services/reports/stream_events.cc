#include "services/reports/stream_events.h"

#include <utility>

#include "services/events/event_from_record.h"
#include "store/stream_pages.h"

namespace qiwang::exports {

absl::StatusOr<std::vector<v1::Event>> ReadStreamEvents(
    const store::EventLog& log, const std::string& tournament_id,
    uint64_t up_to) {
  std::vector<v1::Event> events;
  absl::Status read = store::ForEachStreamRecord(
      log, tournament_id, 1, up_to, [&events](const store::Record& record) {
        absl::StatusOr<v1::Event> event = events::EventFromRecord(record);
        if (!event.ok()) return event.status();
        events.push_back(*std::move(event));
        return absl::OkStatus();
      });
  if (!read.ok()) return read;
  return events;
}

}  // namespace qiwang::exports
