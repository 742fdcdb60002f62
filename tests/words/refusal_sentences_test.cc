// What exactly was wrong, in Chinese (issue 25 §1): each refusal the
// arbiter, the chief arbiter and the pairing officer meet in the hall,
// produced by the real rules on the play fixture's tournament, reads in
// Chinese as the whole sentence written here, and in English as the rule's
// own message.
#include <string>

#include "absl/strings/str_cat.h"
#include "base/refusal_details.h"
#include "gtest/gtest.h"
#include "tests/rules/tournament/play_fixture.h"
#include "words/refusal_words.h"

namespace qiwang::rules::tournament {
namespace {

class RefusalSentenceTest : public PlayTest {
 protected:
  void SetUp() override {
    PlayTest::SetUp();
    EnterOpenMen(8);
    ASSERT_TRUE(CloseCheckIn().ok());
    ASSERT_TRUE(PairNext(kOpen).ok());
  }

  // The refusal `decided` as a Chinese reader sees it; also checks that it
  // was refused and that English shows the rule's own message.
  static std::string Chinese(const absl::StatusOr<Events>& decided) {
    EXPECT_FALSE(decided.ok());
    const absl::Status& refusal = decided.status();
    EXPECT_EQ(words::RefusalSentence(base::ErrorInfoOf(refusal),
                                     refusal.message(), words::Lang::kEn),
              refusal.message());
    return words::RefusalSentence(base::ErrorInfoOf(refusal), refusal.message(),
                                  words::Lang::kZh);
  }

