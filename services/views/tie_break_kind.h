// The API's name (TieBreakKind) for each tie-break of the ranking engine.
#ifndef QIWANG_SERVICES_VIEWS_TIE_BREAK_KIND_H_
#define QIWANG_SERVICES_VIEWS_TIE_BREAK_KIND_H_

#include "qiwang/v1/tournament_config.pb.h"
#include "services/rules/ranking/tie_break.h"

namespace qiwang::views {

v1::TieBreakKind ToTieBreakKind(rules::TieBreak kind);

}  // namespace qiwang::views

#endif  // QIWANG_SERVICES_VIEWS_TIE_BREAK_KIND_H_
