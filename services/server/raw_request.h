// The request of a raw streaming method (the Watch RPCs send shared bytes,
// watch_reactor.h, so gRPC hands them the request undecoded too), checked
// against the access table like any other call.
#ifndef QIWANG_SERVICES_SERVER_RAW_REQUEST_H_
#define QIWANG_SERVICES_SERVER_RAW_REQUEST_H_

#include <grpcpp/impl/codegen/server_callback_handlers.h>
#include <grpcpp/support/byte_buffer.h>
#include <grpcpp/support/proto_buffer_reader.h>

#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/str_cat.h"
#include "google/protobuf/descriptor.h"
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

// The index gRPC's generated service gives `method` of `service` (full
// name, e.g. "qiwang.v1.StandingsService"): the order of the descriptor.
inline int MethodIndex(const std::string& service, const std::string& method) {
  return google::protobuf::DescriptorPool::generated_pool()
      ->FindServiceByName(service)
      ->FindMethodByName(method)
      ->index();
}

// A handler for a server-streaming method served raw: `serve(context,
// request bytes)` answers the reactor. For grpc::Service's
// MarkMethodRawCallback, which takes ownership. (The generated
// WithRawCallbackMethod_ templates would do the same, but they hide the typed
// overload, which clang's -Woverloaded-virtual refuses.)
template <typename Serve>
grpc::internal::MethodHandler* RawStreamingHandler(Serve serve) {
  return new grpc::internal::CallbackServerStreamingHandler<grpc::ByteBuffer,
                                                            grpc::ByteBuffer>(
      std::move(serve));
}

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_RAW_REQUEST_H_