  v1::CorrectResultRequest Correction(int board, v1::GameResult result) const {
    v1::CorrectResultRequest request;
    request.set_tournament_id(kTournament);
    request.set_section_id(kOpen);
    request.set_round(1);
    request.set_board(board);
    request.set_result(result);
    request.set_reason("score sheet signed by both players");
    return request;
  }
  v1::RecordFoulRequest Foul(int64_t player_id, int round) const {
    v1::RecordFoulRequest request;
    request.set_tournament_id(kTournament);
    request.set_player_id(player_id);
    request.set_round(round);
    request.set_kind(v1::FOUL_KIND_PERPETUAL_CHECK);
    request.set_note("长将 three times");
    return request;
  }
  v1::AmendPairingRequest Amendment(int round) const {
    v1::AmendPairingRequest request;
    request.set_tournament_id(kTournament);
    request.set_section_id(kOpen);
    request.set_round(round);
    request.set_reason("players from one club kept apart");
    return request;
  }
  int64_t RedOf(int board) const {
    return Play(kOpen).FindRound(1)->FindBoard(board)->board.red_player_id();
  }
};

TEST_F(RefusalSentenceTest, R5_3_ASecondResultNamesTheOneRecorded) {
  ASSERT_TRUE(Record(kOpen, 1, 1, v1::GAME_RESULT_RED_WIN, "li").ok());
  const uint64_t position = log_.size();
  EXPECT_EQ(Chinese(Record(kOpen, 1, 1, v1::GAME_RESULT_DRAW, "wang")),
            absl::StrCat("不符合规程 R5.3（成绩种类）：组别 open-men 第 1 轮第 "
                         "1 台已有成绩：红胜，由 li（裁判员）于 2016-10-14 "
                         "10:30 Asia/Shanghai 记录（日志位置 ",
                         position, "）；更改成绩须由裁判长更正。"));
}

TEST_F(RefusalSentenceTest, R5_3_AResultForARoundNotPublished) {
  EXPECT_EQ(
      Chinese(Record(kOpen, 2, 1, v1::GAME_RESULT_RED_WIN)),
      "不符合规程 R5.3（成绩种类）：组别 open-men 第 2 轮尚未公布（已公布 "
      "1 轮）。");
}

TEST_F(RefusalSentenceTest, R5_3_AResultForABoardTheRoundHasNot) {
  EXPECT_EQ(Chinese(Record(kOpen, 1, 9, v1::GAME_RESULT_RED_WIN)),
            "不符合规程 R5.3（成绩种类）：组别 open-men 第 1 轮没有第 9 "
            "台（该轮共 4 台）。");
}

TEST_F(RefusalSentenceTest, R5_3_ACorrectionOfABoardWithoutResult) {
  EXPECT_EQ(
      Chinese(As(&DecideCorrectResult, Correction(2, v1::GAME_RESULT_DRAW),
                 Role::kChiefArbiter, "zhang")),
      "不符合规程 R5.3（成绩种类）：组别 open-men 第 1 轮第 2 "
      "台尚无成绩，无可更正；成绩由裁判员记录。");
}

TEST_F(RefusalSentenceTest, R9_5_ACorrectionToTheSameResult) {
  ASSERT_TRUE(Record(kOpen, 1, 1, v1::GAME_RESULT_RED_WIN, "li").ok());
  const uint64_t position = log_.size();
  EXPECT_EQ(
      Chinese(As(&DecideCorrectResult, Correction(1, v1::GAME_RESULT_RED_WIN),
                 Role::kChiefArbiter, "zhang")),
      absl::StrCat("不符合规程 R9.5（不删除、不改写）：组别 open-men 第 1 "
                   "轮第 1 台已是此成绩：红胜，由 li（裁判员）于 2016-10-14 "
                   "10:30 Asia/Shanghai 记录（日志位置 ",
                   position, "）。"));
}

TEST_F(RefusalSentenceTest, R9_5_ACorrectionByAnArbiter) {
  ASSERT_TRUE(Record(kOpen, 1, 1, v1::GAME_RESULT_RED_WIN, "li").ok());
  EXPECT_EQ(
      Chinese(As(&DecideCorrectResult, Correction(1, v1::GAME_RESULT_DRAW),
                 Role::kArbiter, "li")),
      "不符合规程 R9.5（不删除、不改写）：更正成绩须由裁判长进行，"
      "裁判员不能更正。");
}

TEST_F(RefusalSentenceTest, R5_5_AFoulInARoundNotPublished) {
  EXPECT_EQ(Chinese(As(&DecideRecordFoul, Foul(RedOf(1), 2), Role::kArbiter)),
            "不符合规程 R5.5（犯规）：组别 open-men 第 2 轮尚未公布（已公布 1 "
            "轮）。");
}

TEST_F(RefusalSentenceTest, R5_5_AFoulOfAPlayerNotInTheRound) {
  const int64_t leaver = RedOf(1);
  RecordRound(kOpen, 1);
  ASSERT_TRUE(Withdraw(leaver).ok());
  ASSERT_TRUE(PairNext(kOpen).ok());
  const std::string name = state_.FindPlayer(leaver)->person().name();
  EXPECT_EQ(
      Chinese(As(&DecideRecordFoul, Foul(leaver, 2), Role::kArbiter)),
      absl::StrCat("不符合规程 R5.5（犯规）：棋手 ", leaver, "（", name,
                   "）未参加组别 open-men 第 2 轮的对局，不能记录其犯规。"));
}

TEST_F(RefusalSentenceTest, R6_6_AnOverrideOfR6_3ByThePairingOfficer) {
  v1::AmendPairingRequest amend = Amendment(1);
  amend.set_override_r63(true);
  EXPECT_EQ(Chinese(As(&DecideAmendPairing, amend, Role::kPairingOfficer)),
            "不符合规程 R6.6（已公布的编排）：只有裁判长可以越过规程 R6.3 "
            "调整编排，编排长不能。");
}

TEST_F(RefusalSentenceTest, R6_6_AnAmendmentOfARoundNotPublished) {
  EXPECT_EQ(
      Chinese(As(&DecideAmendPairing, Amendment(3), Role::kPairingOfficer)),
      "不符合规程 R6.6（已公布的编排）：组别 open-men 第 3 轮尚未公布（已公布 "
      "1 轮）。");
}

TEST_F(RefusalSentenceTest, R6_6_AnAmendmentOfARoundWithAResult) {
  ASSERT_TRUE(Record(kOpen, 1, 2, v1::GAME_RESULT_DRAW).ok());
  EXPECT_EQ(
      Chinese(As(&DecideAmendPairing, Amendment(1), Role::kPairingOfficer)),
      "不符合规程 R6.6（已公布的编排）：组别 open-men 第 1 轮已开始：第 2 "
      "台已有成绩，不能再调整编排。");
}

}  // namespace
}  // namespace qiwang::rules::tournament
