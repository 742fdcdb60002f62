#ifndef QIWANG_SERVICES_SERVER_EXPORT_SERVICE_H_
#define QIWANG_SERVICES_SERVER_EXPORT_SERVICE_H_

#include <grpcpp/support/server_callback.h>

#include "qiwang/v1/export_service.grpc.pb.h"
#include "services/projection/tournament_projection.h"
#include "services/server/auth/authenticator.h"

namespace qiwang::server {

// qiwang.v1.ExportService on the gRPC callback API: TRF-16 and the audit
// report of a section as of any position, answered from the projection;
// never writes. Thread-safe.
// REQUIRES: `projection` and `authenticator` outlive the service.
class ExportService final : public v1::ExportService::CallbackService {
 public:
  ExportService(projection::TournamentProjection& projection, const Authenticator& authenticator)
      : projection_(projection), authenticator_(authenticator) {}

 private:
  projection::TournamentProjection& projection_;
  const Authenticator& authenticator_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_EXPORT_SERVICE_H_
