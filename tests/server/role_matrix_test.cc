// R1.2, R9.1: every role (and no token, and an unknown token) against every
// RPC through real gRPC: admitted, or PERMISSION_DENIED / UNAUTHENTICATED
// with nothing appended.
#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <stdlib.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "google/protobuf/descriptor.h"
#include "gtest/gtest.h"
#include "qiwang/v1/admin_service.grpc.pb.h"
#include "qiwang/v1/audit_service.grpc.pb.h"
#include "qiwang/v1/event_log_service.grpc.pb.h"
#include "qiwang/v1/export_service.grpc.pb.h"
#include "qiwang/v1/import_service.grpc.pb.h"
#include "qiwang/v1/pairing_service.grpc.pb.h"
#include "qiwang/v1/play_service.grpc.pb.h"
#include "qiwang/v1/ruling_service.grpc.pb.h"
#include "qiwang/v1/standings_service.grpc.pb.h"
#include "qiwang/v1/tournament_service.grpc.pb.h"
#include "services/api/access_table.h"
#include "services/api/rpc_method.h"
#include "services/ledger/clock.h"
#include "services/server/auth/access_policy.h"
#include "services/server/server.h"
#include "tests/rules/tournament/pre_event_fixture.h"
#include "tests/server/in_process_server.h"

