#ifndef QIWANG_SERVICES_SERVER_TOURNAMENT_SERVICE_H_
#define QIWANG_SERVICES_SERVER_TOURNAMENT_SERVICE_H_

#include <grpcpp/support/server_callback.h>

#include "qiwang/v1/tournament_service.grpc.pb.h"
#include "services/ledger/ledger.h"
#include "services/server/auth/authenticator.h"
#include "services/server/command_adapter.h"
#include "services/server/read_adapter.h"

namespace qiwang::server {

// qiwang.v1.TournamentService on the gRPC callback API: each command runs
// through the command adapter (the actor is the authenticated user and
// role); each read answers from the ledger's folded state through the read
// adapter, with private fields for officials only. Statuses from the rules
// pass through unchanged.
// REQUIRES: `ledger` and `authenticator` outlive the service.
class TournamentService final : public v1::TournamentService::CallbackService {
 public:
  TournamentService(ledger::Ledger& ledger, const Authenticator& authenticator)
      : commands_(&ledger, authenticator), reads_(ledger, authenticator) {}

  grpc::ServerUnaryReactor* CreateTournament(
      grpc::CallbackServerContext* context,
      const v1::CreateTournamentRequest* request,
      v1::CreateTournamentResponse* response) override;
  grpc::ServerUnaryReactor* AmendTournament(
      grpc::CallbackServerContext* context,
      const v1::AmendTournamentRequest* request,
      v1::AmendTournamentResponse* response) override;
  grpc::ServerUnaryReactor* RecordStationResults(
      grpc::CallbackServerContext* context,
      const v1::RecordStationResultsRequest* request,
      v1::RecordStationResultsResponse* response) override;
  grpc::ServerUnaryReactor* RegisterPlayer(
      grpc::CallbackServerContext* context,
      const v1::RegisterPlayerRequest* request,
      v1::RegisterPlayerResponse* response) override;
  grpc::ServerUnaryReactor* CheckInPlayer(
      grpc::CallbackServerContext* context,
      const v1::CheckInPlayerRequest* request,
      v1::CheckInPlayerResponse* response) override;
  grpc::ServerUnaryReactor* ExcuseAbsence(
      grpc::CallbackServerContext* context,
      const v1::ExcuseAbsenceRequest* request,
      v1::ExcuseAbsenceResponse* response) override;
  grpc::ServerUnaryReactor* CloseCheckIn(
      grpc::CallbackServerContext* context,
      const v1::CloseCheckInRequest* request,
      v1::CloseCheckInResponse* response) override;
  grpc::ServerUnaryReactor* WithdrawPlayer(
      grpc::CallbackServerContext* context,
      const v1::WithdrawPlayerRequest* request,
      v1::WithdrawPlayerResponse* response) override;
  grpc::ServerUnaryReactor* ForgetPerson(
      grpc::CallbackServerContext* context,
      const v1::ForgetPersonRequest* request,
      v1::ForgetPersonResponse* response) override;

  grpc::ServerUnaryReactor* GetTournament(
      grpc::CallbackServerContext* context,
      const v1::GetTournamentRequest* request,
      v1::GetTournamentResponse* response) override;
  grpc::ServerUnaryReactor* ListPlayers(
      grpc::CallbackServerContext* context,
      const v1::ListPlayersRequest* request,
      v1::ListPlayersResponse* response) override;
  grpc::ServerUnaryReactor* GetPlayer(grpc::CallbackServerContext* context,
                                      const v1::GetPlayerRequest* request,
                                      v1::GetPlayerResponse* response) override;
  grpc::ServerUnaryReactor* ListQualifiers(
      grpc::CallbackServerContext* context,
      const v1::ListQualifiersRequest* request,
      v1::ListQualifiersResponse* response) override;
  grpc::ServerUnaryReactor* GetCheckInStatus(
      grpc::CallbackServerContext* context,
      const v1::GetCheckInStatusRequest* request,
      v1::GetCheckInStatusResponse* response) override;

 private:
  CommandAdapter commands_;
  ReadAdapter reads_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_TOURNAMENT_SERVICE_H_
