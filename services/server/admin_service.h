#ifndef QIWANG_SERVICES_SERVER_ADMIN_SERVICE_H_
#define QIWANG_SERVICES_SERVER_ADMIN_SERVICE_H_

#include <grpcpp/support/server_callback.h>

#include "qiwang/v1/admin_service.grpc.pb.h"
#include "services/ledger/clock.h"
#include "services/server/auth/authenticator.h"

namespace qiwang::server {

// qiwang.v1.AdminService: shows the server's clock to anyone and lets the
// organiser move a manual clock forward. REQUIRES: `clock` and
// `authenticator` outlive the service.
class AdminService final : public v1::AdminService::CallbackService {
 public:
  AdminService(ledger::Clock& clock, const Authenticator& authenticator)
      : clock_(clock), authenticator_(authenticator) {}

  grpc::ServerUnaryReactor* SetClock(grpc::CallbackServerContext* context,
                                     const v1::SetClockRequest* request,
                                     v1::SetClockResponse* response) override;
  grpc::ServerUnaryReactor* GetClock(grpc::CallbackServerContext* context,
                                     const v1::GetClockRequest* request,
                                     v1::GetClockResponse* response) override;

 private:
  ledger::Clock& clock_;
  const Authenticator& authenticator_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_ADMIN_SERVICE_H_
