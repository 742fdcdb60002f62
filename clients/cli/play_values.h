// Values of play as people type them: results (1-0, =, +/-, red, ...) and
// foul kinds; how they read is words/'s. Pure functions; any caller.
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

// Who was late (2011 rules, NL.1): red (or 红) -> black wins by forfeit,
// black (黑) -> red wins by forfeit, both (双方) -> double forfeit.
// INVALID_ARGUMENT naming `flag` otherwise.
absl::StatusOr<v1::GameResult> ParseLateSide(absl::string_view text,
                                             const std::string& flag);

// perpetual-check, perpetual-chase, illegal-move, conduct, other (and the
// enum names); INVALID_ARGUMENT naming `flag` otherwise.
absl::StatusOr<v1::FoulKind> ParseFoulKind(absl::string_view text,
                                           const std::string& flag);

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_PLAY_VALUES_H_
