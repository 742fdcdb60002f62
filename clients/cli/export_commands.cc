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

// Writes `document` to `path` and prints where it went (or the response with
// --json).
int WriteDocument(const CliContext& context,
                  const google::protobuf::Message& response,
                  const std::string& document, uint64_t as_of_position,
                  const std::string& path) {
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

// The document to --output (see WriteDocument) or to stdout (the document
// itself, or the response with --json).
int PrintDocument(const CliContext& context, const ParsedFlags& flags,
                  const google::protobuf::Message& response,
                  const std::string& document, uint64_t as_of_position) {
  if (!flags.Has("output")) {
    Print(context.json ? JsonLine(response) : document);
    return kExitOk;
  }
  return WriteDocument(context, response, document, as_of_position,
                       flags.Get("output", ""));
}

int ExportTrf(const CliContext& context, const ParsedFlags& flags) {
  v1::ExportTrfRequest request;
  if (absl::Status set = SetSectionRead(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  const std::string format = flags.Get("format", "trf2026");
  if (format == "trf2026") {
    request.set_format(v1::TRF_FORMAT_TRF2026);
  } else if (format == "trf16") {
    request.set_format(v1::TRF_FORMAT_TRF16);
  } else {
    return context.UsageError(absl::InvalidArgumentError(
        absl::StrCat("--format: trf2026 or trf16 (got '", format, "')")));
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

// A workbook is binary: it always goes to a file, --output or the name the
// server suggests, in the current folder.
int Xlsx(const CliContext& context, const ParsedFlags& flags) {
  v1::ExportSpreadsheetRequest request;
  if (absl::Status set = SetSectionRead(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  absl::StatusOr<int64_t> round = IntFlag(flags, "round", 0, 1, 1000);
  if (!round.ok()) return context.UsageError(round.status());
  request.set_round(static_cast<int32_t>(*round));
  v1::ExportSpreadsheetResponse response;
  const grpc::Status status =
      v1::ExportService::NewStub(context.Connect())
          ->ExportSpreadsheet(context.NewCall().get(), request, &response);
  if (!status.ok()) return ReportRpcError(status);
  const std::string path = flags.Get("output", response.file_name());
  // --json prints the response without the workbook's bytes.
  v1::ExportSpreadsheetResponse shown = response;
  shown.clear_xlsx();
  return WriteDocument(context, shown, response.xlsx(),
                       response.as_of_position(), path);
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
      "a section as TRF-2026 or TRF-16, its audit report (R9.4) or a workbook",
      {
          {"trf", "SECTION [--format trf2026|trf16] [--at POSITION] [-o FILE]",
           "FIDE TRF-2026 (142 rounds, 152 red as white, 162 points, 202/212 "
           "tie-breaks, Latin names; the registered names on comment lines) "
           "or TRF-16 (with XXR, XXC and XXS) of the section now or as of a "
           "log position, for other pairing and tie-break programs. "
           "Officials.",
           ExportFlags({{"format", "trf2026|trf16", "TRF-2026 (default)"}}),
           RpcOf<v1::ExportService>("ExportTrf"), ExportTrf, "section"},
          {"report", "SECTION [--format md|csv] [--at POSITION] [-o FILE]",
           "The section's rulings, appeals, decisions and timeline (who, "
           "role, when, why) as Markdown or CSV. Officials.",
           ExportFlags({{"format", "md|csv", "Markdown (default) or CSV"}}),
           RpcOf<v1::ExportService>("ExportReport"), Report, "section"},
          {"xlsx", "SECTION [--round N] [--at POSITION] [-o FILE]",
           "The section as an Excel workbook: standings with every "
           "tie-break, crosstable, pairings (of --round N only, or all) and "
           "the prize list, headed in Chinese and English. Without -o it is "
           "written to TOURNAMENT-SECTION.xlsx here. Anyone.",
           ExportFlags({{"round", "N", "pairings of round N only"}}),
           RpcOf<v1::ExportService>("ExportSpreadsheet"), Xlsx, "section"},
      },
  };
}

}  // namespace qiwang::cli
