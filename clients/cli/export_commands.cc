#include "clients/cli/export_commands.h"

#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "clients/cli/command_support.h"
#include "clients/cli/event_format.h"
#include "clients/cli/table.h"
#include "qiwang/v1/export_service.grpc.pb.h"

namespace qiwang::cli {
namespace {

// Sets tournament_id, section_id and read options, shared by both exports.
template <typename Request>
absl::Status SetSectionRead(const ParsedFlags& flags, Request& request) {
  if (absl::Status set = SetTournamentAndRead(flags, request); !set.ok()) {
    return set;
  }
  absl::StatusOr<std::string> section = Required(flags, "section");
  if (!section.ok()) return section.status();
  request.set_section_id(*section);
  return absl::OkStatus();
}

// The document to --output (a table of where it went, or the response with
// --json) or to stdout (the document itself, or the response with --json).
int PrintDocument(const CliContext& context, const ParsedFlags& flags,
                  const google::protobuf::Message& response,
                  const std::string& document, uint64_t as_of_position) {
  if (!flags.Has("output")) {
    Print(context.json ? JsonLine(response) : document);
    return kExitOk;
  }
  const std::string path = flags.Get("output", "");
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  file << document;
  file.close();
  if (!file) {
    return ReportRpcError(
        grpc::Status(grpc::StatusCode::UNAVAILABLE,
                     absl::StrCat("--output: cannot write ", path)));
  }
  if (context.json) {
    Print(JsonLine(response));
    return kExitOk;
  }
  const Lang lang = context.lang;
  Table table({Text(Label::kField, lang), Text(Label::kValue, lang)});
  table.AddRow({Text(Label::kFile, lang), path});
  table.AddRow({Text(Label::kBytes, lang), absl::StrCat(document.size())});
  table.AddRow(
      {Text(Label::kAsOfPosition, lang), absl::StrCat(as_of_position)});
  Print(table.Render());
  return kExitOk;
}

int Trf(const CliContext& context, const ParsedFlags& flags) {
  v1::ExportTrfRequest request;
  if (absl::Status set = SetSectionRead(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  v1::ExportTrfResponse response;
  const grpc::Status status =
      v1::ExportService::NewStub(context.Connect())
          ->ExportTrf(context.NewCall().get(), request, &response);
  if (!status.ok()) return ReportRpcError(status);
  return PrintDocument(context, flags, response, response.trf(),
                       response.as_of_position());
}

int Report(const CliContext& context, const ParsedFlags& flags) {
  v1::ExportReportRequest request;
  if (absl::Status set = SetSectionRead(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  const std::string format = flags.Get("format", "md");
  if (format == "md" || format == "markdown") {
    request.set_format(v1::REPORT_FORMAT_MARKDOWN);
  } else if (format == "csv") {
    request.set_format(v1::REPORT_FORMAT_CSV);
  } else {
    return context.UsageError(absl::InvalidArgumentError(
        absl::StrCat("--format: md or csv (got '", format, "')")));
  }
  v1::ExportReportResponse response;
  const grpc::Status status =
      v1::ExportService::NewStub(context.Connect())
          ->ExportReport(context.NewCall().get(), request, &response);
  if (!status.ok()) return ReportRpcError(status);
  return PrintDocument(context, flags, response, response.report(),
                       response.as_of_position());
}

std::vector<FlagSpec> ExportFlags(std::vector<FlagSpec> extra) {
  std::vector<FlagSpec> flags = {
      TournamentFlag(),
      {"section", "S", "section id (or as argument)"},
      {"output", "FILE", "write the document to FILE (also -o FILE)"}};
  for (FlagSpec& flag : extra) flags.push_back(std::move(flag));
  return WithReadFlags(std::move(flags));
}

}  // namespace

CommandGroup ExportCommands() {
  return {
      "export",
      "a section as TRF-16 or its audit report (R9.4)",
      {
          {"trf", "SECTION [--at POSITION] [-o FILE]",
           "FIDE TRF-16 (with XXR rounds and XXC red as white) of the section "
           "now or as of a log position, for other pairing and tie-break "
           "programs. Officials.",
           ExportFlags({}), RpcOf<v1::ExportService>("ExportTrf"), Trf,
           "section"},
          {"report", "SECTION [--format md|csv] [--at POSITION] [-o FILE]",
           "The section's rulings, appeals, decisions and timeline (who, "
           "role, when, why) as Markdown or CSV. Officials.",
           ExportFlags({{"format", "md|csv", "Markdown (default) or CSV"}}),
           RpcOf<v1::ExportService>("ExportReport"), Report, "section"},
      },
  };
}

}  // namespace qiwang::cli
