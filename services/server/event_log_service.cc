#include "services/server/event_log_service.h"

#include <string>

#include "absl/status/statusor.h"
#include "base/grpc_status.h"
#include "services/server/append_mapping.h"
#include "services/server/read_reactor.h"
#include "services/server/refused_writer.h"
#include "services/server/unary_call.h"
#include "services/server/unary_reactor.h"

namespace qiwang::server {

// The store's Append waits for its synced write; it runs on the callback
// thread because group commit keeps that wait short and shared.
grpc::ServerUnaryReactor* EventLogService::Append(
    grpc::CallbackServerContext* context, const v1::AppendRequest* request,
    v1::AppendResponse* response) {
  UnaryReactor* reactor = new UnaryReactor();
  absl::StatusOr<ledger::Caller> caller =
      AuthorizeCall<v1::AppendRequest>(authenticator_, *context);
  if (!caller.ok()) {
    reactor->Finish(base::ToGrpcStatus(caller.status()));
    return reactor;
  }
  v1::Actor actor;
  actor.set_user(caller->user);
  actor.set_role(std::string(rules::RoleName(caller->role)));
  absl::StatusOr<store::AppendRequest> store_request =
      ToStoreAppend(*request, stamper_, actor, clock_.Now());
  if (!store_request.ok()) {
    reactor->Finish(base::ToGrpcStatus(store_request.status()));
    return reactor;
  }
  absl::StatusOr<store::AppendResult> result = log_.Append(*store_request);
  if (!result.ok()) {
    reactor->Finish(base::ToGrpcStatus(result.status()));
    return reactor;
  }
  *response = ToAppendResponse(*result);
  reactor->Finish(grpc::Status::OK);
  return reactor;
}

grpc::ServerWriteReactor<v1::ReadResponse>* EventLogService::Read(
    grpc::CallbackServerContext* context, const v1::ReadRequest* request) {
  absl::StatusOr<ledger::Caller> caller =
      AuthorizeCall<v1::ReadRequest>(authenticator_, *context);
  if (!caller.ok()) {
    return new RefusedWriter<v1::ReadResponse>(
        base::ToGrpcStatus(caller.status()));
  }
  return new ReadReactor(log_, *request);
}

grpc::ServerWriteReactor<v1::SubscribeResponse>* EventLogService::Subscribe(
    grpc::CallbackServerContext* context, const v1::SubscribeRequest* request) {
  absl::StatusOr<ledger::Caller> caller =
      AuthorizeCall<v1::SubscribeRequest>(authenticator_, *context);
  if (!caller.ok()) {
    return new RefusedWriter<v1::SubscribeResponse>(
        base::ToGrpcStatus(caller.status()));
  }
  return new SubscribeReactor(log_, request->from_position(), subscribers_);
}

void EventLogService::EndSubscriptions(const grpc::Status& status) {
  subscribers_.StopAll(status);
}

}  // namespace qiwang::server