namespace qiwang::server {
namespace {

using ::qiwang::api::AccessTable;
using ::qiwang::api::FindMethodByRequest;
using ::qiwang::api::FullMethodName;
using ::qiwang::api::MethodOf;
using ::qiwang::api::RpcAccess;
using rules::Role;

// Who calls: a token (empty: none) and the name the test prints.
struct Credential {
  std::string name;
  std::string token;
};

std::vector<Credential> Credentials() {
  return {{"organiser", "t-organiser"},
          {"registrar", "t-registrar"},
          {"arbiter", "t-arbiter"},
          {"chief_arbiter", "t-chief"},
          {"pairing_officer", "t-pairing"},
          {"arbitration_committee", "t-committee"},
          {"replica", "t-replica"},
          {"no token", ""},
          {"unknown token", "t-forged"}};
}

std::vector<TokenEntry> Tokens() {
  return {{"t-organiser", "olive", {Role::kOrganiser}},
          {"t-registrar", "rita", {Role::kRegistrar}},
          {"t-arbiter", "arthur", {Role::kArbiter}},
          {"t-chief", "chen", {Role::kChiefArbiter}},
          {"t-pairing", "pat", {Role::kPairingOfficer}},
          {"t-committee", "cora", {Role::kArbitrationCommittee}},
          {"t-replica", "reader-1", {Role::kReplica}},
          {"t-desk", "dora", {Role::kRegistrar, Role::kChiefArbiter}}};
}

const std::set<std::string> kOfficials = {
    "organiser",     "registrar",       "arbiter",
    "chief_arbiter", "pairing_officer", "arbitration_committee"};
// Officials, and the read processes of the split form (replica), which may
// follow the log and do nothing else.
const std::set<std::string> kFollowers = {
    "organiser",     "registrar",       "arbiter",
    "chief_arbiter", "pairing_officer", "arbitration_committee",
    "replica"};
const std::set<std::string> kAnyone = {
    "organiser",     "registrar",       "arbiter",
    "chief_arbiter", "pairing_officer", "arbitration_committee",
    "no token"};

// The roles each RPC must admit, written from the brief (R1.2), not from the
// server's table.
std::map<std::string, std::set<std::string>> Admitted() {
  return {
      {"CreateTournament", {"organiser"}},
      {"AmendTournament", {"organiser"}},
      {"RecordStationResults", {"registrar"}},
      {"RegisterPlayer", {"registrar", "chief_arbiter"}},
      {"CheckInPlayer", {"registrar", "arbiter", "chief_arbiter"}},
      {"ExcuseAbsence", {"registrar", "arbiter", "chief_arbiter"}},
      {"CloseCheckIn", {"chief_arbiter"}},
      {"WithdrawPlayer", {"registrar", "arbiter", "chief_arbiter"}},
      {"ForgetPerson", {"organiser"}},
      {"GetTournament", kAnyone},
      {"ListPlayers", kAnyone},
      {"GetPlayer", kAnyone},
      {"ListQualifiers", kAnyone},
      {"GetCheckInStatus", kAnyone},
      {"RecordResult", {"arbiter", "chief_arbiter"}},
      {"CorrectResult", {"chief_arbiter"}},
      {"RecordFoul", {"arbiter", "chief_arbiter"}},
      {"ProposeRound", {"pairing_officer", "chief_arbiter"}},
      {"PairRound", {"pairing_officer"}},
      {"AmendPairing", {"pairing_officer", "chief_arbiter"}},
      {"ListPairings", kAnyone},
      {"GetSchedule", kAnyone},
      {"WatchPairings", kAnyone},
      {"GetStandings", kAnyone},
      {"GetCrosstable", kAnyone},
      {"GetPrizes", kAnyone},
      {"WatchStandings", kAnyone},
      {"Append", {"organiser"}},
      {"Read", kFollowers},
      {"Subscribe", kFollowers},
      {"SetClock", {"organiser"}},
      {"GetClock", kAnyone},
      {"Backup", {"organiser"}},
      {"WhoAmI", kFollowers},
      // Rulings, appeals, audit and exports (issue 6 contracts).
      {"FileAppeal",
       {"organiser", "registrar", "arbiter", "chief_arbiter",
        "pairing_officer"}},
      {"DecideAppeal", {"arbitration_committee"}},
      {"DrawTieLots", {"chief_arbiter"}},
      {"DeclineFinalPlace", {"chief_arbiter"}},
      {"RulingHistory", kOfficials},
      {"ListRulings", kOfficials},
      {"ListAppeals", kOfficials},
      {"GetAppeal", kOfficials},
      {"WhatIf", kOfficials},
      {"VerifyLog", {"organiser", "chief_arbiter", "arbitration_committee"}},
      {"ExportTrf", kOfficials},
      {"ExportReport", kOfficials},
      {"ExportSpreadsheet", kAnyone},
      {"ImportTrf", {"organiser", "chief_arbiter"}},
  };
}

constexpr char kTournament[] = "sichuan-2016";

class RoleMatrixTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ServerOptions options;
    options.tokens = Tokens();
    options.clock = std::make_shared<ledger::ManualClock>(
        rules::tournament::Beijing(2016, 9, 1, 10, 0));
    absl::StatusOr<std::unique_ptr<InProcessServer>> started =
        InProcessServer::Start(options);
    ASSERT_TRUE(started.ok()) << started.status();
    server_ = *std::move(started);
    const std::shared_ptr<grpc::Channel>& channel = server_->channel();
    tournaments_ = v1::TournamentService::NewStub(channel);
    log_ = v1::EventLogService::NewStub(channel);
    admin_ = v1::AdminService::NewStub(channel);
    play_ = v1::PlayService::NewStub(channel);
    pairing_ = v1::PairingService::NewStub(channel);
    standings_ = v1::StandingsService::NewStub(channel);
    rulings_ = v1::RulingService::NewStub(channel);
    audit_ = v1::AuditService::NewStub(channel);
    export_ = v1::ExportService::NewStub(channel);
    import_ = v1::ImportService::NewStub(channel);

    v1::CreateTournamentRequest create;
    create.set_command_id("create");
    *create.mutable_config() = rules::tournament::Sichuan2016();
    v1::CreateTournamentResponse created;
    const grpc::Status status = tournaments_->CreateTournament(
        Call("t-organiser").get(), create, &created);
    ASSERT_TRUE(status.ok()) << status.error_message();
  }

  void TearDown() override { server_.reset(); }

  static std::unique_ptr<grpc::ClientContext> Call(
      const std::string& token, const std::string& role = "") {
    auto call = std::make_unique<grpc::ClientContext>();
    call->set_deadline(absl::ToChronoTime(absl::Now() + absl::Seconds(30)));
    if (!token.empty()) {
      call->AddMetadata("authorization", absl::StrCat("Bearer ", token));
    }
    if (!role.empty()) call->AddMetadata("x-qiwang-role", role);
    return call;
  }

