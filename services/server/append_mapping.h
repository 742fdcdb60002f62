#ifndef QIWANG_SERVICES_SERVER_APPEND_MAPPING_H_
#define QIWANG_SERVICES_SERVER_APPEND_MAPPING_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "qiwang/v1/event_log_service.pb.h"
#include "services/ledger/event_stamper.h"
#include "store/event_log.h"

namespace qiwang::server {

// Turns a client's append into the store's request, or INVALID_ARGUMENT
// naming the offending field, or FAILED_PRECONDITION for a stream outside
// "notes/" (tournament streams are written by the ledger only, so raw appends
// cannot forge tournament events). Each proposed event becomes a v1::Event
// stamped by `stamper` with `actor` and `now`, and stored without the fields
// the log assigns (position, stream, stream_version, command_id). The
// fingerprint is the client's request itself, so a retry is recognised although
// ids and times differ.
absl::StatusOr<store::AppendRequest> ToStoreAppend(
    const v1::AppendRequest& request, ledger::EventStamper& stamper,
    const v1::Actor& actor, absl::Time now);

v1::AppendResponse ToAppendResponse(const store::AppendResult& result);

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_APPEND_MAPPING_H_
