// The public read RPCs the pages are rendered from: the same calls the CLI
// makes, on a channel to the services (qiwangd's in-process channel), as an
// anonymous reader, so a page can never show a private field; and when the
// web first saw each log position, by the ledger's clock (GetClock, open to
// anyone). Thread-safe.
#ifndef QIWANG_CLIENTS_WEB_READ_CLIENT_H_
#define QIWANG_CLIENTS_WEB_READ_CLIENT_H_

#include <grpcpp/channel.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "clients/web/position_times.h"
#include "clients/web/service_call.h"
#include "qiwang/v1/admin_service.grpc.pb.h"
#include "qiwang/v1/pairing_service.grpc.pb.h"
#include "qiwang/v1/standings_service.grpc.pb.h"
#include "qiwang/v1/tournament_service.grpc.pb.h"

namespace qiwang::web {

class ReadClient {
 public:
  explicit ReadClient(std::shared_ptr<grpc::Channel> channel,
                      absl::Duration deadline = absl::Seconds(5));

  absl::StatusOr<v1::GetTournamentResponse> GetTournament(
      const v1::GetTournamentRequest& request) const;
  absl::StatusOr<v1::ListPlayersResponse> ListPlayers(
      const v1::ListPlayersRequest& request) const;
  absl::StatusOr<v1::GetPlayerResponse> GetPlayer(
      const v1::GetPlayerRequest& request) const;
  absl::StatusOr<v1::ListPairingsResponse> ListPairings(
      const v1::ListPairingsRequest& request) const;
  absl::StatusOr<v1::GetScheduleResponse> GetSchedule(
      const v1::GetScheduleRequest& request) const;
  absl::StatusOr<v1::GetStandingsResponse> GetStandings(
      const v1::GetStandingsRequest& request) const;
  absl::StatusOr<v1::GetCrosstableResponse> GetCrosstable(
      const v1::GetCrosstableRequest& request) const;
  absl::StatusOr<v1::GetPrizesResponse> GetPrizes(
      const v1::GetPrizesRequest& request) const;

  // The ledger's clock when the pages first saw `position`
  // (position_times.h); SeenBefore: only if they already have.
  absl::StatusOr<absl::Time> SeenAt(uint64_t position) const {
    return position_times_->SeenAt(position);
  }
  std::optional<absl::Time> SeenBefore(uint64_t position) const {
    return position_times_->SeenBefore(position);
  }

  v1::PairingService::Stub& pairing() const { return *pairing_; }
  v1::StandingsService::Stub& standings() const { return *standings_; }

 private:
  absl::Duration deadline_;
  std::unique_ptr<v1::TournamentService::Stub> tournaments_;
  std::unique_ptr<v1::PairingService::Stub> pairing_;
  std::unique_ptr<v1::StandingsService::Stub> standings_;
  std::unique_ptr<v1::AdminService::Stub> admin_;
  std::unique_ptr<PositionTimes> position_times_;
};

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_READ_CLIENT_H_
