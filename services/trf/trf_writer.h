// A section of the folded tournament as a TRF-16 or TRF-2026 file (R7.5: of
// any read position), for other pairing and tie-break programs. Pure and
// deterministic: the same state gives the same bytes. Any caller.
//
// TRF-2026 differs from TRF-16 as follows (the rest below holds for both):
// - 142 rounds, 152 W/B (red as white) and 162 the point system (W win, D
//   draw, L loss, P the R6.4 bye; A the forfeit loss when not 0) replace
//   XXR, XXC and XXS. A forfeit win scores W (R5.3); a "###" comment states
//   every configured value. No 192: R6 is no FIDE Swiss system, and the
//   codes that fit the round robins (BERGER_ROUNDROBIN) or the Swiss
//   sections (CUSTOM_SWISS) make bbpPairings refuse the whole file. The
//   tie-breaks are R7's, not FIDE's (C.07): 212 declares "PTS" and the
//   FIDE codes of the chain's leading tie-breaks whose values equal FIDE's
//   definition (BPG, BWG; trf_tie_breaks.h), 202 the same without PTS, and
//   neither line when the 162 points cannot be FIDE's. A comment names the
//   whole chain by our names, and one comment per player ("### Tie-break
//   values NNNN: ...") gives our values of it.
// - The 001 name is Latin script, so that readers counting bytes and
//   readers counting characters see the same columns: the registered
//   latin_name, else the name when it is printable ASCII, else "Player N"
//   (N = starting rank). The registered name, when different, follows on a
//   "### name NNNN <name>" comment line (trf_format.h), which our reader
//   reads back.
//
// What the file says, and the choices the specification leaves open:
// - 012 "<tournament> - <section>" (Chinese labels, English where there is
//   none); 042/052 the dates of the first and last scheduled round in the
//   tournament's zone; 062 the players in the file; 092 the pairing system;
//   122 the section's time control as 40'+10"; 132 each scheduled round's
//   date (YY/MM/DD).
// - Players: the section's pool as the standings rank it (no-shows withdrawn
//   before round 1 are not in it). Starting-rank number = pairing number
//   (R6.1 lots, then later entrants). Sex m/w; no FIDE title (Chinese titles
//   are not FIDE titles), no rating, federation or FIDE number; birth date
//   as the year only ("1962"), since the full date is private. A player
//   imported from a TRF file (PlayerRegistered.fide set) gets back the
//   file's title, rating and FIDE number, and its full birth date where the
//   fold has it in clear (under a master key it is sealed: the year only).
//   Names as registered, UTF-8, one column per character.
// - Points are this event's points, not chess's 1/0.5/0 (R5.1, configured
//   scoring): written with TRF's one decimal ("10.0" for ten points) and
//   stated in JaVaFo's XXS line (WW/BW win, WD/BD draw, WL/BL loss, FW
//   forfeit win, FL forfeit loss, PAB the bye, ZPB absence, HPB/FPB half and
//   full byes, which the server never gives) and in "###" comments. Rank =
//   the standings rank in the section's pool (shared ranks stay shared).
// - Colours: red moves first (R5.4) and is written as white "w", black as
//   "b"; XXC says whether starting number 1 had red ("white1") or black
//   ("black1") in round 1. XXR is the configured number of rounds (for a
//   round robin, the rounds published).
// - Results, from the player's side: "1" "=" "0" over the board; "+" and
//   "-" a forfeit win or loss, with the opponent and board colour; a double
//   forfeit is "-" for both; the R6.4 bye is "0000 - U" (pairing-allocated
//   bye: it scores PAB, a win in the Swiss sections, 0 for a round robin's
//   rest round); a round the player was not paired in (withdrawn, R4.4, or
//   not entered yet) is "0000 - Z"; a game published without a result yet
//   has its opponent and colour and a blank result. A player withdrawn
//   (R4.4) also has "0000 - Z" in the round after the last published one,
//   if the section has it, so that pairing programs (and our import) leave
//   him out of it; absent in the last round alone he would be paired.
#ifndef QIWANG_SERVICES_TRF_TRF_WRITER_H_
#define QIWANG_SERVICES_TRF_TRF_WRITER_H_

#include <string>

#include "absl/status/statusor.h"
#include "services/rules/core/records.h"
#include "services/rules/tournament/tournament_state.h"
#include "services/trf/trf_document.h"

namespace qiwang::exports {

// The result code of a round as described above, from the player's side
// ('U' the bye, 'Z' not paired, ' ' not played yet).
char TrfResultCode(rules::Outcome outcome);

// NOT_FOUND naming `section_id` for an unknown section.
absl::StatusOr<TrfDocument> TrfOfSection(
    const rules::tournament::TournamentState& state,
    const std::string& section_id, TrfVersion version = TrfVersion::kTrf16);

// FormatTrf(TrfOfSection(state, section_id, version)).
absl::StatusOr<std::string> WriteTrf(
    const rules::tournament::TournamentState& state,
    const std::string& section_id, TrfVersion version = TrfVersion::kTrf16);

}  // namespace qiwang::exports

#endif  // QIWANG_SERVICES_TRF_TRF_WRITER_H_
