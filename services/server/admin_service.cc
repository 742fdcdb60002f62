#include "services/server/admin_service.h"

#include "absl/status/status.h"
#include "absl/time/time.h"
#include "services/server/auth/access_policy.h"
#include "services/server/status_conversion.h"

namespace qiwang::server {
namespace {

google::protobuf::Timestamp ToTimestamp(absl::Time time) {
  google::protobuf::Timestamp timestamp;
  const int64_t seconds = absl::ToUnixSeconds(time);
  timestamp.set_seconds(seconds);
  timestamp.set_nanos(static_cast<int32_t>(
      absl::ToInt64Nanoseconds(time - absl::FromUnixSeconds(seconds))));
  return timestamp;
}

}  // namespace

grpc::ServerUnaryReactor* AdminService::SetClock(
    grpc::CallbackServerContext* context, const v1::SetClockRequest* request,
    v1::SetClockResponse* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  absl::Status status =
      Authorize(authenticator_, "SetClock", context->client_metadata())
          .status();
  if (status.ok() && !request->has_time()) {
    status = absl::InvalidArgumentError("time: required");
  }
  if (status.ok()) {
    status = clock_.Set(absl::FromUnixSeconds(request->time().seconds()) +
                        absl::Nanoseconds(request->time().nanos()));
  }
  if (status.ok()) *response->mutable_time() = ToTimestamp(clock_.Now());
  reactor->Finish(ToGrpcStatus(status));
  return reactor;
}

grpc::ServerUnaryReactor* AdminService::GetClock(
    grpc::CallbackServerContext* context,
    const v1::GetClockRequest* /*request*/, v1::GetClockResponse* response) {
  grpc::ServerUnaryReactor* reactor = context->DefaultReactor();
  const absl::Status status =
      Authorize(authenticator_, "GetClock", context->client_metadata())
          .status();
  if (status.ok()) {
    *response->mutable_time() = ToTimestamp(clock_.Now());
    response->set_manual(clock_.manual());
  }
  reactor->Finish(ToGrpcStatus(status));
  return reactor;
}

}  // namespace qiwang::server
