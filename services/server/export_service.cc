#include "services/server/export_service.h"

#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "services/export/audit_report.h"
#include "services/export/stream_events.h"
#include "services/export/trf_writer.h"
#include "services/server/auth/access_policy.h"
#include "services/server/call_deadline.h"
#include "services/server/status_conversion.h"

namespace qiwang::server {
namespace {

// Answers the call with `status` (the response is filled before).
grpc::ServerUnaryReactor* Finish(grpc::CallbackServerContext& context,
                                 const absl::Status& status) {
  grpc::ServerUnaryReactor* reactor = context.DefaultReactor();
  reactor->Finish(ToGrpcStatus(status));
  return reactor;
}

}  // namespace

absl::StatusOr<ExportService::Exported> ExportService::Export(
    grpc::CallbackServerContext& context, absl::string_view rpc,
    const std::string& tournament_id, const std::string& section_id,
    const v1::ReadOptions& read, absl::Status request_status,
    const ExportText& export_text) {
  absl::Status status =
      Authorize(authenticator_, rpc, context.client_metadata()).status();
  if (!status.ok()) return status;
  if (tournament_id.empty()) {
    return absl::InvalidArgumentError("tournament_id: required");
  }
  if (section_id.empty()) {
    return absl::InvalidArgumentError("section_id: required");
  }
  if (!request_status.ok()) return request_status;
  absl::StatusOr<projection::ProjectedState> projected =
      projection_.Read(tournament_id, read, WaitDeadline(context));
  if (!projected.ok()) return projected.status();
  absl::StatusOr<std::string> text = export_text(*projected);
  if (!text.ok()) return text.status();
  return Exported{*std::move(text), projected->as_of_position};
}

grpc::ServerUnaryReactor* ExportService::ExportTrf(
    grpc::CallbackServerContext* context, const v1::ExportTrfRequest* request,
    v1::ExportTrfResponse* response) {
  absl::StatusOr<Exported> exported =
      Export(*context, "ExportTrf", request->tournament_id(),
             request->section_id(), request->read(), absl::OkStatus(),
             [request](const projection::ProjectedState& projected) {
               return exports::WriteTrf(projected.state, request->section_id());
             });
  if (exported.ok()) {
    response->set_trf(std::move(exported->text));
    response->set_as_of_position(exported->as_of_position);
  }
  return Finish(*context, exported.status());
}

grpc::ServerUnaryReactor* ExportService::ExportReport(
    grpc::CallbackServerContext* context,
    const v1::ExportReportRequest* request,
    v1::ExportReportResponse* response) {
  absl::Status format_status = absl::OkStatus();
  exports::ReportFormat format = exports::ReportFormat::kMarkdown;
  switch (request->format()) {
    case v1::REPORT_FORMAT_UNSPECIFIED:
    case v1::REPORT_FORMAT_MARKDOWN:
      break;
    case v1::REPORT_FORMAT_CSV:
      format = exports::ReportFormat::kCsv;
      break;
    default:
      format_status = absl::InvalidArgumentError(
          "format: unknown report format (MARKDOWN or CSV)");
  }
  absl::StatusOr<Exported> exported = Export(
      *context, "ExportReport", request->tournament_id(), request->section_id(),
      request->read(), std::move(format_status),
      [this, request, format](const projection::ProjectedState& projected)
          -> absl::StatusOr<std::string> {
        absl::StatusOr<std::vector<v1::Event>> events =
            exports::ReadStreamEvents(log_, request->tournament_id(),
                                      projected.as_of_position);
        if (!events.ok()) return events.status();
        return exports::WriteAuditReport(projected.state, *events,
                                         request->section_id(), format);
      });
  if (exported.ok()) {
    response->set_report(std::move(exported->text));
    response->set_as_of_position(exported->as_of_position);
  }
  return Finish(*context, exported.status());
}

}  // namespace qiwang::server
