#include "clients/web/read_client.h"

#include <utility>

#include "base/timestamp.h"

namespace qiwang::web {

ReadClient::ReadClient(std::shared_ptr<grpc::Channel> channel,
                       absl::Duration deadline)
    : deadline_(deadline),
      tournaments_(v1::TournamentService::NewStub(channel)),
      pairing_(v1::PairingService::NewStub(channel)),
      standings_(v1::StandingsService::NewStub(channel)),
      admin_(v1::AdminService::NewStub(channel)),
      position_times_(std::make_unique<PositionTimes>(
          [this]() -> absl::StatusOr<absl::Time> {
            absl::StatusOr<v1::GetClockResponse> clock =
                CallService(*admin_, &v1::AdminService::Stub::GetClock,
                            v1::GetClockRequest(), deadline_);
            if (!clock.ok()) return clock.status();
            return base::FromTimestamp(clock->time());
          })) {}

absl::StatusOr<v1::GetTournamentResponse> ReadClient::GetTournament(
    const v1::GetTournamentRequest& request) const {
  return CallService(*tournaments_, &v1::TournamentService::Stub::GetTournament,
                     request, deadline_);
}
absl::StatusOr<v1::ListPlayersResponse> ReadClient::ListPlayers(
    const v1::ListPlayersRequest& request) const {
  return CallService(*tournaments_, &v1::TournamentService::Stub::ListPlayers,
                     request, deadline_);
}
absl::StatusOr<v1::GetPlayerResponse> ReadClient::GetPlayer(
    const v1::GetPlayerRequest& request) const {
  return CallService(*tournaments_, &v1::TournamentService::Stub::GetPlayer,
                     request, deadline_);
}
absl::StatusOr<v1::ListPairingsResponse> ReadClient::ListPairings(
    const v1::ListPairingsRequest& request) const {
  return CallService(*pairing_, &v1::PairingService::Stub::ListPairings,
                     request, deadline_);
}
absl::StatusOr<v1::GetScheduleResponse> ReadClient::GetSchedule(
    const v1::GetScheduleRequest& request) const {
  return CallService(*pairing_, &v1::PairingService::Stub::GetSchedule, request,
                     deadline_);
}
absl::StatusOr<v1::GetStandingsResponse> ReadClient::GetStandings(
    const v1::GetStandingsRequest& request) const {
  return CallService(*standings_, &v1::StandingsService::Stub::GetStandings,
                     request, deadline_);
}
absl::StatusOr<v1::GetCrosstableResponse> ReadClient::GetCrosstable(
    const v1::GetCrosstableRequest& request) const {
  return CallService(*standings_, &v1::StandingsService::Stub::GetCrosstable,
                     request, deadline_);
}
absl::StatusOr<v1::GetPrizesResponse> ReadClient::GetPrizes(
    const v1::GetPrizesRequest& request) const {
  return CallService(*standings_, &v1::StandingsService::Stub::GetPrizes,
                     request, deadline_);
}

}  // namespace qiwang::web
