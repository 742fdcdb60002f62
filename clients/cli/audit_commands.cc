#include "clients/cli/audit_commands.h"

#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "clients/cli/command_support.h"
#include "clients/cli/event_format.h"
#include "clients/cli/table.h"
#include "google/protobuf/descriptor.h"
#include "qiwang/v1/audit_service.grpc.pb.h"
#include "qiwang/v1/event_log_service.grpc.pb.h"

namespace qiwang::cli {
namespace {

// "result_recorded {"section_id":...}": the payload's field name and its
// JSON, so an auditor sees every field.
std::string PayloadJson(const v1::Event& event) {
  const google::protobuf::Reflection* reflection = event.GetReflection();
  const google::protobuf::FieldDescriptor* payload =
      reflection->GetOneofFieldDescriptor(
          event, v1::Event::descriptor()->FindOneofByName("payload"));
  if (payload == nullptr) return "";
  std::string json = JsonLine(reflection->GetMessage(event, payload));
  json.pop_back();  // the newline
  return absl::StrCat(payload->name(), " ", json);
}

int Events(const CliContext& context, const ParsedFlags& flags) {
  v1::ReadRequest request;
  request.set_stream(flags.Get("stream", ""));
  request.set_backwards(flags.Has("backwards"));
  absl::StatusOr<int64_t> from = IntFlag(flags, "from", 0, 0, INT64_MAX);
  if (!from.ok()) return context.UsageError(from.status());
  request.set_from(static_cast<uint64_t>(*from));
  absl::StatusOr<int64_t> limit = IntFlag(flags, "limit", 0, 0, 10000);
  if (!limit.ok()) return context.UsageError(limit.status());
  request.set_limit(static_cast<uint32_t>(*limit));

  std::unique_ptr<grpc::ClientContext> call = context.NewCall();
  auto reader = v1::EventLogService::NewStub(context.Connect())
                    ->Read(call.get(), request);
  const Lang lang = context.lang;
  Table table({Text(Label::kPosition, lang), Text(Label::kStream, lang),
               Text(Label::kVersion, lang), Text(Label::kEventId, lang),
               Text(Label::kActor, lang), Text(Label::kRole, lang),
               Text(Label::kTime, lang), Text(Label::kReason, lang),
               Text(Label::kPayload, lang)});
  v1::ReadResponse response;
  while (reader->Read(&response)) {
    const v1::Event& event = response.event();
    if (context.json) {
      Print(JsonLine(event));
      continue;
    }
    table.AddRow({absl::StrCat(event.position()), event.stream(),
                  absl::StrCat(event.stream_version()), event.event_id(),
                  event.actor().user(), event.actor().role(),
                  FormatServerTime(event.server_time()), event.reason(),
                  PayloadJson(event)});
  }
  const grpc::Status status = reader->Finish();
  if (!status.ok()) return ReportRpcError(status);
  if (!context.json) Print(table.Render());
  return kExitOk;
}

int Verify(const CliContext& context, const ParsedFlags&) {
  v1::VerifyLogResponse response;
  const grpc::Status status =
      v1::AuditService::NewStub(context.Connect())
          ->VerifyLog(context.NewCall().get(), v1::VerifyLogRequest(),
                      &response);
  if (!status.ok()) return ReportRpcError(status);
  if (context.json) {
    Print(JsonLine(response));
  } else {
    const Lang lang = context.lang;
    Table table({Text(Label::kField, lang), Text(Label::kValue, lang)});
    table.AddRow({Text(Label::kOk, lang),
                  Text(response.ok() ? Label::kYes : Label::kNo, lang)});
    table.AddRow({Text(Label::kEventsChecked, lang),
                  absl::StrCat(response.events_checked())});
    table.AddRow({Text(Label::kLastPosition, lang),
                  absl::StrCat(response.last_position())});
    table.AddRow({Text(Label::kDigest, lang), response.digest_sha256()});
    for (const std::string& problem : response.problems()) {
      table.AddRow({Text(Label::kProblems, lang), problem});
    }
    Print(table.Render());
  }
  // A damaged log is a failure a script must notice.
  return response.ok() ? kExitOk : kExitRpcError;
}

}  // namespace

CommandGroup AuditCommands() {
  return {
      "audit",
      "the raw events with their envelopes, and a check of the whole log",
      {
          {"events",
           "[--stream T] [--from N] [--limit N] [--backwards]",
           "Every stored event with its whole envelope: position, stream, "
           "version, event id, actor, role, time, reason and payload. "
           "Officials.",
           {{"stream", "T",
             "only this stream, e.g. the tournament id (default: the whole "
             "log)"},
            {"from", "N",
             "first position, or stream version with --stream (default: "
             "start, or end with --backwards)"},
            {"limit", "N", "at most N events (default 1000, max 10000)"},
            {"backwards", "", "newest first"}},
           RpcOf<v1::EventLogService>("Read"),
           Events},
          {"verify",
           "",
           "Re-reads the whole log: checksums, dense positions and stream "
           "versions, and a SHA-256 digest to compare copies. Exit 1 when a "
           "problem is found. Organiser, chief arbiter, committee.",
           {},
           RpcOf<v1::AuditService>("VerifyLog"),
           Verify},
      },
  };
}

}  // namespace qiwang::cli
