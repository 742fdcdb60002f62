#include "services/server/auth/access_policy.h"

#include <algorithm>
#include <optional>
#include <string_view>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "qiwang/v1/admin_service.pb.h"
#include "qiwang/v1/audit_service.pb.h"
#include "qiwang/v1/event_log_service.pb.h"
#include "qiwang/v1/export_service.pb.h"
#include "qiwang/v1/import_service.pb.h"
#include "qiwang/v1/pairing_service.pb.h"
#include "qiwang/v1/play_service.pb.h"
#include "qiwang/v1/ruling_service.pb.h"
#include "qiwang/v1/standings_service.pb.h"
#include "qiwang/v1/tournament_service.pb.h"
#include "services/server/client_metadata.h"
#include "services/server/rpc_method.h"

namespace qiwang::server {
namespace {

using rules::Role;

std::vector<Role> Officials() {
  return {Role::kOrganiser,      Role::kRegistrar,
          Role::kArbiter,        Role::kChiefArbiter,
          Role::kPairingOfficer, Role::kArbitrationCommittee};
}

// Who may follow the whole log: officials, and the read processes of the
// split form, which may do nothing else.
std::vector<Role> Replicas() {
  std::vector<Role> replicas = Officials();
  replicas.push_back(Role::kReplica);
  return replicas;
}

// The row of the RPC that takes `Request`.
template <typename Request>
const google::protobuf::MethodDescriptor* Row() {
  return &MethodOf<Request>();
}

std::vector<Role> Everyone() {
  std::vector<Role> everyone = Officials();
  everyone.push_back(Role::kPublic);
  return everyone;
}

std::string RoleNames(const std::vector<Role>& roles) {
  return absl::StrJoin(roles, ", ", [](std::string* out, Role role) {
    out->append(rules::RoleName(role));
  });
}

bool Contains(const std::vector<Role>& roles, Role role) {
  return std::find(roles.begin(), roles.end(), role) != roles.end();
}

absl::Status NotAdmitted(const RpcAccess& access,
                         const std::vector<Role>& yours) {
  return absl::PermissionDeniedError(
      absl::StrCat("R1.2: ", access.method->name(), " admits ",
                   RoleNames(access.admitted), "; you are ", RoleNames(yours)));
}

}  // namespace

const std::vector<RpcAccess>& AccessTable() {
  static const std::vector<RpcAccess>* const table = new std::vector<RpcAccess>{
      {Row<v1::CreateTournamentRequest>(), {Role::kOrganiser}},
      {Row<v1::AmendTournamentRequest>(), {Role::kOrganiser}},
      {Row<v1::RecordStationResultsRequest>(), {Role::kRegistrar}},
      {Row<v1::RegisterPlayerRequest>(),
       {Role::kRegistrar, Role::kChiefArbiter}},
      {Row<v1::CheckInPlayerRequest>(),
       {Role::kRegistrar, Role::kArbiter, Role::kChiefArbiter}},
      {Row<v1::ExcuseAbsenceRequest>(),
       {Role::kRegistrar, Role::kArbiter, Role::kChiefArbiter}},
      {Row<v1::CloseCheckInRequest>(), {Role::kChiefArbiter}},
      {Row<v1::WithdrawPlayerRequest>(),
       {Role::kRegistrar, Role::kArbiter, Role::kChiefArbiter}},
      {Row<v1::ForgetPersonRequest>(), {Role::kOrganiser}},
      {Row<v1::GetTournamentRequest>(), Everyone()},
      {Row<v1::ListPlayersRequest>(), Everyone()},
      {Row<v1::GetPlayerRequest>(), Everyone()},
      {Row<v1::ListQualifiersRequest>(), Everyone()},
      {Row<v1::GetCheckInStatusRequest>(), Everyone()},
      {Row<v1::RecordResultRequest>(), {Role::kArbiter, Role::kChiefArbiter}},
      {Row<v1::CorrectResultRequest>(), {Role::kChiefArbiter}},
      {Row<v1::RecordFoulRequest>(), {Role::kArbiter, Role::kChiefArbiter}},
      {Row<v1::ProposeRoundRequest>(),
       {Role::kPairingOfficer, Role::kChiefArbiter}},
      {Row<v1::PairRoundRequest>(), {Role::kPairingOfficer}},
      {Row<v1::AmendPairingRequest>(),
       {Role::kPairingOfficer, Role::kChiefArbiter}},
      {Row<v1::ListPairingsRequest>(), Everyone()},
      {Row<v1::GetScheduleRequest>(), Everyone()},
      {Row<v1::WatchPairingsRequest>(), Everyone()},
      {Row<v1::GetStandingsRequest>(), Everyone()},
      {Row<v1::GetCrosstableRequest>(), Everyone()},
      {Row<v1::GetPrizesRequest>(), Everyone()},
      {Row<v1::WatchStandingsRequest>(), Everyone()},
      {Row<v1::FileAppealRequest>(),
       {Role::kOrganiser, Role::kRegistrar, Role::kArbiter, Role::kChiefArbiter,
        Role::kPairingOfficer}},
      {Row<v1::DecideAppealRequest>(), {Role::kArbitrationCommittee}},
      {Row<v1::DrawTieLotsRequest>(), {Role::kChiefArbiter}},
      {Row<v1::DeclineFinalPlaceRequest>(), {Role::kChiefArbiter}},
      {Row<v1::RulingHistoryRequest>(), Officials()},
      {Row<v1::ListRulingsRequest>(), Officials()},
      {Row<v1::ListAppealsRequest>(), Officials()},
      {Row<v1::GetAppealRequest>(), Officials()},
      {Row<v1::WhatIfRequest>(), Officials()},
      {Row<v1::VerifyLogRequest>(),
       {Role::kOrganiser, Role::kChiefArbiter, Role::kArbitrationCommittee}},
      {Row<v1::ExportTrfRequest>(), Officials()},
      {Row<v1::ExportReportRequest>(), Officials()},
      {Row<v1::ExportSpreadsheetRequest>(), Everyone()},
      {Row<v1::ImportTrfRequest>(), {Role::kOrganiser, Role::kChiefArbiter}},
      {Row<v1::AppendRequest>(), {Role::kOrganiser}},
      {Row<v1::ReadRequest>(), Replicas()},
      {Row<v1::SubscribeRequest>(), Replicas()},
      {Row<v1::SetClockRequest>(), {Role::kOrganiser}},
      {Row<v1::GetClockRequest>(), Everyone()},
      {Row<v1::BackupRequest>(), {Role::kOrganiser}},
      // Any token: the officials and the read processes.
      {Row<v1::WhoAmIRequest>(), Replicas()},
  };
  return *table;
}

absl::StatusOr<ledger::Caller> Authorize(
    const Authenticator& authenticator,
    const google::protobuf::MethodDescriptor& method,
    const std::multimap<grpc::string_ref, grpc::string_ref>& metadata) {
  const std::vector<RpcAccess>& table = AccessTable();
  auto access =
      std::find_if(table.begin(), table.end(),
                   [&](const RpcAccess& a) { return a.method == &method; });
  const std::string& rpc = method.name();
  if (access == table.end()) {
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
