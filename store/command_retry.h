// How a retried append is answered from the command index (event_log.h: the
// same command_id with the same content returns the original result, other
// content is ALREADY_EXISTS). Shared by the commit queue and
// EventLog::LookupRetry so both answer alike. Pure; any thread.
#ifndef QIWANG_STORE_COMMAND_RETRY_H_
#define QIWANG_STORE_COMMAND_RETRY_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "store/disk_format.h"
#include "store/event_log.h"

namespace qiwang::store {

// The result of the append `original` indexes, as a replay (replayed=true).
AppendResult ReplayOf(const disk::CommandEntry& original);

// The original's result (replayed=true) if `original`, the index entry of
// `request.command_id`, was appended to `request.stream` with the same
// content (`digest`: disk::FingerprintDigest(request)); ALREADY_EXISTS naming
// the original otherwise.
absl::StatusOr<AppendResult> AnswerRetry(const AppendRequest& request,
                                         absl::string_view digest,
                                         const disk::CommandEntry& original);

}  // namespace qiwang::store

#endif  // QIWANG_STORE_COMMAND_RETRY_H_
