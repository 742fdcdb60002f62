// qiwangd's HTTP face (DESIGN.md "The HTTP front"): one asynchronous
// HTTP/1.1 server (Boost.Beast on a small fixed pool of I/O threads, so ten
// thousand open streams hold no thread each) serving
//   /qiwang.v1.Service/Method   the Connect protocol for every RPC
//                               (ConnectBridge: unary POST and GET, server
//                               streaming with envelopes)
//   /healthz /readyz /metrics   probes and Prometheus metrics
//   anything else               the Routes given (the pages, their static
//                               files and live views as SSE), else 404
// within limits that each answer a clear status: request body (413), header
// bytes (431), a request's time to arrive (slow clients are closed), open
// streams per client address (429 naming the flag), targets that leave the
// served names (404). Thread-safe; Shutdown from any thread.
#ifndef QIWANG_SERVICES_HTTP_HTTP_FRONT_H_
#define QIWANG_SERVICES_HTTP_HTTP_FRONT_H_

#include <grpcpp/channel.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "base/histogram_counts.h"
#include "services/http/handler.h"

namespace qiwang::http {

struct HttpFrontOptions {
  // "host:port"; port 0 picks a free port (see HttpFront::port()).
  std::string listen_address = "127.0.0.1:0";
  // Plaintext on an address other machines can reach is refused unless set
  // (tokens travel in each request), as for gRPC.
  bool allow_plaintext_remote = false;
  // PEM; with both set every connection is TLS (qiwangd's --tls_cert and
  // --tls_key, the same as gRPC's).
  std::string tls_cert_chain;
  std::string tls_private_key;
  int io_threads = 2;
  // Threads that render pages (Routes::Handle makes in-process reads).
  int page_threads = 4;
  size_t max_body_bytes = 4 << 20;
  size_t max_header_bytes = 16 << 10;
  // A request's headers and body must arrive within this; also how long an
  // idle keep-alive connection stays open.
  absl::Duration request_timeout = absl::Seconds(10);
  // Open SSE and Connect streams per client address; 0: no limit.
  int max_streams_per_client = 64;
  // SSE comment lines keep idle streams alive through proxies.
  absl::Duration heartbeat = absl::Seconds(15);
};

struct FrontServices {
  // qiwangd's in-process channel to its gRPC services.
  std::shared_ptr<grpc::Channel> channel;
  // The pages; may be null (every other path is 404).
  Routes* routes = nullptr;
  // /readyz: true once the projection has caught up with the log.
  std::function<bool()> ready;
  // The projection's lag in log positions, for /metrics; may be empty.
  std::function<int64_t()> projection_lag;
  // The ledger's commands per append, for /metrics; empty without a ledger.
  std::function<base::HistogramCounts()> ledger_batch_sizes;
};

class HttpFront {
 public:
  // Listens and serves. FAILED_PRECONDITION for plaintext off loopback
  // without allow_plaintext_remote; UNAVAILABLE when the address cannot be
  // bound (both name the flag).
  static absl::StatusOr<std::unique_ptr<HttpFront>> Start(
      const HttpFrontOptions& options, FrontServices services);
  ~HttpFront();  // Shutdown()

  int port() const;
  // Stops accepting, closes every connection and stream, joins the threads.
  void Shutdown();

  class Impl;

 private:
  explicit HttpFront(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace qiwang::http

#endif  // QIWANG_SERVICES_HTTP_HTTP_FRONT_H_
