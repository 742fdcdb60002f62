// The configuration of a tournament imported from a TRF (issue 17 §3): one
// section, named and scored as the file says, without qualification or
// eligibility rules (R2, R3 do not apply to an event played elsewhere), so
// that later registrations are not refused for a station. What the file
// cannot carry comes from the request. Pure; any caller.
//
// Reading: 012 "<tournament> - <section>" (as `qiwang export trf` writes
// it; without " - " the whole is the tournament's name and the section is
// named after its id); a text in printable ASCII is the English label, any
// other the Chinese one. 092 naming a round robin (double or not) makes the
// section one, else it is Swiss with 142 (XXR) rounds, at least the rounds
// played. 122 "90'+30\"" is the time control (else the request's). 132
// dates are each round's start at 09:00 in the request's zone (default
// Asia/Shanghai), the century from 042 (default 20). Points: `scoring`, as
// ReadTrfTournament read them from 162 (XXS). Tie-breaks from
// TieBreaksOf (else the request's; else the R7.1 chain). Registration and
// check-in closed at `now`.
#ifndef QIWANG_SERVICES_TRF_TRF_IMPORT_CONFIG_H_
#define QIWANG_SERVICES_TRF_TRF_IMPORT_CONFIG_H_

#include "absl/status/statusor.h"
#include "absl/time/time.h"
#include "qiwang/v1/import_service.pb.h"
#include "qiwang/v1/tournament_config.pb.h"
#include "services/rules/core/records.h"
#include "services/trf/trf_document.h"
#include "services/trf/trf_reader.h"

namespace qiwang::exports {

// The section id when the request names none.
inline constexpr char kDefaultImportSection[] = "open";
inline constexpr char kDefaultImportTimeZone[] = "Asia/Shanghai";

// INVALID_ARGUMENT naming the line and columns (or the request's field) of
// what cannot be configured: no rounds, no time control, an unknown
// tie-break or zone, an impossible date.
absl::StatusOr<v1::TournamentConfig> TrfImportConfig(
    const TrfDocument& document, const TrfLineNumbers& lines,
    const rules::Scoring& scoring, const v1::ImportTrfRequest& request,
    int rounds_played, absl::Time now);

}  // namespace qiwang::exports

#endif  // QIWANG_SERVICES_TRF_TRF_IMPORT_CONFIG_H_
