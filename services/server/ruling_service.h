#ifndef QIWANG_SERVICES_SERVER_RULING_SERVICE_H_
#define QIWANG_SERVICES_SERVER_RULING_SERVICE_H_

#include <grpcpp/support/server_callback.h>

#include "qiwang/v1/ruling_service.grpc.pb.h"
#include "services/ledger/ledger.h"
#include "services/server/auth/authenticator.h"
#include "services/server/command_adapter.h"

namespace qiwang::server {

// qiwang.v1.RulingService on the gRPC callback API: appeals, the
// committee's decisions, tie lots and declined final places (R7.3, R8.3,
// R9), run through the command adapter like PlayService. Statuses from the
// rules pass through unchanged; a refused command appends nothing.
// DrawTieLots draws its seed here (LotsSeed; the rules read no random
// source); DecideTieLots checks the whole of R7.3.
// REQUIRES: `ledger` and `authenticator` outlive the service.
class RulingService final : public v1::RulingService::CallbackService {
 public:
  RulingService(ledger::Ledger& ledger, const Authenticator& authenticator)
      : commands_(&ledger, authenticator) {}

  grpc::ServerUnaryReactor* FileAppeal(
      grpc::CallbackServerContext* context,
      const v1::FileAppealRequest* request,
      v1::FileAppealResponse* response) override;
  grpc::ServerUnaryReactor* DecideAppeal(
      grpc::CallbackServerContext* context,
      const v1::DecideAppealRequest* request,
      v1::DecideAppealResponse* response) override;
  grpc::ServerUnaryReactor* DrawTieLots(
      grpc::CallbackServerContext* context,
      const v1::DrawTieLotsRequest* request,
      v1::DrawTieLotsResponse* response) override;
  grpc::ServerUnaryReactor* DeclineFinalPlace(
      grpc::CallbackServerContext* context,
      const v1::DeclineFinalPlaceRequest* request,
      v1::DeclineFinalPlaceResponse* response) override;

 private:
  CommandAdapter commands_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_RULING_SERVICE_H_
