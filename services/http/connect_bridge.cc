#include "services/http/connect_bridge.h"

#include <grpcpp/client_context.h>
#include <grpcpp/support/byte_buffer.h>
#include <grpcpp/support/client_callback.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "absl/synchronization/mutex.h"
#include "base/annotated_lock.h"
#include "base/grpc_status.h"
#include "base/happens_before.h"
#include "google/protobuf/dynamic_message.h"
#include "google/protobuf/message.h"
#include "google/protobuf/util/json_util.h"
#include "services/http/connect_codes.h"

namespace qiwang::http {
namespace {

using google::protobuf::Message;
using google::protobuf::MethodDescriptor;

std::unique_ptr<Message> NewMessage(const google::protobuf::Descriptor& type) {
  return std::unique_ptr<Message>(
      google::protobuf::MessageFactory::generated_factory()
          ->GetPrototype(&type)
          ->New());
}

}  // namespace

absl::StatusOr<std::string> ConnectBridge::DecodeRequest(
    const MethodDescriptor& method, Codec codec, const std::string& body) {
  std::unique_ptr<Message> message = NewMessage(*method.input_type());
  if (codec == Codec::kJson) {
    google::protobuf::util::JsonParseOptions options;
    options.ignore_unknown_fields = false;
    const auto parsed = google::protobuf::util::JsonStringToMessage(
        body.empty() ? std::string("{}") : body, message.get(), options);
    if (!parsed.ok()) {
      return absl::InvalidArgumentError(
          absl::StrCat("body: not a ", method.input_type()->full_name(),
                       " in protobuf JSON: ", parsed.message().as_string()));
    }
  } else if (!message->ParseFromString(body)) {
    return absl::InvalidArgumentError(
        absl::StrCat("body: not a binary ", method.input_type()->full_name()));
  }
  return message->SerializeAsString();
}

namespace {

std::string Flatten(const grpc::ByteBuffer& buffer) {
  std::vector<grpc::Slice> slices;
  std::string bytes;
  if (!buffer.Dump(&slices).ok()) return bytes;
  for (const grpc::Slice& slice : slices) {
    bytes.append(reinterpret_cast<const char*>(slice.begin()), slice.size());
  }
  return bytes;
}

grpc::ByteBuffer ToBuffer(const std::string& bytes) {
  grpc::Slice slice(bytes);
  return grpc::ByteBuffer(&slice, 1);
}

// A response message from the wire in `codec`, or INTERNAL.
absl::StatusOr<std::string> Encode(const MethodDescriptor& method, Codec codec,
                                   const grpc::ByteBuffer& buffer) {
  std::string wire = Flatten(buffer);
  if (codec == Codec::kProto) return wire;
  std::unique_ptr<Message> message = NewMessage(*method.output_type());
  if (!message->ParseFromString(wire)) {
    return absl::InternalError("the service answered an unreadable message");
  }
  std::string json;
  const auto printed =
      google::protobuf::util::MessageToJsonString(*message, &json);
  if (!printed.ok()) return absl::InternalError(printed.message().as_string());
  return json;
}

// Authorization, the acting role and the reader's language (for refusals,
// services/server/refusal_language.h) go through as gRPC metadata; the
// Connect-Timeout-Ms header becomes the call's deadline.
absl::Status Prepare(const Request& request, grpc::ClientContext& context) {
  for (const char* header :
       {"authorization", "x-qiwang-role", "accept-language", "lang"}) {
    auto found = request.headers.find(header);
    if (found != request.headers.end()) {
      context.AddMetadata(header, found->second);
    }
  }
  auto timeout = request.headers.find("connect-timeout-ms");
  if (timeout != request.headers.end()) {
    int64_t milliseconds = 0;
    if (timeout->second.size() > 10 ||
        !absl::SimpleAtoi(timeout->second, &milliseconds) || milliseconds < 0) {
      return absl::InvalidArgumentError(
          "Connect-Timeout-Ms: a whole number of milliseconds, at most 10 "
          "digits");
    }
    context.set_deadline(std::chrono::system_clock::now() +
                         std::chrono::milliseconds(milliseconds));
  }
  return absl::OkStatus();
}

// One unary call's buffers, alive until gRPC calls back and while its
// handle lives (the context keeps its own reference to the finished call,
// so a late Cancel is harmless).
struct UnaryCall : public CallHandle {
  void Cancel() override { context.TryCancel(); }
  grpc::ClientContext context;
  grpc::ByteBuffer request;
  grpc::ByteBuffer response;
};

// One Connect stream's gRPC call. It reads one response message at a time,
// the next only when the HTTP side asks (Next), so a slow reader holds one
// message, never a queue. Two holds keep gRPC from finishing the call (and
// freeing it) while this class may still touch it from outside a reaction:
// the read hold until reads are over, the cancel hold until Cancel can no
// longer come (it came, or the stream ended by itself). So Next and Cancel
// are safe at any time, from any thread, before, during and after the end,
// and every message the server sent is read before OnDone.
class ReactorStream final
    : public StreamCall,
      public grpc::ClientBidiReactor<grpc::ByteBuffer, grpc::ByteBuffer> {
 public:
  ReactorStream(const MethodDescriptor& method, Codec codec,
                std::function<void(std::string)> on_message,
                std::function<void(grpc::Status)> on_end,
                std::function<void()> on_released)
      : method_(method),
        codec_(codec),
        on_message_(std::move(on_message)),
        on_end_(std::move(on_end)),
        on_released_(std::move(on_released)) {}

  void Start(grpc::GenericStub& stub, std::shared_ptr<ReactorStream> self,
             const std::string& wire) {
    self_ = std::move(self);
    request_ = ToBuffer(wire);
    stub.PrepareBidiStreamingCall(
        &context_,
        absl::StrCat("/", method_.service()->full_name(), "/", method_.name()),
        grpc::StubOptions(), this);
    AddMultipleHolds(2);
    StartWriteLast(&request_, grpc::WriteOptions());
    {
      base::AnnotatedLock lock(&mutex_);
      reading_ = true;
    }
    StartRead(&response_);
    base::HappensBefore(this);
    StartCall();
  }

  grpc::ClientContext& context() { return context_; }

  void Next() override {
    {
      base::AnnotatedLock lock(&mutex_);
      if (!read_hold_ || reading_ || cancelled_) return;
      reading_ = true;
    }
    base::HappensBefore(this);
    StartRead(&response_);
  }

  void Cancel() override {
    {
      base::AnnotatedLock lock(&mutex_);
      if (!cancel_hold_ || cancelled_) return;
      cancelled_ = true;
    }
    // The cancel hold keeps the call alive through TryCancel.
    base::HappensBefore(this);
    context_.TryCancel();
    int releases = 1;
    {
      base::AnnotatedLock lock(&mutex_);
      cancel_hold_ = false;
      if (read_hold_ && !reading_) {
        read_hold_ = false;
        ++releases;
      }
    }
    while (releases-- > 0) RemoveHold();
  }

  void OnReadDone(bool ok) override {
    base::HappensAfter(this);
    int releases = 0;
    {
      base::AnnotatedLock lock(&mutex_);
      reading_ = false;
      if (!ok || cancelled_) {
        read_hold_ = false;
        ++releases;
        // Nobody needs to cancel a stream that ended by itself.
        if (!cancelled_ && cancel_hold_) {
          cancel_hold_ = false;
          ++releases;
        }
      }
    }
    if (releases > 0) {
      base::HappensBefore(this);
      while (releases-- > 0) RemoveHold();
      return;  // OnDone follows with the status
    }
    absl::StatusOr<std::string> encoded = Encode(method_, codec_, response_);
    if (!encoded.ok()) {
      Cancel();
      return;
    }
    on_message_(*std::move(encoded));
    base::HappensBefore(this);  // OnDone, elsewhere, follows every reaction
  }

  void OnDone(const grpc::Status& status) override {
    base::HappensAfter(this);
    // Let go of the client's callbacks (and what they hold) before saying
    // the call is over, so nothing of the caller's outlives on_released.
    std::function<void(grpc::Status)> on_end = std::move(on_end_);
    std::function<void()> on_released = std::move(on_released_);
    on_message_ = nullptr;
    on_end(status);
    on_end = nullptr;
    std::shared_ptr<ReactorStream> self = std::move(self_);
    on_released();
    self.reset();  // may delete this
  }

 private:
  const MethodDescriptor& method_;
  const Codec codec_;
  std::function<void(std::string)> on_message_;
  std::function<void(grpc::Status)> on_end_;
  std::function<void()> on_released_;
  grpc::ClientContext context_;
  grpc::ByteBuffer request_;
  grpc::ByteBuffer response_;
  std::shared_ptr<ReactorStream> self_;  // kept until OnDone
  absl::Mutex mutex_;
  bool reading_ ABSL_GUARDED_BY(mutex_) = false;
  bool read_hold_ ABSL_GUARDED_BY(mutex_) = true;
  bool cancel_hold_ ABSL_GUARDED_BY(mutex_) = true;
  bool cancelled_ ABSL_GUARDED_BY(mutex_) = false;
};

// A call that ended before it started (a request that did not decode).
class EndedStream final : public StreamCall {
 public:
  void Next() override {}
  void Cancel() override {}
};

}  // namespace

ConnectBridge::ConnectBridge(std::shared_ptr<grpc::Channel> services)
    : stub_(std::move(services)) {}

const MethodDescriptor* ConnectBridge::MethodAt(absl::string_view path) {
  if (!absl::ConsumePrefix(&path, "/")) return nullptr;
  const size_t slash = path.find('/');
  if (slash == absl::string_view::npos) return nullptr;
  const absl::string_view service_name = path.substr(0, slash);
  if (!absl::StartsWith(service_name, "qiwang.v1.")) return nullptr;
  const google::protobuf::ServiceDescriptor* service =
      google::protobuf::DescriptorPool::generated_pool()->FindServiceByName(
          std::string(service_name));
  if (service == nullptr) return nullptr;
  return service->FindMethodByName(std::string(path.substr(slash + 1)));
}

std::shared_ptr<CallHandle> ConnectBridge::Unary(
    const MethodDescriptor& method, Codec codec, const Request& request,
    const std::string& body, std::function<void(Response)> done) {
  absl::StatusOr<std::string> wire =
      ConnectBridge::DecodeRequest(method, codec, body);
  if (!wire.ok()) {
    done(ConnectErrorResponse(base::ToGrpcCode(wire.status().code()),
                              wire.status().message(), "",
                              ReaderLang(request)));
    return std::make_shared<EndedStream>();
  }
  auto call = std::make_shared<UnaryCall>();
  if (absl::Status prepared = Prepare(request, call->context); !prepared.ok()) {
    done(ConnectErrorResponse(base::ToGrpcCode(prepared.code()),
                              prepared.message(), "", ReaderLang(request)));
    return std::make_shared<EndedStream>();
  }
  call->request = ToBuffer(*wire);
  base::HappensBefore(call.get());
  stub_.UnaryCall(
      &call->context,
      absl::StrCat("/", method.service()->full_name(), "/", method.name()),
      grpc::StubOptions(), &call->request, &call->response,
      [call, &method, codec, lang = ReaderLang(request),
       done = std::move(done)](grpc::Status status) {
        base::HappensAfter(call.get());
        if (!status.ok()) {
          done(ConnectErrorResponse(status.error_code(), status.error_message(),
                                    status.error_details(), lang));
          return;
        }
        absl::StatusOr<std::string> encoded =
            Encode(method, codec, call->response);
        if (!encoded.ok()) {
          done(ConnectErrorResponse(grpc::StatusCode::INTERNAL,
                                    encoded.status().message(), "", lang));
          return;
        }
        Response response;
        response.content_type =
            codec == Codec::kJson ? "application/json" : "application/proto";
        response.body = *std::move(encoded);
        done(std::move(response));
      });
  return call;
}

std::shared_ptr<StreamCall> ConnectBridge::Stream(
    const MethodDescriptor& method, Codec codec, const Request& request,
    const std::string& message, std::function<void(std::string)> on_message,
    std::function<void(grpc::Status)> on_end,
    std::function<void()> on_released) {
  absl::StatusOr<std::string> wire =
      ConnectBridge::DecodeRequest(method, codec, message);
  if (!wire.ok()) {
    on_end(grpc::Status(base::ToGrpcCode(wire.status().code()),
                        std::string(wire.status().message())));
    on_released();
    return std::make_shared<EndedStream>();
  }
  auto call = std::make_shared<ReactorStream>(
      method, codec, std::move(on_message), on_end, on_released);
  if (absl::Status prepared = Prepare(request, call->context());
      !prepared.ok()) {
    on_end(grpc::Status(base::ToGrpcCode(prepared.code()),
                        std::string(prepared.message())));
    on_released();
    return std::make_shared<EndedStream>();
  }
  call->Start(stub_, call, *wire);
  return call;
}

std::string Envelope(uint8_t flags, absl::string_view payload) {
  std::string framed;
  framed.reserve(5 + payload.size());
  framed.push_back(static_cast<char>(flags));
  const uint32_t size = static_cast<uint32_t>(payload.size());
  for (int shift = 24; shift >= 0; shift -= 8) {
    framed.push_back(static_cast<char>((size >> shift) & 0xff));
  }
  framed.append(payload.data(), payload.size());
  return framed;
}

std::string EndOfStream(const grpc::Status& status, words::Lang lang) {
  if (status.ok()) return Envelope(0x02, "{}");
  return Envelope(
      0x02,
      absl::StrCat("{\"error\":",
                   ConnectErrorJson(status.error_code(), status.error_message(),
                                    status.error_details(), lang),
                   "}"));
}

}  // namespace qiwang::http
