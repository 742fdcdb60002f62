#include "services/http/session.h"

#include <sys/socket.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <cerrno>
#include <chrono>
#include <deque>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "base/grpc_status.h"
#include "services/http/connect_codes.h"
#include "services/http/connect_envelope.h"
#include "services/http/content_coding.h"
#include "services/http/method_rules.h"
#include "services/http/request_header.h"
#include "services/http/request_target.h"
#include "services/http/sse_encoding.h"

namespace qiwang::http {
namespace {

namespace beast = boost::beast;
namespace bhttp = boost::beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using google::protobuf::MethodDescriptor;

// A Connect call that would start while the front shuts down.
constexpr absl::string_view kShuttingDown = "the server is shutting down";

std::string MediaType(absl::string_view content_type) {
  const size_t semicolon = content_type.find(';');
  return absl::AsciiStrToLower(
      absl::StripAsciiWhitespace(content_type.substr(0, semicolon)));
}

Response TextResponse(int status, std::string text) {
  Response response;
  response.status = status;
  response.content_type = "text/plain; charset=utf-8";
  response.body = std::move(text);
  response.body.push_back('\n');
  return response;
}

// `Stream` is beast::tcp_stream (plaintext) or beast::ssl_stream over one
// (TLS, which first shakes hands within the request timeout).
template <class Stream>
class Session : public std::enable_shared_from_this<Session<Stream>> {
 public:
  template <class... TlsContext>
  Session(tcp::socket socket, std::shared_ptr<FrontState> front,
          TlsContext&... tls)
      : stream_(std::move(socket), tls...),
        front_(std::move(front)),
        heartbeat_(stream_.get_executor()) {
    beast::error_code ignored;
    const tcp::endpoint peer = Lowest().socket().remote_endpoint(ignored);
    client_address_ = peer.address().to_string();
    front_->metrics.ConnectionOpened();
  }

  ~Session() {
    if (holds_stream_) {
      front_->limiter.Release(client_address_);
      front_->metrics.StreamClosed();
    }
    front_->metrics.ConnectionClosed();
  }

  void Run() {
    net::dispatch(stream_.get_executor(), [self = this->shared_from_this()] {
      if constexpr (kTls) {
        self->Handshake();
      } else {
        self->ReadRequest();
      }
    });
  }

 private:
  static constexpr bool kTls = !std::is_same_v<Stream, beast::tcp_stream>;

  beast::tcp_stream& Lowest() { return beast::get_lowest_layer(stream_); }

  // TLS only: a client that does not finish its handshake in time is closed.
  void Handshake() {
    Lowest().expires_after(
        absl::ToChronoMilliseconds(front_->options.request_timeout));
    stream_.async_handshake(
        net::ssl::stream_base::server,
        [self = this->shared_from_this()](beast::error_code error) {
          if (error) {
            self->Close();
            return;
          }
          self->ReadRequest();
        });
  }

  void ReadRequest() {
    head_ = false;
    connect_path_ = false;
    parser_.emplace();
    parser_->header_limit(
        static_cast<uint32_t>(front_->options.max_header_bytes));
    parser_->body_limit(front_->options.max_body_bytes);
    Lowest().expires_after(
        absl::ToChronoMilliseconds(front_->options.request_timeout));
    bhttp::async_read_header(
        stream_, buffer_, *parser_,
        [self = this->shared_from_this()](beast::error_code error, size_t) {
          self->OnHeader(error);
        });
  }