  // The last position of the log, read as the organiser.
  uint64_t LastPosition() {
    v1::ReadRequest request;
    request.set_backwards(true);
    request.set_limit(1);
    auto call = Call("t-organiser");
    auto reader = log_->Read(call.get(), request);
    v1::ReadResponse response;
    uint64_t last = 0;
    while (reader->Read(&response)) last = response.event().position();
    EXPECT_TRUE(reader->Finish().ok());
    return last;
  }

  v1::RegisterPlayerRequest Entry(const std::string& command_id) {
    v1::RegisterPlayerRequest request;
    request.set_command_id(command_id);
    request.set_tournament_id(kTournament);
    *request.mutable_person() = rules::tournament::MakePerson(
        "Zhang", 1980, 1, 1, v1::GENDER_MALE, "510100198001010011");
    request.set_section_id("professional");
    request.set_title(v1::TITLE_PROVINCIAL_TEAM_MASTER);
    request.set_residency(v1::RESIDENCY_NATIVE);
    request.set_insurance_confirmed(true);
    return request;
  }

  // One call of `rpc` with `call`; the command id is fresh for each call.
  grpc::Status Invoke(const std::string& rpc, grpc::ClientContext* call,
                      const std::string& command_id);
  // The RulingService, AuditService, ExportService and ImportService calls
  // of Invoke.
  grpc::Status InvokeRulings(const std::string& rpc, grpc::ClientContext* call,
                             const std::string& command_id);

  std::unique_ptr<InProcessServer> server_;
  std::unique_ptr<v1::TournamentService::Stub> tournaments_;
  std::unique_ptr<v1::EventLogService::Stub> log_;
  std::unique_ptr<v1::AdminService::Stub> admin_;
  std::unique_ptr<v1::PlayService::Stub> play_;
  std::unique_ptr<v1::PairingService::Stub> pairing_;
  std::unique_ptr<v1::StandingsService::Stub> standings_;
  std::unique_ptr<v1::RulingService::Stub> rulings_;
  std::unique_ptr<v1::AuditService::Stub> audit_;
  std::unique_ptr<v1::ExportService::Stub> export_;
  std::unique_ptr<v1::ImportService::Stub> import_;
};

