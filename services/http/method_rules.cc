#include "services/http/method_rules.h"

#include <vector>

#include "absl/strings/str_join.h"
#include "google/protobuf/descriptor.pb.h"

namespace qiwang::http {
namespace {

std::vector<absl::string_view> MethodsOf(PathKind kind) {
  switch (kind) {
    case PathKind::kProbe:
    case PathKind::kPage:
      return {"GET", "HEAD", "OPTIONS"};
    case PathKind::kConnectRead:
    case PathKind::kOfficialsPage:
      return {"GET", "HEAD", "POST", "OPTIONS"};
    case PathKind::kConnectCall:
    case PathKind::kConnectStream:
      return {"POST", "OPTIONS"};
  }
  return {};
}

}  // namespace

PathKind ConnectKind(const google::protobuf::MethodDescriptor& method) {
  if (method.server_streaming()) return PathKind::kConnectStream;
  return method.options().idempotency_level() ==
                 google::protobuf::MethodOptions::NO_SIDE_EFFECTS
             ? PathKind::kConnectRead
             : PathKind::kConnectCall;
}

std::string AllowOf(PathKind kind) {
  return absl::StrJoin(MethodsOf(kind), ", ");
}

bool Allows(PathKind kind, absl::string_view method) {
  for (absl::string_view allowed : MethodsOf(kind)) {
    if (method == allowed) return true;
  }
  return false;
}

}  // namespace qiwang::http
