// Whether a TournamentConfig is well formed (R1.1): every id present and
// unique, every reference resolvable, every date and window real. Answers
// INVALID_ARGUMENT naming the first offending field ("sections[2].id: ...").
// Pure; the Create and Amend decisions call it.
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_CONFIG_VALIDATION_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_CONFIG_VALIDATION_H_

#include "absl/status/status.h"
#include "qiwang/v1/tournament_config.pb.h"

namespace qiwang::rules::tournament {

absl::Status ValidateConfig(const v1::TournamentConfig& config);

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_CONFIG_VALIDATION_H_
