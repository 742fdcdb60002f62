#include "services/server/auth/access_policy.h"

#include <algorithm>
#include <optional>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

namespace qiwang::server {
namespace {

using rules::Role;

std::vector<Role> Officials() {
  return {Role::kOrganiser,      Role::kRegistrar,
          Role::kArbiter,        Role::kChiefArbiter,
          Role::kPairingOfficer, Role::kArbitrationCommittee};
}

std::vector<Role> Everyone() {
  std::vector<Role> everyone = Officials();
  everyone.push_back(Role::kPublic);
  return everyone;
}

std::optional<std::string> Header(
    const std::multimap<grpc::string_ref, grpc::string_ref>& metadata,
    absl::string_view key) {
  auto it = metadata.find(grpc::string_ref(key.data(), key.size()));
  if (it == metadata.end()) return std::nullopt;
  return std::string(it->second.data(), it->second.size());
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
      absl::StrCat("R1.2: ", access.rpc, " admits ", RoleNames(access.admitted),
                   "; you are ", RoleNames(yours)));
}

}  // namespace

const std::vector<RpcAccess>& AccessTable() {
  static const std::vector<RpcAccess>* const table = new std::vector<RpcAccess>{
      {"CreateTournament", {Role::kOrganiser}},
      {"AmendTournament", {Role::kOrganiser}},
      {"RecordStationResults", {Role::kRegistrar}},
      {"RegisterPlayer", {Role::kRegistrar, Role::kChiefArbiter}},
      {"CheckInPlayer",
       {Role::kRegistrar, Role::kArbiter, Role::kChiefArbiter}},
      {"ExcuseAbsence",
       {Role::kRegistrar, Role::kArbiter, Role::kChiefArbiter}},
      {"CloseCheckIn", {Role::kChiefArbiter}},
      {"WithdrawPlayer",
       {Role::kRegistrar, Role::kArbiter, Role::kChiefArbiter}},
      {"GetTournament", Everyone()},
      {"ListPlayers", Everyone()},
      {"GetPlayer", Everyone()},
      {"ListQualifiers", Everyone()},
      {"GetCheckInStatus", Everyone()},
      {"RecordResult", {Role::kArbiter, Role::kChiefArbiter}},
      {"CorrectResult", {Role::kChiefArbiter}},
      {"RecordFoul", {Role::kArbiter, Role::kChiefArbiter}},
      {"ProposeRound", {Role::kPairingOfficer, Role::kChiefArbiter}},
      {"PairRound", {Role::kPairingOfficer}},
      {"AmendPairing", {Role::kPairingOfficer, Role::kChiefArbiter}},
      {"ListPairings", Everyone()},
      {"GetSchedule", Everyone()},
      {"WatchPairings", Everyone()},
      {"GetStandings", Everyone()},
      {"GetCrosstable", Everyone()},
      {"GetPrizes", Everyone()},
      {"WatchStandings", Everyone()},
      {"FileAppeal",
       {Role::kOrganiser, Role::kRegistrar, Role::kArbiter,
        Role::kChiefArbiter, Role::kPairingOfficer}},
      {"DecideAppeal", {Role::kArbitrationCommittee}},
      {"DrawTieLots", {Role::kChiefArbiter}},
      {"DeclineFinalPlace", {Role::kChiefArbiter}},
      {"RulingHistory", Officials()},
      {"ListRulings", Officials()},
      {"ListAppeals", Officials()},
      {"GetAppeal", Officials()},
      {"WhatIf", Officials()},
      {"VerifyLog",
       {Role::kOrganiser, Role::kChiefArbiter, Role::kArbitrationCommittee}},
      {"ExportTrf", Officials()},
      {"ExportReport", Officials()},
      {"Append", {Role::kOrganiser}},
      {"Read", Officials()},
      {"Subscribe", Officials()},
      {"SetClock", {Role::kOrganiser}},
      {"GetClock", Everyone()},
      {"Backup", {Role::kOrganiser}},
  };
  return *table;
}

absl::StatusOr<ledger::Caller> Authorize(
    const Authenticator& authenticator, absl::string_view rpc,
    const std::multimap<grpc::string_ref, grpc::string_ref>& metadata) {
  const std::vector<RpcAccess>& table = AccessTable();
  auto access = std::find_if(table.begin(), table.end(),
                             [&](const RpcAccess& a) { return a.rpc == rpc; });
  if (access == table.end()) {
    return absl::InternalError(absl::StrCat(rpc, ": not in the access table"));
  }
  const bool is_public = Contains(access->admitted, Role::kPublic);
  const std::optional<std::string> authorization =
      Header(metadata, kAuthorizationHeader);
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
    entry = authenticator.Find(
        absl::string_view(*authorization).substr(kBearer.size()));
  }
  if (!entry.has_value()) {
    return absl::UnauthenticatedError(
        authenticator.has_tokens()
            ? "unknown token"
            : "unknown token: this qiwangd runs without --tokens");
  }
  const std::optional<std::string> asked = Header(metadata, kRoleHeader);
  if (asked.has_value()) {
    std::optional<Role> role = rules::RoleFromName(*asked);
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
