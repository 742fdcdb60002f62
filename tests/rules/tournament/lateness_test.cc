// Lateness and draws agreed without play (2011 rules; docs/rules.md
// NL.1-NL.4): the clock that lets an arbiter rule a forfeit for lateness, the
// result each ground allows, "a board takes one result" with the ground part
// of the result, the fold, and the configuration's late_forfeit_minutes.
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/rules/tournament/config_validation.h"
#include "services/rules/tournament/schedule.h"
#include "tests/rules/tournament/play_fixture.h"
#include "tests/test_paths.h"

namespace qiwang::rules::tournament {
namespace {

using ::testing::HasSubstr;

class LatenessTest : public PlayTest {
 protected:
  void SetUp() override {
    PlayTest::SetUp();
    EnterOpenMen(8);
    EnterProfessionals(4);
    ASSERT_TRUE(CloseCheckIn().ok());
    ASSERT_TRUE(PairNext(kOpen).ok());
    RecordRound(kOpen, 1);
    ASSERT_TRUE(PairNext(kOpen).ok());
  }

  // Sets late_forfeit_minutes by an amendment of the organiser.
  absl::Status SetLateForfeitMinutes(int minutes) {
    v1::AmendTournamentRequest amend;
    amend.set_tournament_id(kTournament);
    amend.set_reason("2011 rules: lateness");
    *amend.mutable_config() = state_.config();
    amend.mutable_config()->set_late_forfeit_minutes(minutes);
    return Run(&DecideAmend, amend, kBeforeDeadline(), Role::kOrganiser)
        .status();
  }

  // Board `board` of round 2 of the open men: `result` with `ground`,
  // recorded by arbiter `user` at `now`.
  absl::StatusOr<Events> RecordWithGround(int board, v1::GameResult result,
                                          v1::ResultGround ground,
                                          absl::Time now,
                                          const std::string& user = "li") {
    v1::RecordResultRequest request = Result(kOpen, 2, board, result);
    request.set_ground(ground);
    return As(&DecideRecordResult, request, Role::kArbiter, user, now);
  }

  const BoardEntry& Board(int board) const {
    return *Play(kOpen).FindRound(2)->FindBoard(board);
  }

