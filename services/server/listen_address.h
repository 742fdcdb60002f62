#ifndef QIWANG_SERVICES_SERVER_LISTEN_ADDRESS_H_
#define QIWANG_SERVICES_SERVER_LISTEN_ADDRESS_H_

#include <string>

#include "absl/strings/string_view.h"

namespace qiwang::server {

// The host part of "host:port", "[v6]:port" or "unix:..." (returned whole).
absl::string_view HostOf(absl::string_view listen_address);

// True for addresses only this machine can reach: 127.0.0.0/8, ::1,
// localhost and unix sockets. Anything else is reachable from the network.
bool IsLoopback(absl::string_view listen_address);

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_LISTEN_ADDRESS_H_
