// Why a ranking's prize list is provisional, as a reader of the standings
// page wants it: one short sentence per section of the ranking that is not
// finished, in the page's language ("公开组男子：第3轮尚有对局未出结果").
// Pure; any caller.
#ifndef QIWANG_CLIENTS_WEB_PROVISIONAL_NOTICE_H_
#define QIWANG_CLIENTS_WEB_PROVISIONAL_NOTICE_H_

#include <string>
#include <vector>

#include "clients/web/page_view.h"
#include "qiwang/v1/standings_service.pb.h"
#include "qiwang/v1/tournament_config.pb.h"

namespace qiwang::web {

// The sentences for the sections of `ranking_id` (their `crosstables`) when
// the prizes are provisional (GetPrizes' `reason`, for the whole event, is
// not empty); when those sections are finished, a shared place awaiting
// lots if the reason names the ranking. None when the ranking's list is
// final.
std::vector<std::string> ProvisionalNotice(
    const PageView& view, const v1::TournamentConfig& config,
    const std::string& ranking_id,
    const std::vector<v1::GetCrosstableResponse>& crosstables,
    const std::string& reason);

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_PROVISIONAL_NOTICE_H_