grpc::Status RoleMatrixTest::Invoke(const std::string& rpc,
                                    grpc::ClientContext* call,
                                    const std::string& command_id) {
  v1::ReadOptions read;
  if (rpc == "CreateTournament") {
    v1::CreateTournamentRequest request;
    request.set_command_id(command_id);
    *request.mutable_config() = rules::tournament::Sichuan2016();
    request.mutable_config()->set_id(command_id);
    v1::CreateTournamentResponse response;
    return tournaments_->CreateTournament(call, request, &response);
  }
  if (rpc == "AmendTournament") {
    v1::AmendTournamentRequest request;
    request.set_command_id(command_id);
    request.set_tournament_id(kTournament);
    *request.mutable_config() = rules::tournament::Sichuan2016();
    request.set_reason("matrix");
    v1::AmendTournamentResponse response;
    return tournaments_->AmendTournament(call, request, &response);
  }
  if (rpc == "RecordStationResults") {
    v1::RecordStationResultsRequest request;
    request.set_command_id(command_id);
    request.set_tournament_id(kTournament);
    *request.mutable_station() = rules::tournament::Sichuan2016().stations(0);
    for (const v1::Person& person : rules::tournament::Ranking("C", 3)) {
      *request.add_ranking() = person;
    }
    v1::RecordStationResultsResponse response;
    return tournaments_->RecordStationResults(call, request, &response);
  }
  if (rpc == "RegisterPlayer") {
    v1::RegisterPlayerResponse response;
    return tournaments_->RegisterPlayer(call, Entry(command_id), &response);
  }
  if (rpc == "CheckInPlayer") {
    v1::CheckInPlayerRequest request;
    request.set_command_id(command_id);
    request.set_tournament_id(kTournament);
    request.set_player_id(1);
    request.add_documents(v1::CHECK_IN_DOCUMENT_IDENTITY_COPY);
    v1::CheckInPlayerResponse response;
    return tournaments_->CheckInPlayer(call, request, &response);
  }
  if (rpc == "ExcuseAbsence") {
    v1::ExcuseAbsenceRequest request;
    request.set_command_id(command_id);
    request.set_tournament_id(kTournament);
    request.set_player_id(1);
    request.set_note("phoned");
    v1::ExcuseAbsenceResponse response;
    return tournaments_->ExcuseAbsence(call, request, &response);
  }
  if (rpc == "CloseCheckIn") {
    v1::CloseCheckInRequest request;
    request.set_command_id(command_id);
    request.set_tournament_id(kTournament);
    v1::CloseCheckInResponse response;
    return tournaments_->CloseCheckIn(call, request, &response);
  }
  if (rpc == "WithdrawPlayer") {
    v1::WithdrawPlayerRequest request;
    request.set_command_id(command_id);
    request.set_tournament_id(kTournament);
    request.set_player_id(1);
    request.set_reason("ill");
    v1::WithdrawPlayerResponse response;
    return tournaments_->WithdrawPlayer(call, request, &response);
  }
  if (rpc == "ForgetPerson") {
    v1::ForgetPersonRequest request;
    request.set_command_id(command_id);
    request.set_tournament_id(kTournament);
    request.set_player_id(1);
    request.set_reason("retention period over");
    v1::ForgetPersonResponse response;
    return tournaments_->ForgetPerson(call, request, &response);
  }
  if (rpc == "GetTournament") {
    v1::GetTournamentRequest request;
    request.set_tournament_id(kTournament);
    v1::GetTournamentResponse response;
    return tournaments_->GetTournament(call, request, &response);
  }
  if (rpc == "ListPlayers") {
    v1::ListPlayersRequest request;
    request.set_tournament_id(kTournament);
    v1::ListPlayersResponse response;
    return tournaments_->ListPlayers(call, request, &response);
  }
  if (rpc == "GetPlayer") {
    v1::GetPlayerRequest request;
    request.set_tournament_id(kTournament);
    request.set_player_id(1);
    v1::GetPlayerResponse response;
    return tournaments_->GetPlayer(call, request, &response);
  }
  if (rpc == "ListQualifiers") {
    v1::ListQualifiersRequest request;
    request.set_tournament_id(kTournament);
    v1::ListQualifiersResponse response;
    return tournaments_->ListQualifiers(call, request, &response);
  }
  if (rpc == "GetCheckInStatus") {
    v1::GetCheckInStatusRequest request;
    request.set_tournament_id(kTournament);
    v1::GetCheckInStatusResponse response;
    return tournaments_->GetCheckInStatus(call, request, &response);
  }
  if (rpc == "RecordResult") {
    v1::RecordResultRequest request;
    request.set_command_id(command_id);
    request.set_tournament_id(kTournament);
    request.set_section_id("open-men");
    request.set_round(1);
    request.set_board(1);
    request.set_result(v1::GAME_RESULT_DRAW);
    v1::RecordResultResponse response;
    return play_->RecordResult(call, request, &response);
  }
  if (rpc == "CorrectResult") {
    v1::CorrectResultRequest request;
    request.set_command_id(command_id);
    request.set_tournament_id(kTournament);
    request.set_section_id("open-men");
    request.set_round(1);
    request.set_board(1);
    request.set_result(v1::GAME_RESULT_DRAW);
    request.set_reason("matrix");
    v1::CorrectResultResponse response;
    return play_->CorrectResult(call, request, &response);
  }
  if (rpc == "RecordFoul") {
    v1::RecordFoulRequest request;
    request.set_command_id(command_id);
    request.set_tournament_id(kTournament);
    request.set_player_id(1);
    request.set_round(1);
    request.set_kind(v1::FOUL_KIND_CONDUCT);
    request.set_note("matrix");
    v1::RecordFoulResponse response;
    return play_->RecordFoul(call, request, &response);
  }
  if (rpc == "ProposeRound") {
    v1::ProposeRoundRequest request;
    request.set_tournament_id(kTournament);
    request.set_section_id("open-men");
    v1::ProposeRoundResponse response;
    return pairing_->ProposeRound(call, request, &response);
  }
  if (rpc == "PairRound") {
    v1::PairRoundRequest request;
    request.set_command_id(command_id);
    request.set_tournament_id(kTournament);
    request.set_section_id("open-men");
    request.set_round(1);
    v1::PairRoundResponse response;
    return pairing_->PairRound(call, request, &response);
  }
  if (rpc == "AmendPairing") {
    v1::AmendPairingRequest request;
    request.set_command_id(command_id);
    request.set_tournament_id(kTournament);
    request.set_section_id("open-men");
    request.set_round(1);
    request.set_reason("matrix");
    v1::AmendPairingResponse response;
    return pairing_->AmendPairing(call, request, &response);
  }
  if (rpc == "ListPairings") {
    v1::ListPairingsRequest request;
    request.set_tournament_id(kTournament);
    v1::ListPairingsResponse response;
    return pairing_->ListPairings(call, request, &response);
  }
  if (rpc == "GetSchedule") {
    v1::GetScheduleRequest request;
    request.set_tournament_id(kTournament);
    request.set_player_id(1);
    v1::GetScheduleResponse response;
    return pairing_->GetSchedule(call, request, &response);
  }
  if (rpc == "GetStandings") {
    v1::GetStandingsRequest request;
    request.set_tournament_id(kTournament);
    request.set_ranking_id("open-men");
    v1::GetStandingsResponse response;
    return standings_->GetStandings(call, request, &response);
  }
  if (rpc == "GetCrosstable") {
    v1::GetCrosstableRequest request;
    request.set_tournament_id(kTournament);
    request.set_section_id("open-men");
    v1::GetCrosstableResponse response;
    return standings_->GetCrosstable(call, request, &response);
  }
  if (rpc == "GetPrizes") {
    v1::GetPrizesRequest request;
    request.set_tournament_id(kTournament);
    v1::GetPrizesResponse response;
    return standings_->GetPrizes(call, request, &response);
  }
  // A watch may send nothing yet; the deadline ends it, which is not a
  // refusal. A refused watch ends at once.
  if (rpc == "WatchPairings") {
    call->set_deadline(std::chrono::system_clock::now() +
                       std::chrono::seconds(2));
    v1::WatchPairingsRequest request;
    request.set_tournament_id(kTournament);
    request.set_section_id("open-men");
    auto reader = pairing_->WatchPairings(call, request);
    v1::WatchPairingsResponse response;
    if (!reader->Read(&response)) return reader->Finish();
    call->TryCancel();
    reader->Finish();
    return grpc::Status::OK;
  }
  if (rpc == "WatchStandings") {
    call->set_deadline(std::chrono::system_clock::now() +
                       std::chrono::seconds(2));
    v1::WatchStandingsRequest request;
    request.set_tournament_id(kTournament);
    request.set_ranking_id("open-men");
    auto reader = standings_->WatchStandings(call, request);
    v1::WatchStandingsResponse response;
    if (!reader->Read(&response)) return reader->Finish();
    call->TryCancel();
    reader->Finish();
    return grpc::Status::OK;
  }
  if (rpc == "Append") {
    v1::AppendRequest request;
    request.set_stream("notes/matrix");
    request.mutable_expected_version()->set_kind(v1::ExpectedVersion::KIND_ANY);
    request.set_command_id(command_id);
    request.add_events()->mutable_log_note()->set_text("note");
    v1::AppendResponse response;
    return log_->Append(call, request, &response);
  }
  if (rpc == "Read") {
    auto reader = log_->Read(call, v1::ReadRequest());
    v1::ReadResponse response;
    while (reader->Read(&response)) {
    }
    return reader->Finish();
  }
  if (rpc == "Subscribe") {
    auto reader = log_->Subscribe(call, v1::SubscribeRequest());
    v1::SubscribeResponse response;
    if (!reader->Read(&response)) return reader->Finish();
    call->TryCancel();
    reader->Finish();
    return grpc::Status::OK;
  }
  if (rpc == "SetClock") {
    v1::SetClockRequest request;
    request.mutable_time()->set_seconds(
        absl::ToUnixSeconds(rules::tournament::Beijing(2016, 9, 2, 10, 0)));
    v1::SetClockResponse response;
    return admin_->SetClock(call, request, &response);
  }
  if (rpc == "GetClock") {
    v1::GetClockResponse response;
    return admin_->GetClock(call, v1::GetClockRequest(), &response);
  }
  if (rpc == "Backup") {
    v1::BackupRequest request;
    request.set_name(command_id);
    v1::BackupResponse response;
    return admin_->Backup(call, request, &response);
  }
  if (rpc == "WhoAmI") {
    v1::WhoAmIResponse response;
    return admin_->WhoAmI(call, v1::WhoAmIRequest(), &response);
  }
  return InvokeRulings(rpc, call, command_id);
}

