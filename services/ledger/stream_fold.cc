#include "services/ledger/stream_fold.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "services/ledger/event_from_record.h"

namespace qiwang::ledger {

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
  constexpr size_t kBatch = 1000;
  while (true) {
    store::ReadRequest request;
    request.stream = stream;
    request.from = state.version() + 1;
    request.limit = kBatch;
    absl::StatusOr<std::vector<store::Record>> records = log.Read(request);
    if (!records.ok()) return records.status();
    for (const store::Record& record : *records) {
      if (record.position > up_to) return absl::OkStatus();
      if (absl::Status applied = ApplyRecord(record, state); !applied.ok()) {
        return applied;
      }
    }
    if (records->size() < kBatch) return absl::OkStatus();
  }
}

}  // namespace qiwang::ledger
