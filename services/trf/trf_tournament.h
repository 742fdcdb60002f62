// A TRF file read as a tournament's history: the one reader behind both
// `qiwang import trf` (trf_import.h) and `qiwang pair --trf`, so that both
// take and refuse the same files with the same messages. Pure; any caller.
//
// Beyond ReadTrf's format (trf_reader.h), it checks what compares lines:
// - the points the file states (162, else XXS; trf_records.h), whole
//   points with win > loss and loss <= draw <= win (R5.1);
// - every game on both players' lines: each names the other, one has w
//   (red) and one b, the results fit together (1-0, =, +/-, -/- a double
//   forfeit, both blank: not played yet);
// - no half-point bye (H: R6.4 knows none), no result without an opponent
//   but - and Z, at most one bye (U or F) a round (R6.4);
// - each player's points column equals what his results score.
// Every refusal is INVALID_ARGUMENT "TRF line L, columns F-T (field): ..."
// (trf_reader.h), naming the other line where two lines disagree.
#ifndef QIWANG_SERVICES_TRF_TRF_TOURNAMENT_H_
#define QIWANG_SERVICES_TRF_TRF_TOURNAMENT_H_

#include <optional>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "qiwang/v1/play_events.pb.h"
#include "services/rules/core/records.h"
#include "services/trf/trf_document.h"
#include "services/trf/trf_reader.h"

namespace qiwang::exports {

struct TrfTournament {
  TrfDocument document;
  TrfLineNumbers lines;
  rules::Scoring scoring;  // the points the file states
  int rounds_played = 0;   // RoundsPlayed(document)
};

absl::StatusOr<TrfTournament> ReadTrfTournament(absl::string_view text);

// The board's result from the two lines' result codes, red's first;
// GAME_RESULT_UNSPECIFIED when neither has one yet; nullopt when they do
// not fit together.
std::optional<v1::GameResult> TrfGameResult(char red, char black);

}  // namespace qiwang::exports

#endif  // QIWANG_SERVICES_TRF_TRF_TOURNAMENT_H_
