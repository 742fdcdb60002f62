#include "services/views/prize_config_of.h"

namespace qiwang::views {

rules::PrizeConfig PrizeConfigOf(const v1::TournamentConfig& config) {
  rules::PrizeConfig prizes;
  for (const v1::RankingCategory& category : config.ranking_categories()) {
    rules::CategoryPrizes& out = prizes.categories.emplace_back();
    out.category = category.id();
    out.money_yuan.assign(category.prize_yuan().begin(),
                          category.prize_yuan().end());
    for (const v1::Trophy& trophy : category.trophies()) {
      if (trophy.rank() < 1) continue;
      if (out.trophies.size() < static_cast<size_t>(trophy.rank())) {
        out.trophies.resize(trophy.rank());
      }
      out.trophies[trophy.rank() - 1] =
          trophy.name().zh().empty() ? trophy.name().en() : trophy.name().zh();
    }
    out.certificates = category.certificates_for_prize_winners();
    out.final_places = category.national_final_places();
  }
  return prizes;
}

}  // namespace qiwang::views
