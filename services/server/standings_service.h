#ifndef QIWANG_SERVICES_SERVER_STANDINGS_SERVICE_H_
#define QIWANG_SERVICES_SERVER_STANDINGS_SERVICE_H_

#include <functional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "qiwang/v1/standings_service.grpc.pb.h"
#include "services/projection/tournament_projection.h"
#include "services/server/auth/authenticator.h"
#include "services/server/watch_reactor.h"

namespace qiwang::server {

// qiwang.v1.StandingsService on the gRPC callback API: standings, crosstables
// and prizes ranked from the projection (R7, R8), now, after waiting for
// ReadOptions.min_position (capped by the call's deadline) or as of
// ReadOptions.at_position (R7.5); WatchStandings streams a category's
// standings whenever they change, coalesced (watch_reactor.h). Everyone may
// call it. Thread-safe. REQUIRES: the references outlive the service; the
// service outlives the gRPC server it is registered with.
class StandingsService final : public v1::StandingsService::CallbackService {
 public:
  StandingsService(projection::TournamentProjection& projection,
                   const Authenticator& authenticator,
                   WatchLimiter& watch_limiter)
      : projection_(projection),
        authenticator_(authenticator),
        watches_(projection, watch_limiter) {}

  grpc::ServerUnaryReactor* GetStandings(
      grpc::CallbackServerContext* context,
      const v1::GetStandingsRequest* request,
      v1::GetStandingsResponse* response) override;
  grpc::ServerUnaryReactor* GetCrosstable(
      grpc::CallbackServerContext* context,
      const v1::GetCrosstableRequest* request,
      v1::GetCrosstableResponse* response) override;
  grpc::ServerUnaryReactor* GetPrizes(grpc::CallbackServerContext* context,
                                      const v1::GetPrizesRequest* request,
                                      v1::GetPrizesResponse* response) override;
  // The whole view (after_round 0) of the request's ranking, sent when it
  // changes after `after_position`; NOT_FOUND ends the stream for an
  // unknown tournament or ranking.
  grpc::ServerWriteReactor<v1::GetStandingsResponse>* WatchStandings(
      grpc::CallbackServerContext* context,
      const v1::WatchStandingsRequest* request) override;

  // Ends every open and future WatchStandings stream with `status`
  // (UNAVAILABLE at shutdown, before the gRPC server shuts down).
  void EndWatches(const grpc::Status& status);

 private:
  template <typename Response>
  using View = std::function<absl::StatusOr<Response>(
      const rules::tournament::TournamentState&)>;

  // Authorizes `rpc`, refuses a bad request (`request_status`) before
  // reading, reads the tournament with `read`, answers view(state) with its
  // as_of_position.
  template <typename Response>
  grpc::ServerUnaryReactor* Answer(grpc::CallbackServerContext* context,
                                   absl::string_view rpc,
                                   const std::string& tournament_id,
                                   const v1::ReadOptions& read,
                                   absl::Status request_status,
                                   const View<Response>& view,
                                   Response& response);

  projection::TournamentProjection& projection_;
  const Authenticator& authenticator_;
  WatchHub watches_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_STANDINGS_SERVICE_H_