  // Before the body is read: a header that breaks HTTP/1.1's rules
  // (request_header.h) is refused and the connection closed (its body would
  // otherwise be taken for the next request); a client that waits for
  // "100 Continue" is told to go on.
  void OnHeader(beast::error_code error) {
    // Set once the request line was read, even when the header then failed
    // (a Content-Length over the body limit fails the whole header).
    const auto target = parser_->get().target();
    connect_path_ = absl::StartsWith(
        absl::string_view(target.data(), target.size()), "/qiwang.");
    if (error) {
      OnRead(error);
      return;
    }
    if (absl::Status header = CheckRequestHeader(parser_->get());
        !header.ok()) {
      keep_alive_ = false;
      Refuse("bad",
             absl::IsUnimplemented(header)        ? 501
             : absl::IsFailedPrecondition(header) ? 417
                                                  : 400,
             base::ToGrpcCode(header.code()), std::string(header.message()));
      return;
    }
    if (ExpectsContinue(parser_->get()) && !parser_->is_done()) {
      static constexpr absl::string_view kContinue =
          "HTTP/1.1 100 Continue\r\n\r\n";
      net::async_write(
          stream_, net::buffer(kContinue.data(), kContinue.size()),
          [self = this->shared_from_this()](beast::error_code error, size_t) {
            if (error) {
              self->Close();
              return;
            }
            self->ReadBody();
          });
      return;
    }
    ReadBody();
  }

  void ReadBody() {
    bhttp::async_read(
        stream_, buffer_, *parser_,
        [self = this->shared_from_this()](beast::error_code error, size_t) {
          self->OnRead(error);
        });
  }

  void OnRead(beast::error_code error) {
    if (error == bhttp::error::end_of_stream || error == net::error::eof ||
        error == beast::error::timeout) {
      Close();
      return;
    }
    if (error == bhttp::error::header_limit) {
      keep_alive_ = false;
      Refuse("limit", 431, grpc::StatusCode::RESOURCE_EXHAUSTED,
             absl::StrCat("request headers over ",
                          front_->options.max_header_bytes,
                          " bytes (--http_max_header_bytes)"));
      return;
    }
    if (error == bhttp::error::body_limit) {
      keep_alive_ = false;
      Refuse("limit", 413, grpc::StatusCode::RESOURCE_EXHAUSTED,
             absl::StrCat("request body over ", front_->options.max_body_bytes,
                          " bytes (--http_max_body_bytes)"));
      return;
    }
    if (error == bhttp::error::bad_transfer_encoding) {
      keep_alive_ = false;
      Send("bad", TextResponse(400,
                               "Transfer-Encoding: chunked once, last, and "
                               "never with Content-Length (RFC 9112 6.1, "
                               "6.3)"));
      return;
    }
    if (error) {
      keep_alive_ = false;
      Send("bad", TextResponse(400, absl::StrCat("malformed HTTP request: ",
                                                 error.message())));
      return;
    }
    Lowest().expires_never();
    started_ = absl::Now();
    bhttp::request<bhttp::string_body> message = parser_->release();
    keep_alive_ = message.keep_alive();
    Dispatch(std::move(message));
  }

  void Dispatch(bhttp::request<bhttp::string_body> message) {
    if (message.target() == "*") {  // the server as a whole (RFC 9112 3.2.4)
      AsteriskForm(message.method_string() == "OPTIONS");
      return;
    }
    absl::StatusOr<RequestTarget> target =
        ParseTarget(std::string(message.target()));
    if (!target.ok()) {
      Send("bad", TextResponse(absl::IsNotFound(target.status()) ? 404 : 400,
                               std::string(target.status().message())));
      return;
    }
    request_.method = std::string(message.method_string());
    head_ = request_.method == "HEAD";
    request_.path = target->path;
    request_.query = std::move(target->query);
    request_.headers.clear();
    for (const auto& field : message) {
      request_
          .headers[absl::AsciiStrToLower(std::string(field.name_string()))] =
          std::string(field.value());
    }
    request_.body = std::move(message.body());
    request_.client_address = client_address_;

    const std::string& path = request_.path;
    connect_path_ = absl::StartsWith(path, "/qiwang.");
    if (connect_path_) {
      metric_method_ = "connect";
      Connect();
      return;
    }
    const bool probe =
        path == "/healthz" || path == "/readyz" || path == "/metrics";
    metric_method_ = probe ? "probe" : "page";
    const PathKind kind = probe ? PathKind::kProbe
                          : absl::StartsWith(path, "/officials/")
                              ? PathKind::kOfficialsPage
                              : PathKind::kPage;
    if (!AllowedHere(kind)) return;
    if (path == "/healthz") {
      Send("probe", TextResponse(200, "ok"));
    } else if (path == "/readyz") {
      const bool ready = front_->services.ready && front_->services.ready();
      Send("probe", ready ? TextResponse(200, "ready")
                          : TextResponse(503,
                                         "the projection has not caught "
                                         "up with the log yet"));
    } else if (path == "/metrics") {
      Response response;
      response.content_type = "text/plain; version=0.0.4; charset=utf-8";
      response.body = front_->metrics.Scrape();
      Send("probe", std::move(response));
    } else {
      Route();
    }
  }

