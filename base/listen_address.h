// What a listen address ("host:port", "[v6]:port", "unix:...") means for
// qiwangd's listeners, gRPC's and HTTP's alike: whether only this machine
// reaches it, whether plaintext may serve it, why it cannot be bound. Pure
// but for WhyNotBindable's probe; any caller.
#ifndef QIWANG_BASE_LISTEN_ADDRESS_H_
#define QIWANG_BASE_LISTEN_ADDRESS_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace qiwang::base {

// The host part of "host:port", "[v6]:port" or "unix:..." (returned whole).
absl::string_view HostOf(absl::string_view listen_address);

// True for addresses only this machine can reach: 127.0.0.0/8, ::1,
// localhost and unix sockets. Anything else is reachable from the network.
bool IsLoopback(absl::string_view listen_address);

// OK when the listener given by `flag` ("--listen", "--http_listen") at
// `listen_address` serves TLS, is loopback, or plaintext to other machines is
// allowed (--allow_plaintext_remote); else FAILED_PRECONDITION naming the
// flag, the address and the ways out, since tokens travel in each call.
absl::Status PlaintextAllowed(absl::string_view flag,
                              absl::string_view listen_address, bool tls,
                              bool allow_plaintext_remote);

// Why `listen_address` (an IP literal or localhost, with its port) cannot be
// bound now, as the system says it ("Address already in use": another
// qiwangd or program listens there), found by binding it once and letting go.
// For names it cannot bind itself, a sentence naming the likely causes.
std::string WhyNotBindable(absl::string_view listen_address);

}  // namespace qiwang::base

#endif  // QIWANG_BASE_LISTEN_ADDRESS_H_
