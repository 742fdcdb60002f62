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
#include "base/refusal_details.h"
#include "google/protobuf/util/time_util.h"
#include "gtest/gtest.h"
#include "services/rules/tournament/decide_ruling.h"
#include "services/rules/tournament/refusal_names.h"
#include "tests/rules/tournament/play_fixture.h"
#include "tests/rules/tournament/ruling_fixture.h"
#include "words/refusal_words.h"

namespace qiwang::rules::tournament {
namespace {

// `refusal` as a Chinese reader sees it; also checks that it is a refusal
// and that an English reader sees the rule's own message.
std::string Chinese(const absl::Status& refusal) {
  EXPECT_FALSE(refusal.ok());
  EXPECT_EQ(words::RefusalSentence(base::ErrorInfoOf(refusal),
                                   refusal.message(), words::Lang::kEn),
            refusal.message());
  return words::RefusalSentence(base::ErrorInfoOf(refusal), refusal.message(),
                                words::Lang::kZh);
}

std::string Chinese(const absl::StatusOr<Events>& decided) {
  return Chinese(decided.status());
}

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

// The pairing officer's waits (R4.3, R6, R2.4): eight open men registered
// and checked in, check-in still open.
class PairingRefusalSentenceTest : public PlayTest {
 protected:
  void SetUp() override {
    PlayTest::SetUp();
    EnterOpenMen(8);
  }
};

TEST_F(PairingRefusalSentenceTest, R4_3_PairingBeforeCheckInCloses) {
  EXPECT_EQ(Chinese(PairNext(kOpen)),
            "不符合规程 R4.3（未报到自动弃权）：报到尚未截止，第 1 "
            "轮须在报到截止后编排。");
}

TEST_F(PairingRefusalSentenceTest, R6_PairingBeforeTheRoundBeforeIsComplete) {
  ASSERT_TRUE(CloseCheckIn().ok());
  ASSERT_TRUE(PairNext(kOpen).ok());
  ASSERT_TRUE(Record(kOpen, 1, 1, v1::GAME_RESULT_DRAW).ok());
  ASSERT_TRUE(Record(kOpen, 1, 3, v1::GAME_RESULT_DRAW).ok());
  EXPECT_EQ(Chinese(PairNext(kOpen)),
            "不符合规程 R6（编排）：组别 open-men 第 1 轮尚未结束：第 2、4 "
            "台还没有成绩。");
}

TEST_F(PairingRefusalSentenceTest, R2_4_AllRoundsPaired) {
  AmendSection(kOpen, [](v1::Section& section) { section.set_rounds(1); });
  ASSERT_TRUE(CloseCheckIn().ok());
  ASSERT_TRUE(PairNext(kOpen).ok());
  RecordRound(kOpen, 1);
  EXPECT_EQ(Chinese(PairNext(kOpen)),
            "不符合规程 R2.4（积分编排的轮次）：组别 open-men 共 1 "
            "轮，已全部编排。");
}

TEST_F(PairingRefusalSentenceTest, R6_ARoundRobinSchedulePublishedOnce) {
  EnterProfessionals(4);
  ASSERT_TRUE(CloseCheckIn().ok());
  ASSERT_TRUE(PairNext(kPro).ok());
  EXPECT_EQ(Chinese(PairNext(kPro)),
            "不符合规程 R6（编排）：组别 professional 的循环赛赛程已经公布。");
}

class EntryRefusalSentenceTest : public PreEventTest {
 protected:
  void SetUp() override {
    PreEventTest::SetUp();
    ASSERT_TRUE(RecordStation("chengdu", v1::STATION_KIND_CITY, 2016, 5, 14,
                              Ranking("C", 12))
                    .ok());
  }
  static absl::Time kAfterDeadline() { return Beijing(2016, 9, 29, 9, 0); }
};

TEST_F(EntryRefusalSentenceTest, R4_1_AnEntryAfterTheDeadline) {
  EXPECT_EQ(
      Chinese(Register(Entry(Ranking("C", 12)[2]), kAfterDeadline()).status()),
      "不符合规程 R4.1（报名截止）：报名已于 2016-09-28 17:00 "
      "Asia/Shanghai 截止；逾期报名只能由裁判长接纳。");
}

TEST_F(EntryRefusalSentenceTest, R4_1_ALateAdmissionByTheRegistrar) {
  v1::RegisterPlayerRequest late = Entry(Ranking("C", 12)[2]);
  late.set_late_admission(true);
  late.set_reason("train delayed by the flood");
  EXPECT_EQ(
      Chinese(Register(late, kAfterDeadline(), Role::kRegistrar).status()),
      "不符合规程 R4.1（报名截止）：报名已于 2016-09-28 17:00 "
      "Asia/Shanghai 截止；接纳逾期报名须由裁判长进行，报名登记员不能。");
}

TEST_F(EntryRefusalSentenceTest, R4_2_ASecondCheckIn) {
  absl::StatusOr<int64_t> player = Register(Entry(Ranking("C", 12)[0]));
  ASSERT_TRUE(player.ok()) << player.status();
  ASSERT_TRUE(CheckInWithUsualDocuments(*player).ok());
  EXPECT_EQ(Chinese(CheckInWithUsualDocuments(*player)),
            absl::StrCat("不符合规程 R4.2（报到）：棋手 ", *player, "（",
                         Ranking("C", 12)[0].name(), "）已经报到。"));
}

// The registrar's desk (R2.1, R2.2, R2.5, R3.2): what the configuration of
// 2016 admits, said back in Chinese.
TEST_F(EntryRefusalSentenceTest, R2_2_ABirthOutsideTheSection) {
  v1::RegisterPlayerRequest entry =
      Entry(MakePerson("Wei", 1999, 12, 31, v1::GENDER_MALE), "junior-men");
  EXPECT_EQ(Chinese(Register(entry).status()),
            "不符合规程 R2.2（业余组参赛资格）：出生日期为 1999-12-31，组别 "
            "junior-men 只接受 2000-01-01 至 2004-12-31 "
            "之间出生的棋手（可报：open-men）。");
  entry.set_section_id("senior-men");
  EXPECT_EQ(
      Chinese(Register(entry).status()),
      "不符合规程 R2.2（业余组参赛资格）：出生日期为 1999-12-31，组别 "
      "senior-men 只接受 1955-12-31 及以前出生的棋手（可报：open-men）。");
}

TEST_F(EntryRefusalSentenceTest, R2_1_AGenderOrTitleTheSectionDoesNotAdmit) {
  v1::RegisterPlayerRequest woman =
      Entry(MakePerson("Lan", 1980, 5, 1, v1::GENDER_FEMALE), "open-men");
  EXPECT_EQ(
      Chinese(Register(woman).status()),
      "不符合规程 R2.1（专业组参赛资格）：组别 open-men 只接受男性棋手。");
  v1::RegisterPlayerRequest untitled =
      Entry(MakePerson("Pro", 1980, 5, 1, v1::GENDER_MALE), "professional");
  EXPECT_EQ(Chinese(Register(untitled).status()),
            "不符合规程 R2.1（专业组参赛资格）：组别 professional "
            "要求省队大师或以上称号（该棋手：无称号）。");
  v1::RegisterPlayerRequest master = Entry(Ranking("C", 12)[0], "open-men");
  master.set_title(v1::TITLE_NATIONAL_MASTER);
  EXPECT_EQ(Chinese(Register(master).status()),
            "不符合规程 R2.2（业余组参赛资格）：组别 open-men "
            "只接受称号低于象棋大师的棋手（该棋手：象棋大师）。");
}

TEST_F(EntryRefusalSentenceTest, R2_5_ResidencyAndInsurance) {
  v1::RegisterPlayerRequest visitor = Entry(Ranking("C", 12)[0]);
  visitor.set_residency(v1::RESIDENCY_NONE);
  EXPECT_EQ(Chinese(Register(visitor).status()),
            "不符合规程 R2.5（籍贯、工作证明、保险与陪同）：组别 open-men "
            "只接受四川户籍或在四川工作的棋手。");
  v1::RegisterPlayerRequest uninsured = Entry(Ranking("C", 12)[0]);
  uninsured.set_insurance_confirmed(false);
  EXPECT_EQ(
      Chinese(Register(uninsured).status()),
      "不符合规程 "
      "R2.5（籍贯、工作证明、保险与陪同）：未确认已购买人身意外伤害保险。");
}

// A city station qualifies its first 12 (the configuration's quota); the
// 13th of Mianyang is named with the station's configured name.
TEST_F(EntryRefusalSentenceTest, R3_1_AnEntrantWhoDidNotQualify) {
  ASSERT_TRUE(RecordStation("mianyang", v1::STATION_KIND_CITY, 2016, 6, 12,
                            Ranking("M", 13))
                  .ok());
  EXPECT_EQ(
      Chinese(Register(Entry(Ranking("M", 13)[12])).status()),
      absl::StrCat("不符合规程 R3.1（分站赛资格与名额）：组别 open-men "
                   "须经分站赛取得资格；",
                   Ranking("M", 13)[12].name(),
                   " 既未取得资格，也未受邀替补（绵阳市分站赛第 13 名）。"));
  EXPECT_EQ(
      Chinese(Register(Entry(MakePerson("Wu", 1980, 5, 1, v1::GENDER_MALE)))
                  .status()),
      "不符合规程 R3.1（分站赛资格与名额）：组别 open-men "
      "须经分站赛取得资格；Wu "
      "既未取得资格，也未受邀替补（未参加已录入的分站赛）。");
}

TEST_F(EntryRefusalSentenceTest, AFullSection) {
  AmendSection("open-men",
               [](v1::Section& section) { section.set_max_players(1); });
  ASSERT_TRUE(Register(Entry(Ranking("C", 12)[0])).ok());
  EXPECT_EQ(Chinese(Register(Entry(Ranking("C", 12)[1])).status()),
            "组别 open-men 已满：已有 1 名棋手报名，达到该组人数上限。");
}

TEST_F(EntryRefusalSentenceTest, R3_2_ASecondEntryOfOnePerson) {
  absl::StatusOr<int64_t> player = Register(Entry(Ranking("C", 12)[0]));
  ASSERT_TRUE(player.ok()) << player.status();
  EXPECT_EQ(Chinese(Register(Entry(Ranking("C", 12)[0])).status()),
            absl::StrCat("不符合规程 R3.2（不得重复取得资格）：",
                         Ranking("C", 12)[0].name(), " 已登记为棋手 ", *player,
                         "（组别 open-men），不能重复报名。"));
}

TEST_F(EntryRefusalSentenceTest, R4_1_ALateAdmissionBeforeTheDeadline) {
  v1::RegisterPlayerRequest early = Entry(Ranking("C", 12)[0]);
  early.set_late_admission(true);
  early.set_reason("train delayed by the flood");
  EXPECT_EQ(
      Chinese(Register(early, kBeforeDeadline(), Role::kChiefArbiter).status()),
      "不符合规程 R4.1（报名截止）：报名开放至 2016-09-28 17:00 "
      "Asia/Shanghai，逾期接纳只用于截止以后的报名。");
}

// The check-in desk (R4.2-R4.4).
class CheckInRefusalSentenceTest : public EntryRefusalSentenceTest {
 protected:
  void SetUp() override {
    EntryRefusalSentenceTest::SetUp();
    absl::StatusOr<int64_t> player = Register(Entry(Ranking("C", 12)[0]));
    ASSERT_TRUE(player.ok()) << player.status();
    player_ = *player;
  }
  // "棋手 7（name）": the player as the sentences name them.
  std::string Player() const {
    return absl::StrCat("棋手 ", player_, "（", Ranking("C", 12)[0].name(),
                        "）");
  }
  int64_t player_ = 0;
};

TEST_F(CheckInRefusalSentenceTest, R4_2_ACheckInBeforeTheWindowOpens) {
  EXPECT_EQ(Chinese(CheckIn(player_,
                            {v1::CHECK_IN_DOCUMENT_IDENTITY_COPY,
                             v1::CHECK_IN_DOCUMENT_INSURANCE},
                            Beijing(2016, 10, 13, 13, 30))),
            "不符合规程 R4.2（报到）：报到时间为 2016-10-13 14:00 "
            "Asia/Shanghai 至 2016-10-13 18:00 Asia/Shanghai，现在是 "
            "2016-10-13 13:30 Asia/Shanghai，不在报到时间内。");
}

TEST_F(CheckInRefusalSentenceTest, R4_2_ACheckInWithoutItsDocuments) {
  EXPECT_EQ(Chinese(CheckIn(player_, {})),
            absl::StrCat("不符合规程 R4.2（报到）：", Player(),
                         "报到缺少：身份证或户口簿复印件、人身意外伤害保险。"));
  EXPECT_EQ(Chinese(CheckIn(player_, {v1::CHECK_IN_DOCUMENT_IDENTITY_COPY})),
            absl::StrCat("不符合规程 R4.2（报到）：", Player(),
                         "报到缺少：人身意外伤害保险。"));
}

TEST_F(CheckInRefusalSentenceTest, R4_3_AnExcusedPlayerAfterTheClose) {
  v1::ExcuseAbsenceRequest excuse;
  excuse.set_tournament_id(kTournament);
  excuse.set_player_id(player_);
  excuse.set_note("phoned: the train is late");
  ASSERT_TRUE(Run(&DecideExcuse, excuse, kDuringCheckIn()).ok());
  ASSERT_TRUE(CloseCheckIn().ok());
  EXPECT_EQ(Chinese(CheckInWithUsualDocuments(player_)),
            absl::StrCat("不符合规程 R4.3（未报到自动弃权）：报到已截止，",
                         Player(), "未在截止前报到。"));
  EXPECT_EQ(Chinese(Run(&DecideExcuse, excuse, kAfterCheckIn())),
            "不符合规程 R4.3（未报到自动弃权）：报到已经截止。");
}

TEST_F(CheckInRefusalSentenceTest, R4_3_ClosingCheckInIsTheChiefArbiters) {
  EXPECT_EQ(Chinese(CloseCheckIn(kAfterCheckIn(), Role::kRegistrar)),
            "不符合规程 R4.3（未报到自动弃权）：截止报到须由裁判长进行，"
            "报名登记员不能。");
}

TEST_F(CheckInRefusalSentenceTest, R4_3_ClosingBeforeTheWindowEndsOrTwice) {
  EXPECT_EQ(Chinese(CloseCheckIn(Beijing(2016, 10, 13, 17, 0))),
            "不符合规程 R4.3（未报到自动弃权）：报到时间至 2016-10-13 18:00 "
            "Asia/Shanghai 结束，此前不能截止报到。");
  ASSERT_TRUE(CloseCheckIn().ok());
  EXPECT_EQ(Chinese(CloseCheckIn()),
            "不符合规程 R4.3（未报到自动弃权）：报到已经截止。");
}

TEST_F(CheckInRefusalSentenceTest, R4_4_AWithdrawnPlayer) {
  v1::WithdrawPlayerRequest withdraw;
  withdraw.set_tournament_id(kTournament);
  withdraw.set_player_id(player_);
  withdraw.set_reason("family emergency");
  ASSERT_TRUE(Run(&DecideWithdraw, withdraw, kDuringCheckIn()).ok());
  const std::string withdrawn = absl::StrCat(
      "不符合规程 R4.4（比赛中退赛）：", Player(), "已自第 1 轮起退出比赛。");
  EXPECT_EQ(Chinese(CheckInWithUsualDocuments(player_)), withdrawn);
  EXPECT_EQ(Chinese(Run(&DecideWithdraw, withdraw, kDuringCheckIn())),
            withdrawn);
}

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
  v1::DecideAppealRequest replay =
      Decision(1, v1::APPEAL_DECISION_UPHELD, v1::REMEDY_KIND_GAME_REPLAYED);
  replay.mutable_remedy()->set_replay_place("table 1");
  *replay.mutable_remedy()->mutable_replay_at() =
      google::protobuf::util::TimeUtil::SecondsToTimestamp(
          absl::ToUnixSeconds(Beijing(2016, 10, 14, 13, 30)));
  EXPECT_EQ(Chinese(Committee(replay)),
            "不符合规程 R6.6（已公布的编排）：重赛时间 2016-10-14 13:30 "
            "Asia/Shanghai 不早于组别 open-men 第 2 轮的开始时间 2016-10-14 "
            "13:30 Asia/Shanghai；请在下一轮开始前重赛，或说明推迟的理由。");
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
