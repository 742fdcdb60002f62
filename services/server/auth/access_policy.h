// The one check of who may call an RPC (R1.2, R9.1), against the access
// table of services/api/access_table.h.
#ifndef QIWANG_SERVICES_SERVER_AUTH_ACCESS_POLICY_H_
#define QIWANG_SERVICES_SERVER_AUTH_ACCESS_POLICY_H_

#include <grpcpp/support/server_callback.h>

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "google/protobuf/descriptor.h"
#include "services/ledger/ledger.h"
#include "services/rules/core/roles.h"
#include "services/server/auth/authenticator.h"

namespace qiwang::server {

// Metadata keys: `authorization: Bearer <token>` and, optionally,
// `x-qiwang-role: <role>` to choose which of the user's roles acts.
inline constexpr char kAuthorizationHeader[] = "authorization";
inline constexpr char kRoleHeader[] = "x-qiwang-role";

// Decides who acts for one call of `method`. UNAUTHENTICATED for a missing
// token (unless the RPC is public) or an unknown one; PERMISSION_DENIED
// naming R1.2, the admitted roles and the caller's when no role of the user
// is admitted, or the x-qiwang-role asked for is not the user's. Without
// x-qiwang-role, the first of the user's roles (kAllRoles order) that the RPC
// admits acts.
absl::StatusOr<ledger::Caller> Authorize(
    const Authenticator& authenticator,
    const google::protobuf::MethodDescriptor& method,
    const std::multimap<grpc::string_ref, grpc::string_ref>& metadata);

// Officials see private fields (id numbers, full birth dates).
inline bool IsOfficial(rules::Role role) {
  return role != rules::Role::kPublic && role != rules::Role::kReplica;
}

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_AUTH_ACCESS_POLICY_H_
