#include "clients/cli/ruling_commands.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "clients/cli/command_support.h"
#include "clients/cli/event_format.h"
#include "clients/cli/ruling_tables.h"
#include "clients/cli/ruling_values.h"
#include "qiwang/v1/audit_service.grpc.pb.h"
#include "qiwang/v1/ruling_service.grpc.pb.h"

namespace qiwang::cli {
namespace {

std::unique_ptr<v1::AuditService::Stub> Audit(const CliContext& context) {
  return v1::AuditService::NewStub(context.Connect());
}
std::unique_ptr<v1::RulingService::Stub> Rulings(const CliContext& context) {
  return v1::RulingService::NewStub(context.Connect());
}

std::vector<FlagSpec> WhatIfFlags() {
  std::vector<FlagSpec> flags = {TournamentFlag(),
                                 {"ruling", "ID", "ruling id (or as argument)"},
                                 {"appeal", "N", "appeal number"}};
  for (FlagSpec& flag : RemedyFlags()) flags.push_back(std::move(flag));
  return WithReadFlags(std::move(flags));
}

absl::Status BuildList(const ParsedFlags& flags,
                       v1::ListRulingsRequest& request) {
  if (absl::Status set = SetTournamentAndRead(flags, request); !set.ok())
    return set;
  request.set_section_id(flags.Get("section", ""));
  absl::StatusOr<int64_t> round = IntFlag(flags, "round", 0, 1, 1000);
  if (!round.ok()) return round.status();
  request.set_round(static_cast<int32_t>(*round));
  request.set_official(flags.Get("official", ""));
  if (flags.Has("kind")) {
    absl::StatusOr<v1::RulingKind> kind =
        ParseRulingKind(flags.Get("kind", ""), "kind");
    if (!kind.ok()) return kind.status();
    request.set_kind(*kind);
  }
  if (flags.Has("appealed") && flags.Has("not-appealed")) {
    return absl::InvalidArgumentError(
        "--appealed and --not-appealed: give at most one");
  }
  if (flags.Has("appealed")) {
    request.set_appealed(v1::ListRulingsRequest::APPEALED_FILTER_APPEALED);
  } else if (flags.Has("not-appealed")) {
    request.set_appealed(v1::ListRulingsRequest::APPEALED_FILTER_NOT_APPEALED);
  }
  return absl::OkStatus();
}

int List(const CliContext& context, const ParsedFlags& flags) {
  v1::ListRulingsRequest request;
  if (absl::Status built = BuildList(flags, request); !built.ok()) {
    return context.UsageError(built);
  }
  v1::ListRulingsResponse response;
  const grpc::Status status =
      Audit(context)->ListRulings(context.NewCall().get(), request, &response);
  if (!status.ok()) return ReportRpcError(status);
  Print(context.json ? JsonLine(response)
                     : RulingsText(response, context.lang));
  return kExitOk;
}

absl::Status BuildHistory(const ParsedFlags& flags,
                          v1::RulingHistoryRequest& request) {
  if (absl::Status set = SetTournamentAndRead(flags, request); !set.ok())
    return set;
  const int subjects =
      flags.Has("ruling") + flags.Has("player") + flags.Has("board");
  if (subjects != 1) {
    return absl::InvalidArgumentError(
        "give exactly one of RULING_ID, --player ID or --board "
        "SECTION:ROUND:BOARD");
  }
  if (flags.Has("ruling")) {
    request.set_ruling_id(flags.Get("ruling", ""));
  } else if (flags.Has("player")) {
    absl::StatusOr<int64_t> player = PlayerIdFlag(flags, "player");
    if (!player.ok()) return player.status();
    request.set_player_id(*player);
  } else {
    absl::StatusOr<BoardAddress> board =
        ParseBoardAddress(flags.Get("board", ""), "board");
    if (!board.ok()) return board.status();
    request.mutable_board()->set_section_id(board->section);
    request.mutable_board()->set_round(board->round);
    request.mutable_board()->set_board(board->board);
  }
  return absl::OkStatus();
}

int History(const CliContext& context, const ParsedFlags& flags) {
  v1::RulingHistoryRequest request;
  if (absl::Status built = BuildHistory(flags, request); !built.ok()) {
    return context.UsageError(built);
  }
  v1::RulingHistoryResponse response;
  const grpc::Status status = Audit(context)->RulingHistory(
      context.NewCall().get(), request, &response);
  if (!status.ok()) return ReportRpcError(status);
  Print(context.json ? JsonLine(response)
                     : HistoryText(response.entries(), context.lang));
  return kExitOk;
}

absl::Status BuildWhatIf(const ParsedFlags& flags, v1::WhatIfRequest& request) {
  if (absl::Status set = SetTournamentAndRead(flags, request); !set.ok())
    return set;
  if (flags.Has("ruling") == flags.Has("appeal")) {
    return absl::InvalidArgumentError(
        "give exactly one of RULING_ID or --appeal N");
  }
  absl::StatusOr<v1::Remedy> remedy = RemedyFrom(flags);
  if (!remedy.ok()) return remedy.status();
  if (flags.Has("ruling")) {
    if (flags.Has("remedy")) {
      return absl::InvalidArgumentError("--remedy: only with --appeal");
    }
    request.set_ruling_id(flags.Get("ruling", ""));
    return absl::OkStatus();
  }
  absl::StatusOr<int32_t> appeal = RequiredInt(flags, "appeal", 1, 1000000);
  if (!appeal.ok()) return appeal.status();
  request.mutable_appeal()->set_appeal_number(*appeal);
  if (flags.Has("remedy"))
    *request.mutable_appeal()->mutable_remedy() = *remedy;
  return absl::OkStatus();
}

int WhatIf(const CliContext& context, const ParsedFlags& flags) {
  v1::WhatIfRequest request;
  if (absl::Status built = BuildWhatIf(flags, request); !built.ok()) {
    return context.UsageError(built);
  }
  v1::WhatIfResponse response;
  const grpc::Status status =
      Audit(context)->WhatIf(context.NewCall().get(), request, &response);
  if (!status.ok()) return ReportRpcError(status);
  Print(context.json ? JsonLine(response) : WhatIfText(response, context.lang));
  return kExitOk;
}

// Sets command_id, tournament_id, ranking_id and reason, shared by the two
// ranking rulings.
template <typename Request>
absl::Status SetRankingCommand(const ParsedFlags& flags, Request& request) {
  if (absl::Status set = SetTournament(flags, request); !set.ok()) return set;
  absl::StatusOr<std::string> ranking = Required(flags, "ranking");
  if (!ranking.ok()) return ranking.status();
  request.set_ranking_id(*ranking);
  absl::StatusOr<std::string> reason = Required(flags, "reason");
  if (!reason.ok()) return reason.status();
  request.set_reason(*reason);
  request.set_command_id(CommandId(flags));
  return absl::OkStatus();
}

int TieLots(const CliContext& context, const ParsedFlags& flags) {
  v1::DrawTieLotsRequest request;
  if (absl::Status set = SetRankingCommand(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  absl::StatusOr<std::string> players = Required(flags, "players");
  if (!players.ok()) return context.UsageError(players.status());
  absl::StatusOr<std::vector<int64_t>> ids =
      ParsePlayerIds(*players, "players");
  if (!ids.ok()) return context.UsageError(ids.status());
  if (ids->size() < 2) {
    return context.UsageError(
        absl::InvalidArgumentError("--players: two or more tied players"));
  }
  for (int64_t id : *ids) request.add_player_ids(id);
  request.set_order_as_drawn(flags.Has("as-drawn"));
  v1::DrawTieLotsResponse response;
  const grpc::Status status = Rulings(context)->DrawTieLots(
      context.NewCall().get(), request, &response);
  return PrintCommandOutcome(
      context, status, request.command_id(), response, response.result(),
      {{Label::kRanking, request.ranking_id()},
       {Label::kDrawnOrder, absl::StrJoin(response.drawn_order(), ", ")},
       {Label::kSeed, absl::StrCat(response.seed())}});
}

int Decline(const CliContext& context, const ParsedFlags& flags) {
  v1::DeclineFinalPlaceRequest request;
  if (absl::Status set = SetRankingCommand(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  absl::StatusOr<int64_t> player = PlayerIdFlag(flags, "player");
  if (!player.ok()) return context.UsageError(player.status());
  request.set_player_id(*player);
  v1::DeclineFinalPlaceResponse response;
  const grpc::Status status = Rulings(context)->DeclineFinalPlace(
      context.NewCall().get(), request, &response);
  return PrintCommandOutcome(context, status, request.command_id(), response,
                             response.result(),
                             {{Label::kRanking, request.ranking_id()},
                              {Label::kPlayerId, absl::StrCat(*player)}});
}

}  // namespace

CommandGroup RulingCommands() {
  return {
      "ruling",
      "rulings and their history: results, forfeits, corrections, fouls, "
      "... (R9.4)",
      {
          {"list",
           "[--section S] [--round R] [--official U] [--kind K] "
           "[--appealed|--not-appealed] [--at POSITION]",
           "Rulings, oldest first, with their id (for `appeal file`), who "
           "made them, when, why, and the appeals against them. Officials.",
           WithReadFlags({TournamentFlag(),
                          {"section", "S", "only this section"},
                          {"round", "R", "only this round"},
                          {"official", "U", "only rulings made by this user"},
                          {"kind", "K",
                           "result, forfeit, correction, foul, withdrawal, "
                           "late-admission, pairing-override, lots, tie-lots, "
                           "final-place-declined"},
                          {"appealed", "", "only rulings that were appealed"},
                          {"not-appealed", "", "only rulings never appealed"}}),
           RpcOf<v1::AuditService>("ListRulings"), List},
          {"history",
           "(RULING_ID | --player ID | --board SECTION:ROUND:BOARD) "
           "[--at POSITION]",
           "The chain of events about one ruling, player or board: rulings, "
           "corrections, appeals and decisions, each with who, role, when "
           "and why. Officials.",
           WithReadFlags({TournamentFlag(),
                          {"ruling", "ID", "ruling id (or as argument)"},
                          {"player", "ID", "every ruling about this player"},
                          {"board", "S:R:B", "every ruling about this board"}}),
           RpcOf<v1::AuditService>("RulingHistory"), History, "ruling"},
      },
  };
}

CommandGroup WhatIfCommands() {
  return {
      "whatif",
      "standings and prizes with and without a ruling or an upheld appeal",
      {
          {"",
           "(RULING_ID | --appeal N [--remedy KIND [--result R | --replay-at "
           "TIME]]) [--at POSITION]",
           "A diff of the rankings concerned: rank, score, prize and "
           "national-final place before -> after, changed rows marked *. "
           "With RULING_ID: without that ruling versus with it; with "
           "--appeal: dismissed versus upheld (with --remedy as the "
           "committee would decide, else the recorded decision). Officials.",
           WhatIfFlags(), RpcOf<v1::AuditService>("WhatIf"), WhatIf, "ruling"},
      },
  };
}

CommandGroup LotsCommands() {
  return {
      "lots",
      "lots drawn by the chief arbiter to break a tie (R7.3)",
      {
          {"tie",
           "RANKING --players ID,ID[,..] [--as-drawn] --reason TEXT",
           "Draws lots among players sharing a rank after the last round "
           "(the server draws with a recorded seed), or records an order "
           "drawn by hand (--as-drawn, first ranks highest). Chief arbiter.",
           {TournamentFlag(),
            {"ranking", "ID", "ranking category or section (or as argument)"},
            {"players", "ID,ID", "the tied players"},
            {"as-drawn", "", "--players is the order drawn by hand"},
            {"reason", "TEXT", "why (required)"},
            CommandIdFlag()},
           RpcOf<v1::RulingService>("DrawTieLots"),
           TieLots,
           "ranking"},
      },
  };
}

CommandGroup PlaceCommands() {
  return {
      "place",
      "national-final places (R8.3)",
      {
          {"decline",
           "RANKING --player ID --reason TEXT",
           "Records that a player declined a national-final place; the next "
           "ranked player takes it, prize money is still paid by rank. Chief "
           "arbiter.",
           {TournamentFlag(),
            {"ranking", "ID", "ranking category (or as argument)"},
            {"player", "ID", "the player who declined"},
            {"reason", "TEXT", "how the player declined (required)"},
            CommandIdFlag()},
           RpcOf<v1::RulingService>("DeclineFinalPlace"),
           Decline,
           "ranking"},
      },
  };
}

}  // namespace qiwang::cli
