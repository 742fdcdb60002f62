// The check-in rules (R4.2, R2.5): when the desk is open and which documents
// each player must show. Pure functions of the configuration; any caller.
//
// Reading: the window is closed at both ends, [opens, closes]; a companion is
// needed by whoever has had the configured birthday (70th in 2016) on or
// before the first round's day (70周岁以上 includes 70).
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_CHECK_IN_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_CHECK_IN_H_

#include <string>
#include <vector>

#include "absl/time/civil_time.h"
#include "absl/time/time.h"
#include "qiwang/v1/registration_events.pb.h"
#include "qiwang/v1/tournament_config.pb.h"

namespace qiwang::rules::tournament {

bool CheckInWindowOpen(const v1::TournamentConfig& config, absl::Time now);

// "2016-10-13 14:00 Asia/Shanghai .. 2016-10-13 18:00 Asia/Shanghai".
std::string DescribeCheckInWindow(const v1::TournamentConfig& config,
                                  const absl::TimeZone& zone);

// The day round 1 of `section_id` starts in the tournament's zone: its own
// round-1 slot, else the earliest round-1 slot, else the day check-in closes.
absl::CivilDay FirstRoundDay(const v1::TournamentConfig& config,
                             const absl::TimeZone& zone,
                             const std::string& section_id);

// R4.2: identity copy and insurance always; work certificate for workers in
// the region (R2.5); companion by age (R2.5). In enum order.
std::vector<v1::CheckInDocument> RequiredDocuments(
    const v1::TournamentConfig& config, const absl::TimeZone& zone,
    const v1::PlayerRegistered& player);

// "work certificate (R2.5)".
std::string DocumentName(v1::CheckInDocument document);

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_CHECK_IN_H_
