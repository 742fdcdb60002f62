// The decisions on tie lots (R7.3) and declined national-final places
// (R8.3): shape and timing refused naming the clause or field; a draw that
// anyone can redo from its seed.
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/rules/roundrobin/drawn_lots.h"
#include "tests/rules/tournament/ruling_fixture.h"

namespace qiwang::rules::tournament {
namespace {

using ::testing::ElementsAre;
using ::testing::ElementsAreArray;
using ::testing::HasSubstr;

// The professional round robin of four, every round published at once.
class DecideTieLotsTest : public PlayTest {
 protected:
  void SetUp() override {
    PlayTest::SetUp();
    pros_ = EnterProfessionals(4);
    open_ = EnterOpenMen(2);
    ASSERT_TRUE(CloseCheckIn().ok());
    ASSERT_TRUE(PairNext(kPro).ok());
    ASSERT_EQ(Play(kPro).rounds_published(), 3);
  }
  v1::DrawTieLotsRequest Lots(std::vector<int64_t> players) const {
    v1::DrawTieLotsRequest request;
    request.set_tournament_id(kTournament);
    request.set_ranking_id(kPro);
    request.mutable_player_ids()->Add(players.begin(), players.end());
    request.set_reason("tied on every tie-break; lots drawn before both");
    return request;
  }
  absl::StatusOr<Events> Draw(const v1::DrawTieLotsRequest& request,
                              uint64_t seed = 42) {
    const CommandContext context{.now = kRoundDay(),
                                 .role = Role::kChiefArbiter,
                                 .user = "chief"};
    absl::StatusOr<Events> events =
        DecideTieLots(state_, request, seed, context);
    if (events.ok()) CommitAs(*events, kRoundDay(), Role::kChiefArbiter, "");
    return events;
  }
  // Every game drawn and wins the only tie-break: the four share rank 1.
  void PlayAllRounds() {
    AmendSection(kPro, [](v1::Section& section) {
      section.clear_tie_breaks();
      section.add_tie_breaks(v1::TIE_BREAK_KIND_WINS);
    });
    for (int round = 1; round <= 3; ++round) DrawRound(round);
  }
  void DrawRound(int round) {
    for (const BoardEntry& board : Play(kPro).FindRound(round)->boards) {
      ASSERT_TRUE(
          Record(kPro, round, board.board.number(), v1::GAME_RESULT_DRAW).ok());
    }
  }
  v1::DeclineFinalPlaceRequest Decline(const std::string& ranking_id,
                                       int64_t player_id) const {
    v1::DeclineFinalPlaceRequest request;
    request.set_tournament_id(kTournament);
    request.set_ranking_id(ranking_id);
    request.set_player_id(player_id);
    request.set_reason("declined by telephone, letter to follow");
    return request;
  }
  std::vector<int64_t> pros_;
  std::vector<int64_t> open_;
};

TEST_F(DecideTieLotsTest, R7_3_LotsOnlyAfterEveryRoundIsPlayed) {
  absl::StatusOr<Events> early = Draw(Lots({pros_[0], pros_[1]}));
  EXPECT_EQ(early.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(early.status().message(),
              HasSubstr("R7.3: lots break a tie after all rounds; round 1"));
  RecordRound(kPro, 1);
  RecordRound(kPro, 2);
  EXPECT_THAT(Draw(Lots({pros_[0], pros_[1]})).status().message(),
              HasSubstr("round 3 of section 'professional' has games"));
  EXPECT_TRUE(state_.tie_lots().empty());
}

TEST_F(DecideTieLotsTest, R7_3_DrawnFromTheSeedAndRedoable) {
  PlayAllRounds();
  absl::StatusOr<Events> events = Draw(Lots({pros_[2], pros_[0], pros_[1]}), 7);
  ASSERT_TRUE(events.ok()) << events.status();
  const v1::TieLotsDrawn& lots = (*events)[0].tie_lots_drawn();
  EXPECT_EQ(lots.ranking_id(), kPro);
  EXPECT_EQ(lots.seed(), 7u);
  absl::StatusOr<std::vector<PlayerId>> redone =
      DrawPairingNumbers({pros_[0], pros_[1], pros_[2]}, 7);
  ASSERT_TRUE(redone.ok());
  EXPECT_THAT(lots.player_ids(), ElementsAreArray(*redone));
  EXPECT_EQ((*events)[0].reason(),
            "tied on every tie-break; lots drawn before both");
  ASSERT_EQ(state_.tie_lots().size(), 1u);
  EXPECT_EQ(state_.rulings().back().kind, v1::RULING_KIND_TIE_LOTS);

  // The same players' tie is drawn once.
  absl::StatusOr<Events> again = Draw(Lots({pros_[0], pros_[1], pros_[2]}));
  EXPECT_EQ(again.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(again.status().message(), HasSubstr("were drawn at position"));
}

TEST_F(DecideTieLotsTest, R7_3_OrderAsDrawnByHandIsKeptWithSeedZero) {
  PlayAllRounds();
  v1::DrawTieLotsRequest request = Lots({pros_[3], pros_[1]});
  request.set_order_as_drawn(true);
  absl::StatusOr<Events> events = Draw(request, 99);
  ASSERT_TRUE(events.ok()) << events.status();
  EXPECT_THAT((*events)[0].tie_lots_drawn().player_ids(),
              ElementsAre(pros_[3], pros_[1]));
  EXPECT_EQ((*events)[0].tie_lots_drawn().seed(), 0u);
}

TEST_F(DecideTieLotsTest, R7_3_ShapeRefusals) {
  PlayAllRounds();
  absl::StatusOr<Events> one = Draw(Lots({pros_[0]}));
  EXPECT_EQ(one.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(one.status().message(), HasSubstr("R7.3: player_ids:"));
  EXPECT_THAT(Draw(Lots({pros_[0], pros_[0]})).status().message(),
              HasSubstr("named twice"));
  absl::StatusOr<Events> outsider = Draw(Lots({pros_[0], open_[0]}));
  EXPECT_EQ(outsider.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(outsider.status().message(),
              HasSubstr(absl::StrCat("R7.3: player ", open_[0],
                                     " is not in ranking 'professional'")));
  EXPECT_EQ(Draw(Lots({pros_[0], 999})).status().code(),
            absl::StatusCode::kNotFound);
  v1::DrawTieLotsRequest unknown = Lots({pros_[0], pros_[1]});
  unknown.set_ranking_id("nowhere");
  EXPECT_THAT(Draw(unknown).status().message(),
              HasSubstr("ranking_id: no ranking category or section 'nowhere'"));
  v1::DrawTieLotsRequest no_reason = Lots({pros_[0], pros_[1]});
  no_reason.clear_reason();
  EXPECT_THAT(Draw(no_reason).status().message(), HasSubstr("reason"));
  EXPECT_TRUE(state_.tie_lots().empty());
}

// R7.3: lots break a shared rank only. Red wins on odd boards and draws on
// even ones rank the four 1st to 4th: no two share a rank.
TEST_F(DecideTieLotsTest, R7_3_RefusesPlayersWhoDoNotShareARank) {
  for (int round = 1; round <= 3; ++round) RecordRound(kPro, round);
  absl::StatusOr<Events> apart = Draw(Lots({pros_[0], pros_[1]}));
  EXPECT_EQ(apart.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(apart.status().message(),
              HasSubstr(absl::StrCat(
                  "R7.3: lots break a shared rank only; in ranking "
                  "'professional' player ",
                  pros_[0], " rank 4, player ", pros_[1], " rank 1")));
  EXPECT_TRUE(state_.tie_lots().empty());
}

// Every game drawn under the R7.1 chain: games with black split the four
// into two pairs, each sharing a rank; lots are drawn within a pair, not
// across.
TEST_F(DecideTieLotsTest, R7_3_AdmitsPlayersWhoShareARank) {
  for (int round = 1; round <= 3; ++round) DrawRound(round);
  absl::StatusOr<Events> across = Draw(Lots({pros_[0], pros_[1]}));
  EXPECT_EQ(across.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(across.status().message(),
              HasSubstr(absl::StrCat("player ", pros_[0], " rank 1, player ",
                                     pros_[1], " rank 3")));
  ASSERT_TRUE(Draw(Lots({pros_[0], pros_[3]})).ok());
  ASSERT_TRUE(Draw(Lots({pros_[2], pros_[1]})).ok());
  EXPECT_EQ(state_.tie_lots().size(), 2u);
}

TEST_F(DecideTieLotsTest, R8_3_DeclineOnceInARankingWithFinalPlaces) {
  absl::StatusOr<Events> declined =
      As(&DecideDeclineFinalPlace, Decline(kOpen, open_[0]),
         Role::kChiefArbiter);
  ASSERT_TRUE(declined.ok()) << declined.status();
  EXPECT_EQ((*declined)[0].final_place_declined().player_id(), open_[0]);
  EXPECT_EQ((*declined)[0].reason(), "declined by telephone, letter to follow");
  ASSERT_EQ(state_.declines().size(), 1u);

  absl::StatusOr<Events> twice = As(&DecideDeclineFinalPlace,
                                    Decline(kOpen, open_[0]),
                                    Role::kChiefArbiter);
  EXPECT_EQ(twice.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(twice.status().message(), HasSubstr("R8.3"));
  EXPECT_THAT(twice.status().message(), HasSubstr("already, at position"));
}

TEST_F(DecideTieLotsTest, R8_3_DeclineRefusals) {
  // The professional ranking awards no national-final places.
  EXPECT_THAT(As(&DecideDeclineFinalPlace, Decline(kPro, pros_[0]),
                 Role::kChiefArbiter)
                  .status()
                  .message(),
              HasSubstr("R8.3: ranking 'professional' awards no "
                        "national-final places"));
  EXPECT_THAT(As(&DecideDeclineFinalPlace, Decline(kOpen, pros_[0]),
                 Role::kChiefArbiter)
                  .status()
                  .message(),
              HasSubstr("is not in ranking 'open-men'"));
  EXPECT_EQ(As(&DecideDeclineFinalPlace, Decline(kOpen, 999),
               Role::kChiefArbiter)
                .status()
                .code(),
            absl::StatusCode::kNotFound);
  v1::DeclineFinalPlaceRequest no_reason = Decline(kOpen, open_[0]);
  no_reason.clear_reason();
  EXPECT_EQ(
      As(&DecideDeclineFinalPlace, no_reason, Role::kChiefArbiter)
          .status()
          .code(),
      absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(state_.declines().empty());
}

}  // namespace
}  // namespace qiwang::rules::tournament
