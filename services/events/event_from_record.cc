#include "services/events/event_from_record.h"

#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "base/deterministic_bytes.h"

namespace qiwang::events {

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

store::Record RecordFromEvent(v1::Event event) {
  store::Record record;
  record.position = event.position();
  record.stream = std::move(*event.mutable_stream());
  record.stream_version = event.stream_version();
  record.command_id = std::move(*event.mutable_command_id());
  event.clear_position();
  event.clear_stream();
  event.clear_stream_version();
  event.clear_command_id();
  record.data = base::SerializeDeterministically(event);
  return record;
}

}  // namespace qiwang::events
