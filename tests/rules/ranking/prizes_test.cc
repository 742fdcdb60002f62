// Prizes and national-final places (R8) with the 2016 tables copied from
// RULES.md R8.1 / R8.2. Standings are typed in by hand (rank per player).
#include "services/rules/prizes/prizes.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace qiwang::rules {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

// Standings from ranks in order: Ranked({1, 2, 2, 4}) gives players 1..4
// those ranks.
Standings Ranked(std::vector<int> ranks, PlayerId first_id = 1) {
  Standings standings;
  for (int i = 0; i < static_cast<int>(ranks.size()); ++i) {
    Standing row;
    row.player = first_id + i;
    row.rank = ranks[i];
    standings.rows.push_back(row);
  }
  return standings;
}

Standings Distinct(int count, PlayerId first_id = 1) {
  std::vector<int> ranks;
  for (int r = 1; r <= count; ++r) ranks.push_back(r);
  return Ranked(ranks, first_id);
}

const std::vector<std::string> kAmateurTrophies = {"trophy", "trophy",
                                                   "trophy"};

CategoryPrizes Category(std::string name, std::vector<int64_t> money_yuan,
                        std::vector<std::string> trophies, int final_places) {
  CategoryPrizes prizes;
  prizes.category = std::move(name);
  prizes.money_yuan = std::move(money_yuan);
  prizes.trophies = std::move(trophies);
  prizes.final_places = final_places;
  return prizes;
}

PrizeConfig Config(std::vector<CategoryPrizes> categories,
                   SharedRankMoney shared = SharedRankMoney::kSplitEqually) {
  PrizeConfig config;
  config.categories = std::move(categories);
  config.shared_rank_money = shared;
  return config;
}

// R8.1 open men: 10000, 5000, 3000, 1500, 4x800, 8x500, 16x300.
CategoryPrizes OpenMen() {
  CategoryPrizes prizes =
      Category("open men", {10000, 5000, 3000, 1500}, kAmateurTrophies, 3);
  prizes.money_yuan.insert(prizes.money_yuan.end(), 4, 800);
  prizes.money_yuan.insert(prizes.money_yuan.end(), 8, 500);
  prizes.money_yuan.insert(prizes.money_yuan.end(), 16, 300);
  return prizes;
}

// R8.1 open women: 2000, 1200, 800, 600, 400, 300; R8.2: 1 place.
CategoryPrizes OpenWomen() {
  return Category("open women", {2000, 1200, 800, 600, 400, 300},
                  kAmateurTrophies, 1);
}

std::vector<CategoryAwards> AwardOrFail(
    const PrizeConfig& config,
    const std::map<std::string, Standings>& rankings) {
  absl::StatusOr<std::vector<CategoryAwards>> awards =
      AwardPrizes(config, rankings);
  EXPECT_TRUE(awards.ok()) << awards.status();
  return awards.ok() ? *std::move(awards) : std::vector<CategoryAwards>{};
}

std::vector<int64_t> MoneyYuan(const CategoryAwards& category) {
  std::vector<int64_t> yuan;
  for (const Award& award : category.awards) {
    yuan.push_back(award.money_fen / kFenPerYuan);
  }
  return yuan;
}

// R8.1: 40 open men, distinct ranks: the top 32 are paid by the table, the
// top three get a trophy, all 32 a certificate, nobody below 32 anything.
// Total 10000+5000+3000+1500 + 4x800 + 8x500 + 16x300 = 31500 yuan.
TEST(PrizesTest, OpenMenTablePaysTheTopThirtyTwo) {
  PrizeConfig config = Config({OpenMen()});
  std::vector<CategoryAwards> result =
      AwardOrFail(config, {{"open men", Distinct(40)}});
  ASSERT_EQ(result.size(), 1u);
  const std::vector<Award>& awards = result[0].awards;
  ASSERT_EQ(awards.size(), 32u);
  EXPECT_EQ(awards[0].money_fen, 1000000);
  EXPECT_EQ(awards[3].money_fen, 150000);
  EXPECT_EQ(awards[4].money_fen, 80000);   // 5th
  EXPECT_EQ(awards[7].money_fen, 80000);   // 8th
  EXPECT_EQ(awards[8].money_fen, 50000);   // 9th
  EXPECT_EQ(awards[15].money_fen, 50000);  // 16th
  EXPECT_EQ(awards[16].money_fen, 30000);  // 17th
  EXPECT_EQ(awards[31].money_fen, 30000);  // 32nd
  EXPECT_EQ(awards[31].player, 32);
  int64_t total = 0;
  for (const Award& award : awards) {
    total += award.money_fen;
    EXPECT_TRUE(award.certificate);
    EXPECT_EQ(award.trophy, award.rank <= 3 ? "trophy" : "");
  }
  EXPECT_EQ(total, 31500 * kFenPerYuan);
  EXPECT_EQ(result[0].undistributed_fen, 0);
}