grpc::Status RoleMatrixTest::InvokeRulings(const std::string& rpc,
                                           grpc::ClientContext* call,
                                           const std::string& command_id) {
  if (rpc == "FileAppeal") {
    v1::FileAppealRequest request;
    request.set_command_id(command_id);
    request.set_tournament_id(kTournament);
    request.set_ruling_id("no-such-ruling");
    request.set_grounds("matrix");
    v1::FileAppealResponse response;
    return rulings_->FileAppeal(call, request, &response);
  }
  if (rpc == "DecideAppeal") {
    v1::DecideAppealRequest request;
    request.set_command_id(command_id);
    request.set_tournament_id(kTournament);
    request.set_appeal_number(1);
    request.set_decision(v1::APPEAL_DECISION_DISMISSED);
    request.mutable_votes()->set_dismiss(3);
    request.set_reasoning("matrix");
    v1::DecideAppealResponse response;
    return rulings_->DecideAppeal(call, request, &response);
  }
  if (rpc == "DrawTieLots") {
    v1::DrawTieLotsRequest request;
    request.set_command_id(command_id);
    request.set_tournament_id(kTournament);
    request.set_ranking_id("open-men");
    request.add_player_ids(1);
    request.add_player_ids(2);
    request.set_reason("matrix");
    v1::DrawTieLotsResponse response;
    return rulings_->DrawTieLots(call, request, &response);
  }
  if (rpc == "DeclineFinalPlace") {
    v1::DeclineFinalPlaceRequest request;
    request.set_command_id(command_id);
    request.set_tournament_id(kTournament);
    request.set_ranking_id("open-men");
    request.set_player_id(1);
    request.set_reason("matrix");
    v1::DeclineFinalPlaceResponse response;
    return rulings_->DeclineFinalPlace(call, request, &response);
  }
  if (rpc == "RulingHistory") {
    v1::RulingHistoryRequest request;
    request.set_tournament_id(kTournament);
    request.set_player_id(1);
    v1::RulingHistoryResponse response;
    return audit_->RulingHistory(call, request, &response);
  }
  if (rpc == "ListRulings") {
    v1::ListRulingsRequest request;
    request.set_tournament_id(kTournament);
    v1::ListRulingsResponse response;
    return audit_->ListRulings(call, request, &response);
  }
  if (rpc == "ListAppeals") {
    v1::ListAppealsRequest request;
    request.set_tournament_id(kTournament);
    v1::ListAppealsResponse response;
    return audit_->ListAppeals(call, request, &response);
  }
  if (rpc == "GetAppeal") {
    v1::GetAppealRequest request;
    request.set_tournament_id(kTournament);
    request.set_appeal_number(1);
    v1::GetAppealResponse response;
    return audit_->GetAppeal(call, request, &response);
  }
  if (rpc == "WhatIf") {
    v1::WhatIfRequest request;
    request.set_tournament_id(kTournament);
    request.set_ruling_id("no-such-ruling");
    v1::WhatIfResponse response;
    return audit_->WhatIf(call, request, &response);
  }
  if (rpc == "VerifyLog") {
    v1::VerifyLogResponse response;
    return audit_->VerifyLog(call, v1::VerifyLogRequest(), &response);
  }
  if (rpc == "ExportTrf") {
    v1::ExportTrfRequest request;
    request.set_tournament_id(kTournament);
    request.set_section_id("open-men");
    v1::ExportTrfResponse response;
    return export_->ExportTrf(call, request, &response);
  }
  if (rpc == "ExportReport") {
    v1::ExportReportRequest request;
    request.set_tournament_id(kTournament);
    request.set_section_id("open-men");
    v1::ExportReportResponse response;
    return export_->ExportReport(call, request, &response);
  }
  if (rpc == "ExportSpreadsheet") {
    v1::ExportSpreadsheetRequest request;
    request.set_tournament_id(kTournament);
    request.set_section_id("open-men");
    v1::ExportSpreadsheetResponse response;
    return export_->ExportSpreadsheet(call, request, &response);
  }
  if (rpc == "ImportTrf") {
    v1::ImportTrfRequest request;
    request.set_command_id(command_id);
    request.set_tournament_id(absl::StrCat("imported-", command_id));
    request.set_file_name("matrix.trf");
    request.set_trf("012 Matrix\n");
    v1::ImportTrfResponse response;
    return import_->ImportTrf(call, request, &response);
  }
  return grpc::Status(grpc::StatusCode::INTERNAL, "no such rpc in the test");
}

