// The request of a raw streaming method (the Watch RPCs send shared bytes,
// watch_reactor.h, so gRPC hands them the request undecoded too), checked
// against the access table like any other call.
#ifndef QIWANG_SERVICES_SERVER_RAW_REQUEST_H_
#define QIWANG_SERVICES_SERVER_RAW_REQUEST_H_

#include <grpcpp/support/byte_buffer.h>
#include <grpcpp/support/proto_buffer_reader.h>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "services/server/unary_call.h"

namespace qiwang::server {

// `raw` decoded as a `Request`, or INVALID_ARGUMENT naming the message type.
template <typename Request>
absl::StatusOr<Request> ParseRawRequest(const grpc::ByteBuffer& raw) {
  grpc::ByteBuffer copy(raw);  // shares the slices; decoding consumes a buffer
  Request request;
  if (!grpc::SerializationTraits<Request>::Deserialize(&copy, &request).ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("request: not a valid ",
                     Request::descriptor()->full_name(), " message"));
  }
  return request;
}

// The request of an authorized caller: the access check's refusal first,
// then a refusal of the bytes.
template <typename Request>
absl::StatusOr<Request> AuthorizedRawRequest(
    const Authenticator& authenticator,
    const grpc::CallbackServerContext& context, const grpc::ByteBuffer& raw) {
  if (absl::Status allowed =
          AuthorizeCall<Request>(authenticator, context).status();
      !allowed.ok()) {
    return allowed;
  }
  return ParseRawRequest<Request>(raw);
}

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_RAW_REQUEST_H_