  void AsteriskForm(bool options) {
    if (!options) {
      Send("bad", TextResponse(400,
                               "target '*': only OPTIONS asks about the "
                               "server as a whole (RFC 9112 3.2.4)"));
      return;
    }
    Response response;
    response.status = 204;
    response.content_type.clear();
    response.headers.emplace_back("Allow", "GET, HEAD, POST, OPTIONS");
    Send("probe", std::move(response));
  }

  // False after answering a method the path does not take (405 naming what
  // it takes) or OPTIONS (204 with the same Allow).
  bool AllowedHere(PathKind kind) {
    if (request_.method == "OPTIONS") {
      Response response;
      response.status = 204;
      response.content_type.clear();
      response.headers.emplace_back("Allow", AllowOf(kind));
      Send(metric_method_, std::move(response));
      return false;
    }
    if (Allows(kind, request_.method)) return true;
    Refuse(metric_method_, 405, grpc::StatusCode::UNIMPLEMENTED,
           NotAllowed(kind), AllowOf(kind));
    return false;
  }

  std::string NotAllowed(PathKind kind) const {
    const MethodDescriptor* method = ConnectBridge::MethodAt(request_.path);
    const std::string name = method == nullptr ? request_.path : method->name();
    if (kind == PathKind::kConnectStream) {
      return absl::StrCat(name,
                          " streams: POST it with Content-Type "
                          "application/connect+json or "
                          "application/connect+proto");
    }
    if (kind == PathKind::kConnectCall &&
        (request_.method == "GET" || request_.method == "HEAD")) {
      return absl::StrCat(name,
                          " changes state: POST it with Content-Type "
                          "application/json or application/proto");
    }
    return absl::StrCat("method ", request_.method, " not allowed at ",
                        request_.path, ": ", AllowOf(kind));
  }

  // A refusal in the form its path speaks: Connect's error JSON (with the
  // HTTP status given) on the Connect paths, text elsewhere.
  void Refuse(const std::string& metric_method, int status,
              grpc::StatusCode code, std::string message,
              std::string allow = "") {
    Response response =
        connect_path_
            ? ConnectErrorResponse(code, message, "", ReaderLang(request_))
            : TextResponse(status, std::move(message));
    response.status = status;
    if (!allow.empty()) response.headers.emplace_back("Allow", allow);
    Send(metric_method, std::move(response));
  }

  // A refused Content-Encoding or Connect-Content-Encoding (content_coding.h).
  void RefuseCoding(const absl::Status& status) {
    const grpc::StatusCode code = base::ToGrpcCode(status.code());
    Refuse(metric_method_,
           status.code() == absl::StatusCode::kResourceExhausted
               ? 413
               : HttpStatusOf(code),
           code, std::string(status.message()));
  }

