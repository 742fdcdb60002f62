#include "services/server/event_log_service.h"

#include "absl/status/statusor.h"
#include "services/server/append_mapping.h"
#include "services/server/read_reactor.h"
#include "services/server/status_conversion.h"

namespace qiwang::server {

// The store's Append waits for its synced write; it runs on the callback
// thread because group commit keeps that wait short and shared.
grpc::ServerUnaryReactor* EventLogService::Append(
    grpc::CallbackServerContext* context, const v1::AppendRequest* request,
    v1::AppendResponse* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  absl::StatusOr<store::AppendRequest> store_request =
      ToStoreAppend(*request, stamper_);
  if (!store_request.ok()) {
    reactor->Finish(ToGrpcStatus(store_request.status()));
    return reactor;
  }
  absl::StatusOr<store::AppendResult> result = log_.Append(*store_request);
  if (!result.ok()) {
    reactor->Finish(ToGrpcStatus(result.status()));
    return reactor;
  }
  *response = ToAppendResponse(*result);
  reactor->Finish(grpc::Status::OK);
  return reactor;
}

grpc::ServerWriteReactor<v1::ReadResponse>* EventLogService::Read(
    grpc::CallbackServerContext* /*context*/, const v1::ReadRequest* request) {
  return new ReadReactor(log_, *request);
}

grpc::ServerWriteReactor<v1::SubscribeResponse>* EventLogService::Subscribe(
    grpc::CallbackServerContext* /*context*/,
    const v1::SubscribeRequest* request) {
  return new SubscribeReactor(log_, request->from_position(), subscribers_);
}

void EventLogService::EndSubscriptions(const grpc::Status& status) {
  subscribers_.StopAll(status);
}

}  // namespace qiwang::server
