// A TRF file (TRF-16 or TRF-2026) as the events of a new tournament (issue
// 17 §3), decided like any command: the ledger appends them in one batch or
// nothing. Pure and deterministic (the time comes in the context); callers:
// the ledger through ImportService, and the fuzz target.
//
// The events, in order: TournamentCreated (trf_import_config.h), one
// PlayerRegistered per 001 line in starting-rank order (player id =
// starting rank, which must run 1..N), a PlayerCheckedIn each,
// CheckInClosed; then, when a round was played, LotsDrawn (pairing number =
// starting rank; seed 1 when XXC/152 says black1, else 0, the engine's
// colour seed) and per round a RoundPaired (a board per pair, "w" red,
// boards in the order of their lower starting rank; the U or F player the
// bye) and a ResultRecorded per board with a result (1 = 0 and W D L
// played, + - forfeits, - on both lines a double forfeit, both blank: no
// result yet); last, a PlayerWithdrawn (R4.4, by request) for each player
// whose line leaves him unpaired ("0000 - Z") in the round after the last
// played one, from the first of the unpaired rounds that end his line. A
// player unpaired in the last played round alone, with no column for the
// next, stays in (absent that round), as `qiwang pair --trf` reads him.
// Every event's reason names the file and its SHA-256; the ledger stamps
// the caller as actor.
//
// Names: TRF-2026's "### name" comment is the registered name and the 001
// name its latin_name (none when it is the export's "Player N"
// placeholder); otherwise the 001 name is the name. Sex m/w is the gender,
// the birth date (a year alone, or YYYY/MM/DD, 00 for an unknown month or
// day) the person's birth date, personal data the sealing log seals like any
// registration's. The FIDE title, rating and FIDE number go as written into
// PlayerRegistered.fide, which every imported player has (empty fields where
// the line has none); federations are not kept.
#ifndef QIWANG_SERVICES_TRF_TRF_IMPORT_H_
#define QIWANG_SERVICES_TRF_TRF_IMPORT_H_

#include "absl/status/statusor.h"
#include "qiwang/v1/import_service.pb.h"
#include "services/rules/tournament/decide.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::exports {

// INVALID_ARGUMENT naming the line and columns for a file that cannot be
// read or imported (ReadTrfTournament's refusals, trf_tournament.h;
// starting ranks not 1..N; trf_import_config.h), and naming the field for a
// bad request;
// FAILED_PRECONDITION when the tournament exists (R1.1).
absl::StatusOr<rules::tournament::Events> DecideTrfImport(
    const rules::tournament::TournamentState& state,
    const v1::ImportTrfRequest& request,
    const rules::tournament::CommandContext& context);

}  // namespace qiwang::exports

#endif  // QIWANG_SERVICES_TRF_TRF_IMPORT_H_
