#ifndef QIWANG_SERVICES_SERVER_EXPORT_SERVICE_H_
#define QIWANG_SERVICES_SERVER_EXPORT_SERVICE_H_

#include <grpcpp/support/server_callback.h>

#include "qiwang/v1/export_service.grpc.pb.h"
#include "services/projection/tournament_projection.h"
#include "services/server/auth/authenticator.h"
#include "services/server/read_adapter.h"
#include "store/event_log.h"

namespace qiwang::server {

// qiwang.v1.ExportService on the gRPC callback API: TRF-16 and the audit
// report of a section as of any position, answered from the projection (the
// report's reasons and times from the tournament's stream in `log`, up to
// the same position); never writes. Every official may call it (access
// table). Reads now, after waiting for ReadOptions.min_position (capped by
// the call's deadline) or as of ReadOptions.at_position (R7.5). Thread-safe.
// REQUIRES: `projection`, `log` and `authenticator` outlive the service.
class ExportService final : public v1::ExportService::CallbackService {
 public:
  ExportService(projection::TournamentProjection& projection,
                const store::EventLog& log, const Authenticator& authenticator,
                absl::Duration longest_read_wait = kDefaultLongestReadWait)
      : log_(log), reads_(projection, authenticator, longest_read_wait) {}

  // INVALID_ARGUMENT naming tournament_id or section_id when missing,
  // NOT_FOUND naming an unknown tournament or section.
  grpc::ServerUnaryReactor* ExportTrf(grpc::CallbackServerContext* context,
                                      const v1::ExportTrfRequest* request,
                                      v1::ExportTrfResponse* response) override;
  // Also INVALID_ARGUMENT naming format for a value the proto does not have.
  grpc::ServerUnaryReactor* ExportReport(
      grpc::CallbackServerContext* context,
      const v1::ExportReportRequest* request,
      v1::ExportReportResponse* response) override;
  grpc::ServerUnaryReactor* ExportSpreadsheet(
      grpc::CallbackServerContext* context,
      const v1::ExportSpreadsheetRequest* request,
      v1::ExportSpreadsheetResponse* response) override;

 private:
  const store::EventLog& log_;
  ReadAdapter reads_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_EXPORT_SERVICE_H_