// Every RPC the services of qiwang.v1 declare.
std::vector<const google::protobuf::MethodDescriptor*> DeclaredRpcs() {
  const google::protobuf::DescriptorPool* pool =
      google::protobuf::DescriptorPool::generated_pool();
  std::vector<const google::protobuf::MethodDescriptor*> methods;
  for (const char* service :
       {"AdminService", "AuditService", "EventLogService", "ExportService",
        "ImportService", "PairingService", "PlayService", "RulingService",
        "StandingsService", "TournamentService"}) {
    const google::protobuf::ServiceDescriptor* descriptor =
        pool->FindServiceByName(absl::StrCat("qiwang.v1.", service));
    EXPECT_NE(descriptor, nullptr) << service;
    if (descriptor == nullptr) continue;
    for (int i = 0; i < descriptor->method_count(); ++i) {
      methods.push_back(descriptor->method(i));
    }
  }
  return methods;
}

// The matrix names every RPC the server's services declare, so a new RPC
// cannot go untested.
TEST(RoleMatrixCoverage, EveryDeclaredRpcIsInTheMatrix) {
  const std::map<std::string, std::set<std::string>> admitted = Admitted();
  const std::vector<const google::protobuf::MethodDescriptor*> methods =
      DeclaredRpcs();
  for (const google::protobuf::MethodDescriptor* method : methods) {
    EXPECT_TRUE(admitted.contains(method->name())) << method->full_name();
  }
  EXPECT_EQ(methods.size(), admitted.size())
      << "the matrix names an RPC no service declares";
}

