// A TRF document (TRF-16 or TRF-2026) as the Swiss engine's inputs, so that
// `qiwang pair --trf` pairs or checks a round offline (issue 17 §4): the
// players' records of the rounds before a round, the point system the file
// states, the colour of round 1's board 1, and the file's own pairing of
// that round when it has one. Pure; any caller.
//
// Reading: starting rank = player id = pairing number. "w" is red. Results
// 1 = 0 over the board; "+" a forfeit win, "-" a forfeit loss, or a double
// forfeit when the opponent's result is "-" too; U (and F, H: byes the
// server never gives) the R6.4 bye; Z or blank without an opponent: not
// paired. A player is withdrawn (not paired) in the round asked for only
// when his line has that round's column and it shows him unpaired without a
// bye ("0000 - Z"): for the round after the file's last, as bbpPairings
// and JaVaFo read it, so a player absent in the last round alone is paired
// again unless the next round's column leaves him out.
// Points: 162 (W, D, L, A, P; TRF-16's XXS WW/WD/WL/FL/PAB), whole points
// only, since the engine scores in integers; defaults W 1, D 0.5 are not
// whole, so a file must state its points.
#ifndef QIWANG_SERVICES_TRF_TRF_RECORDS_H_
#define QIWANG_SERVICES_TRF_TRF_RECORDS_H_

#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "services/rules/core/records.h"
#include "services/rules/swiss/swiss_config.h"
#include "services/trf/trf_document.h"

namespace qiwang::exports {

struct TrfPairingInput {
  int round = 0;  // 1-based
  // Records of rounds 1..round-1; withdrawn set as described above.
  std::vector<rules::PlayerRecord> players;
  rules::swiss::SwissConfig config;
  // The file's pairing of `round`, if the file has that round; boards in
  // the order of their higher starting rank.
  std::optional<rules::swiss::RoundPairing> pairing;
};

// INVALID_ARGUMENT naming the field: no point system, points that are not
// whole, `round` below 1 or more than one past the file's rounds, results
// the two players' lines disagree on.
absl::StatusOr<TrfPairingInput> TrfPairingInputOf(const TrfDocument& document,
                                                  int round);

// The points the file states (162, else XXS), as described above;
// INVALID_ARGUMENT naming the field when absent or not whole.
absl::StatusOr<rules::Scoring> TrfScoringOf(const TrfDocument& document);

// The number of rounds with at least one game or bye in the file.
int RoundsPlayed(const TrfDocument& document);

}  // namespace qiwang::exports

#endif  // QIWANG_SERVICES_TRF_TRF_RECORDS_H_
