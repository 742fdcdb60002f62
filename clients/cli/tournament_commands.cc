#include "clients/cli/tournament_commands.h"

#include "absl/strings/str_cat.h"
#include "clients/cli/command_support.h"
#include "clients/cli/event_format.h"
#include "clients/cli/table.h"
#include "qiwang/v1/tournament_service.grpc.pb.h"

namespace qiwang::cli {
namespace {

// --config FILE into the request's config, and its command id and reason.
template <typename Request>
absl::Status ReadConfig(const ParsedFlags& flags, Request& request) {
  absl::StatusOr<std::string> path = Required(flags, "config");
  if (!path.ok()) return path.status();
  request.set_command_id(CommandId(flags));
  request.set_reason(flags.Get("reason", ""));
  return ReadJsonFile(*path, "config", *request.mutable_config());
}

int Create(const CliContext& context, const ParsedFlags& flags) {
  v1::CreateTournamentRequest request;
  if (absl::Status read = ReadConfig(flags, request); !read.ok()) {
    return context.UsageError(read);
  }
  v1::CreateTournamentResponse response;
  const grpc::Status status =
      v1::TournamentService::NewStub(context.Connect())
          ->CreateTournament(context.NewCall().get(), request, &response);
  return PrintCommandOutcome(context, status, request.command_id(), response,
                             response.result(),
                             {{Label::kTournament, request.config().id()}});
}

int Amend(const CliContext& context, const ParsedFlags& flags) {
  v1::AmendTournamentRequest request;
  if (absl::Status set = SetTournament(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  if (absl::Status read = ReadConfig(flags, request); !read.ok()) {
    return context.UsageError(read);
  }
  v1::AmendTournamentResponse response;
  const grpc::Status status =
      v1::TournamentService::NewStub(context.Connect())
          ->AmendTournament(context.NewCall().get(), request, &response);
  return PrintCommandOutcome(context, status, request.command_id(), response,
                             response.result());
}

int Show(const CliContext& context, const ParsedFlags& flags) {
  v1::GetTournamentRequest request;
  if (absl::Status set = SetTournament(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  v1::GetTournamentResponse response;
  const grpc::Status status =
      v1::TournamentService::NewStub(context.Connect())
          ->GetTournament(context.NewCall().get(), request, &response);
  if (!status.ok()) return ReportRpcError(status);
  if (context.json) {
    Print(JsonLine(response));
    return kExitOk;
  }
  const Lang lang = context.lang;
  const v1::TournamentConfig& config = response.config();
  Table table({Text(Label::kField, lang), Text(Label::kValue, lang)});
  table.AddRow({Text(Label::kTournament, lang),
                absl::StrCat(config.id(), "  ",
                             lang == Lang::kZh ? config.name().zh()
                                               : config.name().en())});
  for (const v1::Section& section : config.sections()) {
    table.AddRow({Text(Label::kSection, lang), section.id()});
  }
  for (const v1::Station& station : config.stations()) {
    table.AddRow(
        {Text(Label::kStation, lang),
         absl::StrCat(station.id(), "  ", FormatDate(station.date()))});
  }
  table.AddRow(
      {Text(Label::kCheckInClosed, lang),
       Text(response.check_in_closed() ? Label::kYes : Label::kNo, lang)});
  table.AddRow({Text(Label::kAsOfPosition, lang),
                absl::StrCat(response.as_of_position())});
  Print(table.Render());
  return kExitOk;
}

}  // namespace

CommandGroup TournamentCommands() {
  return {
      "tournament",
      "create a tournament from its configuration, amend it, show it (R1.1)",
      {
          {"create",
           "--config FILE [--command-id ID]",
           "Creates the tournament configured in FILE (protobuf JSON, e.g. "
           "deploy/examples/sichuan-2016.json). Organiser.",
           {{"config", "FILE", "the TournamentConfig as protobuf JSON"},
            {"reason", "R", "why (optional)"},
            CommandIdFlag()},
           RpcOf<v1::TournamentService>("CreateTournament"),
           Create},
          {"amend",
           "--tournament ID --config FILE --reason R [--command-id ID]",
           "Replaces the configuration, logged with the reason. Organiser.",
           {TournamentFlag(),
            {"config", "FILE", "the new TournamentConfig as protobuf JSON"},
            {"reason", "R", "why (required)"},
            CommandIdFlag()},
           RpcOf<v1::TournamentService>("AmendTournament"),
           Amend},
          {"show",
           "--tournament ID",
           "Shows the tournament's sections, stations and check-in state.",
           {TournamentFlag()},
           RpcOf<v1::TournamentService>("GetTournament"),
           Show},
      },
  };
}

}  // namespace qiwang::cli
