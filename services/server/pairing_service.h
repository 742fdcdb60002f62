#ifndef QIWANG_SERVICES_SERVER_PAIRING_SERVICE_H_
#define QIWANG_SERVICES_SERVER_PAIRING_SERVICE_H_

#include <grpcpp/support/server_callback.h>

#include <cstdint>
#include <string>
#include <utility>

#include "absl/status/statusor.h"
#include "qiwang/v1/pairing_service.grpc.pb.h"
#include "services/ledger/ledger.h"
#include "services/projection/tournament_projection.h"
#include "services/server/auth/authenticator.h"
#include "services/server/command_adapter.h"
#include "services/server/raw_request.h"
#include "services/server/read_adapter.h"
#include "services/server/watch_reactor.h"
#include "services/server/work_pool.h"

namespace qiwang::server {

// qiwang.v1.PairingService on the gRPC callback API (R6). Reads answer from
// the projection with their as_of_position; ProposeRound pairs on it without
// publishing. PairRound waits until the projection has applied the whole log,
// pairs the next round there and sends the ledger the publication with the
// stream version it paired on as the expected version; when the stream moved
// meanwhile it pairs again (at most 5 times, then ABORTED). AmendPairing goes
// to the ledger as it is (the rule re-checks R6.3). Without a ledger (a
// read-only process of the split form) PairRound and AmendPairing answer
// UNIMPLEMENTED naming `ledger_address`. Unary handlers run on the callback
// thread; watches are driven by a WatchHub. Thread-safe.
// REQUIRES: the references outlive the service; the service outlives the
// gRPC server's calls.
class PairingService final : public v1::PairingService::CallbackService {
 public:
  PairingService(ledger::Ledger* ledger, std::string ledger_address,
                 projection::TournamentProjection& projection,
                 const Authenticator& authenticator,
                 WatchLimiter& watch_limiter,
                 absl::Duration longest_read_wait = kDefaultLongestReadWait)
      : projection_(projection),
        authenticator_(authenticator),
        commands_(ledger, authenticator, std::move(ledger_address)),
        reads_(projection, authenticator, longest_read_wait),
        watches_(projection, watch_limiter) {
    MarkMethodRawCallback(
        MethodIndex("qiwang.v1.PairingService", "WatchPairings"),
        RawStreamingHandler([this](grpc::CallbackServerContext* context,
                                   const grpc::ByteBuffer* request) {
          return WatchPairingsRaw(context, request);
        }));
  }

  grpc::ServerUnaryReactor* ProposeRound(
      grpc::CallbackServerContext* context,
      const v1::ProposeRoundRequest* request,
      v1::ProposeRoundResponse* response) override;
  grpc::ServerUnaryReactor* PairRound(grpc::CallbackServerContext* context,
                                      const v1::PairRoundRequest* request,
                                      v1::PairRoundResponse* response) override;
  grpc::ServerUnaryReactor* AmendPairing(
      grpc::CallbackServerContext* context,
      const v1::AmendPairingRequest* request,
      v1::AmendPairingResponse* response) override;
  grpc::ServerUnaryReactor* ListPairings(
      grpc::CallbackServerContext* context,
      const v1::ListPairingsRequest* request,
      v1::ListPairingsResponse* response) override;
  grpc::ServerUnaryReactor* GetSchedule(
      grpc::CallbackServerContext* context,
      const v1::GetScheduleRequest* request,
      v1::GetScheduleResponse* response) override;
  // WatchPairings, served raw: the request arrives as bytes (a
  // WatchPairingsRequest) and the stream sends the bytes its hub serialized
  // once for all watches of the view.
  grpc::ServerWriteReactor<grpc::ByteBuffer>* WatchPairingsRaw(
      grpc::CallbackServerContext* context,
      const grpc::ByteBuffer* raw_request);

  // Ends every open and future WatchPairings stream with `status`; for
  // shutdown, since watches never end by themselves.
  void EndWatches(const grpc::Status& status);

 private:
  absl::StatusOr<v1::PairRoundResponse> Pair(
      const v1::PairRoundRequest& request, const ledger::Caller& caller,
      absl::Time deadline);

  projection::TournamentProjection& projection_;
  const Authenticator& authenticator_;
  CommandAdapter commands_;
  ReadAdapter reads_;
  WatchHub watches_;
  // PairRound: a large section's pairing takes seconds.
  WorkPool pairings_{1, "pair-round"};
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_PAIRING_SERVICE_H_
