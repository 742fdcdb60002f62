#ifndef QIWANG_SERVICES_SERVER_ADMIN_SERVICE_H_
#define QIWANG_SERVICES_SERVER_ADMIN_SERVICE_H_

#include <grpcpp/support/server_callback.h>

#include <string>

#include "qiwang/v1/admin_service.grpc.pb.h"
#include "services/ledger/clock.h"
#include "services/server/auth/authenticator.h"
#include "store/event_log.h"

namespace qiwang::server {

// qiwang.v1.AdminService: shows the server's clock to anyone, tells a token's
// holder who they are and lets the organiser move a manual clock forward and
// take online backups into folders under `backup_dir` (created, mode 0700, on
// the first backup). REQUIRES: `clock`, `authenticator` and `log` outlive the
// service.
class AdminService final : public v1::AdminService::CallbackService {
 public:
  AdminService(ledger::Clock& clock, const Authenticator& authenticator,
               store::EventLog& log, std::string backup_dir)
      : clock_(clock),
        authenticator_(authenticator),
        log_(log),
        backup_dir_(std::move(backup_dir)) {}

  grpc::ServerUnaryReactor* SetClock(grpc::CallbackServerContext* context,
                                     const v1::SetClockRequest* request,
                                     v1::SetClockResponse* response) override;
  grpc::ServerUnaryReactor* GetClock(grpc::CallbackServerContext* context,
                                     const v1::GetClockRequest* request,
                                     v1::GetClockResponse* response) override;
  grpc::ServerUnaryReactor* Backup(grpc::CallbackServerContext* context,
                                   const v1::BackupRequest* request,
                                   v1::BackupResponse* response) override;
  grpc::ServerUnaryReactor* WhoAmI(grpc::CallbackServerContext* context,
                                   const v1::WhoAmIRequest* request,
                                   v1::WhoAmIResponse* response) override;

 private:
  ledger::Clock& clock_;
  const Authenticator& authenticator_;
  store::EventLog& log_;
  const std::string backup_dir_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_ADMIN_SERVICE_H_
