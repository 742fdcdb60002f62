#include "clients/cli/log_commands.h"

#include <cstdio>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "clients/cli/event_format.h"
#include "clients/cli/table.h"
#include "qiwang/v1/event_log_service.grpc.pb.h"

namespace qiwang::cli {
namespace {

absl::StatusOr<uint64_t> ParseCount(const ParsedFlags& flags,
                                    const std::string& name) {
  uint64_t value = 0;
  const std::string text = flags.Get(name, "0");
  if (!absl::SimpleAtoi(text, &value)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--", name, ": not a non-negative number (got '", text, "')"));
  }
  return value;
}

absl::StatusOr<v1::ExpectedVersion> ParseExpected(const std::string& text) {
  v1::ExpectedVersion expected;
  uint64_t version = 0;
  if (text == "any") {
    expected.set_kind(v1::ExpectedVersion::KIND_ANY);
  } else if (text == "no-stream") {
    expected.set_kind(v1::ExpectedVersion::KIND_NO_STREAM);
  } else if (absl::SimpleAtoi(text, &version)) {
    expected.set_kind(v1::ExpectedVersion::KIND_EXACT);
    expected.set_version(version);
  } else {
    return absl::InvalidArgumentError(absl::StrCat(
        "--expected: any, no-stream or a stream version (got '", text, "')"));
  }
  return expected;
}

void Print(const std::string& text) {
  std::fputs(text.c_str(), stdout);
  std::fflush(stdout);
}

int Append(const CliContext& context, const ParsedFlags& flags) {
  v1::AppendRequest request;
  request.set_stream(flags.Get("stream", ""));
  if (request.stream().empty()) {
    return context.UsageError(absl::InvalidArgumentError("--stream: required"));
  }
  absl::StatusOr<v1::ExpectedVersion> expected =
      ParseExpected(flags.Get("expected", "any"));
  if (!expected.ok()) return context.UsageError(expected.status());
  *request.mutable_expected_version() = *expected;
  request.set_command_id(flags.Get("command-id", ""));
  if (!flags.Has("note")) {
    return context.UsageError(
        absl::InvalidArgumentError("--note: at least one is required"));
  }
  for (const std::string& note : flags.All("note")) {
    v1::ProposedEvent* event = request.add_events();
    event->set_reason(flags.Get("reason", ""));
    event->mutable_log_note()->set_text(note);
  }

  v1::AppendResponse response;
  const grpc::Status status =
      v1::EventLogService::NewStub(context.Connect())
          ->Append(context.NewCall().get(), request, &response);
  if (!status.ok()) return ReportRpcError(status);
  if (context.json) {
    Print(JsonLine(response));
    return kExitOk;
  }
  const Lang lang = context.lang;
  Table table({Text(Label::kField, lang), Text(Label::kValue, lang)});
  table.AddRow({Text(Label::kFirstPosition, lang),
                absl::StrCat(response.first_position())});
  table.AddRow({Text(Label::kLastPosition, lang),
                absl::StrCat(response.last_position())});
  table.AddRow({Text(Label::kStreamVersion, lang),
                absl::StrCat(response.stream_version())});
  table.AddRow({Text(Label::kReplayed, lang),
                Text(response.replayed() ? Label::kYes : Label::kNo, lang)});
  Print(table.Render());
  return kExitOk;
}

int Read(const CliContext& context, const ParsedFlags& flags) {
  v1::ReadRequest request;
  request.set_stream(flags.Get("stream", ""));
  request.set_backwards(flags.Has("backwards"));
  absl::StatusOr<uint64_t> from = ParseCount(flags, "from");
  if (!from.ok()) return context.UsageError(from.status());
  request.set_from(*from);
  absl::StatusOr<uint64_t> limit = ParseCount(flags, "limit");
  if (!limit.ok()) return context.UsageError(limit.status());
  if (*limit > UINT32_MAX) {
    return context.UsageError(absl::InvalidArgumentError("--limit: too large"));
  }
  request.set_limit(static_cast<uint32_t>(*limit));

  std::unique_ptr<grpc::ClientContext> call = context.NewCall();
  auto reader = v1::EventLogService::NewStub(context.Connect())
                    ->Read(call.get(), request);
  Table table(EventHeadings(context.lang));
  v1::ReadResponse response;
  while (reader->Read(&response)) {
    if (context.json) {
      Print(JsonLine(response.event()));
    } else {
      table.AddRow(EventCells(response.event()));
    }
  }
  if (!context.json) Print(table.Render());
  const grpc::Status status = reader->Finish();
  return status.ok() ? kExitOk : ReportRpcError(status);
}

int Tail(const CliContext& context, const ParsedFlags& flags) {
  v1::SubscribeRequest request;
  absl::StatusOr<uint64_t> from = ParseCount(flags, "from");
  if (!from.ok()) return context.UsageError(from.status());
  request.set_from_position(*from);
  const bool follow = flags.Has("follow");

  std::unique_ptr<grpc::ClientContext> call = context.NewCall(follow);
  auto reader = v1::EventLogService::NewStub(context.Connect())
                    ->Subscribe(call.get(), request);
  Table table(EventHeadings(context.lang));
  bool caught_up = false;
  v1::SubscribeResponse response;
  while (reader->Read(&response)) {
    if (context.json) Print(JsonLine(response));
    if (response.has_caught_up()) {
      caught_up = true;
      if (!context.json) Print(table.Render());
      if (!follow) {
        call->TryCancel();
        break;
      }
    } else if (!context.json && !caught_up) {
      table.AddRow(EventCells(response.event()));
    } else if (!context.json) {
      Table live(EventHeadings(context.lang));
      live.AddRow(EventCells(response.event()));
      const std::string rendered = live.Render();
      Print(rendered.substr(rendered.find('\n') + 1));
    }
  }
  const grpc::Status status = reader->Finish();
  if (caught_up && !follow) return kExitOk;
  return status.ok() ? kExitOk : ReportRpcError(status);
}

}  // namespace

CommandGroup LogCommands() {
  return {
      "log",
      "the raw event log: append notes, read, follow",
      {
          {"append",
           "--stream S [--expected any|no-stream|N] [--command-id ID] "
           "[--reason R] --note TEXT [--note TEXT...]",
           "Appends one note event per --note to stream S, atomically.",
           {{"stream", "S", "stream (tournament id) to append to"},
            {"expected", "any|no-stream|N",
             "stream version expected before the append (default any)"},
            {"command-id", "ID", "idempotency key: a retry is answered once"},
            {"reason", "R", "why (recorded on every event)"},
            {"note", "TEXT", "text of one note event", /*repeated=*/true}},
           RpcOf<v1::EventLogService>("Append"),
           Append},
          {"read",
           "[--stream S] [--from N] [--limit N] [--backwards]",
           "Reads stored events of one stream or of the whole log.",
           {{"stream", "S", "only this stream (default: the whole log)"},
            {"from", "N",
             "first position or stream version (default: start, or end "
             "with --backwards)"},
            {"limit", "N", "at most N events (default 1000, max 10000)"},
            {"backwards", "", "newest first"}},
           RpcOf<v1::EventLogService>("Read"),
           Read},
          {"tail",
           "[--from N] [--follow]",
           "Prints the log from position N until caught up; with --follow, "
           "keeps printing new events until Ctrl-C.",
           {{"from", "N", "first global position (default: the start)"},
            {"follow", "", "keep following live events (no deadline)"}},
           RpcOf<v1::EventLogService>("Subscribe"),
           Tail},
      },
  };
}

}  // namespace qiwang::cli
