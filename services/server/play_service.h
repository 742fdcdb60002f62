#ifndef QIWANG_SERVICES_SERVER_PLAY_SERVICE_H_
#define QIWANG_SERVICES_SERVER_PLAY_SERVICE_H_

#include <grpcpp/support/server_callback.h>

#include <string>

#include "absl/strings/string_view.h"
#include "qiwang/v1/play_service.grpc.pb.h"
#include "services/ledger/ledger.h"
#include "services/server/auth/authenticator.h"

namespace qiwang::server {

// qiwang.v1.PlayService on the gRPC callback API: results and fouls entered by
// arbiters (R5), authorised by the access table and executed by the ledger,
// which batches the commands of one tournament into shared synced appends.
// Statuses from the rules pass through unchanged. A call is answered from the
// thread that made its batch durable, not from a thread blocked per call.
// REQUIRES: `ledger` and `authenticator` outlive the service.
class PlayService final : public v1::PlayService::CallbackService {
 public:
  PlayService(ledger::Ledger& ledger, const Authenticator& authenticator)
      : ledger_(ledger), authenticator_(authenticator) {}

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
  template <typename Request>
  using Decide = absl::StatusOr<rules::tournament::Events> (*)(
      const rules::tournament::TournamentState&, const Request&,
      const rules::tournament::CommandContext&);

  // Authorises `rpc` and runs the command through the ledger; `done` runs
  // once it is decided and durable (ledger::Ledger::ExecuteAsync), so the
  // callback thread is not held while the command waits for its batch.
  template <typename Request>
  void Execute(grpc::CallbackServerContext* context, absl::string_view rpc,
               const Request& request, Decide<Request> decide,
               ledger::Ledger::Done done);

  ledger::Ledger& ledger_;
  const Authenticator& authenticator_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_PLAY_SERVICE_H_
