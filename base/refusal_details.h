// The structured side of a refusal, in the standard gRPC error model: a
// google.rpc.ErrorInfo whose reason is the clause the refusal applies ("R9.2")
// or, for a refusal that no clause makes, its code ("INVALID_ARGUMENT"), and
// whose metadata holds the values concerned ("field", "board", ...), plus any
// google.rpc.LocalizedMessage already written for the caller. Inside the
// process they ride on absl::Status as payloads keyed by their type URLs;
// base/grpc_status.h puts them on the wire as grpc-status-details-bin. Pure;
// any module may call.
#ifndef QIWANG_BASE_REFUSAL_DETAILS_H_
#define QIWANG_BASE_REFUSAL_DETAILS_H_

#include <initializer_list>
#include <optional>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "google/rpc/error_details.pb.h"
#include "google/rpc/status.pb.h"

namespace qiwang::base {

inline constexpr absl::string_view kRefusalDomain = "qiwang.v1";
inline constexpr absl::string_view kErrorInfoType =
    "type.googleapis.com/google.rpc.ErrorInfo";
inline constexpr absl::string_view kLocalizedMessageType =
    "type.googleapis.com/google.rpc.LocalizedMessage";

// The clause a refusal's message opens with ("R9.2: the appeal window..." ->
// "R9.2"), or "" when it opens with none.
absl::string_view ClauseOf(absl::string_view message);

// The field a message names first after its clause ("R9.3: remedy.result:
// ..." -> "remedy.result"; "tournament_id: must not be empty" ->
// "tournament_id"), or "".
absl::string_view FieldOf(absl::string_view message);

// `status` with `key` = `value` in its ErrorInfo's metadata.
absl::Status WithRefusalValue(absl::Status status, absl::string_view key,
                              absl::string_view value);

// The metadata key naming a refusal's kind (base/refusal_kinds.h).
inline constexpr absl::string_view kRefusalKindKey = "refusal";

// `status` naming its refusal `kind` and the `values` (key, value) the kind
// attaches in its ErrorInfo's metadata; the message is unchanged.
absl::Status WithRefusal(
    absl::Status status, absl::string_view kind,
    std::initializer_list<std::pair<absl::string_view, std::string>> values);

// The ErrorInfo of a failed status: its payload's metadata, the reason and
// domain filled in from the message (clause, else the code's name), the
// field from FieldOf, and the values the message names as the services
// write them ("section 'open-men'", "round 7", "board 3", "player 12",
// likewise ranking, station, ruling, appeal) where the payload has none.
google::rpc::ErrorInfo ErrorInfoOf(const absl::Status& status);

// `status` carrying `localized` (replacing any earlier LocalizedMessage).
absl::Status WithLocalizedMessage(
    absl::Status status, const google::rpc::LocalizedMessage& localized);

// The LocalizedMessage a status carries, if any.
std::optional<google::rpc::LocalizedMessage> LocalizedMessageOf(
    const absl::Status& status);

// google.rpc.Status of a failed status: code, message, the ErrorInfo, and the
// LocalizedMessage when there is one.
google::rpc::Status RpcStatusOf(const absl::Status& status);

// The absl::Status a google.rpc.Status describes, its ErrorInfo and
// LocalizedMessage kept as payloads; other details are dropped.
absl::Status FromRpcStatus(const google::rpc::Status& rpc_status,
                           absl::string_view message_prefix = "");

}  // namespace qiwang::base

#endif  // QIWANG_BASE_REFUSAL_DETAILS_H_