// The server's access table has one row for each RPC the services declare,
// keyed by its descriptor, and the idempotency fingerprint names each command
// by gRPC's path, byte for byte as the logs written before the table was
// keyed by descriptors store it.
TEST(RoleMatrixCoverage, EveryDeclaredRpcHasOneAccessRow) {
  std::map<const google::protobuf::MethodDescriptor*, int> rows;
  for (const RpcAccess& access : AccessTable()) ++rows[access.method];
  const std::vector<const google::protobuf::MethodDescriptor*> methods =
      DeclaredRpcs();
  for (const google::protobuf::MethodDescriptor* method : methods) {
    EXPECT_EQ(rows[method], 1) << method->full_name();
    EXPECT_EQ(FindMethodByRequest(*method->input_type()), method)
        << method->full_name() << ": its request message is not its own";
  }
  EXPECT_EQ(AccessTable().size(), methods.size());
  EXPECT_EQ(FullMethodName(MethodOf<v1::CreateTournamentRequest>()),
            "/qiwang.v1.TournamentService/CreateTournament");
  EXPECT_EQ(FullMethodName(MethodOf<v1::RecordResultRequest>()),
            "/qiwang.v1.PlayService/RecordResult");
  EXPECT_EQ(FullMethodName(MethodOf<v1::FileAppealRequest>()),
            "/qiwang.v1.RulingService/FileAppeal");
  EXPECT_EQ(FullMethodName(MethodOf<v1::PairRoundRequest>()),
            "/qiwang.v1.PairingService/PairRound");
  EXPECT_EQ(FullMethodName(MethodOf<v1::AmendPairingRequest>()),
            "/qiwang.v1.PairingService/AmendPairing");
}