// R8.1 professional: 10000 and the King trophy, 4000 and a silver medal,
// 2500 and a bronze medal, then 500, 500, 500.
TEST(PrizesTest, ProfessionalSectionTrophyAndMedals) {
  PrizeConfig config =
      Config({Category("professional", {10000, 4000, 2500, 500, 500, 500},
                       {"King trophy", "silver medal", "bronze medal"}, 0)});
  std::vector<CategoryAwards> result =
      AwardOrFail(config, {{"professional", Distinct(8)}});
  ASSERT_EQ(result.size(), 1u);
  EXPECT_THAT(MoneyYuan(result[0]),
              ElementsAre(10000, 4000, 2500, 500, 500, 500));
  EXPECT_EQ(result[0].awards[0].trophy, "King trophy");
  EXPECT_EQ(result[0].awards[1].trophy, "silver medal");
  EXPECT_EQ(result[0].awards[2].trophy, "bronze medal");
  EXPECT_EQ(result[0].awards[3].trophy, "");
}

// R8.1 with shared ranks (default): two open women tied 4th share 4th+5th
// (600 + 400) = 500 each; the 6th still gets 300. Three tied 2nd share
// 1200 + 800 + 600 = 2600 -> 866.66 each (86666 fen), 2 fen left over.
TEST(PrizesTest, SharedRankSplitsThePlacesItCovers) {
  PrizeConfig config = Config({OpenWomen()});
  std::vector<CategoryAwards> tied_fourth =
      AwardOrFail(config, {{"open women", Ranked({1, 2, 3, 4, 4, 6, 7})}});
  ASSERT_EQ(tied_fourth.size(), 1u);
  EXPECT_THAT(MoneyYuan(tied_fourth[0]),
              ElementsAre(2000, 1200, 800, 500, 500, 300));

  std::vector<CategoryAwards> tied_second =
      AwardOrFail(config, {{"open women", Ranked({1, 2, 2, 2, 5, 6})}});
  ASSERT_EQ(tied_second.size(), 1u);
  const std::vector<Award>& awards = tied_second[0].awards;
  ASSERT_EQ(awards.size(), 6u);
  EXPECT_EQ(awards[1].money_fen, 86666);
  EXPECT_EQ(awards[3].money_fen, 86666);
  EXPECT_EQ(tied_second[0].undistributed_fen, 2);
}

// R8.1: two players tied 3rd both get the 3rd-place trophy and share
// 800 + 600 = 700 each.
TEST(PrizesTest, TiedThirdBothGetTheTrophy) {
  PrizeConfig config = Config({OpenWomen()});
  std::vector<CategoryAwards> result =
      AwardOrFail(config, {{"open women", Ranked({1, 2, 3, 3, 5})}});
  ASSERT_EQ(result.size(), 1u);
  EXPECT_EQ(result[0].awards[2].trophy, "trophy");
  EXPECT_EQ(result[0].awards[3].trophy, "trophy");
  EXPECT_EQ(result[0].awards[4].trophy, "");
  EXPECT_THAT(MoneyYuan(result[0]), ElementsAre(2000, 1200, 700, 700, 400));
}

