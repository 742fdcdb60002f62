#ifndef QIWANG_SERVICES_SERVER_EVENT_LOG_SERVICE_H_
#define QIWANG_SERVICES_SERVER_EVENT_LOG_SERVICE_H_

#include <grpcpp/support/server_callback.h>

#include "qiwang/v1/event_log_service.grpc.pb.h"
#include "services/ledger/clock.h"
#include "services/ledger/event_stamper.h"
#include "services/server/auth/authenticator.h"
#include "services/server/subscribe_reactor.h"
#include "store/event_log.h"

namespace qiwang::server {

// qiwang.v1.EventLogService on the gRPC callback API, over one EventLog.
// Append admits the organiser only and only to "notes/..." streams; Read and
// Subscribe admit officials only (the log holds private fields). Store errors
// (INVALID_ARGUMENT, ABORTED, ALREADY_EXISTS, DATA_LOSS, ...) reach the
// client with their code and message; requests that cannot be mapped are
// refused before the store sees them.
// REQUIRES: `log`, `clock` and `authenticator` outlive the service and every
// call it started.
class EventLogService final : public v1::EventLogService::CallbackService {
 public:
  EventLogService(store::EventLog& log, const ledger::Clock& clock,
                  const Authenticator& authenticator)
      : log_(log), clock_(clock), authenticator_(authenticator) {}

  grpc::ServerUnaryReactor* Append(grpc::CallbackServerContext* context,
                                   const v1::AppendRequest* request,
                                   v1::AppendResponse* response) override;
  grpc::ServerWriteReactor<v1::ReadResponse>* Read(
      grpc::CallbackServerContext* context,
      const v1::ReadRequest* request) override;
  grpc::ServerWriteReactor<v1::SubscribeResponse>* Subscribe(
      grpc::CallbackServerContext* context,
      const v1::SubscribeRequest* request) override;

  // Ends every open and future Subscribe stream with `status`; for shutdown,
  // since those streams never end by themselves.
  void EndSubscriptions(const grpc::Status& status);

 private:
  store::EventLog& log_;
  const ledger::Clock& clock_;
  const Authenticator& authenticator_;
  ledger::EventStamper stamper_;
  SubscriberRegistry subscribers_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_EVENT_LOG_SERVICE_H_
