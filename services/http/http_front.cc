#include "services/http/http_front.h"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/strand.hpp>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "base/annotated_lock.h"
#include "base/listen_address.h"
#include "base/thread_name.h"
#include "services/http/front_state.h"
#include "services/http/session.h"

namespace qiwang::http {

namespace net = boost::asio;
using tcp = net::ip::tcp;

// The I/O threads, the acceptor and what sessions share.
class HttpFront::Impl {
 public:
  Impl(const HttpFrontOptions& options, FrontServices services,
       std::unique_ptr<net::ssl::context> tls)
      : io_(options.io_threads),
        acceptor_(net::make_strand(io_)),
        state_(std::make_shared<FrontState>(options, std::move(services),
                                            std::move(tls))) {}

  absl::Status Listen(const std::string& address) {
    const size_t colon = address.rfind(':');
    int port = -1;
    if (colon == std::string::npos ||
        !absl::SimpleAtoi(address.substr(colon + 1), &port) || port < 0 ||
        port > 65535) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--http_listen: HOST:PORT expected, got '", address, "'"));
    }
    std::string host = address.substr(0, colon);
    if (host.size() >= 2 && host.front() == '[' && host.back() == ']') {
      host = host.substr(1, host.size() - 2);
    }
    if (host == "localhost") host = "127.0.0.1";
    boost::system::error_code error;
    const net::ip::address ip = net::ip::make_address(host, error);
    if (error) {
      return absl::InvalidArgumentError(
          absl::StrCat("--http_listen: '", host, "' is not an IP address"));
    }
    const tcp::endpoint endpoint(ip, static_cast<uint16_t>(port));
    acceptor_.open(endpoint.protocol(), error);
    // SO_REUSEADDR lets a restart bind while its old connections sit in
    // TIME_WAIT; on Linux it never lets a second socket listen on an address
    // in use (that would take SO_REUSEPORT, never set here), so a second
    // qiwangd on this address is refused with EADDRINUSE.
    if (!error)
      acceptor_.set_option(net::socket_base::reuse_address(true), error);
    if (!error) acceptor_.bind(endpoint, error);
    if (!error)
      acceptor_.listen(net::socket_base::max_listen_connections, error);
    if (error) {
      return absl::UnavailableError(absl::StrCat(
          "--http_listen: cannot listen on ", address, ": ", error.message()));
    }
    port_ = acceptor_.local_endpoint().port();
    return absl::OkStatus();
  }

  void Run(int threads) {
    Accept();
    for (int i = 0; i < threads; ++i) {
      threads_.emplace_back([this] {
        base::NameThisThread("http-io");
        io_.run();
      });
    }
  }

  void Shutdown() {
    {
      base::AnnotatedLock lock(&mutex_);
      if (stopped_) return;
      stopped_ = true;
    }
    net::post(acceptor_.get_executor(), [this] {
      boost::system::error_code ignored;
      acceptor_.close(ignored);
    });
    // Connect streams hold their connections from gRPC's threads: end them
    // while the I/O threads still run, so no connection outlives io_.
    state_->calls.CancelAllAndWait(absl::Seconds(10));
    io_.stop();
    for (std::thread& thread : threads_) thread.join();
    state_->page_pool.join();
  }

  int port() const { return port_; }

 private:
  void Accept() {
    acceptor_.async_accept(
        net::make_strand(io_),
        [this](boost::system::error_code error, tcp::socket socket) {
          if (error == net::error::operation_aborted) return;
          if (!error) StartSession(std::move(socket), state_);
          Accept();
        });
  }

  net::io_context io_;
  tcp::acceptor acceptor_;
  std::shared_ptr<FrontState> state_;
  std::vector<std::thread> threads_;
  int port_ = 0;
  absl::Mutex mutex_;
  bool stopped_ ABSL_GUARDED_BY(mutex_) = false;
};

// The server side of TLS from PEM texts; INVALID_ARGUMENT naming the flag
// whose text OpenSSL refused.
absl::StatusOr<std::unique_ptr<net::ssl::context>> TlsContext(
    const HttpFrontOptions& options) {
  if (options.tls_cert_chain.empty() != options.tls_private_key.empty()) {
    return absl::InvalidArgumentError(
        "--tls_cert and --tls_key: give both or neither");
  }
  if (options.tls_cert_chain.empty()) return nullptr;
  auto context =
      std::make_unique<net::ssl::context>(net::ssl::context::tls_server);
  context->set_options(
      net::ssl::context::default_workarounds | net::ssl::context::no_sslv2 |
      net::ssl::context::no_sslv3 | net::ssl::context::no_tlsv1 |
      net::ssl::context::no_tlsv1_1 | net::ssl::context::single_dh_use);
  boost::system::error_code error;
  context->use_certificate_chain(net::buffer(options.tls_cert_chain), error);
  if (error) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--tls_cert: not a PEM certificate chain: ", error.message()));
  }
  context->use_private_key(net::buffer(options.tls_private_key),
                           net::ssl::context::pem, error);
  if (error) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--tls_key: not the PEM private key of --tls_cert: ", error.message()));
  }
  return context;
}

absl::StatusOr<std::unique_ptr<HttpFront>> HttpFront::Start(
    const HttpFrontOptions& options, FrontServices services) {
  absl::StatusOr<std::unique_ptr<net::ssl::context>> tls = TlsContext(options);
  if (!tls.ok()) return tls.status();
  if (absl::Status plaintext = base::PlaintextAllowed(
          "--http_listen", options.listen_address, *tls != nullptr,
          options.allow_plaintext_remote);
      !plaintext.ok()) {
    return plaintext;
  }
  auto impl =
      std::make_unique<Impl>(options, std::move(services), *std::move(tls));
  if (absl::Status listening = impl->Listen(options.listen_address);
      !listening.ok()) {
    return listening;
  }
  impl->Run(options.io_threads);
  return std::unique_ptr<HttpFront>(new HttpFront(std::move(impl)));
}

HttpFront::HttpFront(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
HttpFront::~HttpFront() { Shutdown(); }
int HttpFront::port() const { return impl_->port(); }
void HttpFront::Shutdown() { impl_->Shutdown(); }

}  // namespace qiwang::http
