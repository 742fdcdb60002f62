// Fuzz target (f): whole HTTP requests, as the bytes a client sends on a
// socket, into the real front (services/http: the Session's parsing, limits
// and routing, the Connect bridge and its streams, the probes) wired to the
// real pages (clients/web) and a real server over a RocksDB log in a
// temporary folder, all started once per process on 127.0.0.1.
// Input: the bytes sent, then the client half-closes and reads the answer.
// Promises: every answer starts as an HTTP/1.1 response with a three-digit
// status; none is 500 or 502 (nothing a client sends is the server's fault);
// the answer ends within the front's request timeout (no request holds the
// connection); and after every input the front still answers /healthz.
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "clients/web/official_pages.h"
#include "clients/web/public_pages.h"
#include "services/http/http_front.h"
#include "services/http/route_chain.h"
#include "services/server/server.h"
#include "tests/fuzz/fuzz_target.h"

namespace qiwang::fuzz {
namespace {

constexpr absl::Duration kRequestTimeout = absl::Milliseconds(300);

// The server and its front, for the life of the process.
struct Hall {
  std::unique_ptr<server::Server> server;
  std::unique_ptr<http::Routes> pages;
  std::unique_ptr<http::HttpFront> front;
};

Hall* StartHall();

Hall* TheHall() {
  static Hall* hall = StartHall();
  return hall;
}

Hall* StartHall() {
  std::string folder =
      (std::filesystem::temp_directory_path() / "qiwang-fuzz-XXXXXX").string();
  Check(mkdtemp(folder.data()) != nullptr, "a temporary folder");
  auto* hall = new Hall();
  server::ServerOptions options;
  options.data_dir = folder + "/data";
  options.tokens = {{"tok-chief", "chen", {rules::Role::kChiefArbiter}}};
  absl::StatusOr<std::unique_ptr<server::Server>> started =
      server::Server::Start(options);
  Check(started.ok(), "the server starts");
  hall->server = *std::move(started);
  std::vector<std::unique_ptr<http::Routes>> links;
  links.push_back(web::MakeOfficialPages(hall->server->InProcessChannel()));
  links.push_back(web::MakePublicPages(hall->server->InProcessChannel()));
  hall->pages = std::make_unique<http::RouteChain>(std::move(links));
  http::HttpFrontOptions front_options;
  front_options.request_timeout = kRequestTimeout;
  front_options.max_body_bytes = 64 << 10;
  server::Server* raw = hall->server.get();
  absl::StatusOr<std::unique_ptr<http::HttpFront>> front =
      http::HttpFront::Start(front_options,
                             {raw->InProcessChannel(), hall->pages.get(),
                              [raw] { return raw->serving(); },
                              [raw] { return raw->projection_lag(); },
                              [raw] { return raw->batch_sizes()->Read(); }});
  Check(front.ok(), "the front starts");
  hall->front = *std::move(front);
  // Stopped before the process's statics go, so no thread outlives them.
  std::atexit(+[] {
    Hall* started = TheHall();
    started->front.reset();
    started->server.reset();
    started->pages.reset();
  });
  return hall;
}

// Sends `bytes` on a new connection, half-closes, and reads until the front
// closes; false if it has not closed by `deadline`.
bool Exchange(int port, const std::string& bytes, absl::Time deadline,
              std::string& answer) {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  Check(fd >= 0, "a socket");
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  Check(connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0,
        "the front accepts a connection");
  size_t sent = 0;
  while (sent < bytes.size()) {
    const ssize_t n =
        send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) break;  // the front may close early (a refused request)
    sent += static_cast<size_t>(n);
  }
  shutdown(fd, SHUT_WR);
  bool closed = false;
  while (!closed) {
    const absl::Duration left = deadline - absl::Now();
    if (left <= absl::ZeroDuration()) break;
    pollfd poll_fd{fd, POLLIN, 0};
    if (poll(&poll_fd, 1,
             static_cast<int>(absl::ToInt64Milliseconds(left)) + 1) <= 0) {
      break;
    }
    char buffer[16384];
    const ssize_t n = recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) {
      closed = true;
    } else if (answer.size() < (1 << 20)) {
      answer.append(buffer, static_cast<size_t>(n));
    }
  }
  close(fd);
  return closed;
}

}  // namespace

void FuzzOne(absl::string_view input) {
  const int port = TheHall()->front->port();
  std::string answer;
  // A stream may run a little past the timeout: its last write gets one.
  const bool ended =
      Exchange(port, std::string(input),
               absl::Now() + 4 * kRequestTimeout + absl::Seconds(2), answer);
  Check(ended, "the front ends every connection within its timeouts");
  if (!answer.empty()) {
    Check(absl::StartsWith(answer, "HTTP/1.1 ") && answer.size() >= 12 &&
              absl::ascii_isdigit(answer[9]) &&
              absl::ascii_isdigit(answer[10]) &&
              absl::ascii_isdigit(answer[11]),
          "an answer starts as an HTTP/1.1 response with a status");
    const std::string status = answer.substr(9, 3);
    Check(status != "500" && status != "502",
          "no request is answered 500 or 502");
  }
  std::string health;
  Exchange(port,
           "GET /healthz HTTP/1.1\r\nHost: f\r\nConnection: close\r\n\r\n",
           absl::Now() + absl::Seconds(10), health);
  Check(absl::StartsWith(health, "HTTP/1.1 200"),
        "the front still answers /healthz");
}

}  // namespace qiwang::fuzz
