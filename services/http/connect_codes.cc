#include "services/http/connect_codes.h"

#include "absl/strings/str_cat.h"
#include "base/grpc_status.h"
#include "base/http_status.h"
#include "services/http/json_string.h"

namespace qiwang::http {

absl::string_view ConnectCodeName(grpc::StatusCode code) {
  switch (code) {
    case grpc::StatusCode::CANCELLED:
      return "canceled";
    case grpc::StatusCode::INVALID_ARGUMENT:
      return "invalid_argument";
    case grpc::StatusCode::DEADLINE_EXCEEDED:
      return "deadline_exceeded";
    case grpc::StatusCode::NOT_FOUND:
      return "not_found";
    case grpc::StatusCode::ALREADY_EXISTS:
      return "already_exists";
    case grpc::StatusCode::PERMISSION_DENIED:
      return "permission_denied";
    case grpc::StatusCode::RESOURCE_EXHAUSTED:
      return "resource_exhausted";
    case grpc::StatusCode::FAILED_PRECONDITION:
      return "failed_precondition";
    case grpc::StatusCode::ABORTED:
      return "aborted";
    case grpc::StatusCode::OUT_OF_RANGE:
      return "out_of_range";
    case grpc::StatusCode::UNIMPLEMENTED:
      return "unimplemented";
    case grpc::StatusCode::INTERNAL:
      return "internal";
    case grpc::StatusCode::UNAVAILABLE:
      return "unavailable";
    case grpc::StatusCode::DATA_LOSS:
      return "data_loss";
    case grpc::StatusCode::UNAUTHENTICATED:
      return "unauthenticated";
    default:
      return "unknown";
  }
}

int HttpStatusOf(grpc::StatusCode code) {
  return base::HttpStatusOf(base::FromGrpcCode(code));
}

std::string ConnectErrorJson(grpc::StatusCode code, absl::string_view message) {
  return absl::StrCat("{\"code\":", JsonString(ConnectCodeName(code)),
                      ",\"message\":", JsonString(message), "}");
}

Response ConnectErrorResponse(grpc::StatusCode code,
                              absl::string_view message) {
  Response response;
  response.status = HttpStatusOf(code);
  response.content_type = "application/json";
  response.body = ConnectErrorJson(code, message);
  return response;
}

}  // namespace qiwang::http
