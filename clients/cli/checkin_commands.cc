#include "clients/cli/checkin_commands.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "clients/cli/command_support.h"
#include "clients/cli/event_format.h"
#include "clients/cli/player_table.h"
#include "clients/cli/table.h"
#include "qiwang/v1/tournament_service.grpc.pb.h"

namespace qiwang::cli {
namespace {

absl::StatusOr<v1::CheckInDocument> ParseDocument(absl::string_view text) {
  if (text == "identity") return v1::CHECK_IN_DOCUMENT_IDENTITY_COPY;
  if (text == "work") return v1::CHECK_IN_DOCUMENT_WORK_CERTIFICATE;
  if (text == "insurance") return v1::CHECK_IN_DOCUMENT_INSURANCE;
  if (text == "companion") return v1::CHECK_IN_DOCUMENT_COMPANION;
  return absl::InvalidArgumentError(
      absl::StrCat("--documents: identity, work, insurance or companion (got '",
                   text, "')"));
}

int Record(const CliContext& context, const ParsedFlags& flags) {
  v1::CheckInPlayerRequest request;
  if (absl::Status set = SetTournamentAndPlayer(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  for (absl::string_view name :
       absl::StrSplit(flags.Get("documents", ""), ',', absl::SkipEmpty())) {
    absl::StatusOr<v1::CheckInDocument> document = ParseDocument(name);
    if (!document.ok()) return context.UsageError(document.status());
    request.add_documents(*document);
  }
  request.set_command_id(CommandId(flags));
  v1::CheckInPlayerResponse response;
  const grpc::Status status =
      v1::TournamentService::NewStub(context.Connect())
          ->CheckInPlayer(context.NewCall().get(), request, &response);
  return PrintCommandOutcome(
      context, status, request.command_id(), response, response.result(),
      {{Label::kPlayerId, absl::StrCat(request.player_id())}});
}

int Excuse(const CliContext& context, const ParsedFlags& flags) {
  v1::ExcuseAbsenceRequest request;
  if (absl::Status set = SetTournamentAndPlayer(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  request.set_note(flags.Get("note", ""));
  request.set_command_id(CommandId(flags));
  v1::ExcuseAbsenceResponse response;
  const grpc::Status status =
      v1::TournamentService::NewStub(context.Connect())
          ->ExcuseAbsence(context.NewCall().get(), request, &response);
  return PrintCommandOutcome(
      context, status, request.command_id(), response, response.result(),
      {{Label::kPlayerId, absl::StrCat(request.player_id())}});
}

int Close(const CliContext& context, const ParsedFlags& flags) {
  v1::CloseCheckInRequest request;
  if (absl::Status set = SetTournament(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  request.set_reason(flags.Get("reason", ""));
  request.set_command_id(CommandId(flags));
  v1::CloseCheckInResponse response;
  const grpc::Status status =
      v1::TournamentService::NewStub(context.Connect())
          ->CloseCheckIn(context.NewCall().get(), request, &response);
  std::vector<std::string> substitutes;
  for (const v1::SubstituteInvited& invited : response.substitutes()) {
    substitutes.push_back(absl::StrCat(invited.person().name(), " (",
                                       invited.station_id(), " #",
                                       invited.station_rank(), ")"));
  }
  return PrintCommandOutcome(
      context, status, request.command_id(), response, response.result(),
      {{Label::kWithdrawn, absl::StrJoin(response.withdrawn_player_ids(), ",")},
       {Label::kSubstitute, absl::StrJoin(substitutes, ", ")}});
}

int Status(const CliContext& context, const ParsedFlags& flags) {
  v1::GetCheckInStatusRequest request;
  if (absl::Status set = SetTournament(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  v1::GetCheckInStatusResponse response;
  const grpc::Status status =
      v1::TournamentService::NewStub(context.Connect())
          ->GetCheckInStatus(context.NewCall().get(), request, &response);
  if (!status.ok()) return ReportRpcError(status);
  if (context.json) {
    Print(JsonLine(response));
    return kExitOk;
  }
  const Lang lang = context.lang;
  Table counts({Text(Label::kField, lang), Text(Label::kValue, lang)});
  counts.AddRow({Text(Label::kCheckInClosed, lang),
                 Text(response.closed() ? Label::kYes : Label::kNo, lang)});
  counts.AddRow(
      {Text(Label::kRegistered, lang), absl::StrCat(response.registered())});
  counts.AddRow(
      {Text(Label::kCheckedIn, lang), absl::StrCat(response.checked_in())});
  counts.AddRow(
      {Text(Label::kExcused, lang), absl::StrCat(response.excused())});
  counts.AddRow(
      {Text(Label::kWithdrawn, lang), absl::StrCat(response.withdrawn())});
  Print(absl::StrCat(counts.Render(), "\n",
                     PlayerTable(response.pending(), lang)));
  return kExitOk;
}

}  // namespace

CommandGroup CheckInCommands() {
  return {
      "checkin",
      "the check-in desk: record, excuse, close, status (R4.2, R4.3)",
      {
          {"record",
           "--tournament ID --player ID --documents identity,insurance,...",
           "Checks a player in with the documents seen (identity, work, "
           "insurance, companion). Registrar, arbiter, chief arbiter.",
           {TournamentFlag(),
            {"player", "ID", "player id"},
            {"documents", "LIST", "comma-separated documents seen"},
            CommandIdFlag()},
           RpcOf<v1::TournamentService>("CheckInPlayer"),
           Record},
          {"excuse",
           "--tournament ID --player ID --note N",
           "Logs a phone notice: the player is excused, not withdrawn (R4.3).",
           {TournamentFlag(),
            {"player", "ID", "player id"},
            {"note", "N", "the notice (required)"},
            CommandIdFlag()},
           RpcOf<v1::TournamentService>("ExcuseAbsence"),
           Excuse},
          {"close",
           "--tournament ID [--reason R]",
           "Closes check-in: absentees are withdrawn naming their station and "
           "substitutes invited (R4.3, R3.3). Chief arbiter.",
           {TournamentFlag(),
            {"reason", "R", "why (optional)"},
            CommandIdFlag()},
           RpcOf<v1::TournamentService>("CloseCheckIn"),
           Close},
          {"status",
           "--tournament ID",
           "Counts, and the players still expected with what they must bring.",
           {TournamentFlag()},
           RpcOf<v1::TournamentService>("GetCheckInStatus"),
           Status},
      },
  };
}

}  // namespace qiwang::cli
