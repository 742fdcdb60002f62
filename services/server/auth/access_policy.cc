#include "services/server/auth/access_policy.h"

#include <algorithm>
#include <optional>
#include <string_view>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "services/api/access_table.h"
#include "services/server/client_metadata.h"

namespace qiwang::server {
namespace {

using rules::Role;

std::string RoleNames(const std::vector<Role>& roles) {
  return absl::StrJoin(roles, ", ", [](std::string* out, Role role) {
    out->append(rules::RoleName(role));
  });
}

bool Contains(const std::vector<Role>& roles, Role role) {
  return std::find(roles.begin(), roles.end(), role) != roles.end();
}

absl::Status NotAdmitted(const api::RpcAccess& access,
                         const std::vector<Role>& yours) {
  return absl::PermissionDeniedError(
      absl::StrCat("R1.2: ", access.method->name(), " admits ",
                   RoleNames(access.admitted), "; you are ", RoleNames(yours)));
}

}  // namespace

absl::StatusOr<ledger::Caller> Authorize(
    const Authenticator& authenticator,
    const google::protobuf::MethodDescriptor& method,
    const std::multimap<grpc::string_ref, grpc::string_ref>& metadata) {
  const api::RpcAccess* access = api::AccessOf(method);
  const std::string& rpc = method.name();
  if (access == nullptr) {
    return absl::InternalError(absl::StrCat(rpc, ": not in the access table"));
  }
  const bool is_public = Contains(access->admitted, Role::kPublic);
  const std::optional<absl::string_view> authorization =
      ClientMetadataValue(metadata, kAuthorizationHeader);
  if (!authorization.has_value()) {
    if (is_public) return ledger::Caller{"anonymous", Role::kPublic};
    return absl::UnauthenticatedError(absl::StrCat(
        rpc,
        ": a token is required (metadata 'authorization: Bearer <token>';"
        " qiwang --token or QIWANG_TOKEN)"));
  }
  constexpr absl::string_view kBearer = "Bearer ";
  std::optional<TokenEntry> entry;
  if (absl::StartsWith(*authorization, kBearer)) {
    entry = authenticator.Find(authorization->substr(kBearer.size()));
  }
  if (!entry.has_value()) {
    return absl::UnauthenticatedError(
        authenticator.has_tokens()
            ? "unknown token"
            : "unknown token: this qiwangd runs without --tokens");
  }
  const std::optional<absl::string_view> asked =
      ClientMetadataValue(metadata, kRoleHeader);
  if (asked.has_value()) {
    std::optional<Role> role =
        rules::RoleFromName(std::string_view(asked->data(), asked->size()));
    if (!role.has_value() ||
        (*role != Role::kPublic && !Contains(entry->roles, *role))) {
      return absl::PermissionDeniedError(
          absl::StrCat("x-qiwang-role: user ", entry->user, " has no role '",
                       *asked, "' (yours: ", RoleNames(entry->roles), ")"));
    }
    if (!Contains(access->admitted, *role))
      return NotAdmitted(*access, {*role});
    return ledger::Caller{entry->user, *role};
  }
  for (Role role : entry->roles) {
    if (Contains(access->admitted, role))
      return ledger::Caller{entry->user, role};
  }
  return NotAdmitted(*access, entry->roles);
}

}  // namespace qiwang::server
