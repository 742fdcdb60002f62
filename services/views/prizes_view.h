// GetPrizes as the API answers it (R8): per ranking category, prize money,
// trophies, certificates and national-final places from the current
// standings, and why the list is still provisional. Pure; any caller.
#ifndef QIWANG_SERVICES_VIEWS_PRIZES_VIEW_H_
#define QIWANG_SERVICES_VIEWS_PRIZES_VIEW_H_

#include "absl/status/statusor.h"
#include "qiwang/v1/standings_service.pb.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::views {

// Categories in configuration order. provisional_reason lists, separated by
// "; ", every section with players that has no round played, rounds left
// (Swiss: fewer published than configured) or games without a result; every
// paid rank shared by several players (R7.3: the money is split until lots
// are drawn); and every category whose final places fall inside a shared
// rank (R7.3: those places stay empty until lots are drawn). A player who
// declined a final place (R8.3) is passed over for it; the money still
// follows the rank.
// as_of_position is left for the caller.
absl::StatusOr<v1::GetPrizesResponse> PrizesView(
    const rules::tournament::TournamentState& state);

}  // namespace qiwang::views

#endif  // QIWANG_SERVICES_VIEWS_PRIZES_VIEW_H_
