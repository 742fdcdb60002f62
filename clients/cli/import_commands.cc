#include "clients/cli/import_commands.h"

#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "clients/cli/command_support.h"
#include "clients/cli/table.h"
#include "qiwang/v1/import_service.grpc.pb.h"

namespace qiwang::cli {
namespace {

// --time-control "90+30": minutes and increment seconds.
absl::Status SetTimeControl(const ParsedFlags& flags,
                            v1::ImportTrfRequest& request) {
  if (!flags.Has("time-control")) return absl::OkStatus();
  const std::string text = flags.Get("time-control", "");
  std::vector<std::string> parts = absl::StrSplit(text, '+');
  int minutes = 0;
  int seconds = 0;
  if (parts.size() != 2 || !absl::SimpleAtoi(parts[0], &minutes) ||
      !absl::SimpleAtoi(parts[1], &seconds) || minutes <= 0 || seconds < 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--time-control: MINUTES+SECONDS, e.g. 90+30 (got '", text, "')"));
  }
  request.mutable_time_control()->set_base_minutes(minutes);
  request.mutable_time_control()->set_increment_seconds(seconds);
  return absl::OkStatus();
}

// --tie-breaks buchholz,wins: TieBreakKind names without their prefix.
absl::Status SetTieBreaks(const ParsedFlags& flags,
                          v1::ImportTrfRequest& request) {
  if (!flags.Has("tie-breaks")) return absl::OkStatus();
  const std::string list = flags.Get("tie-breaks", "");
  for (absl::string_view name : absl::StrSplit(list, ',', absl::SkipEmpty())) {
    const google::protobuf::EnumValueDescriptor* value =
        v1::TieBreakKind_descriptor()->FindValueByName(
            absl::StrCat("TIE_BREAK_KIND_", absl::AsciiStrToUpper(name)));
    if (value == nullptr || value->number() == 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--tie-breaks: no tie-break '", name,
          "' (e.g. opponents_score, wins, buchholz, sonneborn_berger)"));
    }
    request.add_tie_breaks(static_cast<v1::TieBreakKind>(value->number()));
  }
  return absl::OkStatus();
}

absl::Status ReadRequest(const ParsedFlags& flags,
                         v1::ImportTrfRequest& request) {
  if (absl::Status set = SetTournament(flags, request); !set.ok()) return set;
  absl::StatusOr<std::string> path = Required(flags, "file");
  if (!path.ok()) return path.status();
  absl::StatusOr<std::string> bytes = ReadInputFile(*path, "FILE");
  if (!bytes.ok()) return bytes.status();
  request.set_trf(*std::move(bytes));
  request.set_file_name(std::string(*path).substr(path->rfind('/') + 1));
  request.set_command_id(CommandId(flags));
  request.set_section_id(flags.Get("section", ""));
  request.set_time_zone(flags.Get("time-zone", ""));
  if (absl::Status set = SetTimeControl(flags, request); !set.ok()) return set;
  return SetTieBreaks(flags, request);
}

int ImportTrf(const CliContext& context, const ParsedFlags& flags) {
  v1::ImportTrfRequest request;
  if (absl::Status read = ReadRequest(flags, request); !read.ok()) {
    return context.UsageError(read);
  }
  v1::ImportTrfResponse response;
  const grpc::Status status =
      v1::ImportService::NewStub(context.Connect())
          ->ImportTrf(context.NewCall().get(), request, &response);
  return PrintCommandOutcome(
      context, status, request.command_id(), response, response.result(),
      {{Label::kTournament, request.tournament_id()},
       {Label::kSection, response.section_id()},
       {Label::kPlayers, absl::StrCat(response.players())},
       {Label::kRounds, absl::StrCat(response.rounds())},
       {Label::kFile, request.file_name()},
       {Label::kDigest, response.sha256()}});
}

}  // namespace

CommandGroup ImportCommands() {
  return {
      "import",
      "a tournament started elsewhere, from its TRF file",
      {
          {"trf",
           "FILE --tournament ID [--section S] [--time-zone ZONE] "
           "[--time-control 90+30] [--tie-breaks a,b]",
           "Creates tournament ID from a TRF-16 or TRF-2026 file (as "
           "Swiss-Manager, Vega, bbpPairings or `qiwang export trf` write "
           "it): one section (--section, default open) with the file's "
           "players, rounds, colours (white = red), results, byes, forfeits "
           "and withdrawals, all appended at once, each event naming the "
           "file and its SHA-256. The file's 122 time control and 202 "
           "tie-breaks win over the flags, which give what it lacks. A file "
           "that cannot be imported is refused naming its line and column. "
           "Organiser or chief arbiter.",
           {TournamentFlag(),
            {"file", "FILE", "the tournament report file (or as argument)"},
            {"section", "S", "the section's id (default open)"},
            {"time-zone", "ZONE", "IANA zone of the dates (Asia/Shanghai)"},
            {"time-control", "M+S", "when the file has no 122 line"},
            {"tie-breaks", "a,b", "when the file names none"},
            CommandIdFlag()},
           RpcOf<v1::ImportService>("ImportTrf"),
           ImportTrf,
           "file"},
      },
  };
}

}  // namespace qiwang::cli
