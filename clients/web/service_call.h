// One unary call of the pages to the services: a deadline, the caller's
// Authorization header when there is one (never logged), and the answer or
// the call's status with the same code and message. Any thread.
#ifndef QIWANG_CLIENTS_WEB_SERVICE_CALL_H_
#define QIWANG_CLIENTS_WEB_SERVICE_CALL_H_

#include <grpcpp/client_context.h>

#include <string>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "base/grpc_status.h"

namespace qiwang::web {

template <typename Stub, typename Request, typename Response>
absl::StatusOr<Response> CallService(
    Stub& stub,
    grpc::Status (Stub::*method)(grpc::ClientContext*, const Request&,
                                 Response*),
    const Request& request, absl::Duration deadline,
    const std::string& authorization = "") {
  grpc::ClientContext context;
  context.set_deadline(absl::ToChronoTime(absl::Now() + deadline));
  if (!authorization.empty()) {
    context.AddMetadata("authorization", authorization);
  }
  Response response;
  const grpc::Status status = (stub.*method)(&context, request, &response);
  if (!status.ok()) return base::FromGrpcStatus(status);
  return response;
}

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_SERVICE_CALL_H_
