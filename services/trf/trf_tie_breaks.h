// Tie-breaks in a TRF: the FIDE codes (Handbook C.07) a file may declare
// for the chain, and the chain read back from a file. Our tie-breaks follow
// R7, not C.07: a code is declared only where our value provably equals
// FIDE's definition on every tournament (tests/trf/fide_codes_test.cc).
// Pure; any caller.
#ifndef QIWANG_SERVICES_TRF_TRF_TIE_BREAKS_H_
#define QIWANG_SERVICES_TRF_TRF_TIE_BREAKS_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "qiwang/v1/tournament_config.pb.h"
#include "services/rules/ranking/tie_break.h"
#include "services/trf/trf_document.h"
#include "services/trf/trf_reader.h"

namespace qiwang::exports {

// The FIDE code whose C.07 definition gives exactly our value of `kind`:
// BPG (games played over the board with black) and BWG (games won over the
// board with black). Empty for every other kind, also where FIDE has a code
// of a similar name: WIN counts pairing-allocated byes, BH and SB use
// virtual opponents for unplayed rounds (C.07 section 16), BH/C1 and BH/M1
// cut unplayed rounds first, DE and PS differ in other details.
std::string FideCode(rules::TieBreak kind);

// The FIDE codes a file may declare in 212 for a section ranked by `chain`
// under `scoring`: "PTS" then the codes of the chain's leading tie-breaks
// while each has one (a code after one without would misstate the order).
// Empty when the 162 line cannot state the points (a forfeit win not
// scored as a win, a double forfeit not scored as a forfeit loss, an
// absence not scored 0): then even PTS would not be FIDE's.
std::vector<std::string> DeclarableFideCodes(
    const std::vector<rules::TieBreak>& chain, const rules::Scoring& scoring);

// The start of the comment naming the whole chain in order, e.g.
// " Tie-breaks in order: 对手分 (no FIDE code), 胜局 (WIN); ...".
inline constexpr char kTieBreakCommentPrefix[] = " Tie-breaks in order: ";
// The start of the comment with one player's values of the chain, by our
// names (not FIDE codes): " Tie-break values 0003: wins 3, fouls 0".
inline constexpr char kTieBreakValuesPrefix[] = " Tie-break values ";

// The chain a file states: the names of our own comment when it has one
// (exact, also for tie-breaks without a FIDE code), else the 202 codes read
// as the nearest tie-break this server computes (WIN as our wins, BH as our
// buchholz, ...: a file from elsewhere is ranked by R7's definitions).
// Empty when the file names none. INVALID_ARGUMENT naming the 202 line and
// the code's columns for a code this server has no tie-break near.
absl::StatusOr<std::vector<v1::TieBreakKind>> TieBreaksOf(
    const TrfDocument& document, const TrfLineNumbers& lines);

}  // namespace qiwang::exports

#endif  // QIWANG_SERVICES_TRF_TRF_TIE_BREAKS_H_