  // The Connect protocol: unary POST, GET of side-effect-free reads, and
  // server streaming.
  void Connect() {
    const MethodDescriptor* method = ConnectBridge::MethodAt(request_.path);
    if (method == nullptr) {
      if (!Allows(PathKind::kConnectRead, request_.method)) {
        AllowedHere(PathKind::kConnectCall);
        return;
      }
      // Connect's answer for a procedure the server does not have.
      Refuse(metric_method_, 404, grpc::StatusCode::UNIMPLEMENTED,
             absl::StrCat("no RPC at ", request_.path));
      return;
    }
    metric_method_ = method->full_name();
    if (!AllowedHere(ConnectKind(*method))) return;
    if (request_.method != "POST") {
      ConnectGet(*method);
      return;
    }
    const bool streaming = method->server_streaming();
    const std::string media = MediaType(Header("content-type"));
    if (media == "application/json" || media == "application/proto") {
      if (streaming) {
        Refuse(metric_method_, 415, grpc::StatusCode::UNIMPLEMENTED,
               absl::StrCat(method->name(),
                            " streams: send application/connect+json or "
                            "connect+proto"));
        return;
      }
      absl::StatusOr<std::string> body =
          DecodeBody("Content-Encoding", Header("content-encoding"),
                     std::move(request_.body), front_->options.max_body_bytes);
      if (!body.ok()) {
        RefuseCoding(body.status());
        return;
      }
      Unary(*method, media == "application/json" ? Codec::kJson : Codec::kProto,
            *body);
      return;
    }
    if (media == "application/connect+json" ||
        media == "application/connect+proto") {
      if (!streaming) {
        Refuse(metric_method_, 415, grpc::StatusCode::UNIMPLEMENTED,
               absl::StrCat(method->name(),
                            " is unary: send application/json or "
                            "application/proto"));
        return;
      }
      StartConnectStreamIfEncoded(*method, media == "application/connect+json"
                                               ? Codec::kJson
                                               : Codec::kProto);
      return;
    }
    Refuse(metric_method_, 415, grpc::StatusCode::UNIMPLEMENTED,
           absl::StrCat("Content-Type '", media,
                        "': application/json, application/proto or their "
                        "connect+ streaming forms"));
  }

  // A stream compresses its envelopes (Connect-Content-Encoding), never the
  // whole body; an encoding the front does not speak is refused before the
  // stream starts.
  void StartConnectStreamIfEncoded(const MethodDescriptor& method,
                                   Codec codec) {
    const std::string body_coding = Header("content-encoding");
    if (!body_coding.empty() &&
        absl::AsciiStrToLower(body_coding) != "identity") {
      Refuse(metric_method_, 501, grpc::StatusCode::UNIMPLEMENTED,
             absl::StrCat("Content-Encoding '", body_coding,
                          "': a stream compresses each envelope "
                          "(Connect-Content-Encoding), not the body"));
      return;
    }
    const std::string coding = Header("connect-content-encoding");
    if (absl::Status known = CheckCoding("Connect-Content-Encoding", coding);
        !known.ok()) {
      RefuseCoding(known);
      return;
    }
    StartConnectStream(method, codec,
                       OpenRequestEnvelope(request_.body, coding,
                                           front_->options.max_body_bytes));
  }

  // GET (or HEAD) of a read: the message in the query.
  void ConnectGet(const MethodDescriptor& method) {
    const std::string encoding = QueryValue("encoding");
    if (encoding != "json" && encoding != "proto") {
      Send(metric_method_,
           ConnectErrorResponse(grpc::StatusCode::INVALID_ARGUMENT,
                                "encoding: json or proto (query parameter)", "",
                                ReaderLang(request_)));
      return;
    }
    std::string message = QueryValue("message");
    if (QueryValue("base64") == "1") {
      std::string decoded;
      if (!absl::WebSafeBase64Unescape(message, &decoded)) {
        Send(metric_method_,
             ConnectErrorResponse(grpc::StatusCode::INVALID_ARGUMENT,
                                  "message: not URL-safe base64", "",
                                  ReaderLang(request_)));
        return;
      }
      message = std::move(decoded);
    }
    absl::StatusOr<std::string> decoded =
        DecodeBody("compression (query parameter)", QueryValue("compression"),
                   std::move(message), front_->options.max_body_bytes);
    if (!decoded.ok()) {
      RefuseCoding(decoded.status());
      return;
    }
    message = *std::move(decoded);
    Unary(method, encoding == "json" ? Codec::kJson : Codec::kProto, message,
          /*cacheable=*/true);
  }

