// Values of play as people type and read them: results (1-0, =, +/-, red,
// ...), colours, foul kinds, tie-break names and crosstable outcomes, in
// Chinese or English. Pure functions; any caller.
#ifndef QIWANG_CLIENTS_CLI_PLAY_VALUES_H_
#define QIWANG_CLIENTS_CLI_PLAY_VALUES_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "clients/cli/labels.h"
#include "qiwang/v1/play_events.pb.h"
#include "qiwang/v1/tournament_config.pb.h"

namespace qiwang::cli {

// From red's side (R5.3): 1-0, 0-1, 1/2 or = (draw), +/- and -/+ (forfeits),
// 0/0 or -- (double forfeit), and the words red, black, draw,
// red-forfeit, black-forfeit, double-forfeit (and 红胜, 黑胜, 和).
// INVALID_ARGUMENT naming `flag` otherwise.
absl::StatusOr<v1::GameResult> ParseGameResult(absl::string_view text,
                                               const std::string& flag);

// "1-0" / "红胜", ...; "pending" / "未赛" for no result.
std::string GameResultText(v1::GameResult result, Lang lang);

std::string ColourText(bool red, Lang lang);

// perpetual-check, perpetual-chase, illegal-move, conduct, other (and the
// enum names); INVALID_ARGUMENT naming `flag` otherwise.
absl::StatusOr<v1::FoulKind> ParseFoulKind(absl::string_view text,
                                           const std::string& flag);
std::string FoulKindText(v1::FoulKind kind, Lang lang);

// The column heading of a tie-break: "对手分" / "opp. score", ...
std::string TieBreakText(v1::TieBreakKind kind, Lang lang);

// A crosstable outcome letter (W D L + - 0 B . *) in the language: Chinese
// uses 胜 和 负 ...; English keeps the letter.
std::string OutcomeText(absl::string_view letter, Lang lang);

// Money in fen as yuan: 1234.50, or 1234 when whole.
std::string YuanText(int64_t fen);

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_PLAY_VALUES_H_
