// The Connect protocol (version 1) over the qiwang.v1 services, generically:
// the method comes from the generated descriptors by its path, messages are
// converted between protobuf JSON or binary and the wire through the
// generated types, and the call goes to the real services over qiwangd's
// in-process channel, so authentication, the access table, the ledger and
// deadlines are exactly gRPC's. No code per RPC. Thread-safe.
// REQUIRES: the channel outlives every call started.
#ifndef QIWANG_SERVICES_HTTP_CONNECT_BRIDGE_H_
#define QIWANG_SERVICES_HTTP_CONNECT_BRIDGE_H_

#include <grpcpp/channel.h>
#include <grpcpp/generic/generic_stub.h>

#include <functional>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "google/protobuf/descriptor.h"
#include "services/http/handler.h"
#include "words/lang.h"

namespace qiwang::http {

enum class Codec { kJson, kProto };

// A call in flight. Cancel() ends it early (the HTTP client went away);
// safe at any time while the handle lives, before and after the call ends.
class CallHandle {
 public:
  virtual ~CallHandle() = default;
  virtual void Cancel() = 0;
};

// A server-streaming call in flight. Calls back on gRPC's threads: each
// message (already encoded for the client) once the previous one was asked
// for with Next(), then the final status once.
class StreamCall : public CallHandle {
 public:
  virtual void Next() = 0;
};

class ConnectBridge {
 public:
  explicit ConnectBridge(std::shared_ptr<grpc::Channel> services);

  // The qiwang.v1 method at "/qiwang.v1.Service/Method", or null.
  static const google::protobuf::MethodDescriptor* MethodAt(
      absl::string_view path);

  // The request message of `method` in wire bytes from `body` in `codec`
  // (empty JSON is {}), or INVALID_ARGUMENT naming what is wrong: an unknown
  // field, a bad value, not that message.
  static absl::StatusOr<std::string> DecodeRequest(
      const google::protobuf::MethodDescriptor& method, Codec codec,
      const std::string& body);

  // A unary call: `body` in `codec` as the request; answers `done` (on a
  // gRPC thread, or at once for a request that cannot be decoded) with the
  // HTTP response: the message, or Connect's JSON error with its status.
  std::shared_ptr<CallHandle> Unary(
      const google::protobuf::MethodDescriptor& method, Codec codec,
      const Request& request, const std::string& body,
      std::function<void(Response)> done);

  // A server-streaming call of `method` with the single request message
  // `message` (not enveloped) in `codec`. `on_message` gets each response
  // message encoded in `codec`; `on_end` the end: OK or the error, once;
  // `on_released` last, once the call holds none of the callbacks any more
  // (a caller may wait for it before tearing down what they captured).
  // A request that cannot be decoded ends at once (on this thread).
  std::shared_ptr<StreamCall> Stream(
      const google::protobuf::MethodDescriptor& method, Codec codec,
      const Request& request, const std::string& message,
      std::function<void(std::string)> on_message,
      std::function<void(grpc::Status)> on_end,
      std::function<void()> on_released);

 private:
  grpc::GenericStub stub_;
};

// Connect's envelope: one flags byte and a 4-byte big-endian length.
std::string Envelope(uint8_t flags, absl::string_view payload);
// The end-of-stream message (flags 0x02) for `status`: {} or {"error":...},
// the error's details localized in `lang` (connect_codes.h).
std::string EndOfStream(const grpc::Status& status, words::Lang lang);

}  // namespace qiwang::http

#endif  // QIWANG_SERVICES_HTTP_CONNECT_BRIDGE_H_