  // The answer is gzipped when the client accepts it (Accept-Encoding).
  void Unary(const MethodDescriptor& method, Codec codec,
             const std::string& body, bool cacheable = false) {
    const bool gzip = AcceptsGzip(Header("accept-encoding"));
    if (!front_->calls.Starting()) {
      Send(metric_method_,
           ConnectErrorResponse(grpc::StatusCode::UNAVAILABLE, kShuttingDown,
                                "", ReaderLang(request_)));
      return;
    }
    unary_call_ = front_->bridge.Unary(
        method, codec, request_, body,
        [self = this->shared_from_this(), cacheable, gzip,
         front = front_.get()](Response response) mutable {
          if (response.status == 200) {
            if (cacheable) {
              response.headers.emplace_back("Cache-Control",
                                            "public, max-age=1");
            }
            response.headers.emplace_back("Vary", "Accept-Encoding");
            if (gzip && !response.body.empty()) {
              response.body = Gzip(response.body);
              response.headers.emplace_back("Content-Encoding", "gzip");
            }
          }
          {
            auto executor = self->stream_.get_executor();
            net::post(executor, [self = std::move(self),
                                 response = std::move(response)]() mutable {
              self->unary_call_ = nullptr;
              self->Send(self->metric_method_, std::move(response));
            });
          }
          // Holds nothing of the connection now (its strand included): the
          // front may shut down and destroy the I/O context.
          front->calls.Released();
        });
    front_->calls.Track(unary_call_);
    WatchUnaryHangUp();
  }

  // While a unary call runs (a read may wait for its position), a client
  // that hangs up cancels it rather than leave it to its deadline.
  void WatchUnaryHangUp() { WaitReadable(&Session::OnUnaryReadable); }

  // Calls `on_readable` on the strand once the socket may be read (or the
  // wait failed).
  void WaitReadable(void (Session::*on_readable)(beast::error_code)) {
    Lowest().socket().async_wait(
        tcp::socket::wait_read, [self = this->shared_from_this(),
                                 on_readable](beast::error_code error) {
          net::post(self->stream_.get_executor(), [self, on_readable, error] {
            ((*self).*on_readable)(error);
          });
        });
  }

  void OnUnaryReadable(beast::error_code error) {
    if (closed_ || unary_call_ == nullptr) return;  // answered already
    if (!error) {
      char byte;
      const ssize_t peeked = ::recv(Lowest().socket().native_handle(), &byte, 1,
                                    MSG_PEEK | MSG_DONTWAIT);
      // A pipelined request is read once this one is answered.
      if (peeked > 0) return;
      if (peeked < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
        WatchUnaryHangUp();
        return;
      }
    }
    Close();
  }

  // The request is one enveloped message; the answer streams envelopes and
  // ends with the end-of-stream message carrying the status.
  void StartConnectStream(const MethodDescriptor& method, Codec codec,
                          absl::StatusOr<std::string> message) {
    const std::string content_type = codec == Codec::kJson
                                         ? "application/connect+json"
                                         : "application/connect+proto";
    if (!OpenStream(content_type)) return;
    if (!message.ok()) {
      Enqueue(HttpChunk(EndOfStream(base::ToGrpcStatus(message.status()),
                                    ReaderLang(request_))));
      Finish();
      return;
    }
    if (!front_->calls.Starting()) {
      Enqueue(HttpChunk(EndOfStream(grpc::Status(grpc::StatusCode::UNAVAILABLE,
                                                 std::string(kShuttingDown)),
                                    ReaderLang(request_))));
      Finish();
      return;
    }
    auto self = this->shared_from_this();
    call_ = front_->bridge.Stream(
        method, codec, request_, *message,
        [self](std::string payload) {
          net::post(self->stream_.get_executor(),
                    [self, payload = std::move(payload)] {
                      self->next_after_write_ = true;
                      self->Enqueue(HttpChunk(Envelope(0, payload)));
                    });
        },
        [self](grpc::Status status) {
          net::post(self->stream_.get_executor(), [self, status] {
            self->Enqueue(
                HttpChunk(EndOfStream(status, ReaderLang(self->request_))));
            self->Finish();
          });
        },
        [front = front_.get()] { front->calls.Released(); });
    front_->calls.Track(call_);
  }

