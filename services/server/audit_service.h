#ifndef QIWANG_SERVICES_SERVER_AUDIT_SERVICE_H_
#define QIWANG_SERVICES_SERVER_AUDIT_SERVICE_H_

#include <grpcpp/support/server_callback.h>

#include "qiwang/v1/audit_service.grpc.pb.h"
#include "services/projection/tournament_projection.h"
#include "services/server/auth/authenticator.h"
#include "services/server/read_adapter.h"
#include "services/server/work_pool.h"
#include "store/event_log.h"

namespace qiwang::server {

// qiwang.v1.AuditService on the gRPC callback API: ruling histories,
// rulings and appeals, what-if diffs (R9.4) and log verification (R9.5),
// answered from the projection and the tournament's stream in the log up to
// the same position; never writes. Each RPC is admitted by the access table
// (every official; VerifyLog the organiser, chief arbiter and committee).
// Reads now, after waiting for ReadOptions.min_position (capped by the
// call's deadline) or as of ReadOptions.at_position. A missing tournament_id
// or subject is INVALID_ARGUMENT naming the field; an unknown tournament,
// ruling, appeal, player or board is NOT_FOUND naming it. Thread-safe.
// REQUIRES: `projection`, `log` and `authenticator` outlive the service.
class AuditService final : public v1::AuditService::CallbackService {
 public:
  AuditService(projection::TournamentProjection& projection,
               store::EventLog& log, const Authenticator& authenticator,
               absl::Duration longest_read_wait = kDefaultLongestReadWait)
      : log_(log),
        authenticator_(authenticator),
        reads_(projection, authenticator, longest_read_wait) {}

  grpc::ServerUnaryReactor* RulingHistory(
      grpc::CallbackServerContext* context,
      const v1::RulingHistoryRequest* request,
      v1::RulingHistoryResponse* response) override;
  grpc::ServerUnaryReactor* ListRulings(
      grpc::CallbackServerContext* context,
      const v1::ListRulingsRequest* request,
      v1::ListRulingsResponse* response) override;
  grpc::ServerUnaryReactor* ListAppeals(
      grpc::CallbackServerContext* context,
      const v1::ListAppealsRequest* request,
      v1::ListAppealsResponse* response) override;
  grpc::ServerUnaryReactor* GetAppeal(grpc::CallbackServerContext* context,
                                      const v1::GetAppealRequest* request,
                                      v1::GetAppealResponse* response) override;
  grpc::ServerUnaryReactor* WhatIf(grpc::CallbackServerContext* context,
                                   const v1::WhatIfRequest* request,
                                   v1::WhatIfResponse* response) override;
  grpc::ServerUnaryReactor* VerifyLog(grpc::CallbackServerContext* context,
                                      const v1::VerifyLogRequest* request,
                                      v1::VerifyLogResponse* response) override;

 private:
  store::EventLog& log_;
  const Authenticator& authenticator_;
  ReadAdapter reads_;
  // VerifyLog reads the whole log.
  WorkPool verifications_{1, "verify-log"};
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_AUDIT_SERVICE_H_
