#ifndef QIWANG_SERVICES_SERVER_IMPORT_SERVICE_H_
#define QIWANG_SERVICES_SERVER_IMPORT_SERVICE_H_

#include <grpcpp/support/server_callback.h>

#include "qiwang/v1/import_service.grpc.pb.h"
#include "services/ledger/ledger.h"
#include "services/server/auth/authenticator.h"
#include "services/server/command_adapter.h"

namespace qiwang::server {

// qiwang.v1.ImportService on the gRPC callback API: a TRF file becomes a new
// tournament's events (services/export/trf_import.h), decided and appended
// through the command adapter as one command, so all of it or nothing is in
// the log. REQUIRES: `ledger` and `authenticator` outlive the service.
class ImportService final : public v1::ImportService::CallbackService {
 public:
  ImportService(ledger::Ledger& ledger, const Authenticator& authenticator)
      : commands_(&ledger, authenticator) {}

  grpc::ServerUnaryReactor* ImportTrf(grpc::CallbackServerContext* context,
                                      const v1::ImportTrfRequest* request,
                                      v1::ImportTrfResponse* response) override;

 private:
  CommandAdapter commands_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_IMPORT_SERVICE_H_
