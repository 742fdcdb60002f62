// A tournament's events as the audit report reads them: its stream from the
// log, oldest first, up to a global position, each with the envelope the log
// completes (position, stream version). Reads only; any thread.
#ifndef QIWANG_SERVICES_REPORTS_STREAM_EVENTS_H_
#define QIWANG_SERVICES_REPORTS_STREAM_EVENTS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "qiwang/v1/event.pb.h"
#include "store/event_log.h"

namespace qiwang::exports {

// The events of stream `tournament_id` whose position is at most `up_to`.
// The log's DATA_LOSS for a record that is not an event.
absl::StatusOr<std::vector<v1::Event>> ReadStreamEvents(
    const store::EventLog& log, const std::string& tournament_id,
    uint64_t up_to);

}  // namespace qiwang::exports

#endif  // QIWANG_SERVICES_REPORTS_STREAM_EVENTS_H_