  // Everything not the front's own: the pages, rendered off the I/O
  // threads.
  void Route() {
    Routes* routes = front_->services.routes;
    if (routes == nullptr) {
      Send("page",
           TextResponse(404, absl::StrCat("no page at ", request_.path)));
      return;
    }
    net::post(front_->page_pool,
              [self = this->shared_from_this(), routes, request = request_] {
                std::optional<Reply> reply = routes->Handle(request);
                net::post(self->stream_.get_executor(),
                          [self, reply = std::move(reply)]() mutable {
                            self->OnRouted(std::move(reply));
                          });
              });
  }

  void OnRouted(std::optional<Reply> reply) {
    if (!reply.has_value() ||
        (!reply->response.has_value() && reply->stream == nullptr)) {
      Send("page",
           TextResponse(404, absl::StrCat("no page at ", request_.path)));
      return;
    }
    if (reply->response.has_value()) {
      const std::string kind =
          absl::StartsWith(request_.path, "/static/") ? "static" : "page";
      Send(kind, *std::move(reply->response));
      return;
    }
    if (head_) {
      SendHeadOfStream("text/event-stream");
      return;
    }
    StartSse(std::move(reply->stream));
  }

  void StartSse(std::shared_ptr<LiveFeed> feed) {
    metric_method_ = "sse";
    if (!OpenStream("text/event-stream")) return;
    uint64_t last_id = 0;
    if (!absl::SimpleAtoi(Header("last-event-id"), &last_id)) last_id = 0;
    last_sent_ = last_id;
    // A script that keeps the text it was last sent asks for patches.
    const auto patch = request_.query.find("patch");
    wants_patches_ = patch != request_.query.end() && patch->second == "lines";
    feed_ = std::move(feed);
    std::weak_ptr<Session> weak = this->weak_from_this();
    subscription_ =
        feed_->Subscribe([weak](std::shared_ptr<const LiveMessage> message) {
          if (std::shared_ptr<Session> self = weak.lock()) {
            net::post(self->stream_.get_executor(),
                      [self, message = std::move(message)] {
                        self->OfferSse(message);
                      });
          }
        });
    if (std::shared_ptr<const LiveMessage> latest = feed_->Latest()) {
      OfferSse(latest);
    }
    Enqueue(HttpChunk(": qiwang live view\n\n"));
    ScheduleHeartbeat();
  }

  void OfferSse(std::shared_ptr<const LiveMessage> message) {
    if (closed_ || message == nullptr || message->position <= last_sent_) {
      return;
    }
    pending_sse_ = std::move(message);
    Pump();
  }

  void ScheduleHeartbeat() {
    heartbeat_.expires_after(
        absl::ToChronoMilliseconds(front_->options.heartbeat));
    heartbeat_.async_wait(
        [self = this->shared_from_this()](beast::error_code error) {
          if (error || self->closed_) return;
          if (!self->writing_) self->Enqueue(HttpChunk(": keepalive\n\n"));
          self->ScheduleHeartbeat();
        });
  }

  // Sends a stream's header after counting it against the client's limit;
  // false (having answered 429) when over it.
  bool OpenStream(const std::string& content_type) {
    if (absl::Status acquired = front_->limiter.Acquire(client_address_);
        !acquired.ok()) {
      Refuse(metric_method_, 429, grpc::StatusCode::RESOURCE_EXHAUSTED,
             std::string(acquired.message()));
      return false;
    }
    holds_stream_ = true;
    front_->metrics.StreamOpened();
    front_->metrics.Request(metric_method_, 200, absl::Now() - started_);
    Enqueue(absl::StrCat(
        "HTTP/1.1 200 OK\r\nContent-Type: ", content_type,
        "\r\nCache-Control: no-cache\r\n"
        "X-Content-Type-Options: nosniff\r\n"
        "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"));
    WatchForHangUp();
    return true;
  }

  // A streaming client sends nothing more: readable means it hung up. The
  // wait may also end with nothing to read (the reactor's wake-up is not a
  // promise) or with bytes the client should not have sent; only an end of
  // stream or an error closes.
  void WatchForHangUp() { WaitReadable(&Session::OnStreamReadable); }

