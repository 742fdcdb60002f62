#include "clients/cli/station_commands.h"

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "clients/cli/command_support.h"
#include "clients/cli/csv_reader.h"
#include "qiwang/v1/tournament_service.grpc.pb.h"

namespace qiwang::cli {
namespace {

absl::StatusOr<v1::StationKind> ParseKind(const std::string& text) {
  if (text == "city") return v1::STATION_KIND_CITY;
  if (text == "enterprise") return v1::STATION_KIND_ENTERPRISE;
  if (text == "youth") return v1::STATION_KIND_PROVINCIAL_YOUTH;
  return absl::InvalidArgumentError(
      absl::StrCat("--kind: city, enterprise or youth (got '", text, "')"));
}

// CSV records (RFC 4180, csv_reader.h) `rank,name,id_number,birth_date,
// gender[,latin_name]`; an optional heading record starting with "rank" is
// skipped.
// Ranks must run 1, 2, 3, ...
absl::StatusOr<std::vector<v1::Person>> ReadRanking(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    return absl::InvalidArgumentError(
        absl::StrCat("--ranking: cannot read ", path));
  }
  std::stringstream text;
  text << file.rdbuf();
  absl::StatusOr<std::vector<CsvRecord>> records = ReadCsv(text.str());
  if (!records.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("--ranking: ", path, ": ", records.status().message()));
  }
  std::vector<v1::Person> ranking;
  for (CsvRecord& record : *records) {
    const std::string where =
        absl::StrCat("--ranking: ", path, ":", record.line);
    std::vector<std::string>& fields = record.fields;
    for (std::string& field : fields) absl::StripAsciiWhitespace(&field);
    if ((fields.size() == 1 && fields[0].empty()) ||
        (record.line == 1 && absl::StartsWithIgnoreCase(fields[0], "rank"))) {
      continue;
    }
    int rank = 0;
    if ((fields.size() != 5 && fields.size() != 6) ||
        !absl::SimpleAtoi(fields[0], &rank)) {
      return absl::InvalidArgumentError(absl::StrCat(
          where,
          ": expected rank,name,id_number,birth_date,gender[,latin_name]"));
    }
    if (rank != static_cast<int>(ranking.size()) + 1) {
      return absl::InvalidArgumentError(absl::StrCat(
          where, ": rank ", rank, " where ", ranking.size() + 1, " was due"));
    }
    v1::Person person;
    person.set_name(fields[1]);
    person.set_id_number(fields[2]);
    absl::StatusOr<v1::Date> born = ParseDate(fields[3], where + " birth_date");
    if (!born.ok()) return born.status();
    *person.mutable_birth_date() = *born;
    absl::StatusOr<v1::Gender> gender =
        ParseGender(fields[4], where + " gender");
    if (!gender.ok()) return gender.status();
    person.set_gender(*gender);
    if (fields.size() == 6) person.set_latin_name(fields[5]);
    ranking.push_back(std::move(person));
  }
  return ranking;
}

int Record(const CliContext& context, const ParsedFlags& flags) {
  v1::RecordStationResultsRequest request;
  if (absl::Status set = SetTournament(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  absl::StatusOr<std::string> station = Required(flags, "station");
  if (!station.ok()) return context.UsageError(station.status());
  request.mutable_station()->set_id(*station);
  absl::StatusOr<v1::StationKind> kind = ParseKind(flags.Get("kind", ""));
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
           "--date YYYY-MM-DD --ranking FILE.csv [--command-id ID]",
           "Records the station's final ranking; CSV lines "
           "rank,name,id_number,birth_date,gender[,latin_name]. Registrar.",
           {TournamentFlag(),
            {"station", "ID", "station id from the configuration"},
            {"kind", "city|enterprise|youth", "the station's kind (R3.1)"},
            {"date", "YYYY-MM-DD", "the day it was played (R3.2)"},
            {"ranking", "FILE.csv",
             "rank,name,id_number,birth_date,gender[,latin_name]"},
            {"reason", "R", "why (optional)"},
            CommandIdFlag()},
           RpcOf<v1::TournamentService>("RecordStationResults"),
           Record},
      },
  };
}

}  // namespace qiwang::cli
