#include "services/server/listen_address.h"

#include "absl/strings/match.h"

namespace qiwang::server {

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

}  // namespace qiwang::server