  void OnStreamReadable(beast::error_code error) {
    if (closed_) return;
    if (error) {
      Close();
      return;
    }
    // Bytes after a streaming request are never read as a request; a client
    // that keeps sending them is closed.
    char bytes[4096];
    const ssize_t read = ::recv(Lowest().socket().native_handle(), bytes,
                                sizeof bytes, MSG_DONTWAIT);
    const bool nothing_yet =
        read < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
    if (read > 0) ignored_bytes_ += static_cast<size_t>(read);
    if ((read <= 0 && !nothing_yet) ||
        ignored_bytes_ > front_->options.max_header_bytes) {
      Close();
      return;
    }
    WatchForHangUp();
  }

  void Enqueue(std::string bytes) {
    if (closed_) return;
    outbox_.push_back(std::make_shared<const std::string>(std::move(bytes)));
    Pump();
  }

  void Finish() {
    finishing_ = true;
    Pump();
  }

  // The pending message as the patches from the one this stream was last
  // sent, when it asked for patches and holds one of their bases; else
  // whole.
  void QueuePendingSse() {
    const std::vector<EncodedPatch>& patches = pending_sse_->patches;
    auto from = patches.end();
    if (wants_patches_ && last_sent_ != 0) {
      from = std::find_if(patches.begin(), patches.end(),
                          [this](const EncodedPatch& patch) {
                            return patch.base == last_sent_;
                          });
    }
    if (from != patches.end()) {
      for (; from != patches.end(); ++from) outbox_.push_back(from->encoded);
    } else {
      outbox_.push_back(pending_sse_->encoded != nullptr
                            ? pending_sse_->encoded
                            : SseChunk(*pending_sse_));
    }
    last_sent_ = pending_sse_->position;
    pending_sse_ = nullptr;
  }

  void Pump() {
    if (writing_ || closed_) return;
    if (outbox_.empty() && pending_sse_ != nullptr) QueuePendingSse();
    if (outbox_.empty()) {
      if (finishing_) {
        finishing_ = false;
        outbox_.push_back(std::make_shared<const std::string>("0\r\n\r\n"));
        close_after_write_ = true;
      } else {
        return;
      }
    }
    writing_ = true;
    // Everything queued goes in one write: a stream behind by a few
    // messages gets its chain of patches in one send, not one each.
    writing_chunks_.assign(std::make_move_iterator(outbox_.begin()),
                           std::make_move_iterator(outbox_.end()));
    outbox_.clear();
    // A client that does not read its stream is closed, not queued for.
    Lowest().expires_after(
        absl::ToChronoMilliseconds(front_->options.request_timeout));
    auto written = [self = this->shared_from_this()](beast::error_code error,
                                                     size_t) {
      self->OnWritten(error);
    };
    if (writing_chunks_.size() == 1) {
      net::async_write(stream_, net::buffer(*writing_chunks_.front()),
                       std::move(written));
      return;
    }
    std::vector<net::const_buffer> buffers;
    buffers.reserve(writing_chunks_.size());
    for (const auto& chunk : writing_chunks_) {
      buffers.push_back(net::buffer(*chunk));
    }
    net::async_write(stream_, buffers, std::move(written));
  }

  void OnWritten(beast::error_code error) {
    writing_ = false;
    writing_chunks_.clear();
    Lowest().expires_never();
    if (error || close_after_write_) {
      Close();
      return;
    }
    if (next_after_write_ && call_ != nullptr) {
      next_after_write_ = false;
      call_->Next();
    }
    Pump();
  }

  // A whole response (its header only, with the length of its body, to a
  // HEAD); then the next request, or the end of the connection.
  void Send(const std::string& metric_method, Response response) {
    front_->metrics.Request(metric_method, response.status,
                            absl::Now() - started_);
    if (head_) {
      auto header = Headed<bhttp::empty_body>(response);
      if (response.status != 204) header->content_length(response.body.size());
      Write(std::move(header));
      return;
    }
    auto message = Headed<bhttp::string_body>(response);
    message->body() = std::move(response.body);
    message->prepare_payload();
    Write(std::move(message));
  }

