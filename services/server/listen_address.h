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

// Why `listen_address` (an IP literal or localhost, with its port) cannot be
// bound now, as the system says it ("Address already in use": another
// qiwangd or program listens there), found by binding it once and letting go.
// For names it cannot bind itself, a sentence naming the likely causes.
std::string WhyNotBindable(absl::string_view listen_address);

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_LISTEN_ADDRESS_H_
