// The human tables of rulings and appeals: the list of rulings, the history
// of a ruling, player or board, appeals, and the what-if diff of standings
// and prizes. Pure functions of the server's answers; any caller.
#ifndef QIWANG_CLIENTS_CLI_RULING_TABLES_H_
#define QIWANG_CLIENTS_CLI_RULING_TABLES_H_

#include <string>

#include "clients/cli/labels.h"
#include "google/protobuf/repeated_ptr_field.h"
#include "qiwang/v1/audit_service.pb.h"

namespace qiwang::cli {

// Id, kind, position, section/round/board, players, who and when, summary,
// appeals, whether it still stands, reason.
std::string RulingsText(const v1::ListRulingsResponse& rulings, Lang lang);

// Oldest first: position, time, who in which role, kind, summary, reason.
std::string HistoryText(
    const google::protobuf::RepeatedPtrField<v1::HistoryEntry>& entries,
    Lang lang);

std::string AppealsText(const v1::ListAppealsResponse& appeals, Lang lang);

// One appeal as field/value rows, then the ruling's history.
std::string AppealText(const v1::GetAppealResponse& appeal, Lang lang);

// The description, then per ranking: player, rank, score, prize and final
// place before -> after; changed rows marked with '*'.
std::string WhatIfText(const v1::WhatIfResponse& what_if, Lang lang);

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_RULING_TABLES_H_
