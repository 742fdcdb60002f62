// What exactly was wrong, in Chinese, before the arbitration committee
// (R9.2, R9.3, R6.6): appeals and decisions refused by the real rules on
// the ruling fixture's tournament, read as whole sentences written here.
#include <algorithm>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "services/rules/tournament/decide_ruling.h"
#include "tests/rules/tournament/ruling_fixture.h"
#include "tests/words/chinese_refusal.h"

namespace qiwang::rules::tournament {
namespace {

// The arbitration committee's (R9.2, R9.3): board 1's result, by "li" at
// 10:30, is the ruling appealed.
class CommitteeRefusalSentenceTest : public RulingTest {
 protected:
  // "裁决 event-9（成绩，日志位置 9": the ruling as the sentences name it.
  std::string Ruling() const {
    return absl::StrCat("裁决 ", result_id_, "（成绩，日志位置 ",
                        ResultRuling().position);
  }
};

TEST_F(CommitteeRefusalSentenceTest, R9_2_AnAppealAfterItsWindow) {
  const std::string window =
      absl::StrCat("不符合规程 R9.2（申诉）：对", Ruling(),
                   "，2016-10-14 10:30 Asia/Shanghai 作出）的申诉须在 30 "
                   "分钟内提出，已于 2016-10-14 11:00 Asia/Shanghai "
                   "截止，现已逾期 ");
  EXPECT_EQ(
      Chinese(File(result_id_, RedOf(1), kRoundDay() + absl::Minutes(35))),
      window + "5 分钟。");
  EXPECT_EQ(Chinese(File(result_id_, RedOf(1),
                         kRoundDay() + absl::Minutes(91) + absl::Seconds(5))),
            window + "1 小时 1 分 5 秒。");
}

TEST_F(CommitteeRefusalSentenceTest, R9_2_AnAppellantTheRulingDoesNotConcern) {
  EXPECT_EQ(Chinese(File(result_id_, RedOf(2))),
            absl::StrCat("不符合规程 R9.2（申诉）：", Ruling(), "）不涉及棋手 ",
                         RedOf(2), "，它涉及的是棋手 ",
                         std::min(RedOf(1), BlackOf(1)), "、",
                         std::max(RedOf(1), BlackOf(1)), "。"));
}

TEST_F(CommitteeRefusalSentenceTest, R9_2_ASecondAppealWhileTheFirstIsPending) {
  ASSERT_TRUE(File(result_id_, RedOf(1)).ok());
  EXPECT_EQ(Chinese(File(result_id_, RedOf(1), kRoundDay(), "wu")),
            absl::StrCat("不符合规程 R9.2（申诉）：棋手 ", RedOf(1), " 已对",
                         Ruling(), "）提出申诉：第 1 号申诉尚待裁定。"));
  ASSERT_TRUE(File(result_id_, 0, kRoundDay(), "wu").ok());
  EXPECT_EQ(Chinese(File(result_id_, 0, kRoundDay(), "wu")),
            absl::StrCat("不符合规程 R9.2（申诉）：工作人员 wu 已对", Ruling(),
                         "）提出申诉：第 2 号申诉尚待裁定。"));
}

TEST_F(CommitteeRefusalSentenceTest, R9_3_ADecidedAppealIsFinal) {
  ASSERT_TRUE(File(result_id_, RedOf(1)).ok());
  ASSERT_TRUE(Committee(Decision(1, v1::APPEAL_DECISION_DISMISSED,
                                 v1::REMEDY_KIND_UNSPECIFIED))
                  .ok());
  const std::string final_decision = absl::StrCat(
      "不符合规程 R9.3（仲裁委员会裁定）：第 1 号申诉已于日志位置 ",
      log_.size(), " 裁定（驳回），仲裁委员会的裁定为最终裁定。");
  EXPECT_EQ(Chinese(File(result_id_, BlackOf(1))), final_decision);
  EXPECT_EQ(Chinese(Committee(Decision(1, v1::APPEAL_DECISION_UPHELD,
                                       v1::REMEDY_KIND_NO_STATE_CHANGE))),
            final_decision);
}

TEST_F(CommitteeRefusalSentenceTest, R9_3_VotesThatDoNotCarryTheDecision) {
  ASSERT_TRUE(File(result_id_, RedOf(1)).ok());
  v1::DecideAppealRequest tie =
      Decision(1, v1::APPEAL_DECISION_UPHELD, v1::REMEDY_KIND_NO_STATE_CHANGE);
  tie.mutable_votes()->set_uphold(2);
  tie.mutable_votes()->set_dismiss(2);
  EXPECT_EQ(Chinese(Committee(tie)),
            "不符合规程 R9.3（仲裁委员会裁定）：表决（成立 2 票，驳回 2 "
            "票，弃权 1 票）不能裁定申诉成立：成立票须多于驳回票。");
  v1::DecideAppealRequest outvoted =
      Decision(1, v1::APPEAL_DECISION_DISMISSED, v1::REMEDY_KIND_UNSPECIFIED);
  outvoted.mutable_votes()->set_uphold(2);
  outvoted.mutable_votes()->set_dismiss(1);
  EXPECT_EQ(Chinese(Committee(outvoted)),
            "不符合规程 R9.3（仲裁委员会裁定）：表决（成立 2 票，驳回 1 "
            "票，弃权 1 票）支持申诉成立，不能驳回。");
}

TEST_F(CommitteeRefusalSentenceTest, R9_3_TheMakerOfTheRulingMayNotDecide) {
  ASSERT_TRUE(File(result_id_, RedOf(1)).ok());
  EXPECT_EQ(Chinese(Committee(Decision(1, v1::APPEAL_DECISION_DISMISSED,
                                       v1::REMEDY_KIND_UNSPECIFIED),
                              "li")),
            absl::StrCat("不符合规程 R9.3（仲裁委员会裁定）：li 作出了",
                         Ruling(), "），不能裁定对它的申诉。"));
}

TEST_F(CommitteeRefusalSentenceTest, R9_3_VotesAndRemedyOfADismissal) {
  ASSERT_TRUE(File(result_id_, RedOf(1)).ok());
  v1::DecideAppealRequest none =
      Decision(1, v1::APPEAL_DECISION_DISMISSED, v1::REMEDY_KIND_UNSPECIFIED);
  none.clear_votes();
  EXPECT_EQ(Chinese(Committee(none)),
            "不符合规程 R9.3（仲裁委员会裁定）：未记录任何表决票。");
  EXPECT_EQ(Chinese(Committee(Decision(1, v1::APPEAL_DECISION_DISMISSED,
                                       v1::REMEDY_KIND_NO_STATE_CHANGE))),
            "不符合规程 R9.3（仲裁委员会裁定）：驳回的申诉不附补救措施，"
            "原裁决维持。");
}

TEST_F(CommitteeRefusalSentenceTest, R9_3_ARemedyThatDoesNotFitTheRuling) {
  ASSERT_TRUE(File(foul_id_, RedOf(2)).ok());
  ASSERT_TRUE(File(result_id_, RedOf(1)).ok());
  EXPECT_EQ(Chinese(Committee(Decision(1, v1::APPEAL_DECISION_UPHELD,
                                       v1::REMEDY_KIND_GAME_REPLAYED))),
            absl::StrCat("不符合规程 R9.3（仲裁委员会裁定）：补救措施“重赛”"
                         "只适用于对台次成绩的裁决；裁决 ",
                         foul_id_, "（犯规，日志位置 ", FoulRuling().position,
                         "）不是。"));
  EXPECT_EQ(Chinese(Committee(Decision(2, v1::APPEAL_DECISION_UPHELD,
                                       v1::REMEDY_KIND_FOUL_REMOVED))),
            absl::StrCat("不符合规程 R9.3（仲裁委员会裁定）：补救措施“撤销犯规”"
                         "只适用于犯规裁决；",
                         Ruling(), "）不是。"));
}

TEST_F(CommitteeRefusalSentenceTest, R9_3_ARemedyThatChangesNothing) {
  ASSERT_TRUE(File(result_id_, BlackOf(1)).ok());
  v1::DecideAppealRequest same =
      Decision(1, v1::APPEAL_DECISION_UPHELD, v1::REMEDY_KIND_RESULT_CHANGED);
  same.mutable_remedy()->set_result(v1::GAME_RESULT_RED_WIN);
  EXPECT_EQ(
      Chinese(Committee(same)),
      absl::StrCat("不符合规程 R9.3（仲裁委员会裁定）：组别 open-men 第 1 "
                   "轮第 1 台已是此成绩：红胜，由 li（裁判员）于 "
                   "2016-10-14 10:30 Asia/Shanghai 记录（日志位置 ",
                   ResultRuling().position, "）。"));
}

// R6.6: round 2 of the open men starts at 13:30 on 14 October.
TEST_F(CommitteeRefusalSentenceTest, R6_6_AReplayAtTheNextRoundsStart) {
  ASSERT_TRUE(File(result_id_, BlackOf(1)).ok());
  v1::DecideAppealRequest replay = Replay(1, Beijing(2016, 10, 14, 13, 30));
  replay.mutable_remedy()->set_replay_place("table 1");
  EXPECT_EQ(Chinese(Committee(replay)),
            "不符合规程 R6.6（已公布的编排）：重赛时间 2016-10-14 13:30 "
            "Asia/Shanghai 不早于组别 open-men 第 2 轮的开始时间 2016-10-14 "
            "13:30 Asia/Shanghai；请在下一轮开始前重赛，或说明推迟的理由。");
}

// R9.3: the committee's page lets "upheld" be chosen with no remedy.
TEST_F(CommitteeRefusalSentenceTest, R9_3_AnUpheldAppealWithoutARemedy) {
  ASSERT_TRUE(File(result_id_, BlackOf(1)).ok());
  EXPECT_EQ(Chinese(Committee(Decision(1, v1::APPEAL_DECISION_UPHELD,
                                       v1::REMEDY_KIND_UNSPECIFIED))),
            "不符合规程 R9.3（仲裁委员会裁定）：维持申诉须选定补救措施："
            "改判成绩、重赛、撤销犯规或不改变记录。");
}

TEST_F(CommitteeRefusalSentenceTest, R9_3_AReplayWithoutItsTime) {
  ASSERT_TRUE(File(result_id_, BlackOf(1)).ok());
  EXPECT_EQ(Chinese(Committee(Decision(1, v1::APPEAL_DECISION_UPHELD,
                                       v1::REMEDY_KIND_GAME_REPLAYED))),
            "请填写重赛时间。");
}

// R6.6: a replay at 12:00, before round 2's 13:30, needs no reason to be
// late, and one given is refused rather than recorded.
TEST_F(CommitteeRefusalSentenceTest, R6_6_AReasonToBeLateForAReplayInTime) {
  ASSERT_TRUE(File(result_id_, BlackOf(1)).ok());
  v1::DecideAppealRequest replay = Replay(1, Beijing(2016, 10, 14, 12, 0));
  replay.mutable_remedy()->set_late_replay_reason("the hall is closed");
  EXPECT_EQ(Chinese(Committee(replay)),
            "不符合规程 R6.6（已公布的编排）：重赛时间 2016-10-14 12:00 "
            "Asia/Shanghai 早于组别 open-men 第 2 轮的开始时间 2016-10-14 "
            "13:30 Asia/Shanghai，无需填写延后重赛的理由。");
}

}  // namespace
}  // namespace qiwang::rules::tournament