// R7.3 option: with kRequireLots a shared rank over paid places is refused
// until lots are drawn; a shared rank below the paid places is fine.
TEST(PrizesTest, RequireLotsRefusesSharedPaidPlaces) {
  PrizeConfig config = Config({OpenWomen()}, SharedRankMoney::kRequireLots);
  absl::Status status =
      AwardPrizes(config, {{"open women", Ranked({1, 2, 3, 4, 4, 6})}})
          .status();
  EXPECT_EQ(status.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(status.message(), HasSubstr("R7.3: players 4, 5 share rank 4"));
  EXPECT_TRUE(
      AwardPrizes(config, {{"open women", Ranked({1, 2, 3, 4, 5, 6, 7, 7})}})
          .ok());
}

// R8.2, R8.3: open men have 3 places; the 2nd declines and is passed over
// for the 4th. Prize money is still paid by rank: the 2nd keeps 5000.
TEST(PrizesTest, DeclinedPlaceGoesToTheNextRanked) {
  CategoryPrizes open_men = OpenMen();
  open_men.declined_places = {2};
  PrizeConfig config = Config({open_men});
  std::vector<CategoryAwards> result =
      AwardOrFail(config, {{"open men", Distinct(40)}});
  ASSERT_EQ(result.size(), 1u);
  EXPECT_THAT(result[0].final_places, ElementsAre(1, 3, 4));
  EXPECT_THAT(result[0].passed_over, ElementsAre(2));
  EXPECT_EQ(result[0].awards[1].player, 2);
  EXPECT_EQ(result[0].awards[1].money_fen, 5000 * kFenPerYuan);
}

// R8.2: the last place cannot be split between players sharing a rank.
TEST(PrizesTest, FinalPlaceInsideASharedRankNeedsLots) {
  PrizeConfig config = Config({OpenWomen()});
  absl::Status status =
      AwardPrizes(config, {{"open women", Ranked({1, 1, 3})}}).status();
  EXPECT_EQ(status.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(status.message(), HasSubstr("R8.3"));
  EXPECT_THAT(status.message(), HasSubstr("R7.3"));
}

// R8.1 senior men 600, 500, 400, 300, 200, 200; senior women 500, 300, 200.
// R8.2 default: the 2 senior places come from the senior men's ranking.
// Option "across both": they come from a ranking of the whole senior pool
// (R2.3), here led by woman 102, then man 1.
TEST(PrizesTest, SeniorPlacesFromMenByDefaultOrAcrossBoth) {
  CategoryPrizes men = Category("senior men", {600, 500, 400, 300, 200, 200},
                                kAmateurTrophies, 2);
  CategoryPrizes women =
      Category("senior women", {500, 300, 200}, kAmateurTrophies, 0);
  std::map<std::string, Standings> rankings = {
      {"senior men", Distinct(8)},
      {"senior women", Distinct(4, 101)},
  };
  std::vector<CategoryAwards> by_default =
      AwardOrFail(Config({men, women}), rankings);
  ASSERT_EQ(by_default.size(), 2u);
  EXPECT_THAT(MoneyYuan(by_default[0]),
              ElementsAre(600, 500, 400, 300, 200, 200));
  EXPECT_THAT(MoneyYuan(by_default[1]), ElementsAre(500, 300, 200));
  EXPECT_THAT(by_default[0].final_places, ElementsAre(1, 2));
  EXPECT_THAT(by_default[1].final_places, IsEmpty());

  men.final_places = 0;
  CategoryPrizes across_both = Category("senior", {}, {}, 2);
  Standings whole_pool = Ranked({1, 2, 3, 4});
  const std::vector<PlayerId> senior_order = {102, 1, 101, 2};
  for (int i = 0; i < 4; ++i) whole_pool.rows[i].player = senior_order[i];
  rankings["senior"] = whole_pool;
  std::vector<CategoryAwards> option =
      AwardOrFail(Config({men, women, across_both}), rankings);
  ASSERT_EQ(option.size(), 3u);
  EXPECT_THAT(option[0].final_places, IsEmpty());
  EXPECT_THAT(option[2].final_places, ElementsAre(102, 1));
  EXPECT_THAT(option[2].awards, IsEmpty());
}

// R8: bad configuration is refused by name and awards nothing.
TEST(PrizesTest, RefusesMissingRankingsAndUnknownDeclines) {
  PrizeConfig config = Config({OpenWomen()});
  absl::Status missing = AwardPrizes(config, {}).status();
  EXPECT_EQ(missing.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(missing.message(), HasSubstr("open women"));

  config.categories[0].declined_places = {77};
  absl::Status unknown =
      AwardPrizes(config, {{"open women", Distinct(6)}}).status();
  EXPECT_EQ(unknown.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(unknown.message(), HasSubstr("R8.3: player 77"));
}

}  // namespace
}  // namespace qiwang::rules
