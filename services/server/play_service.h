#ifndef QIWANG_SERVICES_SERVER_PLAY_SERVICE_H_
#define QIWANG_SERVICES_SERVER_PLAY_SERVICE_H_

#include <grpcpp/support/server_callback.h>

#include "qiwang/v1/play_service.grpc.pb.h"
#include "services/ledger/ledger.h"
#include "services/server/auth/authenticator.h"
#include "services/server/command_adapter.h"

namespace qiwang::server {

// qiwang.v1.PlayService on the gRPC callback API: results and fouls entered by
// arbiters (R5), run through the command adapter; the ledger batches the
// commands of one tournament into shared synced appends. Statuses from the
// rules pass through unchanged.
// REQUIRES: `ledger` and `authenticator` outlive the service.
class PlayService final : public v1::PlayService::CallbackService {
 public:
  PlayService(ledger::Ledger& ledger, const Authenticator& authenticator)
      : ledger_(ledger), commands_(&ledger, authenticator) {}

  grpc::ServerUnaryReactor* RecordResult(
      grpc::CallbackServerContext* context,
      const v1::RecordResultRequest* request,
      v1::RecordResultResponse* response) override;
  grpc::ServerUnaryReactor* CorrectResult(
      grpc::CallbackServerContext* context,
      const v1::CorrectResultRequest* request,
      v1::CorrectResultResponse* response) override;
  grpc::ServerUnaryReactor* RecordFoul(
      grpc::CallbackServerContext* context,
      const v1::RecordFoulRequest* request,
      v1::RecordFoulResponse* response) override;

 private:
  ledger::Ledger& ledger_;
  CommandAdapter commands_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_PLAY_SERVICE_H_
