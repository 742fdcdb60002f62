#ifndef QIWANG_SERVICES_SERVER_IMPORT_SERVICE_H_
#define QIWANG_SERVICES_SERVER_IMPORT_SERVICE_H_

#include <grpcpp/support/server_callback.h>

#include <cstddef>

#include "qiwang/v1/import_service.grpc.pb.h"
#include "services/ledger/ledger.h"
#include "services/server/auth/authenticator.h"
#include "services/server/command_adapter.h"

namespace qiwang::server {

// qiwang.v1.ImportService on the gRPC callback API: a TRF file becomes a new
// tournament's events (services/trf/trf_import.h), decided and appended
// through the command adapter as one command in one bulk append (one
// RocksDB write batch, so all of it or nothing is in the log, whatever the
// file's size up to `max_events`, qiwangd's --max_import_events, which is
// the store's max_events_per_bulk_append). A file giving more events is
// refused naming that flag, before anything is sealed or written.
// REQUIRES: `ledger` and `authenticator` outlive the service.
class ImportService final : public v1::ImportService::CallbackService {
 public:
  ImportService(ledger::Ledger& ledger, const Authenticator& authenticator,
                size_t max_events)
      : commands_(&ledger, authenticator, "",
                  CommandAdapter::AppendCeiling::kBulk),
        max_events_(max_events) {}

  grpc::ServerUnaryReactor* ImportTrf(grpc::CallbackServerContext* context,
                                      const v1::ImportTrfRequest* request,
                                      v1::ImportTrfResponse* response) override;

 private:
  CommandAdapter commands_;
  const size_t max_events_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_IMPORT_SERVICE_H_