  // Round 2 of the 2016 Swiss sections starts at 13:30 (the shipped
  // schedule).
  static absl::Time RoundTwoStart() { return Beijing(2016, 10, 14, 13, 30); }
};

// NL.1: with 10 minutes configured, the forfeit of the absent player is
// refused at 13:39:59 naming the round's start and the minute from which it
// may be ruled, and accepted at 13:40; the event and the board carry the
// ground.
TEST_F(LatenessTest, NL1_ForfeitForLatenessOnlyFromStartPlusMinutes) {
  ASSERT_EQ(RoundStart(state_.config(), kOpen, 2), RoundTwoStart());
  ASSERT_TRUE(SetLateForfeitMinutes(10).ok());
  const std::string before = state_.Snapshot();
  absl::StatusOr<Events> early = RecordWithGround(
      1, v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT, v1::RESULT_GROUND_LATENESS,
      RoundTwoStart() + absl::Minutes(10) - absl::Seconds(1));
  EXPECT_EQ(early.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(
      early.status().message(),
      HasSubstr("R5.3: ground: lateness (2011 rules, NL.1) in round 2 of "
                "section 'open-men', scheduled to start at 2016-10-14 13:30 "
                "Asia/Shanghai, may be ruled from 2016-10-14 13:40 "
                "Asia/Shanghai (10 late_forfeit_minutes after the start); "
                "the server's time is 2016-10-14 13:39:59 Asia/Shanghai"));
  EXPECT_EQ(state_.Snapshot(), before);

  absl::StatusOr<Events> ruled = RecordWithGround(
      1, v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT, v1::RESULT_GROUND_LATENESS,
      RoundTwoStart() + absl::Minutes(10));
  ASSERT_TRUE(ruled.ok()) << ruled.status();
  ASSERT_EQ(ruled->size(), 1u);
  EXPECT_EQ((*ruled)[0].result_recorded().ground(), v1::RESULT_GROUND_LATENESS);
  EXPECT_EQ((*ruled)[0].result_recorded().result(),
            v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT);
  EXPECT_EQ(Board(1).result, v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT);
  EXPECT_EQ(Board(1).ground, v1::RESULT_GROUND_LATENESS);
}

// NL.1: both players late is a double forfeit, ruled like one late player.
TEST_F(LatenessTest, NL1_BothLateIsADoubleForfeit) {
  ASSERT_TRUE(SetLateForfeitMinutes(10).ok());
  absl::StatusOr<Events> ruled = RecordWithGround(
      2, v1::GAME_RESULT_DOUBLE_FORFEIT, v1::RESULT_GROUND_LATENESS,
      RoundTwoStart() + absl::Minutes(25));
  ASSERT_TRUE(ruled.ok()) << ruled.status();
  EXPECT_EQ(Board(2).result, v1::GAME_RESULT_DOUBLE_FORFEIT);
  EXPECT_EQ(Board(2).ground, v1::RESULT_GROUND_LATENESS);
}

// NL.1: lateness is a forfeit; a game result with that ground is refused
// naming the field, whatever the clock says.
TEST_F(LatenessTest, NL1_LatenessWithAGameResultIsRefused) {
  ASSERT_TRUE(SetLateForfeitMinutes(10).ok());
  const std::string before = state_.Snapshot();
  for (v1::GameResult result :
       {v1::GAME_RESULT_RED_WIN, v1::GAME_RESULT_BLACK_WIN,
        v1::GAME_RESULT_DRAW}) {
    absl::StatusOr<Events> refused =
        RecordWithGround(1, result, v1::RESULT_GROUND_LATENESS,
                         RoundTwoStart() + absl::Hours(1));
    EXPECT_EQ(refused.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(refused.status().message(),
                HasSubstr("result: NL.1: a result on the ground of lateness "
                          "is a forfeit"));
  }
  EXPECT_EQ(state_.Snapshot(), before);
}

// NL.1: a tournament that sets no late_forfeit_minutes (the shipped 2016
// configuration) never rules lateness by the clock, however late.
TEST_F(LatenessTest, NL1_RefusedWhenTheTournamentSetsNoMinutes) {
  ASSERT_EQ(state_.config().late_forfeit_minutes(), 0);
  const std::string before = state_.Snapshot();
  absl::StatusOr<Events> refused = RecordWithGround(
      1, v1::GAME_RESULT_RED_WIN_BY_FORFEIT, v1::RESULT_GROUND_LATENESS,
      RoundTwoStart() + absl::Hours(2));
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(refused.status().message(),
              HasSubstr("R5.3: ground: tournament 'sichuan-2016' sets no "
                        "late_forfeit_minutes"));
  EXPECT_EQ(state_.Snapshot(), before);
  // The same forfeit without a ground is the arbiter's, as before (R5.3).
  EXPECT_TRUE(Record(kOpen, 2, 1, v1::GAME_RESULT_RED_WIN_BY_FORFEIT).ok());
}

// NL.1: a round the schedule does not time (the professional round robin)
// has no start to count from.
TEST_F(LatenessTest, NL1_RefusedWhenTheRoundHasNoScheduledStart) {
  ASSERT_TRUE(SetLateForfeitMinutes(10).ok());
  ASSERT_TRUE(PairNext(kPro).ok());
  ASSERT_FALSE(RoundStart(state_.config(), kPro, 1).has_value());
  v1::RecordResultRequest request =
      Result(kPro, 1, 1, v1::GAME_RESULT_RED_WIN_BY_FORFEIT);
  request.set_ground(v1::RESULT_GROUND_LATENESS);
  const std::string before = state_.Snapshot();
  absl::StatusOr<Events> refused =
      As(&DecideRecordResult, request, Role::kArbiter, "li",
         Beijing(2016, 10, 16, 12, 0));
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(refused.status().message(),
              HasSubstr("R5.3: ground: the schedule gives round 1 of section "
                        "'professional' no start"));
  EXPECT_EQ(state_.Snapshot(), before);
}

// NL.3: a draw agreed without play is a double forfeit, recorded at any
// time and without late_forfeit_minutes; any other result is refused naming
// the field.
TEST_F(LatenessTest, NL3_DrawWithoutPlayIsADoubleForfeit) {
  const std::string before = state_.Snapshot();
  absl::StatusOr<Events> draw =
      RecordWithGround(3, v1::GAME_RESULT_DRAW,
                       v1::RESULT_GROUND_DRAW_WITHOUT_PLAY, RoundTwoStart());
  EXPECT_EQ(draw.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(draw.status().message(),
              HasSubstr("result: NL.3: a draw agreed without play is recorded "
                        "as a double forfeit"));
  EXPECT_EQ(state_.Snapshot(), before);

  absl::StatusOr<Events> recorded =
      RecordWithGround(3, v1::GAME_RESULT_DOUBLE_FORFEIT,
                       v1::RESULT_GROUND_DRAW_WITHOUT_PLAY, RoundTwoStart());
  ASSERT_TRUE(recorded.ok()) << recorded.status();
  EXPECT_EQ((*recorded)[0].result_recorded().ground(),
            v1::RESULT_GROUND_DRAW_WITHOUT_PLAY);
  EXPECT_EQ(Board(3).result, v1::GAME_RESULT_DOUBLE_FORFEIT);
  EXPECT_EQ(Board(3).ground, v1::RESULT_GROUND_DRAW_WITHOUT_PLAY);
}

// A ground the proto does not know is refused naming the field.
TEST_F(LatenessTest, NL1_UnknownGroundIsRefused) {
  absl::StatusOr<Events> refused =
      RecordWithGround(1, v1::GAME_RESULT_DOUBLE_FORFEIT,
                       static_cast<v1::ResultGround>(9), RoundTwoStart());
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(refused.status().message(),
              HasSubstr("ground: 9 is not a result ground"));
}

// NL.2, R5.3: the ground is part of "the same result". The same forfeit
// with the same ground again appends nothing (even by another arbiter);
// with another ground, or none, it is refused naming the standing entry and
// its ground, and so is a ground given after a plain forfeit.
TEST_F(LatenessTest, NL2_TheGroundIsPartOfTheSameResult) {
  ASSERT_TRUE(SetLateForfeitMinutes(10).ok());
  const absl::Time late = RoundTwoStart() + absl::Minutes(12);
  ASSERT_TRUE(RecordWithGround(1, v1::GAME_RESULT_RED_WIN_BY_FORFEIT,
                               v1::RESULT_GROUND_LATENESS, late)
                  .ok());
  const std::string before = state_.Snapshot();
  absl::StatusOr<Events> again =
      RecordWithGround(1, v1::GAME_RESULT_RED_WIN_BY_FORFEIT,
                       v1::RESULT_GROUND_LATENESS, late, "wang");
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_TRUE(again->empty());

  absl::StatusOr<Events> plain =
      Record(kOpen, 2, 1, v1::GAME_RESULT_RED_WIN_BY_FORFEIT, "wang");
  EXPECT_EQ(plain.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(plain.status().message(),
              HasSubstr("R5.3: board 1 of round 2 of section 'open-men' has a "
                        "result already: red win by forfeit (黑方弃权) on the "
                        "ground of lateness (迟到判负) recorded by li "
                        "(arbiter) at 2016-10-14 13:42 Asia/Shanghai"));
  absl::StatusOr<Events> other_ground =
      RecordWithGround(1, v1::GAME_RESULT_DOUBLE_FORFEIT,
                       v1::RESULT_GROUND_DRAW_WITHOUT_PLAY, late, "wang");
  EXPECT_EQ(other_ground.status().code(),
            absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(state_.Snapshot(), before);

  ASSERT_TRUE(Record(kOpen, 2, 2, v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT).ok());
  absl::StatusOr<Events> ground_later =
      RecordWithGround(2, v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT,
                       v1::RESULT_GROUND_LATENESS, late, "wang");
  EXPECT_EQ(ground_later.status().code(),
            absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(ground_later.status().message(),
              HasSubstr("has a result already: black win by forfeit (红方弃权) "
                        "recorded by"));
}

// NL.2, R9.5: folding the log again gives the same state, grounds included;
// a correction by the chief arbiter leaves no ground behind.
TEST_F(LatenessTest, NL2_TheFoldKeepsTheGroundAndACorrectionClearsIt) {
  ASSERT_TRUE(SetLateForfeitMinutes(10).ok());
  ASSERT_TRUE(RecordWithGround(1, v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT,
                               v1::RESULT_GROUND_LATENESS,
                               RoundTwoStart() + absl::Minutes(15))
                  .ok());
  ASSERT_TRUE(RecordWithGround(2, v1::GAME_RESULT_DOUBLE_FORFEIT,
                               v1::RESULT_GROUND_DRAW_WITHOUT_PLAY,
                               RoundTwoStart() + absl::Minutes(15))
                  .ok());
  TournamentState again;
  for (const v1::Event& event : log_) ASSERT_TRUE(again.Apply(event).ok());
  EXPECT_EQ(again.Snapshot(), state_.Snapshot());
  EXPECT_EQ(again.FindSectionPlay(kOpen)->FindRound(2)->FindBoard(1)->ground,
            v1::RESULT_GROUND_LATENESS);

  v1::CorrectResultRequest correction;
  correction.set_tournament_id(kTournament);
  correction.set_section_id(kOpen);
  correction.set_round(2);
  correction.set_board(1);
  correction.set_result(v1::GAME_RESULT_RED_WIN);
  correction.set_reason("black was at the board; the game was played");
  ASSERT_TRUE(As(&DecideCorrectResult, correction, Role::kChiefArbiter, "zhao",
                 RoundTwoStart() + absl::Hours(2))
                  .ok());
  EXPECT_EQ(Board(1).result, v1::GAME_RESULT_RED_WIN);
  EXPECT_EQ(Board(1).ground, v1::RESULT_GROUND_UNSPECIFIED);
}

// NL.4: late_forfeit_minutes is 0 (off) up to the smallest base time of a
// section (40 minutes in 2016); a negative value or one beyond a section's
// base time is refused naming the field, and the refused amendment changes
// nothing.
TEST_F(LatenessTest, NL4_LateForfeitMinutesFromZeroToTheBaseTime) {
  v1::TournamentConfig config = state_.config();
  config.set_late_forfeit_minutes(40);
  EXPECT_TRUE(ValidateConfig(config).ok());
  config.set_late_forfeit_minutes(-1);
  absl::Status negative = ValidateConfig(config);
  EXPECT_EQ(negative.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(negative.message(),
              HasSubstr("late_forfeit_minutes: -1 is negative"));
  config.set_late_forfeit_minutes(41);
  absl::Status beyond = ValidateConfig(config);
  EXPECT_EQ(beyond.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(beyond.message(),
              HasSubstr("late_forfeit_minutes: 41 is more than the base time "
                        "of section"));
  EXPECT_THAT(beyond.message(), HasSubstr("(40 minutes)"));

  const std::string before = state_.Snapshot();
  EXPECT_EQ(SetLateForfeitMinutes(41).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(state_.Snapshot(), before);
}

// NL.4: the shipped 2016 configuration keeps lateness off; the 2011 one
// rules it after 10 minutes.
TEST(LatenessConfigTest, NL4_ShippedConfigurations) {
  EXPECT_EQ(Sichuan2016().late_forfeit_minutes(), 0);
  const v1::TournamentConfig rules2011 =
      ConfigFromJsonFile(test_paths::Rules2011Json());
  EXPECT_EQ(rules2011.late_forfeit_minutes(), 10);
  EXPECT_TRUE(ValidateConfig(rules2011).ok());
}

}  // namespace
}  // namespace qiwang::rules::tournament
