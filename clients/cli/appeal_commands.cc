#include "clients/cli/appeal_commands.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "clients/cli/command_support.h"
#include "clients/cli/event_format.h"
#include "clients/cli/ruling_tables.h"
#include "clients/cli/ruling_values.h"
#include "qiwang/v1/audit_service.grpc.pb.h"
#include "qiwang/v1/ruling_service.grpc.pb.h"

namespace qiwang::cli {
namespace {

absl::Status BuildFile(const ParsedFlags& flags,
                       v1::FileAppealRequest& request) {
  if (absl::Status set = SetTournament(flags, request); !set.ok()) return set;
  absl::StatusOr<std::string> ruling = Required(flags, "ruling");
  if (!ruling.ok()) return ruling.status();
  request.set_ruling_id(*ruling);
  if (flags.Has("player")) {
    absl::StatusOr<int64_t> player = PlayerIdFlag(flags, "player");
    if (!player.ok()) return player.status();
    request.set_appellant_player_id(*player);
  }
  absl::StatusOr<std::string> grounds = Required(flags, "grounds");
  if (!grounds.ok()) return grounds.status();
  request.set_grounds(*grounds);
  request.set_command_id(CommandId(flags));
  return absl::OkStatus();
}

int File(const CliContext& context, const ParsedFlags& flags) {
  v1::FileAppealRequest request;
  if (absl::Status built = BuildFile(flags, request); !built.ok()) {
    return context.UsageError(built);
  }
  v1::FileAppealResponse response;
  const grpc::Status status =
      v1::RulingService::NewStub(context.Connect())
          ->FileAppeal(context.NewCall().get(), request, &response);
  std::vector<std::pair<Label, std::string>> rows = {
      {Label::kAppeal, absl::StrCat(response.appeal_number())},
      {Label::kRulingId, request.ruling_id()}};
  if (request.appellant_player_id() != 0) {
    rows.push_back(
        {Label::kAppellant, absl::StrCat(request.appellant_player_id())});
  }
  return PrintCommandOutcome(context, status, request.command_id(), response,
                             response.result(), std::move(rows));
}

absl::Status BuildDecide(const ParsedFlags& flags,
                         v1::DecideAppealRequest& request) {
  if (absl::Status set = SetTournament(flags, request); !set.ok()) return set;
  absl::StatusOr<int32_t> appeal = RequiredInt(flags, "appeal", 1, 1000000);
  if (!appeal.ok()) return appeal.status();
  request.set_appeal_number(*appeal);
  absl::StatusOr<std::string> decision_text = Required(flags, "decision");
  if (!decision_text.ok()) return decision_text.status();
  absl::StatusOr<v1::AppealDecision> decision =
      ParseAppealDecision(*decision_text, "decision");
  if (!decision.ok()) return decision.status();
  request.set_decision(*decision);
  absl::StatusOr<v1::Remedy> remedy = RemedyFrom(flags);
  if (!remedy.ok()) return remedy.status();
  if (*decision == v1::APPEAL_DECISION_UPHELD && !flags.Has("remedy")) {
    return absl::InvalidArgumentError(
        "--remedy: required when upheld (result, foul-removed, replay or "
        "none)");
  }
  if (*decision == v1::APPEAL_DECISION_DISMISSED && flags.Has("remedy")) {
    return absl::InvalidArgumentError(
        "--remedy: a dismissed appeal carries no remedy");
  }
  if (flags.Has("remedy")) *request.mutable_remedy() = *remedy;
  absl::StatusOr<std::string> votes_text = Required(flags, "votes");
  if (!votes_text.ok()) return votes_text.status();
  absl::StatusOr<v1::Votes> votes = ParseVotes(*votes_text, "votes");
  if (!votes.ok()) return votes.status();
  *request.mutable_votes() = *votes;
  absl::StatusOr<std::string> reasoning = Required(flags, "reasoning");
  if (!reasoning.ok()) return reasoning.status();
  request.set_reasoning(*reasoning);
  request.set_command_id(CommandId(flags));
  return absl::OkStatus();
}

int Decide(const CliContext& context, const ParsedFlags& flags) {
  v1::DecideAppealRequest request;
  if (absl::Status built = BuildDecide(flags, request); !built.ok()) {
    return context.UsageError(built);
  }
  v1::DecideAppealResponse response;
  const grpc::Status status =
      v1::RulingService::NewStub(context.Connect())
          ->DecideAppeal(context.NewCall().get(), request, &response);
  std::vector<std::pair<Label, std::string>> rows = {
      {Label::kAppeal, absl::StrCat(request.appeal_number())},
      {Label::kDecision, Say(request.decision(), context.lang)},
      {Label::kVotes, VotesText(request.votes(), context.lang)}};
  if (request.has_remedy()) {
    rows.push_back(
        {Label::kRemedy, RemedyText(request.remedy(), context.lang)});
  }
  return PrintCommandOutcome(context, status, request.command_id(), response,
                             response.result(), std::move(rows));
}

int List(const CliContext& context, const ParsedFlags& flags) {
  v1::ListAppealsRequest request;
  if (absl::Status set = SetTournamentAndRead(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  if (flags.Has("status")) {
    absl::StatusOr<v1::AppealStatus> wanted =
        ParseAppealStatus(flags.Get("status", ""), "status");
    if (!wanted.ok()) return context.UsageError(wanted.status());
    request.set_status(*wanted);
  }
  v1::ListAppealsResponse response;
  const grpc::Status status =
      v1::AuditService::NewStub(context.Connect())
          ->ListAppeals(context.NewCall().get(), request, &response);
  if (!status.ok()) return ReportRpcError(status);
  Print(context.json ? JsonLine(response)
                     : AppealsText(response, context.lang));
  return kExitOk;
}

int Show(const CliContext& context, const ParsedFlags& flags) {
  v1::GetAppealRequest request;
  if (absl::Status set = SetTournamentAndRead(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  absl::StatusOr<int32_t> appeal = RequiredInt(flags, "appeal", 1, 1000000);
  if (!appeal.ok()) return context.UsageError(appeal.status());
  request.set_appeal_number(*appeal);
  v1::GetAppealResponse response;
  const grpc::Status status =
      v1::AuditService::NewStub(context.Connect())
          ->GetAppeal(context.NewCall().get(), request, &response);
  if (!status.ok()) return ReportRpcError(status);
  Print(context.json ? JsonLine(response) : AppealText(response, context.lang));
  return kExitOk;
}

}  // namespace

CommandGroup AppealCommands() {
  std::vector<FlagSpec> decide = {
      TournamentFlag(),
      {"appeal", "N", "appeal number (or as argument)"},
      {"decision", "upheld|dismissed", "the committee's decision"}};
  for (FlagSpec& flag : RemedyFlags()) decide.push_back(std::move(flag));
  decide.push_back({"votes", "U:D[:A]",
                    "votes to uphold, to dismiss and abstentions; upheld "
                    "needs U > D"});
  decide.push_back(
      {"reasoning", "TEXT", "the committee's reasoning (required)"});
  decide.push_back(CommandIdFlag());
  return {
      "appeal",
      "appeals against rulings and the committee's decisions (R9.2, R9.3)",
      {
          {"file",
           "RULING_ID [--player ID] --grounds TEXT",
           "Appeals a ruling (ids from `ruling list`) within the appeal "
           "window after it, for a player it concerns or (without --player) "
           "in your own name. Organiser, registrar, arbiter, chief arbiter, "
           "pairing officer.",
           {TournamentFlag(),
            {"ruling", "ID", "ruling id (or as argument)"},
            {"player", "ID", "the appellant player (default: you)"},
            {"grounds", "TEXT", "why the ruling is wrong (required)"},
            CommandIdFlag()},
           RpcOf<v1::RulingService>("FileAppeal"),
           File,
           "ruling"},
          {"decide",
           "N --decision upheld|dismissed [--remedy result|foul-removed|"
           "replay|none] [--result R] [--replay-at TIME --replay-place TEXT "
           "[--late-replay-reason TEXT]] "
           "--votes U:D[:A] --reasoning TEXT",
           "The arbitration committee decides a pending appeal; an upheld "
           "appeal's remedy changes the standings from then on (published "
           "pairings stay). A member who made the ruling may not decide it "
           "(R9.3). Arbitration committee.",
           decide, RpcOf<v1::RulingService>("DecideAppeal"), Decide, "appeal"},
          {"list", "[--status pending|upheld|dismissed] [--at POSITION]",
           "Appeals in the order filed, with their ruling and decision. "
           "Officials.",
           WithReadFlags({TournamentFlag(),
                          {"status", "S", "pending, upheld or dismissed"}}),
           RpcOf<v1::AuditService>("ListAppeals"), List},
          {"show", "N [--at POSITION]",
           "One appeal, its decision, and the whole history of its ruling. "
           "Officials.",
           WithReadFlags({TournamentFlag(),
                          {"appeal", "N", "appeal number (or as argument)"}}),
           RpcOf<v1::AuditService>("GetAppeal"), Show, "appeal"},
      },
  };
}

}  // namespace qiwang::cli
