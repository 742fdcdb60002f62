#include "clients/cli/station_commands.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "clients/cli/command_support.h"
#include "clients/forms/station_ranking.h"
#include "qiwang/v1/tournament_service.grpc.pb.h"

namespace qiwang::cli {
namespace {

// The file at `path`, CSV or .xlsx, read by the rules of station_ranking.h.
absl::StatusOr<std::vector<v1::Person>> ReadRanking(const std::string& path) {
  absl::StatusOr<std::string> text = ReadInputFile(path, "--ranking");
  if (!text.ok()) return text.status();
  return forms::ReadStationRanking(*text, absl::StrCat("--ranking: ", path));
}

int Record(const CliContext& context, const ParsedFlags& flags) {
  v1::RecordStationResultsRequest request;
  if (absl::Status set = SetTournament(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  absl::StatusOr<std::string> station = Required(flags, "station");
  if (!station.ok()) return context.UsageError(station.status());
  request.mutable_station()->set_id(*station);
  absl::StatusOr<v1::StationKind> kind =
      forms::ParseStationKind(flags.Get("kind", ""), "--kind");
  if (!kind.ok()) return context.UsageError(kind.status());
  request.mutable_station()->set_kind(*kind);
  absl::StatusOr<v1::Date> date = ParseDate(flags.Get("date", ""), "date");
  if (!date.ok()) return context.UsageError(date.status());
  *request.mutable_station()->mutable_date() = *date;
  absl::StatusOr<std::string> path = Required(flags, "ranking");
  if (!path.ok()) return context.UsageError(path.status());
  absl::StatusOr<std::vector<v1::Person>> ranking = ReadRanking(*path);
  if (!ranking.ok()) return context.UsageError(ranking.status());
  for (v1::Person& person : *ranking)
    *request.add_ranking() = std::move(person);
  request.set_command_id(CommandId(flags));
  request.set_reason(flags.Get("reason", ""));
  v1::RecordStationResultsResponse response;
  const grpc::Status status =
      v1::TournamentService::NewStub(context.Connect())
          ->RecordStationResults(context.NewCall().get(), request, &response);
  return PrintCommandOutcome(context, status, request.command_id(), response,
                             response.result(), {{Label::kStation, *station}});
}

}  // namespace

CommandGroup StationCommands() {
  return {
      "station",
      "record a station event's ranking (R3)",
      {
          {"record",
           "--tournament ID --station ID --kind city|enterprise|youth "
           "--date YYYY-MM-DD --ranking FILE.csv|FILE.xlsx [--command-id ID]",
           "Records the station's final ranking; CSV lines or the first "
           "worksheet's rows (an .xlsx, known by its content) "
           "rank,name,id_number,birth_date,gender[,latin_name]. Registrar.",
           {TournamentFlag(),
            {"station", "ID", "station id from the configuration"},
            {"kind", "city|enterprise|youth", "the station's kind (R3.1)"},
            {"date", "YYYY-MM-DD", "the day it was played (R3.2)"},
            {"ranking", "FILE.csv|FILE.xlsx",
             "rank,name,id_number,birth_date,gender[,latin_name]"},
            {"reason", "R", "why (optional)"},
            CommandIdFlag()},
           RpcOf<v1::TournamentService>("RecordStationResults"),
           Record},
      },
  };
}

}  // namespace qiwang::cli
