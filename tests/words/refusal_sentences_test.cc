// What exactly was wrong, in Chinese (issue 25 §1): each refusal the
// arbiter, the chief arbiter, the pairing officer and the registrar meet,
// produced by the real rules on the play fixture's tournament, reads in
// Chinese as the whole sentence written here, and in English as the rule's
// own message.
#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gtest/gtest.h"
#include "services/rules/tournament/decide_ruling.h"
#include "services/rules/tournament/refusal_names.h"
#include "tests/rules/tournament/play_fixture.h"
#include "tests/words/chinese_refusal.h"

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

// Names, not ids: the ledger names the refusal's section as the
// configuration does (NameRefusalSection), in the template and in the
// generic sentence alike; a section the configuration lacks keeps its id.
TEST_F(RefusalSentenceTest, R5_3_TheSectionIsNamedAsTheConfigurationNamesIt) {
  ASSERT_TRUE(Record(kOpen, 1, 1, v1::GAME_RESULT_RED_WIN, "li").ok());
  const absl::Status second =
      Record(kOpen, 1, 1, v1::GAME_RESULT_DRAW, "wang").status();
  const std::string named = Chinese(NameRefusalSection(second, state_));
  EXPECT_TRUE(absl::StartsWith(
      named, "不符合规程 R5.3（成绩种类）：组别 公开组男子 第 1 轮第 1 台"))
      << named;
  EXPECT_EQ(NameRefusalSection(second, state_).message(), second.message())
      << "the English message stays the rule's";

  const absl::Status generic = absl::FailedPreconditionError(
      "R6.1: section 'open-men' has no players to pair");
  EXPECT_EQ(Chinese(NameRefusalSection(generic, state_)),
            "不符合规程 R6.1（第一轮编排）。涉及：组别 公开组男子。");
  const absl::Status unknown = absl::FailedPreconditionError(
      "R6.1: section 'nobody' has no players to pair");
  EXPECT_EQ(Chinese(NameRefusalSection(unknown, state_)),
            "不符合规程 R6.1（第一轮编排）。涉及：组别 nobody。");
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

// R6.3: round 2 as round 1 again, colours swapped: every board a rematch,
// said board by board.
class RematchRefusalSentenceTest : public RefusalSentenceTest {
 protected:
  void SetUp() override {
    RefusalSentenceTest::SetUp();
    RecordRound(kOpen, 1);
    for (const BoardEntry& entry : Play(kOpen).FindRound(1)->boards) {
      v1::Board board = entry.board;
      board.set_red_player_id(entry.board.black_player_id());
      board.set_black_player_id(entry.board.red_player_id());
      rematch_.push_back(board);
      met_.push_back(absl::StrCat("棋手 ", board.red_player_id(), " 与 ",
                                  board.black_player_id(), " 已经交手过"));
    }
  }
  std::vector<v1::Board> rematch_;
  std::vector<std::string> met_;  // each board's finding, in Chinese
};

TEST_F(RematchRefusalSentenceTest, R6_3_ARoundToPublishThatRepeatsRoundOne) {
  PairingProposal proposal;
  v1::RoundPaired& round = proposal.rounds.emplace_back();
  round.set_section_id(kOpen);
  round.set_round(2);
  for (const v1::Board& board : rematch_) *round.add_boards() = board;
  EXPECT_EQ(
      Chinese(DecidePublishRound(state_, proposal,
                                 {kRoundDay(), Role::kPairingOfficer})),
      absl::StrCat("不符合规程 R6.3（编排的绝对条件）：组别 open-men 第 2 "
                   "轮的编排不符合规程：",
                   absl::StrJoin(met_, "；"), "。"));
}

TEST_F(RematchRefusalSentenceTest, R6_3_AnAmendmentThatRepeatsRoundOne) {
  ASSERT_TRUE(PairNext(kOpen).ok());
  v1::AmendPairingRequest amend = Amendment(2);
  for (const v1::Board& board : rematch_) *amend.add_boards() = board;
  EXPECT_EQ(Chinese(As(&DecideAmendPairing, amend, Role::kPairingOfficer)),
            absl::StrCat("不符合规程 R6.3（编排的绝对条件）：调整后的组别 "
                         "open-men 第 2 轮编排不符合规程：",
                         absl::StrJoin(met_, "；"),
                         "；只有裁判长可以越过规程 R6.3 接受，并须说明理由。"));
}

class LotsRefusalSentenceTest : public PlayTest {
 protected:
  void SetUp() override {
    PlayTest::SetUp();
    pros_ = EnterProfessionals(4);
    ASSERT_TRUE(CloseCheckIn().ok());
    ASSERT_TRUE(PairNext(kPro).ok());
  }
  std::vector<int64_t> pros_;
};

TEST_F(LotsRefusalSentenceTest, R7_3_LotsBeforeEveryGameHasAResult) {
  RecordRound(kPro, 1);
  v1::DrawTieLotsRequest lots;
  lots.set_tournament_id(kTournament);
  lots.set_ranking_id(kPro);
  lots.add_player_ids(pros_[0]);
  lots.add_player_ids(pros_[1]);
  lots.set_reason("tied on every tie-break");
  EXPECT_EQ(
      Chinese(DecideTieLots(
          state_, lots, 42,
          {.now = kRoundDay(), .role = Role::kChiefArbiter, .user = "chief"})),
      "不符合规程 R7.3（抽签决定名次）：须在全部轮次结束后才能抽签决定"
      "名次；组别 professional 第 2 轮尚有对局没有成绩。");
}

TEST_F(LotsRefusalSentenceTest, R7_3_LotsAmongOnePlayer) {
  v1::DrawTieLotsRequest lots;
  lots.set_tournament_id(kTournament);
  lots.set_ranking_id(kPro);
  lots.add_player_ids(pros_[0]);
  lots.set_reason("tied on every tie-break");
  EXPECT_EQ(
      Chinese(DecideTieLots(state_, lots, 42,
                            {.now = kRoundDay(), .role = Role::kChiefArbiter})),
      "不符合规程 R7.3（抽签决定名次）：抽签须在两名或以上同分棋手之间进行。");
}

// R8.3: the professional ranking awards no final places, and a
// professional is not in the open men's ranking; both named as configured.
TEST_F(LotsRefusalSentenceTest, R8_3_ADeclineTheRankingCannotTake) {
  v1::DeclineFinalPlaceRequest decline;
  decline.set_tournament_id(kTournament);
  decline.set_ranking_id(kPro);
  decline.set_player_id(pros_[0]);
  decline.set_reason("declined by telephone, letter to follow");
  EXPECT_EQ(
      Chinese(As(&DecideDeclineFinalPlace, decline, Role::kChiefArbiter)),
      "不符合规程 R8.3（按名次发奖与名额顺延）：专业组不产生全国决赛名额。");
  decline.set_ranking_id(kOpen);
  EXPECT_EQ(
      Chinese(As(&DecideDeclineFinalPlace, decline, Role::kChiefArbiter)),
      absl::StrCat("不符合规程 R8.3（按名次发奖与名额顺延）：棋手 ", pros_[0],
                   "（", state_.FindPlayer(pros_[0])->person().name(),
                   "）不在公开组男子的名次中。"));
}

}  // namespace
}  // namespace qiwang::rules::tournament
