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

// The most players one section may take: the size the Swiss engine is
// tested and benchmarked at (10,000 paired in under 5 s). A section's
// max_players may only lower it.
inline constexpr int kMaxPlayersPerSection = 10'000;

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_CONFIG_VALIDATION_H_