  // HEAD of an SSE stream: what GET would start with, no stream.
  void SendHeadOfStream(const std::string& content_type) {
    Response response;
    response.content_type = content_type;
    response.headers.emplace_back("Cache-Control", "no-cache");
    front_->metrics.Request(metric_method_, 200, absl::Now() - started_);
    Write(Headed<bhttp::empty_body>(response));
  }

  template <class Body>
  std::shared_ptr<bhttp::response<Body>> Headed(const Response& response) {
    auto message = std::make_shared<bhttp::response<Body>>(
        static_cast<bhttp::status>(response.status), 11);
    if (!response.content_type.empty()) {
      message->set(bhttp::field::content_type, response.content_type);
    }
    message->set("X-Content-Type-Options", "nosniff");
    message->set("Referrer-Policy", "no-referrer");
    for (const auto& [name, value] : response.headers) {
      message->set(name, value);
    }
    message->keep_alive(keep_alive_);
    return message;
  }

  template <class Message>
  void Write(std::shared_ptr<Message> message) {
    Lowest().expires_after(
        absl::ToChronoMilliseconds(front_->options.request_timeout));
    bhttp::async_write(stream_, *message,
                       [self = this->shared_from_this(), message](
                           beast::error_code error, size_t) {
                         if (error || !self->keep_alive_) {
                           self->Close();
                           return;
                         }
                         self->ReadRequest();
                       });
  }

  void Close() {
    if (closed_) return;
    closed_ = true;
    subscription_.reset();
    heartbeat_.cancel();
    if (call_ != nullptr) call_->Cancel();
    if (unary_call_ != nullptr) unary_call_->Cancel();
    beast::error_code ignored;
    Lowest().socket().shutdown(tcp::socket::shutdown_both, ignored);
    Lowest().close();
  }

  std::string Header(const std::string& name) const {
    auto found = request_.headers.find(name);
    return found == request_.headers.end() ? std::string() : found->second;
  }
  std::string QueryValue(const std::string& name) const {
    auto found = request_.query.find(name);
    return found == request_.query.end() ? std::string() : found->second;
  }

  Stream stream_;
  const std::shared_ptr<FrontState> front_;
  net::steady_timer heartbeat_;
  beast::flat_buffer buffer_;
  std::optional<bhttp::request_parser<bhttp::string_body>> parser_;
  std::string client_address_;
  Request request_;
  std::string metric_method_ = "page";
  absl::Time started_ = absl::Now();
  bool keep_alive_ = true;
  bool closed_ = false;
  // This request's: answered as a HEAD (no body); refused as Connect errors.
  bool head_ = false;
  bool connect_path_ = false;
  // Streams (SSE and Connect).
  bool holds_stream_ = false;
  size_t ignored_bytes_ = 0;  // sent by a streaming client after its request
  // Shared: an SSE message's bytes are its feed's, not a copy per stream.
  std::deque<std::shared_ptr<const std::string>> outbox_;
  // What the write in flight sends; held until it completes.
  std::vector<std::shared_ptr<const std::string>> writing_chunks_;
  bool writing_ = false;
  bool finishing_ = false;
  bool close_after_write_ = false;
  bool next_after_write_ = false;
  std::shared_ptr<StreamCall> call_;
  std::shared_ptr<CallHandle> unary_call_;  // until its answer is sent
  std::shared_ptr<LiveFeed> feed_;
  std::unique_ptr<LiveFeed::Subscription> subscription_;
  std::shared_ptr<const LiveMessage> pending_sse_;
  uint64_t last_sent_ = 0;
  bool wants_patches_ = false;  // ?patch=lines
};

}  // namespace

void StartSession(tcp::socket socket, std::shared_ptr<FrontState> front) {
  if (front->tls != nullptr) {
    net::ssl::context& tls = *front->tls;
    std::make_shared<Session<beast::ssl_stream<beast::tcp_stream>>>(
        std::move(socket), std::move(front), tls)
        ->Run();
  } else {
    std::make_shared<Session<beast::tcp_stream>>(std::move(socket),
                                                 std::move(front))
        ->Run();
  }
}

}  // namespace qiwang::http
