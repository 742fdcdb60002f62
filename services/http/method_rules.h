// Which HTTP methods each kind of path the front serves takes (RFC 9110
// 9.3), for a 405's Allow and an OPTIONS answer: probes and pages GET and
// HEAD; the officials' pages also POST (a form's body, such as the
// registrar's ranking file; each of their paths answers 405 for a method it
// does not take); Connect reads marked NO_SIDE_EFFECTS also GET and HEAD
// besides POST; other unary calls and streams POST only. OPTIONS everywhere;
// TRACE and the rest nowhere. Pure; any thread.
#ifndef QIWANG_SERVICES_HTTP_METHOD_RULES_H_
#define QIWANG_SERVICES_HTTP_METHOD_RULES_H_

#include <string>

#include "absl/strings/string_view.h"
#include "google/protobuf/descriptor.h"

namespace qiwang::http {

enum class PathKind {
  kProbe,          // /healthz, /readyz, /metrics
  kPage,           // the Routes: pages, static files, SSE live views
  kOfficialsPage,  // the Routes under /officials/: pages and their forms
  kConnectRead,    // a unary RPC marked NO_SIDE_EFFECTS
  kConnectCall,    // any other unary RPC
  kConnectStream,  // a server-streaming RPC
};

PathKind ConnectKind(const google::protobuf::MethodDescriptor& method);

// The Allow header's value: "GET, HEAD, OPTIONS", "POST, OPTIONS", ...
std::string AllowOf(PathKind kind);

// Whether `method` (as sent: "GET", "TRACE", ...) is in AllowOf(kind).
bool Allows(PathKind kind, absl::string_view method);

}  // namespace qiwang::http

#endif  // QIWANG_SERVICES_HTTP_METHOD_RULES_H_
