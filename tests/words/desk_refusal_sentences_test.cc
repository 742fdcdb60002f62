// What exactly was wrong, in Chinese, at the desks before play: the
// pairing officer's waits, the registrar's and the check-in desk's refusals,
// produced by the real rules on the fixtures' tournament and read as whole
// sentences written here.
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "tests/rules/tournament/play_fixture.h"
#include "tests/words/chinese_refusal.h"

namespace qiwang::rules::tournament {
namespace {

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

TEST_F(EntryRefusalSentenceTest,
       R2_1_R2_3_AGenderOrTitleTheSectionDoesNotAdmit) {
  v1::RegisterPlayerRequest woman =
      Entry(MakePerson("Lan", 1980, 5, 1, v1::GENDER_FEMALE), "open-men");
  EXPECT_EQ(Chinese(Register(woman).status()),
            "不符合规程 R2.3（男女分开录取）：组别 open-men 只接受男性棋手。");
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

}  // namespace
}  // namespace qiwang::rules::tournament
