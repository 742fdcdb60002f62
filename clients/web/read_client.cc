#include "clients/web/read_client.h"

#include <grpcpp/client_context.h>

#include <utility>

namespace qiwang::web {

ReadClient::ReadClient(std::shared_ptr<grpc::Channel> channel,
                       absl::Duration deadline)
    : deadline_(deadline),
      tournaments_(v1::TournamentService::NewStub(channel)),
      pairing_(v1::PairingService::NewStub(channel)),
      standings_(v1::StandingsService::NewStub(channel)) {}

absl::Status FromGrpc(const grpc::Status& status) {
  return absl::Status(static_cast<absl::StatusCode>(status.error_code()),
                      status.error_message());
}

template <typename Stub, typename Request, typename Response>
absl::StatusOr<Response> ReadClient::Call(
    Stub& stub,
    grpc::Status (Stub::*method)(grpc::ClientContext*, const Request&,
                                 Response*),
    const Request& request) const {
  grpc::ClientContext context;
  context.set_deadline(absl::ToChronoTime(absl::Now() + deadline_));
  Response response;
  const grpc::Status status = (stub.*method)(&context, request, &response);
  if (!status.ok()) return FromGrpc(status);
  return response;
}

absl::StatusOr<v1::GetTournamentResponse> ReadClient::GetTournament(
    const v1::GetTournamentRequest& request) const {
  return Call(*tournaments_, &v1::TournamentService::Stub::GetTournament,
              request);
}
absl::StatusOr<v1::ListPlayersResponse> ReadClient::ListPlayers(
    const v1::ListPlayersRequest& request) const {
  return Call(*tournaments_, &v1::TournamentService::Stub::ListPlayers,
              request);
}
absl::StatusOr<v1::GetPlayerResponse> ReadClient::GetPlayer(
    const v1::GetPlayerRequest& request) const {
  return Call(*tournaments_, &v1::TournamentService::Stub::GetPlayer, request);
}
absl::StatusOr<v1::ListPairingsResponse> ReadClient::ListPairings(
    const v1::ListPairingsRequest& request) const {
  return Call(*pairing_, &v1::PairingService::Stub::ListPairings, request);
}
absl::StatusOr<v1::GetScheduleResponse> ReadClient::GetSchedule(
    const v1::GetScheduleRequest& request) const {
  return Call(*pairing_, &v1::PairingService::Stub::GetSchedule, request);
}
absl::StatusOr<v1::GetStandingsResponse> ReadClient::GetStandings(
    const v1::GetStandingsRequest& request) const {
  return Call(*standings_, &v1::StandingsService::Stub::GetStandings, request);
}
absl::StatusOr<v1::GetCrosstableResponse> ReadClient::GetCrosstable(
    const v1::GetCrosstableRequest& request) const {
  return Call(*standings_, &v1::StandingsService::Stub::GetCrosstable, request);
}
absl::StatusOr<v1::GetPrizesResponse> ReadClient::GetPrizes(
    const v1::GetPrizesRequest& request) const {
  return Call(*standings_, &v1::StandingsService::Stub::GetPrizes, request);
}

}  // namespace qiwang::web
