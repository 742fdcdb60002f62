// Prizes (R8) from the 2016 configuration on the hand-worked six-player
// event (six_player_event.h).
#include "services/views/prizes_view.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/views/prize_config_of.h"
#include "tests/standings/six_player_event.h"

namespace qiwang::views {

using standings::kOpenMen;
using standings::SixPlayerEventTest;

namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

// R8.1, R8.2: the 2016 tables as the prize engine reads them.
TEST(PrizeConfigOfTest, Sichuan2016Tables) {
  const rules::PrizeConfig config =
      PrizeConfigOf(rules::tournament::Sichuan2016());
  ASSERT_EQ(config.categories.size(), 9u);
  const rules::CategoryPrizes& professional = config.categories[0];
  EXPECT_EQ(professional.category, "professional");
  EXPECT_THAT(professional.money_yuan,
              ElementsAre(10000, 4000, 2500, 500, 500, 500));
  EXPECT_THAT(professional.trophies, ElementsAre("棋王奖杯", "银牌", "铜牌"));
  EXPECT_EQ(professional.final_places, 0);
  EXPECT_TRUE(professional.certificates);

  // Open men 1..32: 10000, 5000, 3000, 1500, 4 x 800, 8 x 500, 16 x 300.
  const rules::CategoryPrizes& open_men = config.categories[1];
  EXPECT_EQ(open_men.category, "open-men");
  std::vector<int64_t> table = {10000, 5000, 3000, 1500};
  table.insert(table.end(), 4, 800);
  table.insert(table.end(), 8, 500);
  table.insert(table.end(), 16, 300);
  EXPECT_EQ(open_men.money_yuan, table);
  EXPECT_THAT(open_men.trophies, ElementsAre("奖杯", "奖杯", "奖杯"));
  EXPECT_EQ(open_men.final_places, 3);
  EXPECT_EQ(config.categories[3].category, "senior-men");
  EXPECT_EQ(config.categories[3].final_places, 2);
  EXPECT_EQ(config.categories[4].final_places, 0);  // senior women: none
  EXPECT_EQ(config.shared_rank_money, rules::SharedRankMoney::kSplitEqually);
}

struct Expected {
  int64_t player;
  int rank;
  int64_t yuan;
  bool trophy;
};

void ExpectAwards(const v1::CategoryPrizes& category,
                  const std::vector<Expected>& expected) {
  ASSERT_EQ(category.awards_size(), static_cast<int>(expected.size()))
      << category.DebugString();
  for (size_t i = 0; i < expected.size(); ++i) {
    const v1::PrizeAward& award = category.awards(i);
    SCOPED_TRACE(testing::Message() << "award " << i);
    EXPECT_EQ(award.player_id(), expected[i].player);
    EXPECT_EQ(award.name(), "P " + std::to_string(expected[i].player));
    EXPECT_EQ(award.rank(), expected[i].rank);
    EXPECT_EQ(award.money_yuan(), expected[i].yuan);
    EXPECT_EQ(award.money_fen(), expected[i].yuan * 100);
    EXPECT_EQ(award.trophy(), expected[i].trophy ? "奖杯" : "");
    EXPECT_TRUE(award.certificate());
  }
}

const v1::CategoryPrizes& Category(const v1::GetPrizesResponse& response,
                                   const std::string& id) {
  for (const v1::CategoryPrizes& category : response.categories()) {
    if (category.ranking_id() == id) return category;
  }
  ADD_FAILURE() << "no category " << id;
  return response.categories(0);
}

using PrizesViewTest = SixPlayerEventTest;

// Final order P6, P1, P5, P2, P3, P4 takes the top six of the open men's
// table; the top three get a trophy and the three national-final places.
// The withdrawn P4 is still ranked and paid (R4.4). Eight of eleven rounds
// remain, so the list is provisional.
TEST_F(PrizesViewTest, OpenMenAfterThreeRounds) {
  absl::StatusOr<v1::GetPrizesResponse> prizes = PrizesView(state_);
  ASSERT_TRUE(prizes.ok()) << prizes.status();
  ASSERT_EQ(prizes->categories_size(), 9);
  const v1::CategoryPrizes& open_men = Category(*prizes, kOpenMen);
  EXPECT_EQ(open_men.name().zh(), "公开组男子");
  ExpectAwards(open_men, {{6, 1, 10000, true},
                          {1, 2, 5000, true},
                          {5, 3, 3000, true},
                          {2, 4, 1500, false},
                          {3, 5, 800, false},
                          {4, 6, 800, false}});
  EXPECT_THAT(open_men.national_final_player_ids(), ElementsAre(6, 1, 5));
  EXPECT_EQ(Category(*prizes, "professional").awards_size(), 0);
  EXPECT_THAT(prizes->provisional_reason(),
              HasSubstr("open-men: 3 of 11 rounds played"));
  EXPECT_THAT(prizes->provisional_reason(), Not(HasSubstr("R7.3")));
  // Sections nobody entered do not hold the list back.
  EXPECT_THAT(prizes->provisional_reason(), Not(HasSubstr("professional")));
}

// After round 1, P1 and P6 share rank 1 (see the standings test): they
// split 10000 + 5000 = 15000 yuan, 7500 each, and both get the first
// place's trophy; the final places go to P1, P6 and P5 (no place is split).
TEST_F(PrizesViewTest, SharedRankSplitsTheMoneyOfItsPlaces) {
  absl::StatusOr<v1::GetPrizesResponse> prizes =
      PrizesView(FoldUpTo(positions_after_round_[1]));
  ASSERT_TRUE(prizes.ok()) << prizes.status();
  const v1::CategoryPrizes& open_men = Category(*prizes, kOpenMen);
  ExpectAwards(open_men, {{1, 1, 7500, true},
                          {6, 1, 7500, true},
                          {5, 3, 3000, true},
                          {2, 4, 1500, false},
                          {4, 5, 800, false},
                          {3, 6, 800, false}});
  EXPECT_THAT(open_men.national_final_player_ids(), ElementsAre(1, 6, 5));
  EXPECT_THAT(prizes->provisional_reason(),
              HasSubstr("R7.3: open-men rank 1 is shared by 2 players"));
  EXPECT_THAT(prizes->provisional_reason(),
              HasSubstr("open-men: 1 of 11 rounds played"));
}

// A round published without every result holds the list back.
TEST_F(PrizesViewTest, PendingGamesMakeTheListProvisional) {
  Pair(4, {{6, 5}, {1, 3}}, /*bye=*/2);
  absl::StatusOr<v1::GetPrizesResponse> prizes = PrizesView(state_);
  ASSERT_TRUE(prizes.ok()) << prizes.status();
  EXPECT_THAT(prizes->provisional_reason(),
              HasSubstr("open-men: round 4 has games without a result"));
}

}  // namespace
}  // namespace qiwang::views
