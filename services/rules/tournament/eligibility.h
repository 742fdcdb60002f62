// Who may enter which section (R2.1, R2.2, R2.5), read only from each
// section's Eligibility in the configuration. Refusals are
// FAILED_PRECONDITION naming the clause and the facts ("R2.2: born
// 1955-12-31, section open-men admits births 1956-01-01..1999-12-31
// (senior-men fits)"). Pure; the Register decision calls it.
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_ELIGIBILITY_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_ELIGIBILITY_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "qiwang/v1/tournament_config.pb.h"
#include "qiwang/v1/tournament_service.pb.h"

namespace qiwang::rules::tournament {

const v1::Section* FindSection(const v1::TournamentConfig& config,
                               const std::string& section_id);

// R2.2: the one section with a birth-date range whose range and genders admit
// `person`. INVALID_ARGUMENT on section_id when several fit,
// FAILED_PRECONDITION when none does.
absl::StatusOr<const v1::Section*> DeriveSection(
    const v1::TournamentConfig& config, const v1::Person& person);

// R2.1, R2.2, R2.5: birth date, gender, title floor and ceiling, residency
// and insurance of `entry` against `section`.
absl::Status CheckEligibility(const v1::TournamentConfig& config,
                              const v1::Section& section,
                              const v1::RegisterPlayerRequest& entry);

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_ELIGIBILITY_H_
