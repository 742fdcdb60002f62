#ifndef QIWANG_SERVICES_SERVER_STANDINGS_SERVICE_H_
#define QIWANG_SERVICES_SERVER_STANDINGS_SERVICE_H_

#include "qiwang/v1/standings_service.grpc.pb.h"
#include "services/projection/tournament_projection.h"
#include "services/server/auth/authenticator.h"
#include "services/server/raw_request.h"
#include "services/server/read_adapter.h"
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
                   WatchLimiter& watch_limiter,
                   absl::Duration longest_read_wait = kDefaultLongestReadWait)
      : authenticator_(authenticator),
        reads_(projection, authenticator, longest_read_wait),
        watches_(projection, watch_limiter) {
    MarkMethodRawCallback(
        MethodIndex("qiwang.v1.StandingsService", "WatchStandings"),
        RawStreamingHandler([this](grpc::CallbackServerContext* context,
                                   const grpc::ByteBuffer* request) {
          return WatchStandingsRaw(context, request);
        }));
  }

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
  // WatchStandings, served raw: the request arrives as bytes (a
  // WatchStandingsRequest) and the stream sends the bytes its hub serialized
  // once for all watches of the view.
  grpc::ServerWriteReactor<grpc::ByteBuffer>* WatchStandingsRaw(
      grpc::CallbackServerContext* context,
      const grpc::ByteBuffer* raw_request);

  // Ends every open and future WatchStandings stream with `status`
  // (UNAVAILABLE at shutdown, before the gRPC server shuts down).
  void EndWatches(const grpc::Status& status);

 private:
  const Authenticator& authenticator_;
  ReadAdapter reads_;
  WatchHub watches_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_STANDINGS_SERVICE_H_
