// What a ranking id names (R2.3, R8): a configured ranking category (its
// sections, optionally one gender) or, failing that, a section id (its whole
// pool). Pure; any caller.
#ifndef QIWANG_SERVICES_RULES_RANKING_RANKING_SCOPE_H_
#define QIWANG_SERVICES_RULES_RANKING_RANKING_SCOPE_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "qiwang/v1/tournament_config.pb.h"

namespace qiwang::rules {

struct RankingScope {
  std::string id;
  v1::Label name;
  std::vector<std::string> section_ids;  // at least one, configuration order
  std::vector<v1::Gender> genders;       // empty: every gender
};

// Categories are looked up first, then sections. NOT_FOUND naming
// `ranking_id` when neither has that id.
absl::StatusOr<RankingScope> ResolveRankingScope(
    const v1::TournamentConfig& config, const std::string& ranking_id);

// The configured section `section_id`; NOT_FOUND naming `section_id`.
absl::StatusOr<const v1::Section*> FindSection(
    const v1::TournamentConfig& config, const std::string& section_id);

}  // namespace qiwang::rules

#endif  // QIWANG_SERVICES_RULES_RANKING_RANKING_SCOPE_H_
