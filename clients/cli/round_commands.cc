#include "clients/cli/round_commands.h"

#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "clients/cli/command_support.h"
#include "clients/cli/event_format.h"
#include "clients/cli/play_tables.h"
#include "clients/cli/table.h"
#include "qiwang/v1/pairing_service.grpc.pb.h"

namespace qiwang::cli {
namespace {

FlagSpec SectionFlag() {
  return {"section", "S", "section id (e.g. open-men)"};
}
FlagSpec RoundFlag() { return {"round", "N", "round number, from 1"}; }

// Split qiwangd serves PairRound and AmendPairing from the ledger and the
// pairing reads from the pairing group; the command's row says which.
std::unique_ptr<v1::PairingService::Stub> PairingStub(
    const CliContext& context) {
  return v1::PairingService::NewStub(context.Connect());
}

std::string RoundsText(
    const google::protobuf::RepeatedPtrField<v1::RoundView>& rounds,
    Lang lang) {
  std::vector<std::string> parts;
  for (const v1::RoundView& round : rounds) {
    parts.push_back(RoundText(round, lang));
  }
  return absl::StrJoin(parts, "\n");
}

int Pair(const CliContext& context, const ParsedFlags& flags) {
  v1::PairRoundRequest request;
  if (absl::Status set = SetSectionAndRound(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  if (flags.Has("seed")) {
    uint64_t seed = 0;
    if (!absl::SimpleAtoi(flags.Get("seed", ""), &seed)) {
      return context.UsageError(absl::InvalidArgumentError(absl::StrCat(
          "--seed: a whole number (got '", flags.Get("seed", ""), "')")));
    }
    request.set_lots_seed(seed);
  }
  request.set_command_id(CommandId(flags));
  v1::PairRoundResponse response;
  const grpc::Status status = PairingStub(context)->PairRound(
      context.NewCall().get(), request, &response);
  const int exit_code = PrintCommandOutcome(
      context, status, request.command_id(), response, response.result(),
      {{Label::kSection, request.section_id()},
       {Label::kRounds, absl::StrCat(response.rounds_size())}});
  if (exit_code == kExitOk && !context.json) {
    Print(absl::StrCat("\n", RoundsText(response.rounds(), context.lang)));
  }
  return exit_code;
}

int Preview(const CliContext& context, const ParsedFlags& flags) {
  v1::ProposeRoundRequest request;
  if (absl::Status set = SetTournament(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  absl::StatusOr<std::string> section = Required(flags, "section");
  if (!section.ok()) return context.UsageError(section.status());
  request.set_section_id(*section);
  absl::StatusOr<v1::ReadOptions> read = ReadOptionsFrom(flags);
  if (!read.ok()) return context.UsageError(read.status());
  *request.mutable_read() = *read;
  v1::ProposeRoundResponse response;
  const grpc::Status status = PairingStub(context)->ProposeRound(
      context.NewCall().get(), request, &response);
  if (!status.ok()) return ReportRpcError(status);
  if (context.json) {
    Print(JsonLine(response));
    return kExitOk;
  }
  const Lang lang = context.lang;
  std::string text = RoundText(response.proposal(), lang);
  absl::StrAppend(&text, Text(Label::kCost, lang), ":\n");
  for (const std::string& line : response.cost()) {
    absl::StrAppend(&text, "  ", line, "\n");
  }
  absl::StrAppend(&text, Text(Label::kAsOfPosition, lang), " ",
                  response.as_of_position(), "\n");
  Print(text);
  return kExitOk;
}

// "RED:BLACK" player ids, one per board in board order.
absl::StatusOr<v1::Board> ParseBoard(const std::string& text, int number) {
  std::vector<std::string> ids = absl::StrSplit(text, ':');
  v1::Board board;
  int64_t red = 0, black = 0;
  if (ids.size() != 2 || !absl::SimpleAtoi(ids[0], &red) ||
      !absl::SimpleAtoi(ids[1], &black) || red <= 0 || black <= 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("--board: RED:BLACK player ids, e.g. 12:7 (board ", number,
                     " got '", text, "')"));
  }
  board.set_number(number);
  board.set_red_player_id(red);
  board.set_black_player_id(black);
  return board;
}

int Amend(const CliContext& context, const ParsedFlags& flags) {
  v1::AmendPairingRequest request;
  if (absl::Status set = SetSectionAndRound(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  const std::vector<std::string> boards = flags.All("board");
  if (boards.empty()) {
    return context.UsageError(absl::InvalidArgumentError(
        "--board: give every board of the round, in order (RED:BLACK)"));
  }
  for (size_t i = 0; i < boards.size(); ++i) {
    absl::StatusOr<v1::Board> board =
        ParseBoard(boards[i], static_cast<int>(i) + 1);
    if (!board.ok()) return context.UsageError(board.status());
    *request.add_boards() = *board;
  }
  if (flags.Has("bye")) {
    absl::StatusOr<int64_t> bye = PlayerIdFlag(flags, "bye");
    if (!bye.ok()) return context.UsageError(bye.status());
    request.set_bye_player_id(*bye);
  }
  absl::StatusOr<std::string> reason = Required(flags, "reason");
  if (!reason.ok()) return context.UsageError(reason.status());
  request.set_reason(*reason);
  request.set_override_r63(flags.Has("override-r63"));
  request.set_command_id(CommandId(flags));
  v1::AmendPairingResponse response;
  const grpc::Status status = PairingStub(context)->AmendPairing(
      context.NewCall().get(), request, &response);
  return PrintCommandOutcome(
      context, status, request.command_id(), response, response.result(),
      {{Label::kSection, request.section_id()},
       {Label::kRound, absl::StrCat(request.round())},
       {Label::kViolations, absl::StrJoin(response.r63_violations(), "; ")}});
}

int Pairings(const CliContext& context, const ParsedFlags& flags) {
  v1::ListPairingsRequest request;
  if (absl::Status set = SetTournament(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  request.set_section_id(flags.Get("section", ""));
  absl::StatusOr<int64_t> round = IntFlag(flags, "round", 0, 1, 1000);
  if (!round.ok()) return context.UsageError(round.status());
  request.set_round(static_cast<int32_t>(*round));
  absl::StatusOr<v1::ReadOptions> read = ReadOptionsFrom(flags);
  if (!read.ok()) return context.UsageError(read.status());
  *request.mutable_read() = *read;
  v1::ListPairingsResponse response;
  const grpc::Status status = PairingStub(context)->ListPairings(
      context.NewCall().get(), request, &response);
  if (!status.ok()) return ReportRpcError(status);
  if (context.json) {
    Print(JsonLine(response));
    return kExitOk;
  }
  Print(absl::StrCat(RoundsText(response.rounds(), context.lang),
                     Text(Label::kAsOfPosition, context.lang), " ",
                     response.as_of_position(), "\n"));
  return kExitOk;
}

int Schedule(const CliContext& context, const ParsedFlags& flags) {
  v1::GetScheduleRequest request;
  if (absl::Status set = SetTournamentAndPlayer(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  absl::StatusOr<v1::ReadOptions> read = ReadOptionsFrom(flags);
  if (!read.ok()) return context.UsageError(read.status());
  *request.mutable_read() = *read;
  v1::GetScheduleResponse response;
  const grpc::Status status = PairingStub(context)->GetSchedule(
      context.NewCall().get(), request, &response);
  if (!status.ok()) return ReportRpcError(status);
  Print(context.json ? JsonLine(response)
                     : ScheduleText(response, context.lang));
  return kExitOk;
}

std::vector<FlagSpec> With(std::vector<FlagSpec> flags,
                           const std::vector<FlagSpec>& more) {
  flags.insert(flags.end(), more.begin(), more.end());
  return flags;
}

}  // namespace

CommandGroup RoundCommands() {
  return {
      "round",
      "publish, preview and amend the pairings of a round (R6)",
      {
          {"pair",
           "--tournament ID --section S --round N [--seed N]",
           "Pairs and publishes round N of section S (round 1 draws lots "
           "first, R6.1; a round robin gets its whole Berger schedule). "
           "Pairing officer.",
           {TournamentFlag(),
            SectionFlag(),
            {"round", "N", "the round to publish: must be the next one"},
            {"seed", "N", "round 1: the drawn-lots seed (default: drawn)"},
            CommandIdFlag()},
           RpcOf<v1::PairingService>("PairRound"),
           Pair},
          {"preview", "--tournament ID --section S",
           "The next round as the engine would pair it now, with its R6.5 "
           "cost; publishes nothing. Pairing officer, chief arbiter.",
           With({TournamentFlag(), SectionFlag()}, ReadFlags()),
           RpcOf<v1::PairingService>("ProposeRound"), Preview},
          {"amend",
           "--tournament ID --section S --round N --board RED:BLACK... "
           "[--bye ID] --reason R [--override-r63]",
           "Replaces a published round before it starts (R6.6); re-checked "
           "against R6.3. Pairing officer; --override-r63 chief arbiter.",
           {TournamentFlag(),
            SectionFlag(),
            RoundFlag(),
            {"board", "RED:BLACK", "player ids of one board, boards in order",
             /*repeated=*/true},
            {"bye", "ID", "the player with the bye"},
            {"reason", "R", "why (required)"},
            {"override-r63", "", "accept R6.3 violations (chief arbiter)"},
            CommandIdFlag()},
           RpcOf<v1::PairingService>("AmendPairing"),
           Amend},
      },
  };
}

CommandGroup PairingsCommands() {
  return {
      "pairings",
      "published pairings and results, by section and round",
      {
          {"", "--tournament ID [--section S] [--round N] [--at POSITION]",
           "Lists published rounds with their boards and results. Everyone.",
           With({TournamentFlag(),
                 {"section", "S", "only this section (default: all)"},
                 {"round", "N", "only this round (default: all)"}},
                ReadFlags()),
           RpcOf<v1::PairingService>("ListPairings"), Pairings},
      },
  };
}

CommandGroup ScheduleCommands() {
  return {
      "schedule",
      "a player's rounds: opponents, colours, results",
      {
          {"", "PLAYER --tournament ID [--at POSITION]",
           "Lists every round of one player. Everyone.",
           With({TournamentFlag(), {"player", "ID", "player id"}}, ReadFlags()),
           RpcOf<v1::PairingService>("GetSchedule"), Schedule, "player"},
      },
  };
}

}  // namespace qiwang::cli
