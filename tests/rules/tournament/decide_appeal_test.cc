// The appeal decisions (R9.2, R9.3): each refusal names its clause or field,
// and each accepted decision answers the event the fold applies.
#include "gmock/gmock.h"
#include "google/protobuf/util/time_util.h"
#include "gtest/gtest.h"
#include "tests/rules/tournament/ruling_fixture.h"

namespace qiwang::rules::tournament {
namespace {

using ::testing::HasSubstr;

class DecideAppealTest : public RulingTest {
 protected:
  // Amends the configuration's appeal window (zero: unset).
  void SetAppealWindow(absl::Duration window) {
    v1::AmendTournamentRequest amend;
    amend.set_tournament_id(kTournament);
    amend.set_reason("appeal window");
    *amend.mutable_config() = state_.config();
    if (window == absl::ZeroDuration()) {
      amend.mutable_config()->clear_appeal_window();
    } else {
      amend.mutable_config()->mutable_appeal_window()->set_seconds(
          absl::ToInt64Seconds(window));
    }
    ASSERT_TRUE(
        Run(&DecideAmend, amend, kBeforeDeadline(), Role::kOrganiser).ok());
  }
};

// R9.2: an appeal exactly at the end of the window is in time; one second
// later it is refused, naming the window and how late it is.
TEST_F(DecideAppealTest, R9_2_WindowEndsExactlyAfterTheConfiguredWindow) {
  absl::StatusOr<Events> in_time =
      File(result_id_, RedOf(1), kRoundDay() + absl::Minutes(30));
  ASSERT_TRUE(in_time.ok()) << in_time.status();
  ASSERT_EQ(in_time->size(), 1u);
  const v1::AppealFiled& filed = (*in_time)[0].appeal_filed();
  EXPECT_EQ(filed.appeal_number(), 1);
  EXPECT_EQ(filed.ruling_id(), result_id_);
  EXPECT_EQ(filed.ruling_position(), ResultRuling().position);
  EXPECT_EQ(filed.appellant_player_id(), RedOf(1));
  EXPECT_EQ(filed.grounds(), "the opponent's flag fell first");
  EXPECT_EQ(state_.FindAppeal(1)->status, v1::APPEAL_STATUS_PENDING);

  absl::StatusOr<Events> late =
      File(result_id_, BlackOf(1),
           kRoundDay() + absl::Minutes(30) + absl::Seconds(1));
  EXPECT_EQ(late.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(late.status().message(), HasSubstr("R9.2"));
  EXPECT_THAT(late.status().message(), HasSubstr("window of 30m"));
  EXPECT_THAT(late.status().message(), HasSubstr("late by 1s"));
  EXPECT_EQ(state_.appeals().size(), 1u);
}

TEST_F(DecideAppealTest, R9_2_WindowIs30MinutesWhenUnsetAndConfigurable) {
  SetAppealWindow(absl::ZeroDuration());
  EXPECT_TRUE(File(result_id_, RedOf(1), kRoundDay() + absl::Minutes(30)).ok());
  EXPECT_THAT(File(foul_id_, RedOf(2),
                   kRoundDay() + absl::Minutes(30) + absl::Seconds(1))
                  .status()
                  .message(),
              HasSubstr("late by 1s"));
  SetAppealWindow(absl::Minutes(5));
  EXPECT_THAT(File(foul_id_, RedOf(2), kRoundDay() + absl::Minutes(6))
                  .status()
                  .message(),
              HasSubstr("window of 5m"));
  EXPECT_TRUE(File(foul_id_, RedOf(2), kRoundDay() + absl::Minutes(5)).ok());
}

TEST_F(DecideAppealTest, R9_2_AppellantMustBeConcernedByTheRuling) {
  absl::StatusOr<Events> other = File(result_id_, RedOf(2));
  EXPECT_EQ(other.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(other.status().message(),
              HasSubstr(absl::StrCat("does not concern player ", RedOf(2))));
  // 0: the official appeals in their own name.
  absl::StatusOr<Events> official = File(result_id_, 0);
  ASSERT_TRUE(official.ok()) << official.status();
  EXPECT_EQ((*official)[0].appeal_filed().appellant_player_id(), 0);
}

TEST_F(DecideAppealTest, R9_2_GroundsAndRulingRequired) {
  v1::FileAppealRequest no_grounds = Appeal(result_id_, RedOf(1));
  no_grounds.clear_grounds();
  absl::StatusOr<Events> refused =
      Decide(&DecideFileAppeal, no_grounds, Role::kArbiter, "arbiter-2");
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(refused.status().message(), HasSubstr("grounds"));

  absl::StatusOr<Events> unknown = File("no-such-ruling", RedOf(1));
  EXPECT_EQ(unknown.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(unknown.status().message(),
              HasSubstr("R9.2: ruling_id: no ruling 'no-such-ruling'"));
  // A RoundPaired is no ruling.
  EXPECT_EQ(File(log_[log_.size() - 3].event_id(), RedOf(1)).status().code(),
            absl::StatusCode::kNotFound);
  EXPECT_TRUE(state_.appeals().empty());
}

TEST_F(DecideAppealTest, R9_2_SameAppellantTwiceIsRefusedNamingTheAppeal) {
  ASSERT_TRUE(File(result_id_, RedOf(1)).ok());
  absl::StatusOr<Events> again = File(result_id_, RedOf(1), kRoundDay(), "wu");
  EXPECT_EQ(again.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(again.status().message(),
              HasSubstr(absl::StrCat("R9.2: player ", RedOf(1),
                                     " appealed ruling ", result_id_)));
  EXPECT_THAT(again.status().message(), HasSubstr("appeal 1 is pending"));

  ASSERT_TRUE(File(result_id_, 0, kRoundDay(), "wu").ok());
  EXPECT_THAT(File(result_id_, 0, kRoundDay(), "wu").status().message(),
              HasSubstr("official 'wu' appealed"));
  // The other player and another official may still appeal.
  EXPECT_TRUE(File(result_id_, BlackOf(1)).ok());
  EXPECT_TRUE(File(result_id_, 0, kRoundDay(), "zhou").ok());
  EXPECT_EQ(state_.appeals().size(), 4u);
}

TEST_F(DecideAppealTest, R9_3_DecidedAppealIsFinal) {
  ASSERT_TRUE(File(result_id_, RedOf(1)).ok());
  ASSERT_TRUE(Committee(Decision(1, v1::APPEAL_DECISION_DISMISSED,
                                 v1::REMEDY_KIND_UNSPECIFIED))
                  .ok());
  absl::StatusOr<Events> again = File(result_id_, BlackOf(1));
  EXPECT_EQ(again.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(again.status().message(), HasSubstr("R9.3: appeal 1 on ruling"));
  EXPECT_THAT(again.status().message(), HasSubstr("was dismissed"));
  EXPECT_THAT(again.status().message(), HasSubstr("final"));

  absl::StatusOr<Events> twice = Committee(
      Decision(1, v1::APPEAL_DECISION_UPHELD, v1::REMEDY_KIND_NO_STATE_CHANGE));
  EXPECT_EQ(twice.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(twice.status().message(),
              HasSubstr("R9.3: appeal 1 was dismissed"));
}

TEST_F(DecideAppealTest, R9_3_UnknownAppealIsNotFound) {
  absl::StatusOr<Events> unknown = Committee(
      Decision(1, v1::APPEAL_DECISION_DISMISSED, v1::REMEDY_KIND_UNSPECIFIED));
  EXPECT_EQ(unknown.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(unknown.status().message(), HasSubstr("no appeal 1"));
}

// R9.3: the member who made the ruling may not decide its appeal.
TEST_F(DecideAppealTest, R9_3_MakerOfTheRulingMayNotDecideItsAppeal) {
  ASSERT_TRUE(File(result_id_, RedOf(1)).ok());
  absl::StatusOr<Events> own = Committee(
      Decision(1, v1::APPEAL_DECISION_DISMISSED, v1::REMEDY_KIND_UNSPECIFIED),
      "li");
  EXPECT_EQ(own.status().code(), absl::StatusCode::kPermissionDenied);
  EXPECT_THAT(own.status().message(),
              HasSubstr(absl::StrCat("R9.3: li made ruling ", result_id_)));
  EXPECT_THAT(own.status().message(), HasSubstr("may not decide its appeal"));
  EXPECT_EQ(state_.FindAppeal(1)->status, v1::APPEAL_STATUS_PENDING);
}

TEST_F(DecideAppealTest, R9_3_DecisionMustFollowTheVotes) {
  ASSERT_TRUE(File(result_id_, RedOf(1)).ok());
  v1::DecideAppealRequest tie =
      Decision(1, v1::APPEAL_DECISION_UPHELD, v1::REMEDY_KIND_NO_STATE_CHANGE);
  tie.mutable_votes()->set_uphold(2);
  tie.mutable_votes()->set_dismiss(2);
  absl::StatusOr<Events> refused = Committee(tie);
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(refused.status().message(), HasSubstr("R9.3: votes:"));
  EXPECT_THAT(refused.status().message(), HasSubstr("do not uphold"));

  v1::DecideAppealRequest outvoted =
      Decision(1, v1::APPEAL_DECISION_DISMISSED, v1::REMEDY_KIND_UNSPECIFIED);
  outvoted.mutable_votes()->set_uphold(2);
  outvoted.mutable_votes()->set_dismiss(1);
  EXPECT_THAT(Committee(outvoted).status().message(),
              HasSubstr("it cannot be dismissed"));

  v1::DecideAppealRequest none =
      Decision(1, v1::APPEAL_DECISION_DISMISSED, v1::REMEDY_KIND_UNSPECIFIED);
  none.clear_votes();
  EXPECT_THAT(Committee(none).status().message(), HasSubstr("no vote"));

  // A tie dismisses.
  tie.set_decision(v1::APPEAL_DECISION_DISMISSED);
  tie.clear_remedy();
  EXPECT_TRUE(Committee(tie).ok());
}

TEST_F(DecideAppealTest, R9_3_ReasoningAndDecisionRequired) {
  ASSERT_TRUE(File(result_id_, RedOf(1)).ok());
  v1::DecideAppealRequest silent =
      Decision(1, v1::APPEAL_DECISION_DISMISSED, v1::REMEDY_KIND_UNSPECIFIED);
  silent.clear_reasoning();
  EXPECT_THAT(Committee(silent).status().message(), HasSubstr("reasoning"));
  v1::DecideAppealRequest undecided =
      Decision(1, v1::APPEAL_DECISION_UNSPECIFIED, v1::REMEDY_KIND_UNSPECIFIED);
  EXPECT_EQ(Committee(undecided).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST_F(DecideAppealTest, R9_3_DismissedCarriesNoRemedy) {
  ASSERT_TRUE(File(result_id_, RedOf(1)).ok());
  absl::StatusOr<Events> refused = Committee(Decision(
      1, v1::APPEAL_DECISION_DISMISSED, v1::REMEDY_KIND_NO_STATE_CHANGE));
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(refused.status().message(),
              HasSubstr("R9.3: remedy: a dismissed appeal carries no remedy"));
}

TEST_F(DecideAppealTest, R9_3_RemedyMustFitTheRuling) {
  ASSERT_TRUE(File(result_id_, RedOf(1)).ok());
  ASSERT_TRUE(File(foul_id_, RedOf(2)).ok());
  absl::StatusOr<Events> foul_on_result = Committee(
      Decision(1, v1::APPEAL_DECISION_UPHELD, v1::REMEDY_KIND_FOUL_REMOVED));
  EXPECT_EQ(foul_on_result.status().code(),
            absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(foul_on_result.status().message(),
              HasSubstr("R9.3: remedy FOUL_REMOVED fits a foul"));

  v1::DecideAppealRequest result_on_foul =
      Decision(2, v1::APPEAL_DECISION_UPHELD, v1::REMEDY_KIND_RESULT_CHANGED);
  result_on_foul.mutable_remedy()->set_result(v1::GAME_RESULT_DRAW);
  EXPECT_THAT(Committee(result_on_foul).status().message(),
              HasSubstr("fits a ruling on a board's result"));
  EXPECT_THAT(Committee(Decision(2, v1::APPEAL_DECISION_UPHELD,
                                 v1::REMEDY_KIND_GAME_REPLAYED))
                  .status()
                  .message(),
              HasSubstr("fits a ruling on a board's result"));
  EXPECT_THAT(Committee(Decision(1, v1::APPEAL_DECISION_UPHELD,
                                 v1::REMEDY_KIND_UNSPECIFIED))
                  .status()
                  .message(),
              HasSubstr("remedy: an upheld appeal needs a remedy"));
  EXPECT_THAT(Committee(Decision(1, v1::APPEAL_DECISION_UPHELD,
                                 v1::REMEDY_KIND_GAME_REPLAYED))
                  .status()
                  .message(),
              HasSubstr("remedy.replay_at: required"));
}

TEST_F(DecideAppealTest, R9_3_ResultChangedMustChangeTheResult) {
  ASSERT_TRUE(File(result_id_, BlackOf(1)).ok());
  v1::DecideAppealRequest same =
      Decision(1, v1::APPEAL_DECISION_UPHELD, v1::REMEDY_KIND_RESULT_CHANGED);
  same.mutable_remedy()->set_result(v1::GAME_RESULT_RED_WIN);
  absl::StatusOr<Events> refused = Committee(same);
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(refused.status().message(),
              HasSubstr("R9.3: remedy.result: board 1 of round 1"));
  EXPECT_THAT(refused.status().message(), HasSubstr("has this result already"));
  same.mutable_remedy()->clear_result();
  EXPECT_THAT(Committee(same).status().message(), HasSubstr("remedy.result"));
}

TEST_F(DecideAppealTest, R9_3_UpheldResultChangedCopiesTheBoard) {
  ASSERT_TRUE(File(result_id_, BlackOf(1)).ok());
  v1::DecideAppealRequest request =
      Decision(1, v1::APPEAL_DECISION_UPHELD, v1::REMEDY_KIND_RESULT_CHANGED);
  request.mutable_remedy()->set_result(v1::GAME_RESULT_BLACK_WIN);
  absl::StatusOr<Events> events = Committee(request);
  ASSERT_TRUE(events.ok()) << events.status();
  const v1::Event& event = (*events)[0];
  EXPECT_EQ(event.reason(), "video shows the flag of red fell first");
  const v1::AppealDecided& decided = event.appeal_decided();
  EXPECT_EQ(decided.section_id(), kOpen);
  EXPECT_EQ(decided.round(), 1);
  EXPECT_EQ(decided.board(), 1);
  EXPECT_EQ(decided.previous(), v1::GAME_RESULT_RED_WIN);
  EXPECT_EQ(decided.votes().uphold(), 3);
  EXPECT_EQ(BoardOf(1, 1).result, v1::GAME_RESULT_BLACK_WIN);
  EXPECT_EQ(state_.FindAppeal(1)->status, v1::APPEAL_STATUS_UPHELD);
}

TEST_F(DecideAppealTest, R9_3_UpheldGameReplayedThenTheReplayIsRecorded) {
  ASSERT_TRUE(File(result_id_, BlackOf(1)).ok());
  v1::DecideAppealRequest request =
      Decision(1, v1::APPEAL_DECISION_UPHELD, v1::REMEDY_KIND_GAME_REPLAYED);
  *request.mutable_remedy()->mutable_replay_at() =
      google::protobuf::util::TimeUtil::SecondsToTimestamp(
          absl::ToUnixSeconds(kRoundDay() + absl::Hours(2)));
  request.mutable_remedy()->set_replay_place("table 1");
  ASSERT_TRUE(Committee(request).ok());
  EXPECT_EQ(BoardOf(1, 1).result, v1::GAME_RESULT_UNSPECIFIED);
  ASSERT_TRUE(Record(kOpen, 1, 1, v1::GAME_RESULT_DRAW, "zhao").ok());
  EXPECT_EQ(BoardOf(1, 1).result, v1::GAME_RESULT_DRAW);
  EXPECT_EQ(state_.FindAppeal(1)->decision.remedy().replay_place(), "table 1");
}

// R6.6: the replay comes before the next round starts (round 2 of open men
// at 13:30 on 14 October); at that minute it is refused, appending nothing.
TEST_F(DecideAppealTest, R6_6_AReplayIsBeforeTheNextRoundStarts) {
  ASSERT_TRUE(File(result_id_, BlackOf(1)).ok());
  v1::DecideAppealRequest request =
      Decision(1, v1::APPEAL_DECISION_UPHELD, v1::REMEDY_KIND_GAME_REPLAYED);
  request.mutable_remedy()->set_replay_place("table 1");
  const absl::Time round_two = Beijing(2016, 10, 14, 13, 30);
  *request.mutable_remedy()->mutable_replay_at() =
      google::protobuf::util::TimeUtil::SecondsToTimestamp(
          absl::ToUnixSeconds(round_two));
  const uint64_t version = state_.version();
  absl::StatusOr<Events> late = Committee(request);
  EXPECT_EQ(late.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(late.status().message(),
              HasSubstr("R6.6: remedy.replay_at: the replay at 2016-10-14 "
                        "13:30"));
  EXPECT_THAT(late.status().message(),
              HasSubstr("is not before round 2 of section 'open-men' starts "
                        "at 2016-10-14 13:30"));
  EXPECT_EQ(state_.version(), version);
  EXPECT_EQ(state_.FindAppeal(1)->status, v1::APPEAL_STATUS_PENDING);

  *request.mutable_remedy()->mutable_replay_at() =
      google::protobuf::util::TimeUtil::SecondsToTimestamp(
          absl::ToUnixSeconds(round_two - absl::Minutes(1)));
  request.mutable_remedy()->set_late_replay_reason("the hall is closed");
  absl::StatusOr<Events> needless = Committee(request);
  EXPECT_EQ(needless.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(needless.status().message(),
              HasSubstr("R6.6: remedy.late_replay_reason: only for a replay "
                        "at or after the next round's start; the replay at "
                        "2016-10-14 13:29"));
  EXPECT_EQ(state_.version(), version);

  request.mutable_remedy()->clear_late_replay_reason();
  ASSERT_TRUE(Committee(request).ok());
  EXPECT_EQ(state_.FindAppeal(1)->status, v1::APPEAL_STATUS_UPHELD);
}

// R6.6: a replay that cannot come before the next round is decided with the
// reason why, which the decision then carries.
TEST_F(DecideAppealTest, R6_6_ALateReplayNeedsTheReasonWhy) {
  ASSERT_TRUE(File(result_id_, BlackOf(1)).ok());
  v1::DecideAppealRequest request =
      Decision(1, v1::APPEAL_DECISION_UPHELD, v1::REMEDY_KIND_GAME_REPLAYED);
  request.mutable_remedy()->set_replay_place("table 1");
  *request.mutable_remedy()->mutable_replay_at() =
      google::protobuf::util::TimeUtil::SecondsToTimestamp(
          absl::ToUnixSeconds(Beijing(2016, 10, 14, 20, 0)));
  request.mutable_remedy()->set_late_replay_reason(
      "红方选手因病送医，次轮前无法重赛 red player in hospital");
  absl::StatusOr<Events> decided = Committee(request);
  ASSERT_TRUE(decided.ok()) << decided.status();
  EXPECT_EQ(state_.FindAppeal(1)->status, v1::APPEAL_STATUS_UPHELD);
  EXPECT_EQ(decided->front().appeal_decided().remedy().late_replay_reason(),
            "红方选手因病送医，次轮前无法重赛 red player in hospital");
}

TEST_F(DecideAppealTest, R9_3_UpheldFoulRemovedOnceOnly) {
  ASSERT_TRUE(File(foul_id_, RedOf(2)).ok());
  ASSERT_TRUE(File(foul_id_, 0).ok());
  absl::StatusOr<Events> events = Committee(
      Decision(1, v1::APPEAL_DECISION_UPHELD, v1::REMEDY_KIND_FOUL_REMOVED));
  ASSERT_TRUE(events.ok()) << events.status();
  EXPECT_TRUE(Play(kOpen).fouls[0].removed);
  EXPECT_EQ((*events)[0].appeal_decided().board(), 0);
  // Appeal 2 on the same foul: nothing left to remove.
  EXPECT_THAT(Committee(Decision(2, v1::APPEAL_DECISION_UPHELD,
                                 v1::REMEDY_KIND_FOUL_REMOVED))
                  .status()
                  .message(),
              HasSubstr("is removed already"));
}

TEST_F(DecideAppealTest, R9_3_NoStateChangeAndDismissedLeaveTheBoard) {
  ASSERT_TRUE(File(result_id_, BlackOf(1)).ok());
  ASSERT_TRUE(File(result_id_, RedOf(1)).ok());
  ASSERT_TRUE(Committee(Decision(1, v1::APPEAL_DECISION_UPHELD,
                                 v1::REMEDY_KIND_NO_STATE_CHANGE))
                  .ok());
  absl::StatusOr<Events> dismissed = Committee(
      Decision(2, v1::APPEAL_DECISION_DISMISSED, v1::REMEDY_KIND_UNSPECIFIED));
  ASSERT_TRUE(dismissed.ok()) << dismissed.status();
  EXPECT_FALSE((*dismissed)[0].appeal_decided().has_remedy());
  EXPECT_EQ(BoardOf(1, 1).result, v1::GAME_RESULT_RED_WIN);
  EXPECT_EQ(BoardOf(1, 1).result_actor.user(), "li");
  EXPECT_EQ(state_.FindAppeal(1)->status, v1::APPEAL_STATUS_UPHELD);
  EXPECT_EQ(state_.FindAppeal(2)->status, v1::APPEAL_STATUS_DISMISSED);
}

}  // namespace
}  // namespace qiwang::rules::tournament
