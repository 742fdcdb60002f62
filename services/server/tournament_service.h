#ifndef QIWANG_SERVICES_SERVER_TOURNAMENT_SERVICE_H_
#define QIWANG_SERVICES_SERVER_TOURNAMENT_SERVICE_H_

#include <grpcpp/support/server_callback.h>

#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "qiwang/v1/tournament_service.grpc.pb.h"
#include "services/ledger/ledger.h"
#include "services/server/auth/authenticator.h"

namespace qiwang::server {

// qiwang.v1.TournamentService on the gRPC callback API: each command is
// authorised by the access table, then executed by the ledger (the actor is
// the authenticated user and role); each read answers from the ledger's
// folded state, with private fields for officials only. Statuses from the
// rules pass through unchanged. Handlers run on the callback thread (a
// command waits for its synced append; a read with min_position waits at
// most until the call's deadline, capped at a minute).
// REQUIRES: `ledger` and `authenticator` outlive the service.
class TournamentService final : public v1::TournamentService::CallbackService {
 public:
  TournamentService(ledger::Ledger& ledger, const Authenticator& authenticator)
      : ledger_(ledger), authenticator_(authenticator) {}

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
  template <typename Request>
  using Decide = absl::StatusOr<rules::tournament::Events> (*)(
      const rules::tournament::TournamentState&, const Request&,
      const rules::tournament::CommandContext&);
  // Fills a response's command-specific fields from the stored events.
  template <typename Response>
  using Describe = void (*)(const std::vector<v1::Event>& events,
                            Response& response);
  template <typename Response>
  using Answer = std::function<absl::StatusOr<Response>(
      const rules::tournament::TournamentState&, bool official)>;

  // Authorises `rpc`, runs the command through the ledger and answers its
  // result (and what `describe` adds).
  template <typename Request, typename Response>
  grpc::ServerUnaryReactor* Command(grpc::CallbackServerContext* context,
                                    absl::string_view rpc,
                                    const Request& request,
                                    const std::string& tournament_id,
                                    Decide<Request> decide, Response& response,
                                    Describe<Response> describe = nullptr);

  // Authorises `rpc`, reads the state and answers `answer` of it (private
  // fields only when `official`), with the as-of position.
  template <typename Request, typename Response>
  grpc::ServerUnaryReactor* Query(grpc::CallbackServerContext* context,
                                  absl::string_view rpc, const Request& request,
                                  const Answer<Response>& answer,
                                  Response& response);

  ledger::Ledger& ledger_;
  const Authenticator& authenticator_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_TOURNAMENT_SERVICE_H_
