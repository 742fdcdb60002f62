// The Connect protocol's names and HTTP statuses for gRPC status codes
// (connectrpc.com/docs/protocol, "Error Codes"). Pure; any thread.
#ifndef QIWANG_SERVICES_HTTP_CONNECT_CODES_H_
#define QIWANG_SERVICES_HTTP_CONNECT_CODES_H_

#include <grpcpp/support/status.h>

#include <string>

#include "absl/strings/string_view.h"
#include "services/http/handler.h"

namespace qiwang::http {

// "invalid_argument", "not_found", ...
absl::string_view ConnectCodeName(grpc::StatusCode code);

// The HTTP status of a unary error (base/http_status.h's table).
int HttpStatusOf(grpc::StatusCode code);

// Connect's error body: {"code":"not_found","message":"..."}, valid UTF-8
// JSON whatever bytes `message` echoes (json_string.h).
std::string ConnectErrorJson(grpc::StatusCode code, absl::string_view message);

// A unary call's error as Connect answers it: that JSON with its status.
Response ConnectErrorResponse(grpc::StatusCode code, absl::string_view message);

}  // namespace qiwang::http

#endif  // QIWANG_SERVICES_HTTP_CONNECT_CODES_H_
