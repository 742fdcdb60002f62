#include "clients/cli/player_commands.h"

#include "absl/strings/str_cat.h"
#include "clients/cli/command_support.h"
#include "clients/cli/event_format.h"
#include "clients/cli/player_table.h"
#include "clients/cli/table.h"
#include "qiwang/v1/tournament_service.grpc.pb.h"

namespace qiwang::cli {
namespace {

absl::StatusOr<v1::Title> ParseTitle(const std::string& text) {
  if (text.empty() || text == "none") return v1::TITLE_NONE;
  if (text == "provincial-team-master") return v1::TITLE_PROVINCIAL_TEAM_MASTER;
  if (text == "national-master") return v1::TITLE_NATIONAL_MASTER;
  if (text == "grandmaster") return v1::TITLE_GRANDMASTER;
  return absl::InvalidArgumentError(absl::StrCat(
      "--title: none, provincial-team-master, national-master or grandmaster "
      "(got '",
      text, "')"));
}

absl::StatusOr<v1::Residency> ParseResidency(const std::string& text) {
  if (text.empty() || text == "native") return v1::RESIDENCY_NATIVE;
  if (text == "worker") return v1::RESIDENCY_WORKER;
  return absl::InvalidArgumentError(
      absl::StrCat("--residency: native or worker (got '", text, "')"));
}

}  // namespace

absl::StatusOr<v1::RegisterPlayerRequest> RegisterRequest(
    const ParsedFlags& flags) {
  v1::RegisterPlayerRequest request;
  if (absl::Status set = SetTournament(flags, request); !set.ok()) return set;
  v1::Person& person = *request.mutable_person();
  absl::StatusOr<std::string> name = Required(flags, "name");
  if (!name.ok()) return name.status();
  person.set_name(*name);
  person.set_latin_name(flags.Get("latin-name", ""));
  person.set_id_number(flags.Get("id-number", ""));
  absl::StatusOr<v1::Date> born =
      ParseDate(flags.Get("birth-date", ""), "birth-date");
  if (!born.ok()) return born.status();
  *person.mutable_birth_date() = *born;
  absl::StatusOr<v1::Gender> gender =
      ParseGender(flags.Get("gender", ""), "gender");
  if (!gender.ok()) return gender.status();
  person.set_gender(*gender);
  absl::StatusOr<v1::Title> title = ParseTitle(flags.Get("title", ""));
  if (!title.ok()) return title.status();
  request.set_title(*title);
  absl::StatusOr<v1::Residency> residency =
      ParseResidency(flags.Get("residency", ""));
  if (!residency.ok()) return residency.status();
  request.set_residency(*residency);
  request.set_insurance_confirmed(flags.Has("insurance"));
  request.set_section_id(flags.Get("section", ""));
  request.set_unit(flags.Get("unit", ""));
  request.set_late_admission(flags.Has("late"));
  request.set_reason(flags.Get("reason", ""));
  request.set_command_id(CommandId(flags));
  return request;
}

namespace {

int Register(const CliContext& context, const ParsedFlags& flags) {
  absl::StatusOr<v1::RegisterPlayerRequest> request = RegisterRequest(flags);
  if (!request.ok()) {
    return context.UsageError(request.status());
  }
  v1::RegisterPlayerResponse response;
  const grpc::Status status =
      v1::TournamentService::NewStub(context.Connect())
          ->RegisterPlayer(context.NewCall().get(), *request, &response);
  return PrintCommandOutcome(
      context, status, request->command_id(), response, response.result(),
      {{Label::kPlayerId, absl::StrCat(response.player_id())},
       {Label::kSection, response.section_id()}});
}

int Withdraw(const CliContext& context, const ParsedFlags& flags) {
  v1::WithdrawPlayerRequest request;
  if (absl::Status set = SetTournamentAndPlayer(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  request.set_reason(flags.Get("reason", ""));
  request.set_command_id(CommandId(flags));
  v1::WithdrawPlayerResponse response;
  const grpc::Status status =
      v1::TournamentService::NewStub(context.Connect())
          ->WithdrawPlayer(context.NewCall().get(), request, &response);
  return PrintCommandOutcome(
      context, status, request.command_id(), response, response.result(),
      {{Label::kFromRound, absl::StrCat(response.from_round())}});
}

int Forget(const CliContext& context, const ParsedFlags& flags) {
  v1::ForgetPersonRequest request;
  if (absl::Status set = SetTournamentAndPlayer(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  request.set_reason(flags.Get("reason", ""));
  request.set_command_id(CommandId(flags));
  v1::ForgetPersonResponse response;
  const grpc::Status status =
      v1::TournamentService::NewStub(context.Connect())
          ->ForgetPerson(context.NewCall().get(), request, &response);
  return PrintCommandOutcome(context, status, request.command_id(), response,
                             response.result(), {});
}

int List(const CliContext& context, const ParsedFlags& flags) {
  v1::ListPlayersRequest request;
  if (absl::Status set = SetTournament(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  request.set_section_id(flags.Get("section", ""));
  v1::ListPlayersResponse response;
  const grpc::Status status =
      v1::TournamentService::NewStub(context.Connect())
          ->ListPlayers(context.NewCall().get(), request, &response);
  if (!status.ok()) return ReportRpcError(status);
  Print(context.json ? JsonLine(response)
                     : PlayerTable(response.players(), context.lang));
  return kExitOk;
}

int Show(const CliContext& context, const ParsedFlags& flags) {
  v1::GetPlayerRequest request;
  if (absl::Status set = SetTournamentAndPlayer(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  v1::GetPlayerResponse response;
  const grpc::Status status =
      v1::TournamentService::NewStub(context.Connect())
          ->GetPlayer(context.NewCall().get(), request, &response);
  if (!status.ok()) return ReportRpcError(status);
  google::protobuf::RepeatedPtrField<v1::PlayerView> one;
  *one.Add() = response.player();
  Print(context.json ? JsonLine(response) : PlayerTable(one, context.lang));
  return kExitOk;
}

int Qualifiers(const CliContext& context, const ParsedFlags& flags) {
  v1::ListQualifiersRequest request;
  if (absl::Status set = SetTournament(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  request.set_station_id(flags.Get("station", ""));
  v1::ListQualifiersResponse response;
  const grpc::Status status =
      v1::TournamentService::NewStub(context.Connect())
          ->ListQualifiers(context.NewCall().get(), request, &response);
  if (!status.ok()) return ReportRpcError(status);
  if (context.json) {
    Print(JsonLine(response));
    return kExitOk;
  }
  const Lang lang = context.lang;
  Table table({Text(Label::kStation, lang), Text(Label::kRank, lang),
               Text(Label::kName, lang), Text(Label::kBirthYear, lang),
               Text(Label::kPlayerId, lang), Text(Label::kQualifiedAt, lang),
               Text(Label::kSubstitute, lang)});
  for (const v1::Qualifier& qualifier : response.qualifiers()) {
    table.AddRow(
        {qualifier.station_id(), absl::StrCat(qualifier.station_rank()),
         qualifier.name(), absl::StrCat(qualifier.birth_year()),
         qualifier.player_id() == 0 ? "" : absl::StrCat(qualifier.player_id()),
         qualifier.qualified_at_station_id(),
         qualifier.substitute() ? Text(Label::kYes, lang) : ""});
  }
  Print(table.Render());
  return kExitOk;
}

}  // namespace

CommandGroup PlayerCommands() {
  return {
      "player",
      "register an entrant (R2, R3, R4.1) or withdraw one (R4.4)",
      {
          {"register",
           "--tournament ID --name N [--latin-name L] --id-number X "
           "--birth-date YYYY-MM-DD --gender m|f [--title T] [--residency "
           "native|worker] "
           "[--insurance] [--section ID] [--unit U] [--late --reason R]",
           "Registers a player; the section is derived from birth date and "
           "gender unless --section is given. Registrar (a late entry: "
           "chief arbiter, with --late and --reason).",
           {TournamentFlag(),
            {"name", "N", "full name as on the identity document"},
            {"latin-name", "L",
             "the name in Latin letters, e.g. pinyin (TRF exports)"},
            {"id-number", "X", "identity document number"},
            {"birth-date", "YYYY-MM-DD", "date of birth (R2.2 age groups)"},
            {"gender", "m|f", "R2.3"},
            {"title", "T",
             "none (default), provincial-team-master, national-master, "
             "grandmaster"},
            {"residency", "native|worker", "R2.5 (default native)"},
            {"insurance", "", "accident insurance confirmed (R2.5)"},
            {"section", "ID", "section id (default: derived)"},
            {"unit", "U",
             "the unit represented (代表单位: club, city, company) for "
             "same-unit avoidance (2011 rules; default: the qualifying "
             "station)"},
            {"late", "", "late admission after the deadline (R4.1)"},
            {"reason", "R", "why (required with --late)"},
            CommandIdFlag()},
           RpcOf<v1::TournamentService>("RegisterPlayer"),
           Register},
          {"withdraw",
           "--tournament ID --player ID --reason R",
           "Withdraws a player from the next unpaired round on (R4.4).",
           {TournamentFlag(),
            {"player", "ID", "player id"},
            {"reason", "R", "why (required)"},
            CommandIdFlag()},
           RpcOf<v1::TournamentService>("WithdrawPlayer"),
           Withdraw},
          {"forget",
           "ID --tournament ID --reason R",
           "Forgets a player's personal data for good (ID number, birth "
           "date, notes; results stay), once the retention period after the "
           "last round is over. Organiser. Issue 18.",
           {TournamentFlag(),
            {"player", "ID", "player id (or as argument)"},
            {"reason", "R", "why (required)"},
            CommandIdFlag()},
           RpcOf<v1::TournamentService>("ForgetPerson"),
           Forget,
           "player"},
      },
  };
}

CommandGroup PlayersCommands() {
  return {
      "players",
      "list registered players or show one",
      {
          {"list",
           "--tournament ID [--section ID]",
           "Lists players in id order; id numbers for officials only.",
           {TournamentFlag(), {"section", "ID", "only this section"}},
           RpcOf<v1::TournamentService>("ListPlayers"),
           List},
          {"show",
           "ID --tournament ID",
           "Shows one player.",
           {TournamentFlag(), {"player", "ID", "player id (or as argument)"}},
           RpcOf<v1::TournamentService>("GetPlayer"),
           Show,
           "player"},
      },
  };
}

CommandGroup QualifierCommands() {
  return {
      "qualifiers",
      "station qualifiers as derived by R3.1-R3.3",
      {
          {"",
           "--tournament ID [--station ID]",
           "Lists each station's qualifiers, who qualified elsewhere first "
           "(R3.2) and substitutes (R3.3).",
           {TournamentFlag(), {"station", "ID", "only this station"}},
           RpcOf<v1::TournamentService>("ListQualifiers"),
           Qualifiers},
      },
  };
}

}  // namespace qiwang::cli
