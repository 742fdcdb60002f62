#include "base/listen_address.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"

namespace qiwang::base {

absl::string_view HostOf(absl::string_view listen_address) {
  if (absl::StartsWith(listen_address, "unix:")) return listen_address;
  const size_t colon = listen_address.rfind(':');
  absl::string_view host = colon == absl::string_view::npos
                               ? listen_address
                               : listen_address.substr(0, colon);
  if (absl::StartsWith(host, "[") && absl::EndsWith(host, "]")) {
    host = host.substr(1, host.size() - 2);
  }
  return host;
}

bool IsLoopback(absl::string_view listen_address) {
  if (absl::StartsWith(listen_address, "unix:")) return true;
  const absl::string_view host = HostOf(listen_address);
  return host == "localhost" || host == "::1" || absl::StartsWith(host, "127.");
}

absl::Status PlaintextAllowed(absl::string_view flag,
                              absl::string_view listen_address, bool tls,
                              bool allow_plaintext_remote) {
  if (tls || allow_plaintext_remote || IsLoopback(listen_address)) {
    return absl::OkStatus();
  }
  return absl::FailedPreconditionError(absl::StrCat(
      flag, ": ", listen_address,
      " is reachable from other machines and there is no TLS, so tokens and "
      "private fields would cross the network in clear; give --tls_cert and "
      "--tls_key, listen on 127.0.0.1 behind a TLS proxy, or pass "
      "--allow_plaintext_remote"));
}

std::string WhyNotBindable(absl::string_view listen_address) {
  constexpr char kUnknown[] =
      "the address is in use (another qiwangd?) or not this machine's";
  const size_t colon = listen_address.rfind(':');
  int port = 0;
  if (colon == absl::string_view::npos ||
      !absl::SimpleAtoi(listen_address.substr(colon + 1), &port) || port < 0 ||
      port > 65535) {
    return kUnknown;
  }
  std::string host(HostOf(listen_address));
  if (host == "localhost") host = "127.0.0.1";
  sockaddr_storage address{};
  socklen_t length = 0;
  auto* v4 = reinterpret_cast<sockaddr_in*>(&address);
  auto* v6 = reinterpret_cast<sockaddr_in6*>(&address);
  if (inet_pton(AF_INET, host.c_str(), &v4->sin_addr) == 1) {
    v4->sin_family = AF_INET;
    v4->sin_port = htons(static_cast<uint16_t>(port));
    length = sizeof(*v4);
  } else if (inet_pton(AF_INET6, host.c_str(), &v6->sin6_addr) == 1) {
    v6->sin6_family = AF_INET6;
    v6->sin6_port = htons(static_cast<uint16_t>(port));
    length = sizeof(*v6);
  } else {
    return kUnknown;
  }
  const int socket_fd = socket(address.ss_family, SOCK_STREAM, 0);
  if (socket_fd < 0) return kUnknown;
  // As gRPC binds (SO_REUSEADDR, never SO_REUSEPORT): only a live listener
  // or a foreign address fails.
  const int on = 1;
  setsockopt(socket_fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof(on));
  const bool bound =
      bind(socket_fd, reinterpret_cast<sockaddr*>(&address), length) == 0;
  const int error = errno;
  close(socket_fd);
  if (bound) return kUnknown;
  if (error == EADDRINUSE) {
    return "the address is already in use (another qiwangd, or another "
           "program, listens there)";
  }
  return std::strerror(error);
}

}  // namespace qiwang::base
