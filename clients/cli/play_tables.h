// The human tables of play: a round's boards, a player's schedule, standings
// with every tie-break value, a crosstable and the prize list, aligned for
// CJK widths. Pure functions of the server's answers; any caller.
#ifndef QIWANG_CLIENTS_CLI_PLAY_TABLES_H_
#define QIWANG_CLIENTS_CLI_PLAY_TABLES_H_

#include <string>

#include "clients/cli/labels.h"
#include "qiwang/v1/pairing_service.pb.h"
#include "qiwang/v1/standings_service.pb.h"

namespace qiwang::cli {

// "section round N" heading, then board, red, score, result, black, score;
// the bye last.
std::string RoundText(const v1::RoundView& round, Lang lang);

std::string ScheduleText(const v1::GetScheduleResponse& schedule, Lang lang);

// Rank ("2=" when shared), player, name, score, one column per tie-break,
// games played; the ranking's name and the position as a heading.
std::string StandingsText(const v1::GetStandingsResponse& standings, Lang lang);

std::string CrosstableText(const v1::GetCrosstableResponse& crosstable,
                           Lang lang);

std::string PrizesText(const v1::GetPrizesResponse& prizes, Lang lang);

// "王天一 (12)": the name and player id; blank for an unset reference.
std::string PlayerText(const v1::PlayerRef& player);

// The label in the language (falls back to the other one when empty).
std::string LabelText(const v1::Label& label, Lang lang);

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_PLAY_TABLES_H_
