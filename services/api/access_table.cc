#include "services/api/access_table.h"

#include <algorithm>

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
#include "services/api/rpc_method.h"

namespace qiwang::api {
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

std::vector<Role> Everyone() {
  std::vector<Role> everyone = Officials();
  everyone.push_back(Role::kPublic);
  return everyone;
}

// The row of the RPC that takes `Request`.
template <typename Request>
const google::protobuf::MethodDescriptor* Row() {
  return &MethodOf<Request>();
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

const RpcAccess* AccessOf(const google::protobuf::MethodDescriptor& method) {
  const std::vector<RpcAccess>& table = AccessTable();
  auto row = std::find_if(table.begin(), table.end(), [&](const RpcAccess& a) {
    return a.method == &method;
  });
  return row == table.end() ? nullptr : &*row;
}

}  // namespace qiwang::api
