#ifndef QIWANG_SERVICES_SERVER_APPEND_MAPPING_H_
#define QIWANG_SERVICES_SERVER_APPEND_MAPPING_H_

#include <string>

#include "absl/status/statusor.h"
#include "google/protobuf/message.h"
#include "qiwang/v1/event_log_service.pb.h"
#include "services/server/event_stamper.h"
#include "store/event_log.h"

namespace qiwang::server {

// Bytes that depend only on the message's content (map order and unknown
// fields included), so equal requests always give equal bytes.
std::string SerializeDeterministically(
    const google::protobuf::Message& message);

// Turns a client's append into the store's request, or INVALID_ARGUMENT
// naming the offending field. Each proposed event becomes a v1::Event stamped
// by `stamper` and stored without the fields the log assigns (position,
// stream, stream_version, command_id). The fingerprint is the client's request
// itself, so a retry is recognised although ids and times differ.
absl::StatusOr<store::AppendRequest> ToStoreAppend(
    const v1::AppendRequest& request, EventStamper& stamper);

v1::AppendResponse ToAppendResponse(const store::AppendResult& result);

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_APPEND_MAPPING_H_
