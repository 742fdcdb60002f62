#include "clients/cli/result_commands.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "clients/cli/command_support.h"
#include "clients/cli/event_format.h"
#include "clients/cli/play_values.h"
#include "qiwang/v1/play_service.grpc.pb.h"

namespace qiwang::cli {
namespace {

// The board fields RecordResult and CorrectResult share, and the command id.
template <typename Request>
absl::Status SetBoard(const ParsedFlags& flags, Request& request) {
  if (absl::Status set = SetSectionAndRound(flags, request); !set.ok()) {
    return set;
  }
  absl::StatusOr<int32_t> board = RequiredInt(flags, "board", 1, 100000);
  if (!board.ok()) return board.status();
  request.set_board(*board);
  request.set_command_id(CommandId(flags));
  return absl::OkStatus();
}

template <typename Request>
absl::Status SetResult(const ParsedFlags& flags, Request& request) {
  absl::StatusOr<std::string> text = Required(flags, "result");
  if (!text.ok()) return text.status();
  absl::StatusOr<v1::GameResult> result = ParseGameResult(*text, "result");
  if (!result.ok()) return result.status();
  request.set_result(*result);
  return absl::OkStatus();
}

// The result of a recording: --result, or the ground that sets it (2011
// rules, NL.1, NL.3): --late SIDE or --draw-without-play.
absl::Status SetRecordedResult(const ParsedFlags& flags,
                               v1::RecordResultRequest& request) {
  const bool late = flags.Has("late");
  const bool unplayed = flags.Has("draw-without-play");
  if (!late && !unplayed) return SetResult(flags, request);
  if (late && unplayed) {
    return absl::InvalidArgumentError(
        "--late: not with --draw-without-play (one ground a result)");
  }
  if (flags.Has("result")) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--result: not with --", late ? "late" : "draw-without-play",
        ", which sets the result"));
  }
  if (unplayed) {
    request.set_ground(v1::RESULT_GROUND_DRAW_WITHOUT_PLAY);
    request.set_result(v1::GAME_RESULT_DOUBLE_FORFEIT);
    return absl::OkStatus();
  }
  absl::StatusOr<v1::GameResult> result =
      ParseLateSide(flags.Get("late", ""), "late");
  if (!result.ok()) return result.status();
  request.set_ground(v1::RESULT_GROUND_LATENESS);
  request.set_result(*result);
  return absl::OkStatus();
}

std::vector<std::pair<Label, std::string>> BoardRows(const std::string& section,
                                                     int round, int board,
                                                     v1::GameResult result,
                                                     Lang lang) {
  return {{Label::kSection, section},
          {Label::kRound, absl::StrCat(round)},
          {Label::kBoard, absl::StrCat(board)},
          {Label::kResult, ResultMark(result, lang)}};
}

