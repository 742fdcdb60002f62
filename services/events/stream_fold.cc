#include "services/events/stream_fold.h"

#include "absl/strings/str_cat.h"
#include "services/events/event_from_record.h"
#include "store/stream_pages.h"

namespace qiwang::events {

absl::Status ApplyRecord(const store::Record& record,
                         rules::tournament::TournamentState& state) {
  absl::StatusOr<v1::Event> event = EventFromRecord(record);
  if (!event.ok()) return event.status();
  if (absl::Status applied = state.Apply(*event); !applied.ok()) {
    return absl::DataLossError(
        absl::StrCat("tournament ", record.stream, ": the event at position ",
                     record.position, " does not fold: ", applied.message()));
  }
  return absl::OkStatus();
}

absl::Status FoldStream(const store::EventLog& log, const std::string& stream,
                        uint64_t up_to,
                        rules::tournament::TournamentState& state) {
  return store::ForEachStreamRecord(log, stream, state.version() + 1, up_to,
                                    [&state](const store::Record& record) {
                                      return ApplyRecord(record, state);
                                    });
}

}  // namespace qiwang::events
