#include "clients/cli/admin_commands.h"

#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "base/timestamp.h"
#include "clients/cli/command_support.h"
#include "clients/cli/event_format.h"
#include "clients/cli/table.h"
#include "qiwang/v1/admin_service.grpc.pb.h"

namespace qiwang::cli {
namespace {

int PrintClock(const CliContext& context,
               const google::protobuf::Message& response,
               const google::protobuf::Timestamp& time, bool manual) {
  if (context.json) {
    Print(JsonLine(response));
    return kExitOk;
  }
  const Lang lang = context.lang;
  Table table({Text(Label::kField, lang), Text(Label::kValue, lang)});
  table.AddRow({Text(Label::kTime, lang), FormatServerTime(time)});
  table.AddRow({Text(Label::kManualClock, lang),
                Text(manual ? Label::kYes : Label::kNo, lang)});
  Print(table.Render());
  return kExitOk;
}

int Clock(const CliContext& context, const ParsedFlags& flags) {
  const std::string action = flags.Get("action", "show");
  auto stub = v1::AdminService::NewStub(context.Connect());
  if (action == "show") {
    v1::GetClockResponse response;
    const grpc::Status status = stub->GetClock(
        context.NewCall().get(), v1::GetClockRequest(), &response);
    if (!status.ok()) return ReportRpcError(status);
    return PrintClock(context, response, response.time(), response.manual());
  }
  if (action != "set") {
    return context.UsageError(absl::InvalidArgumentError(
        absl::StrCat("clock: show or set (got '", action, "')")));
  }
  absl::Time time;
  std::string error;
  if (!absl::ParseTime(absl::RFC3339_full, flags.Get("time", ""), &time,
                       &error)) {
    return context.UsageError(absl::InvalidArgumentError(absl::StrCat(
        "--time: an RFC 3339 time like 2016-10-13T14:30:00+08:00 (", error,
        ")")));
  }
  v1::SetClockRequest request;
  *request.mutable_time() = base::ToTimestamp(time);
  v1::SetClockResponse response;
  const grpc::Status status =
      stub->SetClock(context.NewCall().get(), request, &response);
  if (!status.ok()) return ReportRpcError(status);
  return PrintClock(context, response, response.time(), true);
}

int Backup(const CliContext& context, const ParsedFlags& flags) {
  v1::BackupRequest request;
  request.set_name(flags.Get("name", ""));
  if (request.name().empty()) {
    return context.UsageError(
        absl::InvalidArgumentError("name: required, e.g. 2016-10-14-night"));
  }
  v1::BackupResponse response;
  const grpc::Status status =
      v1::AdminService::NewStub(context.Connect())
          ->Backup(context.NewCall().get(), request, &response);
  if (!status.ok()) return ReportRpcError(status);
  if (context.json) {
    Print(JsonLine(response));
    return kExitOk;
  }
  Print(absl::StrCat(response.dir(), "\n"));
  Table table(
      {Text(Label::kField, context.lang), Text(Label::kValue, context.lang)});
  table.AddRow({Text(Label::kLastPosition, context.lang),
                absl::StrCat(response.last_position())});
  Print(table.Render());
  return kExitOk;
}

}  // namespace

CommandGroup AdminCommands() {
  return {
      "admin",
      "operate the server: its clock, backups",
      {
          {"clock",
           "show | set --time 2016-10-13T14:30:00+08:00",
           "Shows the server's clock, or moves a manual clock (qiwangd "
           "--clock=manual:...) forward. Setting: organiser.",
           {{"action", "show|set", "show (default) or set (or as argument)"},
            {"time", "TIME", "RFC 3339 time to set"}},
           RpcOf<v1::AdminService>("SetClock"),
           Clock,
           "action"},
          {"backup",
           "NAME",
           "Takes an online backup of the whole event log while the server "
           "keeps serving, into the new folder NAME under qiwangd's "
           "--backup_dir on the server's machine; prints the folder and the "
           "last position it holds. Restore: start qiwangd with "
           "--data_dir=that folder (a copy of it). Organiser.",
           {{"name", "NAME", "folder name (or as argument)"}},
           RpcOf<v1::AdminService>("Backup"),
           Backup,
           "name"},
      },
  };
}

}  // namespace qiwang::cli
