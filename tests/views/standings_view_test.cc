// The standings view on the hand-worked six-player event
// (six_player_event.h): every row and tie-break value worked out by hand.
#include "services/views/standings_view.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/standings/six_player_event.h"

namespace qiwang::views {

using standings::kOpenMen;
using standings::SixPlayerEventTest;

namespace {

using ::testing::ElementsAre;
using ::testing::ElementsAreArray;
using ::testing::HasSubstr;

// What a row should show, in the 2016 chain's order: 对手分, wins, fouls,
// games with black, then R7.2's scores after the previous rounds.
struct Row {
  int64_t player;
  int rank;
  bool shared;
  int score;
  int64_t opponents_score;
  int64_t wins;
  int64_t fouls;
  int64_t games_with_black;
  std::vector<int> previous_rounds;
  int games_played;
};

void ExpectRows(const v1::GetStandingsResponse& response,
                const std::vector<Row>& expected) {
  ASSERT_EQ(response.rows_size(), static_cast<int>(expected.size()))
      << response.DebugString();
  for (size_t i = 0; i < expected.size(); ++i) {
    const v1::StandingRow& row = response.rows(i);
    const Row& want = expected[i];
    SCOPED_TRACE(testing::Message() << "row " << i << ": P" << want.player);
    EXPECT_EQ(row.player_id(), want.player);
    EXPECT_EQ(row.name(), "P " + std::to_string(want.player));
    EXPECT_EQ(row.section_id(), kOpenMen);
    EXPECT_EQ(row.rank(), want.rank);
    EXPECT_EQ(row.shared_rank(), want.shared);
    EXPECT_FALSE(row.placed_by_lot());
    EXPECT_EQ(row.score(), want.score);
    ASSERT_EQ(row.tie_breaks_size(), 5);
    EXPECT_EQ(row.tie_breaks(0).kind(), v1::TIE_BREAK_KIND_OPPONENTS_SCORE);
    EXPECT_EQ(row.tie_breaks(0).value(), want.opponents_score);
    EXPECT_EQ(row.tie_breaks(1).kind(), v1::TIE_BREAK_KIND_WINS);
    EXPECT_EQ(row.tie_breaks(1).value(), want.wins);
    EXPECT_EQ(row.tie_breaks(2).kind(), v1::TIE_BREAK_KIND_FEWER_FOULS);
    EXPECT_EQ(row.tie_breaks(2).value(), want.fouls);
    EXPECT_EQ(row.tie_breaks(3).kind(), v1::TIE_BREAK_KIND_GAMES_WITH_BLACK);
    EXPECT_EQ(row.tie_breaks(3).value(), want.games_with_black);
    EXPECT_EQ(row.tie_breaks(4).kind(), v1::TIE_BREAK_KIND_PREVIOUS_ROUNDS);
    EXPECT_THAT(row.tie_breaks(4).sequence(),
                ElementsAreArray(want.previous_rounds));
    EXPECT_EQ(row.games_played(), want.games_played);
  }
}

using StandingsViewTest = SixPlayerEventTest;

// R7.1, R7.2, R5.3, R5.5, R4.4, R6.4. Scores after round 3:
//   P1 W D D = 2+1+1 = 4    P2 D W L = 1+2+0 = 3    P3 - L B = 0+0+2 = 2
//   P4 L L . = 0            P5 D W D = 1+2+1 = 4    P6 + D W = 2+1+2 = 5
// 对手分 (forfeit opponents count, the bye adds nothing):
//   P1 P4+P6+P5 = 0+5+4 = 9     P2 P5+P3+P6 = 4+2+5 = 11
//   P3 P6+P2 = 5+3 = 8          P4 P1+P5 = 4+4 = 8
//   P5 P2+P4+P1 = 3+0+4 = 7     P6 P3+P1+P2 = 2+4+3 = 9
// Wins: P6 2 (the forfeit win counts), P1, P2, P5 1 each. Fouls: P2 1.
// Games with black, over the board only: P5 2 (rounds 2, 3); P1, P2, P3,
// P4, P6 1 each (P6's forfeit win as black is no game).
// R7.2: scores after round 2, then after round 1: P1 3,2  P2 3,1  P3 0,0
// P4 0,0  P5 3,1  P6 3,2.
// Order: P6 5; P1 and P5 on 4, 对手分 9 > 7; P2 3; P3 2; P4 0.
TEST_F(StandingsViewTest, FinalStandingsShowEveryTieBreakValue) {
  absl::StatusOr<v1::GetStandingsResponse> response =
      StandingsView(state_, kOpenMen, 0);
  ASSERT_TRUE(response.ok()) << response.status();
  EXPECT_EQ(response->ranking_id(), kOpenMen);
  EXPECT_EQ(response->name().en(), "Open men");
  EXPECT_EQ(response->after_round(), 3);
  ExpectRows(*response, {{6, 1, false, 5, 9, 2, 0, 1, {3, 2}, 2},
                         {1, 2, false, 4, 9, 1, 0, 1, {3, 2}, 3},
                         {5, 3, false, 4, 7, 1, 0, 2, {3, 1}, 3},
                         {2, 4, false, 3, 11, 1, 1, 1, {3, 1}, 3},
                         {3, 5, false, 2, 8, 0, 0, 1, {0, 0}, 1},
                         {4, 6, false, 0, 8, 0, 0, 1, {0, 0}, 2}});
  // R4.4: the withdrawn player stays ranked with the games already played.
  EXPECT_TRUE(response->rows(5).withdrawn());
  for (int i = 0; i < 5; ++i) EXPECT_FALSE(response->rows(i).withdrawn());
}

// Counting rounds 1..2 only. Scores: P1 2+1 = 3, P2 1+2 = 3, P5 1+2 = 3,
// P6 2+1 = 3, P3 0, P4 0. 对手分 on those scores: P1 P4+P6 = 0+3 = 3,
// P2 P5+P3 = 3+0 = 3, P5 P2+P4 = 3+0 = 3, P6 P3+P1 = 0+3 = 3, P3 P6+P2 = 6,
// P4 P1+P5 = 6. Wins: 1 each among the four on 3. Fouls: P2 1, so P2 is
// last of the four. Games with black: P1 1, P5 1, P6 0 (forfeit), so P6 is
// third. R7.2 after round 1: P1 2 > P5 1. P3 and P4: 对手分 6, no wins, no
// fouls, one game with black each, 0 after round 1: they share rank 5,
// listed by pairing number (P4 = 3, P3 = 4).
TEST_F(StandingsViewTest, AfterRoundCountsOnlyThoseRounds) {
  absl::StatusOr<v1::GetStandingsResponse> response =
      StandingsView(state_, kOpenMen, 2);
  ASSERT_TRUE(response.ok()) << response.status();
  EXPECT_EQ(response->after_round(), 2);
  ExpectRows(*response, {{1, 1, false, 3, 3, 1, 0, 1, {2}, 2},
                         {5, 2, false, 3, 3, 1, 0, 1, {1}, 2},
                         {6, 3, false, 3, 3, 1, 0, 0, {2}, 1},
                         {2, 4, false, 3, 3, 1, 1, 1, {1}, 2},
                         {4, 5, true, 0, 6, 0, 0, 1, {0}, 2},
                         {3, 5, true, 0, 6, 0, 0, 1, {0}, 1}});
}

// R7.5: the state as of the position after round 2's last result (before
// the withdrawal) ranks like after_round 2, and nobody is withdrawn yet.
TEST_F(StandingsViewTest, PastPositionGivesThePastStandings) {
  const rules::tournament::TournamentState past =
      FoldUpTo(positions_after_round_[2]);
  absl::StatusOr<v1::GetStandingsResponse> then =
      StandingsView(past, kOpenMen, 0);
  absl::StatusOr<v1::GetStandingsResponse> counted =
      StandingsView(state_, kOpenMen, 2);
  ASSERT_TRUE(then.ok()) << then.status();
  ASSERT_TRUE(counted.ok()) << counted.status();
  EXPECT_EQ(then->after_round(), 2);
  ASSERT_EQ(then->rows_size(), 6);
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(then->rows(i).player_id(), counted->rows(i).player_id());
    EXPECT_EQ(then->rows(i).rank(), counted->rows(i).rank());
    EXPECT_FALSE(then->rows(i).withdrawn());
  }
}

// After round 1: P1 2 (win), P6 2 (forfeit win), P2 1, P5 1, P3 0, P4 0.
// 对手分: P1 P4 = 0, P6 P3 = 0, P2 P5 = 1, P5 P2 = 1, P3 P6 = 2, P4 P1 = 2.
// P1 and P6: one win each, no fouls, no game with black (P6's was a
// forfeit), no earlier round: tied through the chain, they share rank 1
// (R7.3, no lots drawn), P1 (pairing number 2) before P6 (5). P5 before P2
// on fouls (P2's foul in round 1). P4 before P3 on games with black (P4
// lost as black; P3 forfeited as red).
TEST_F(StandingsViewTest, SharedRankUntilLotsAreDrawn) {
  absl::StatusOr<v1::GetStandingsResponse> response =
      StandingsView(FoldUpTo(positions_after_round_[1]), kOpenMen, 0);
  ASSERT_TRUE(response.ok()) << response.status();
  EXPECT_EQ(response->after_round(), 1);
  ExpectRows(*response, {{1, 1, true, 2, 0, 1, 0, 0, {}, 1},
                         {6, 1, true, 2, 0, 1, 0, 0, {}, 0},
                         {5, 3, false, 1, 1, 0, 0, 0, {}, 1},
                         {2, 4, false, 1, 1, 0, 1, 1, {}, 1},
                         {4, 5, false, 0, 2, 0, 0, 1, {}, 1},
                         {3, 6, false, 0, 2, 0, 0, 0, {}, 0}});
}

// A round not yet published counts as every published round.
TEST_F(StandingsViewTest, AfterRoundBeyondThePublishedCountsEverything) {
  absl::StatusOr<v1::GetStandingsResponse> response =
      StandingsView(state_, kOpenMen, 9);
  ASSERT_TRUE(response.ok()) << response.status();
  EXPECT_EQ(response->after_round(), 3);
  EXPECT_EQ(response->rows(0).player_id(), 6);
  EXPECT_EQ(response->rows(0).score(), 5);
}

TEST_F(StandingsViewTest, UnknownRankingIsNotFoundNamingTheField) {
  absl::StatusOr<v1::GetStandingsResponse> response =
      StandingsView(state_, "open-mne", 0);
  EXPECT_EQ(response.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(response.status().message(), HasSubstr("ranking_id"));
  EXPECT_THAT(response.status().message(), HasSubstr("open-mne"));
}

TEST_F(StandingsViewTest, NegativeAfterRoundIsInvalid) {
  absl::StatusOr<v1::GetStandingsResponse> response =
      StandingsView(state_, kOpenMen, -1);
  EXPECT_EQ(response.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(response.status().message(), HasSubstr("after_round"));
}

// R2.3: a category ranks only its genders while the pool stays whole; one
// over two sections ranks the players of both.
TEST_F(StandingsViewTest, CategoryGendersAndSections) {
  v1::TournamentConfig config = state_.config();
  v1::RankingCategory& women = *config.add_ranking_categories();
  women.set_id("open-men-pool-women");
  women.add_section_ids(kOpenMen);
  women.add_genders(v1::GENDER_FEMALE);
  v1::RankingCategory& open = *config.add_ranking_categories();
  open.set_id("open-all");
  open.add_section_ids(kOpenMen);
  open.add_section_ids("open-women");
  open.add_genders(v1::GENDER_MALE);
  v1::Event amended;
  amended.set_reason("test categories");
  *amended.mutable_tournament_amended()->mutable_config() = config;
  Commit({amended}, rules::tournament::Beijing(2016, 10, 15, 9, 0));

  absl::StatusOr<v1::GetStandingsResponse> none =
      StandingsView(state_, "open-men-pool-women", 0);
  ASSERT_TRUE(none.ok()) << none.status();
  EXPECT_EQ(none->rows_size(), 0);

  absl::StatusOr<v1::GetStandingsResponse> all =
      StandingsView(state_, "open-all", 0);
  ASSERT_TRUE(all.ok()) << all.status();
  std::vector<int64_t> order;
  for (const v1::StandingRow& row : all->rows())
    order.push_back(row.player_id());
  EXPECT_THAT(order, ElementsAre(6, 1, 5, 2, 3, 4));
}

}  // namespace
}  // namespace qiwang::views
