// The one loop that reads a stream from the log a page at a time, for every
// reader that folds or lists a stream (the ledger, the projection, the
// exports). Reads only; any thread.
#ifndef QIWANG_STORE_STREAM_PAGES_H_
#define QIWANG_STORE_STREAM_PAGES_H_

#include <cstdint>
#include <string>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "store/event_log.h"

namespace qiwang::store {

// Calls `visit` on each record of `stream` from version `from_version` on,
// oldest first, whose global position is at most `up_to`. Stops at the first
// status that is not OK, from the log or from `visit`, and returns it.
absl::Status ForEachStreamRecord(
    const EventLog& log, const std::string& stream, uint64_t from_version,
    uint64_t up_to, absl::FunctionRef<absl::Status(const Record&)> visit);

}  // namespace qiwang::store

#endif  // QIWANG_STORE_STREAM_PAGES_H_
