#include "services/rules/ranking/ranking_scope.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace qiwang::rules {

absl::StatusOr<RankingScope> ResolveRankingScope(
    const v1::TournamentConfig& config, const std::string& ranking_id) {
  for (const v1::RankingCategory& category : config.ranking_categories()) {
    if (category.id() != ranking_id) continue;
    RankingScope scope{
        category.id(),
        category.name(),
        {category.section_ids().begin(), category.section_ids().end()},
        {}};
    for (int gender : category.genders()) {
      scope.genders.push_back(static_cast<v1::Gender>(gender));
    }
    return scope;
  }
  for (const v1::Section& section : config.sections()) {
    if (section.id() == ranking_id) {
      return RankingScope{section.id(), section.name(), {section.id()}, {}};
    }
  }
  return absl::NotFoundError(
      absl::StrCat("ranking_id: no ranking category or section '", ranking_id,
                   "' in tournament '", config.id(), "'"));
}

absl::StatusOr<const v1::Section*> FindSection(
    const v1::TournamentConfig& config, const std::string& section_id) {
  for (const v1::Section& section : config.sections()) {
    if (section.id() == section_id) return &section;
  }
  return absl::NotFoundError(absl::StrCat("section_id: no section '",
                                          section_id, "' in tournament '",
                                          config.id(), "'"));
}

}  // namespace qiwang::rules
