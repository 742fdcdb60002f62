// When rounds start (R2.4 schedule): the configuration's round slots read
// for one section. Pure; any caller.
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_SCHEDULE_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_SCHEDULE_H_

#include <optional>
#include <string>

#include "absl/time/time.h"
#include "qiwang/v1/tournament_config.pb.h"

namespace qiwang::rules::tournament {

// The earliest start the schedule gives round `round` of `section_id`, or
// nullopt when no slot times it. A slot naming sections times those; one
// naming none times every Swiss section.
std::optional<absl::Time> RoundStart(const v1::TournamentConfig& config,
                                     const std::string& section_id, int round);

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_SCHEDULE_H_