TEST_F(RoleMatrixTest, EveryRoleAgainstEveryRpc) {
  int call_number = 0;
  for (const auto& [rpc, admitted] : Admitted()) {
    for (const Credential& credential : Credentials()) {
      SCOPED_TRACE(absl::StrCat(rpc, " as ", credential.name));
      const uint64_t before = LastPosition();
      const grpc::Status status =
          Invoke(rpc, Call(credential.token).get(),
                 absl::StrCat("matrix-", ++call_number));
      const grpc::StatusCode code = status.error_code();
      if (admitted.contains(credential.name)) {
        EXPECT_NE(code, grpc::StatusCode::PERMISSION_DENIED)
            << status.error_message();
        EXPECT_NE(code, grpc::StatusCode::UNAUTHENTICATED)
            << status.error_message();
        EXPECT_NE(code, grpc::StatusCode::UNIMPLEMENTED)
            << status.error_message();
        continue;
      }
      if (credential.name == "unknown token" || credential.name == "no token") {
        EXPECT_EQ(code, grpc::StatusCode::UNAUTHENTICATED)
            << status.error_message();
      } else {
        EXPECT_EQ(code, grpc::StatusCode::PERMISSION_DENIED)
            << status.error_message();
        EXPECT_TRUE(absl::StrContains(status.error_message(), "R1.2"))
            << status.error_message();
        EXPECT_TRUE(absl::StrContains(status.error_message(),
                                      "you are " + credential.name))
            << status.error_message();
      }
      EXPECT_EQ(LastPosition(), before);
    }
  }
}

// R9.1: the actor is the authenticated user and the role that acted; a user
// with several roles acts in the first the RPC admits unless x-qiwang-role
// picks another of theirs.
TEST_F(RoleMatrixTest, TheActorIsTheAuthenticatedUserInTheChosenRole) {
  v1::RegisterPlayerResponse response;
  ASSERT_TRUE(tournaments_
                  ->RegisterPlayer(Call("t-desk", "chief_arbiter").get(),
                                   Entry("as-chief"), &response)
                  .ok());
  v1::RegisterPlayerRequest second = Entry("as-default");
  second.mutable_person()->set_name("Li");
  second.mutable_person()->set_id_number("510100198001010022");
  ASSERT_TRUE(
      tournaments_->RegisterPlayer(Call("t-desk").get(), second, &response)
          .ok());
  const grpc::Status not_theirs = tournaments_->RegisterPlayer(
      Call("t-desk", "organiser").get(), Entry("as-organiser"), &response);
  EXPECT_EQ(not_theirs.error_code(), grpc::StatusCode::PERMISSION_DENIED);

  auto call = Call("t-organiser");
  v1::ReadRequest read;
  read.set_stream(kTournament);
  auto reader = log_->Read(call.get(), read);
  std::vector<v1::Actor> actors;
  v1::ReadResponse event;
  while (reader->Read(&event)) actors.push_back(event.event().actor());
  ASSERT_TRUE(reader->Finish().ok());
  ASSERT_EQ(actors.size(), 3u);
  EXPECT_EQ(actors[1].user(), "dora");
  EXPECT_EQ(actors[1].role(), "chief_arbiter");
  EXPECT_EQ(actors[2].user(), "dora");
  EXPECT_EQ(actors[2].role(), "registrar");
}

// R1.2: id numbers and full birth dates are for officials only.
TEST_F(RoleMatrixTest, PrivateFieldsAreForOfficialsOnly) {
  v1::RegisterPlayerResponse registered;
  ASSERT_TRUE(
      tournaments_
          ->RegisterPlayer(Call("t-registrar").get(), Entry("reg"), &registered)
          .ok());
  v1::GetPlayerRequest request;
  request.set_tournament_id(kTournament);
  request.set_player_id(registered.player_id());
  v1::GetPlayerResponse seen_by_public;
  ASSERT_TRUE(
      tournaments_->GetPlayer(Call("").get(), request, &seen_by_public).ok());
  EXPECT_EQ(seen_by_public.player().name(), "Zhang");
  EXPECT_EQ(seen_by_public.player().birth_year(), 1980);
  EXPECT_TRUE(seen_by_public.player().id_number().empty());
  EXPECT_FALSE(seen_by_public.player().has_birth_date());
  v1::GetPlayerResponse seen_by_arbiter;
  ASSERT_TRUE(
      tournaments_
          ->GetPlayer(Call("t-arbiter").get(), request, &seen_by_arbiter)
          .ok());
  EXPECT_EQ(seen_by_arbiter.player().id_number(), "510100198001010011");
  EXPECT_EQ(seen_by_arbiter.player().birth_date().year(), 1980);
}

}  // namespace
}  // namespace qiwang::server
