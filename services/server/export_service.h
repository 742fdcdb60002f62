#ifndef QIWANG_SERVICES_SERVER_EXPORT_SERVICE_H_
#define QIWANG_SERVICES_SERVER_EXPORT_SERVICE_H_

#include <grpcpp/support/server_callback.h>

#include <functional>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "qiwang/v1/export_service.grpc.pb.h"
#include "services/projection/tournament_projection.h"
#include "services/server/auth/authenticator.h"
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
                const store::EventLog& log, const Authenticator& authenticator)
      : projection_(projection), log_(log), authenticator_(authenticator) {}

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

 private:
  // The export's text from the state read and its position.
  using ExportText = std::function<absl::StatusOr<std::string>(
      const projection::ProjectedState&)>;

  struct Exported {
    std::string text;
    uint64_t as_of_position = 0;
  };

  // Authorizes `rpc`, checks the ids and `request_status`, reads the
  // tournament with `read` and answers export_text(state) with the position
  // it reflects.
  absl::StatusOr<Exported> Export(grpc::CallbackServerContext& context,
                                  absl::string_view rpc,
                                  const std::string& tournament_id,
                                  const std::string& section_id,
                                  const v1::ReadOptions& read,
                                  absl::Status request_status,
                                  const ExportText& export_text);

  projection::TournamentProjection& projection_;
  const store::EventLog& log_;
  const Authenticator& authenticator_;
};

}  // namespace qiwang::server

#endif  // QIWANG_SERVICES_SERVER_EXPORT_SERVICE_H_
