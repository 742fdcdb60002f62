// The Connect protocol's names and HTTP statuses for gRPC status codes
// (connectrpc.com/docs/protocol, "Error Codes"). Pure; any thread.
#ifndef QIWANG_SERVICES_HTTP_CONNECT_CODES_H_
#define QIWANG_SERVICES_HTTP_CONNECT_CODES_H_

#include <grpcpp/support/status.h>

#include <string>

#include "absl/strings/string_view.h"
#include "services/http/handler.h"
#include "words/lang.h"

namespace qiwang::http {

// "invalid_argument", "not_found", ...
absl::string_view ConnectCodeName(grpc::StatusCode code);

// The HTTP status of a unary error (base/http_status.h's table).
int HttpStatusOf(grpc::StatusCode code);

// The language a Connect caller reads refusals in: its Lang header ("zh",
// "en"), else Accept-Language; English when neither says.
words::Lang ReaderLang(const Request& request);

// Connect's error body: {"code":"not_found","message":"...","details":[...]},
// valid UTF-8 JSON whatever bytes `message` echoes (json_string.h). The
// details are those of `rpc_details` (gRPC's error details, a serialized
// google.rpc.Status: the refusal's ErrorInfo and LocalizedMessage), or an
// ErrorInfo made from the code and message, plus a LocalizedMessage in
// `lang` where the server wrote none; each as Connect writes a detail:
// {"type":"google.rpc.ErrorInfo","value":base64,"debug":{...}}.
std::string ConnectErrorJson(grpc::StatusCode code, absl::string_view message,
                             absl::string_view rpc_details, words::Lang lang);

// A unary call's error as Connect answers it: that JSON with its status.
Response ConnectErrorResponse(grpc::StatusCode code, absl::string_view message,
                              absl::string_view rpc_details, words::Lang lang);

}  // namespace qiwang::http

#endif  // QIWANG_SERVICES_HTTP_CONNECT_CODES_H_
