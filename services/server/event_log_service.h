#ifndef QIWANG_SERVICES_SERVER_EVENT_LOG_SERVICE_H_
#define QIWANG_SERVICES_SERVER_EVENT_LOG_SERVICE_H_

#include <grpcpp/support/server_callback.h>

#include "qiwang/v1/event_log_service.grpc.pb.h"
#include "services/server/event_stamper.h"
#include "services/server/subscribe_reactor.h"
#include "store/event_log.h"

namespace qiwang::server {

// qiwang.v1.EventLogService on the gRPC callback API, over one EventLog.
// Store errors (INVALID_ARGUMENT, ABORTED, ALREADY_EXISTS, DATA_LOSS, ...)
// reach the client with their code and message; requests that cannot be
// mapped are refused with INVALID_ARGUMENT before the store sees them.
// REQUIRES: `log` outlives the service and every call it started.
class EventLogService final : public v1::EventLogService::CallbackService {
 public:
  explicit EventLogService(store::EventLog& log) : log_(log) {}

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
  EventStamper stamper_;
  SubscriberRegistry subscribers_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_EVENT_LOG_SERVICE_H_
