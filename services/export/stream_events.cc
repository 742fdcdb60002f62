#include "services/export/stream_events.h"

#include "services/ledger/event_from_record.h"

namespace qiwang::exports {

absl::StatusOr<std::vector<v1::Event>> ReadStreamEvents(
    const store::EventLog& log, const std::string& tournament_id,
    uint64_t up_to) {
  std::vector<v1::Event> events;
  store::ReadRequest request;
  request.stream = tournament_id;
  request.from = 1;
  while (true) {
    absl::StatusOr<std::vector<store::Record>> records = log.Read(request);
    if (!records.ok()) return records.status();
    for (const store::Record& record : *records) {
      if (record.position > up_to) return events;
      absl::StatusOr<v1::Event> event = ledger::EventFromRecord(record);
      if (!event.ok()) return event.status();
      events.push_back(*std::move(event));
    }
    if (records->size() < request.limit) return events;
    request.from = records->back().stream_version + 1;
  }
}

}  // namespace qiwang::exports