int Record(const CliContext& context, const ParsedFlags& flags) {
  v1::RecordResultRequest request;
  if (absl::Status set = SetBoard(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  if (absl::Status set = SetRecordedResult(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  v1::RecordResultResponse response;
  const grpc::Status status =
      v1::PlayService::NewStub(context.Connect())
          ->RecordResult(context.NewCall().get(), request, &response);
  auto rows = BoardRows(request.section_id(), request.round(), request.board(),
                        request.result(), context.lang);
  if (request.ground() != v1::RESULT_GROUND_UNSPECIFIED) {
    rows.back().second = absl::StrCat(rows.back().second, " (",
                                      Say(request.ground(), context.lang), ")");
  }
  const v1::RecordedBy& by = response.recorded_by();
  if (!by.user().empty()) {
    rows.push_back(
        {Label::kRecordedBy, absl::StrCat(by.user(), "/", by.role(), " ",
                                          FormatServerTime(by.server_time()),
                                          " @", by.position())});
  }
  return PrintCommandOutcome(context, status, request.command_id(), response,
                             response.result(), std::move(rows));
}

int Correct(const CliContext& context, const ParsedFlags& flags) {
  v1::CorrectResultRequest request;
  if (absl::Status set = SetBoard(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  if (absl::Status set = SetResult(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  absl::StatusOr<std::string> reason = Required(flags, "reason");
  if (!reason.ok()) return context.UsageError(reason.status());
  request.set_reason(*reason);
  v1::CorrectResultResponse response;
  const grpc::Status status =
      v1::PlayService::NewStub(context.Connect())
          ->CorrectResult(context.NewCall().get(), request, &response);
  return PrintCommandOutcome(
      context, status, request.command_id(), response, response.result(),
      BoardRows(request.section_id(), request.round(), request.board(),
                request.result(), context.lang));
}

int Foul(const CliContext& context, const ParsedFlags& flags) {
  v1::RecordFoulRequest request;
  if (absl::Status set = SetTournamentAndPlayer(flags, request); !set.ok()) {
    return context.UsageError(set);
  }
  absl::StatusOr<int32_t> round = RequiredInt(flags, "round", 1, 1000);
  if (!round.ok()) return context.UsageError(round.status());
  request.set_round(*round);
  absl::StatusOr<std::string> kind_text = Required(flags, "kind");
  if (!kind_text.ok()) return context.UsageError(kind_text.status());
  absl::StatusOr<v1::FoulKind> kind = ParseFoulKind(*kind_text, "kind");
  if (!kind.ok()) return context.UsageError(kind.status());
  request.set_kind(*kind);
  absl::StatusOr<std::string> note = Required(flags, "note");
  if (!note.ok()) return context.UsageError(note.status());
  request.set_note(*note);
  request.set_command_id(CommandId(flags));
  v1::RecordFoulResponse response;
  const grpc::Status status =
      v1::PlayService::NewStub(context.Connect())
          ->RecordFoul(context.NewCall().get(), request, &response);
  return PrintCommandOutcome(
      context, status, request.command_id(), response, response.result(),
      {{Label::kPlayerId, absl::StrCat(request.player_id())},
       {Label::kRound, absl::StrCat(request.round())},
       {Label::kFouls, Say(request.kind(), context.lang)}});
}

std::vector<FlagSpec> BoardFlags() {
  return {TournamentFlag(),
          {"section", "S", "section id"},
          {"round", "N", "round number"},
          {"board", "N", "board number"},
          {"result", "R",
           "from red's side: 1-0, 0-1, 1/2 or =, +/- or -/+ (forfeit), "
           "0/0 or -- (double forfeit), red, black, draw"}};
}

}  // namespace

CommandGroup ResultCommands() {
  std::vector<FlagSpec> record = BoardFlags();
  record.push_back({"late", "SIDE",
                    "instead of --result: red, black or both was late; the "
                    "forfeit for lateness (2011 rules), refused before the "
                    "round's start plus late_forfeit_minutes"});
  record.push_back({"draw-without-play", "",
                    "instead of --result: a draw agreed without play, "
                    "recorded as a double forfeit (2011 rules)"});
  record.push_back(CommandIdFlag());
  std::vector<FlagSpec> correct = BoardFlags();
  correct.push_back({"reason", "R", "why (required)"});
  correct.push_back(CommandIdFlag());
  return {
      "result",
      "record and correct game results (R5.3)",
      {
          {"record",
           "--tournament ID --section S --round N --board N (--result R | "
           "--late SIDE | --draw-without-play)",
           "Records a board's result. The same result again (any arbiter, "
           "with the same ground) is accepted as a replay; a different one "
           "is refused naming the standing entry. Arbiter, chief arbiter.",
           record, RpcOf<v1::PlayService>("RecordResult"), Record},
          {"correct",
           "--tournament ID --section S --round N --board N --result R "
           "--reason R",
           "Changes a recorded result, logged with the reason (R9.5). Chief "
           "arbiter.",
           correct, RpcOf<v1::PlayService>("CorrectResult"), Correct},
      },
  };
}

CommandGroup FoulCommands() {
  return {
      "foul",
      "record fouls (R5.5)",
      {
          {"record",
           "--tournament ID --player ID --round N --kind K --note N",
           "Records a foul of a player in a round; counts in R7.1. Arbiter, "
           "chief arbiter.",
           {TournamentFlag(),
            {"player", "ID", "player id"},
            {"round", "N", "round number"},
            {"kind", "K",
             "perpetual-check, perpetual-chase, illegal-move, conduct, other"},
            {"note", "N", "what happened (required)"},
            CommandIdFlag()},
           RpcOf<v1::PlayService>("RecordFoul"),
           Foul},
      },
  };
}

}  // namespace qiwang::cli
