// R7.3 tie lots and R8.3 declined final places as the standings and prize
// list read them, on the hand-worked six-player event (six_player_event.h).
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/views/prizes_view.h"
#include "services/views/standings_view.h"
#include "tests/standings/six_player_event.h"

namespace qiwang::views {

using standings::kOpenMen;
using standings::SixPlayerEventTest;

namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;

class LotsAndDeclinesTest : public SixPlayerEventTest {
 protected:
  // Cuts the event back to the end of round 1, where P1 and P6 share rank 1
  // on every tie-break (see the standings test).
  void BackToRoundOne() {
    log_.resize(positions_after_round_[1]);
    state_ = FoldUpTo(positions_after_round_[1]);
  }

  void DrawTieLots(const std::string& ranking_id,
                   const std::vector<int64_t>& drawn_order) {
    v1::Event event;
    v1::TieLotsDrawn& lots = *event.mutable_tie_lots_drawn();
    lots.set_ranking_id(ranking_id);
    lots.set_seed(7);
    for (int64_t id : drawn_order) lots.add_player_ids(id);
    Play(std::move(event));
  }

  void Decline(const std::string& ranking_id, int64_t player_id) {
    v1::Event event;
    v1::FinalPlaceDeclined& declined = *event.mutable_final_place_declined();
    declined.set_ranking_id(ranking_id);
    declined.set_player_id(player_id);
    Play(std::move(event));
  }

  std::vector<std::pair<int64_t, int>> Ranks() const {
    absl::StatusOr<v1::GetStandingsResponse> standings =
        StandingsView(state_, kOpenMen, 0);
    EXPECT_TRUE(standings.ok()) << standings.status();
    std::vector<std::pair<int64_t, int>> ranks;
    if (!standings.ok()) return ranks;
    for (const v1::StandingRow& row : standings->rows()) {
      ranks.emplace_back(row.player_id(), row.rank());
    }
    return ranks;
  }

  const v1::CategoryPrizes& OpenMen(const v1::GetPrizesResponse& prizes) {
    for (const v1::CategoryPrizes& category : prizes.categories()) {
      if (category.ranking_id() == kOpenMen) return category;
    }
    ADD_FAILURE() << "no open-men category";
    return prizes.categories(0);
  }
};

// R7.3: lots drawn P6 before P1 end their shared first place: P6 takes
// 10000 yuan, P1 5000, and the list no longer waits on lots.
TEST_F(LotsAndDeclinesTest, R7_3_LotsBreakTheSharedRankAndItsMoney) {
  BackToRoundOne();
  ASSERT_THAT(Ranks(), testing::Contains(std::pair<int64_t, int>{1, 1}));
  ASSERT_THAT(Ranks(), testing::Contains(std::pair<int64_t, int>{6, 1}));

  DrawTieLots(kOpenMen, {6, 1});

  const std::vector<std::pair<int64_t, int>> ranks = Ranks();
  ASSERT_GE(ranks.size(), 2u);
  EXPECT_EQ(ranks[0], (std::pair<int64_t, int>{6, 1}));
  EXPECT_EQ(ranks[1], (std::pair<int64_t, int>{1, 2}));
  absl::StatusOr<v1::GetPrizesResponse> prizes = PrizesView(state_);
  ASSERT_TRUE(prizes.ok()) << prizes.status();
  const v1::CategoryPrizes& open_men = OpenMen(*prizes);
  ASSERT_GE(open_men.awards_size(), 2);
  EXPECT_EQ(open_men.awards(0).player_id(), 6);
  EXPECT_EQ(open_men.awards(0).money_yuan(), 10000);
  EXPECT_EQ(open_men.awards(1).player_id(), 1);
  EXPECT_EQ(open_men.awards(1).money_yuan(), 5000);
  EXPECT_THAT(open_men.national_final_player_ids(), ElementsAre(6, 1, 5));
  EXPECT_THAT(prizes->provisional_reason(), Not(HasSubstr("R7.3")));
}

// A lot drawn under the section's id serves the category of that section.
TEST_F(LotsAndDeclinesTest, R7_3_LotUnderTheSectionIdServesItsCategory) {
  BackToRoundOne();
  DrawTieLots(kOpenMen, {1, 6});
  const std::vector<std::pair<int64_t, int>> ranks = Ranks();
  ASSERT_GE(ranks.size(), 2u);
  EXPECT_EQ(ranks[0], (std::pair<int64_t, int>{1, 1}));
  EXPECT_EQ(ranks[1], (std::pair<int64_t, int>{6, 2}));
}

// A lot among players who are no longer tied (here: after round 3, where P6
// leads alone) changes nothing: the board decides, not an old lot.
TEST_F(LotsAndDeclinesTest, R7_3_LotAmongPlayersNoLongerTiedIsPassedOver) {
  const std::vector<std::pair<int64_t, int>> before = Ranks();
  DrawTieLots(kOpenMen, {1, 6});
  EXPECT_EQ(Ranks(), before);
  ASSERT_FALSE(before.empty());
  EXPECT_EQ(before[0], (std::pair<int64_t, int>{6, 1}));
}

// A lot for another ranking does not touch this one.
TEST_F(LotsAndDeclinesTest, R7_3_LotOfAnotherRankingIsIgnored) {
  BackToRoundOne();
  DrawTieLots("open-women", {6, 1});
  EXPECT_THAT(Ranks(), testing::Contains(std::pair<int64_t, int>{1, 1}));
  EXPECT_THAT(Ranks(), testing::Contains(std::pair<int64_t, int>{6, 1}));
}

// R8.3: P1 (2nd) declines the national final; the three places go to P6,
// P5 and P2, P1 is listed as passed over, and P1 keeps the second prize.
TEST_F(LotsAndDeclinesTest, R8_3_DeclinedPlacePassesToTheNextRanked) {
  absl::StatusOr<v1::GetPrizesResponse> before = PrizesView(state_);
  ASSERT_TRUE(before.ok()) << before.status();
  EXPECT_THAT(OpenMen(*before).national_final_player_ids(),
              ElementsAre(6, 1, 5));
  EXPECT_THAT(OpenMen(*before).passed_over_player_ids(), IsEmpty());

  Decline(kOpenMen, 1);

  absl::StatusOr<v1::GetPrizesResponse> after = PrizesView(state_);
  ASSERT_TRUE(after.ok()) << after.status();
  const v1::CategoryPrizes& open_men = OpenMen(*after);
  EXPECT_THAT(open_men.national_final_player_ids(), ElementsAre(6, 5, 2));
  EXPECT_THAT(open_men.passed_over_player_ids(), ElementsAre(1));
  ASSERT_GE(open_men.awards_size(), 2);
  EXPECT_EQ(open_men.awards(1).player_id(), 1);
  EXPECT_EQ(open_men.awards(1).money_yuan(), 5000);
}

// A decline under another ranking's id leaves this one's places alone.
TEST_F(LotsAndDeclinesTest, R8_3_DeclineForAnotherRankingIsIgnored) {
  Decline("senior-men", 1);
  absl::StatusOr<v1::GetPrizesResponse> prizes = PrizesView(state_);
  ASSERT_TRUE(prizes.ok()) << prizes.status();
  EXPECT_THAT(OpenMen(*prizes).national_final_player_ids(),
              ElementsAre(6, 1, 5));
}

}  // namespace
}  // namespace qiwang::views
