#include "services/ledger/event_from_record.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace qiwang::ledger {

absl::StatusOr<v1::Event> EventFromRecord(const store::Record& record) {
  v1::Event event;
  if (!event.ParseFromString(record.data)) {
    return absl::DataLossError(absl::StrCat(
        "event at position ", record.position, " is not a qiwang.v1.Event"));
  }
  event.set_position(record.position);
  event.set_stream(record.stream);
  event.set_stream_version(record.stream_version);
  event.set_command_id(record.command_id);
  return event;
}

}  // namespace qiwang::ledger
