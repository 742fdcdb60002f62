#include "services/server/export_service.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "services/reports/audit_report.h"
#include "services/reports/spreadsheet.h"
#include "services/reports/stream_events.h"
#include "services/rules/tournament/text_input.h"
#include "services/trf/trf_writer.h"
#include "services/views/crosstable_view.h"
#include "services/views/prizes_view.h"
#include "services/views/round_views.h"
#include "services/views/standings_view.h"

namespace qiwang::server {
namespace {

absl::Status CheckSection(const std::string& section_id) {
  if (section_id.empty()) {
    return rules::tournament::RequiredFieldError("section_id");
  }
  return absl::OkStatus();
}

// The report's format, or INVALID_ARGUMENT naming format.
absl::StatusOr<exports::ReportFormat> FormatOf(v1::ReportFormat format) {
  switch (format) {
    case v1::REPORT_FORMAT_UNSPECIFIED:
    case v1::REPORT_FORMAT_MARKDOWN:
      return exports::ReportFormat::kMarkdown;
    case v1::REPORT_FORMAT_CSV:
      return exports::ReportFormat::kCsv;
    default:
      return absl::InvalidArgumentError(
          "format: unknown report format (MARKDOWN or CSV)");
  }
}

// The TRF edition, or INVALID_ARGUMENT naming format.
absl::StatusOr<exports::TrfVersion> TrfVersionOf(v1::TrfFormat format) {
  switch (format) {
    case v1::TRF_FORMAT_UNSPECIFIED:
    case v1::TRF_FORMAT_TRF16:
      return exports::TrfVersion::kTrf16;
    case v1::TRF_FORMAT_TRF2026:
      return exports::TrfVersion::kTrf2026;
    default:
      return absl::InvalidArgumentError(
          "format: unknown TRF format (TRF16 or TRF2026)");
  }
}

}  // namespace

grpc::ServerUnaryReactor* ExportService::ExportTrf(
    grpc::CallbackServerContext* context, const v1::ExportTrfRequest* request,
    v1::ExportTrfResponse* response) {
  const absl::StatusOr<exports::TrfVersion> version =
      TrfVersionOf(request->format());
  absl::Status request_status = CheckSection(request->section_id());
  if (request_status.ok()) request_status = version.status();
  return reads_.Answer(
      context, *request, response,
      [request,
       version](const ReadView& read) -> absl::StatusOr<v1::ExportTrfResponse> {
        absl::StatusOr<std::string> trf =
            exports::WriteTrf(read.state, request->section_id(), *version);
        if (!trf.ok()) return trf.status();
        v1::ExportTrfResponse answer;
        answer.set_trf(*std::move(trf));
        return answer;
      },
      std::move(request_status));
}

grpc::ServerUnaryReactor* ExportService::ExportReport(
    grpc::CallbackServerContext* context,
    const v1::ExportReportRequest* request,
    v1::ExportReportResponse* response) {
  const absl::StatusOr<exports::ReportFormat> format =
      FormatOf(request->format());
  absl::Status request_status = CheckSection(request->section_id());
  if (request_status.ok()) request_status = format.status();
  return reads_.Answer(
      context, *request, response,
      [this, request, format](
          const ReadView& read) -> absl::StatusOr<v1::ExportReportResponse> {
        absl::StatusOr<std::vector<v1::Event>> events =
            exports::ReadStreamEvents(log_, request->tournament_id(),
                                      read.as_of_position);
        if (!events.ok()) return events.status();
        absl::StatusOr<std::string> report = exports::WriteAuditReport(
            read.state, *events, request->section_id(), *format);
        if (!report.ok()) return report.status();
        v1::ExportReportResponse answer;
        answer.set_report(*std::move(report));
        return answer;
      },
      std::move(request_status));
}

grpc::ServerUnaryReactor* ExportService::ExportSpreadsheet(
    grpc::CallbackServerContext* context,
    const v1::ExportSpreadsheetRequest* request,
    v1::ExportSpreadsheetResponse* response) {
  return reads_.Answer(
      context, *request, response,
      [request](const ReadView& read)
          -> absl::StatusOr<v1::ExportSpreadsheetResponse> {
        exports::SectionViews views;
        absl::StatusOr<v1::GetStandingsResponse> standings =
            views::StandingsView(read.state, request->section_id(), 0);
        if (!standings.ok()) return standings.status();
        views.standings = *std::move(standings);
        absl::StatusOr<v1::GetCrosstableResponse> crosstable =
            views::CrosstableView(read.state, request->section_id());
        if (!crosstable.ok()) return crosstable.status();
        views.crosstable = *std::move(crosstable);
        absl::StatusOr<v1::ListPairingsResponse> pairings = views::ListPairings(
            read.state, request->section_id(), request->round());
        if (!pairings.ok()) return pairings.status();
        views.pairings = *std::move(pairings);
        absl::StatusOr<v1::GetPrizesResponse> prizes =
            views::PrizesView(read.state);
        if (!prizes.ok()) return prizes.status();
        views.prizes = *std::move(prizes);
        absl::StatusOr<std::string> xlsx = exports::WriteSectionWorkbook(views);
        if (!xlsx.ok()) return xlsx.status();
        v1::ExportSpreadsheetResponse answer;
        answer.set_xlsx(*std::move(xlsx));
        answer.set_file_name(absl::StrCat(request->tournament_id(), "-",
                                          request->section_id(), ".xlsx"));
        return answer;
      },
      CheckSection(request->section_id()));
}

}  // namespace qiwang::server
