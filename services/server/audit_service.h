#ifndef QIWANG_SERVICES_SERVER_AUDIT_SERVICE_H_
#define QIWANG_SERVICES_SERVER_AUDIT_SERVICE_H_

#include <grpcpp/support/server_callback.h>

#include "qiwang/v1/audit_service.grpc.pb.h"
#include "services/projection/tournament_projection.h"
#include "store/event_log.h"
#include "services/server/auth/authenticator.h"

namespace qiwang::server {

// qiwang.v1.AuditService on the gRPC callback API: ruling histories,
// appeals, what-if diffs and log verification (R9.4), answered from the
// projection and the log; never writes. Thread-safe.
// REQUIRES: `projection`, `log` and `authenticator` outlive the service.
class AuditService final : public v1::AuditService::CallbackService {
 public:
  AuditService(projection::TournamentProjection& projection, store::EventLog& log, const Authenticator& authenticator)
      : projection_(projection), log_(log), authenticator_(authenticator) {}

 private:
  projection::TournamentProjection& projection_;
  store::EventLog& log_;
  const Authenticator& authenticator_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_AUDIT_SERVICE_H_
