#ifndef QIWANG_SERVICES_EVENTS_EVENT_FROM_RECORD_H_
#define QIWANG_SERVICES_EVENTS_EVENT_FROM_RECORD_H_

#include "absl/status/statusor.h"
#include "qiwang/v1/event.pb.h"
#include "store/event_log.h"

namespace qiwang::events {

// The full envelope of a stored event: the stored bytes plus the fields the
// log assigned (position, stream, stream_version, command_id). DATA_LOSS if
// the bytes are not an Event.
absl::StatusOr<v1::Event> EventFromRecord(const store::Record& record);

// The inverse, for a process that receives envelopes from another's log: the
// log's fields back into the record, and the stored bytes as the ledger wrote
// them (deterministic serialization of the rest), so that digests and folds
// match the ledger's byte for byte.
store::Record RecordFromEvent(v1::Event event);

}  // namespace qiwang::events

#endif  // QIWANG_SERVICES_EVENTS_EVENT_FROM_RECORD_H_
