// What exactly was wrong, in Chinese, when a form is filled in wrongly: the
// organiser's configuration (R1.1, refused field by field) and the fields a
// desk must fill in. Produced by the real rules on the fixtures' tournament
// and read as whole sentences written here.
#include <functional>
#include <string>

#include "gtest/gtest.h"
#include "tests/rules/tournament/pre_event_fixture.h"
#include "tests/words/chinese_refusal.h"

namespace qiwang::rules::tournament {
namespace {

// The organiser saves the shipped 2016 configuration changed by `change`.
class ConfigRefusalSentenceTest : public PreEventTest {
 protected:
  absl::StatusOr<Events> Amend(
      const std::function<void(v1::TournamentConfig&)>& change) {
    v1::AmendTournamentRequest amend;
    amend.set_tournament_id(kTournament);
    amend.set_reason("organiser's correction");
    *amend.mutable_config() = state_.config();
    change(*amend.mutable_config());
    return Run(&DecideAmend, amend, kBeforeDeadline(), Role::kOrganiser);
  }
  // Section 2 of the configuration: open-men, Swiss, 11 rounds.
  static v1::Section& OpenMen(v1::TournamentConfig& config) {
    return *config.mutable_sections(1);
  }
};

TEST_F(ConfigRefusalSentenceTest, R1_1_APlayerLimitBeyondTheServers) {
  EXPECT_EQ(Chinese(Amend([](v1::TournamentConfig& config) {
              OpenMen(config).set_max_players(20000);
            })),
            "组别 2 的人数上限须为 1 至 10000，或 0（即 10000）；填写的是 "
            "20000。");
}

TEST_F(ConfigRefusalSentenceTest, R2_4_ASwissSectionWithoutRounds) {
  EXPECT_EQ(Chinese(Amend([](v1::TournamentConfig& config) {
              OpenMen(config).set_rounds(0);
            })),
            "组别 2 的轮数至少为 1。");
}

TEST_F(ConfigRefusalSentenceTest, R5_2_ATimeControlWithoutBaseTime) {
  EXPECT_EQ(Chinese(Amend([](v1::TournamentConfig& config) {
              OpenMen(config).mutable_time_control()->set_base_minutes(0);
            })),
            "组别 2 的比赛用时的基本用时须大于 0，每步加秒不能是负数。");
}

TEST_F(ConfigRefusalSentenceTest, R1_1_ASectionIdUsedTwice) {
  EXPECT_EQ(Chinese(Amend([](v1::TournamentConfig& config) {
              OpenMen(config).set_id("professional");
            })),
            "组别 2 的代号「professional」已被使用，代号不能重复。");
}

TEST_F(ConfigRefusalSentenceTest, R1_1_ASectionIdWithASpace) {
  EXPECT_EQ(Chinese(Amend([](v1::TournamentConfig& config) {
              OpenMen(config).set_id("open men");
            })),
            "组别 2 的代号「open men」只能由字母、数字和“-”“_”“.”组成。");
}

TEST_F(ConfigRefusalSentenceTest, R1_1_ASectionWithoutAName) {
  EXPECT_EQ(Chinese(Amend([](v1::TournamentConfig& config) {
              OpenMen(config).clear_name();
            })),
            "组别 2 的名称须有中文或英文。");
}

TEST_F(ConfigRefusalSentenceTest, R2_2_BirthBoundsThatAdmitNobody) {
  EXPECT_EQ(Chinese(Amend([](v1::TournamentConfig& config) {
              v1::Eligibility& eligibility =
                  *OpenMen(config).mutable_eligibility();
              eligibility.mutable_born_on_or_after()->set_year(2000);
              eligibility.mutable_born_on_or_after()->set_month(1);
              eligibility.mutable_born_on_or_after()->set_day(1);
              eligibility.mutable_born_on_or_before()->set_year(1990);
              eligibility.mutable_born_on_or_before()->set_month(1);
              eligibility.mutable_born_on_or_before()->set_day(1);
            })),
            "组别 2 的参赛资格的最晚出生日期早于最早出生日期，没有人能参赛。");
}

TEST_F(ConfigRefusalSentenceTest, R1_1_ADateThatIsNotOnTheCalendar) {
  EXPECT_EQ(Chinese(Amend([](v1::TournamentConfig& config) {
              config.mutable_stations(0)->mutable_date()->set_day(31);
              config.mutable_stations(0)->mutable_date()->set_month(6);
            })),
            "分站赛 1 的日期 2016-06-31 不是 1850 年至 2200 年间的日期。");
}

TEST_F(ConfigRefusalSentenceTest, R4_2_CheckInClosingBeforeItOpens) {
  EXPECT_EQ(Chinese(Amend([](v1::TournamentConfig& config) {
              *config.mutable_check_in()->mutable_closes() =
                  config.check_in().opens();
            })),
            "报到截止时间须晚于报到开始时间。");
}

TEST_F(ConfigRefusalSentenceTest, R5_1_ADrawWorthMoreThanAWin) {
  EXPECT_EQ(Chinese(Amend([](v1::TournamentConfig& config) {
              config.mutable_scoring()->set_draw(3);
            })),
            "计分的和局得分为 3 分，不在负局 0 分与胜局 2 分之间。");
}

TEST_F(ConfigRefusalSentenceTest, R5_1_AWinWorthNoMoreThanALoss) {
  EXPECT_EQ(Chinese(Amend([](v1::TournamentConfig& config) {
              config.mutable_scoring()->set_win(0);
              config.mutable_scoring()->set_draw(0);
            })),
            "计分：胜局得分须高于负局得分。");
}

TEST_F(ConfigRefusalSentenceTest, R5_1_NegativePoints) {
  EXPECT_EQ(Chinese(Amend([](v1::TournamentConfig& config) {
              config.mutable_scoring()->set_bye(-1);
            })),
            "计分的轮空得分不能是负数。");
}

TEST_F(ConfigRefusalSentenceTest, LateForfeitLongerThanTheBaseTime) {
  EXPECT_EQ(Chinese(Amend([](v1::TournamentConfig& config) {
              config.set_late_forfeit_minutes(60);
            })),
            "迟到判负的分钟数为 60 分钟，超过组别 professional 的基本用时 40 "
            "分钟：迟到这么久的棋手已经超时判负。");
}

TEST_F(ConfigRefusalSentenceTest, R1_1_AnUnknownTimeZone) {
  EXPECT_EQ(Chinese(Amend([](v1::TournamentConfig& config) {
              config.set_time_zone("Mars/Olympus");
            })),
            "时区「Mars/Olympus」无法识别，请填写如 Asia/Shanghai 的时区名。");
}

TEST_F(ConfigRefusalSentenceTest, R3_1_AStationOfAKindWithoutQuota) {
  EXPECT_EQ(Chinese(Amend([](v1::TournamentConfig& config) {
              config.mutable_station_quotas()->RemoveLast();
            })),
            "分站赛 5 的类别：省青少年比赛没有设定晋级名额。");
}

TEST_F(ConfigRefusalSentenceTest, R3_1_TwoQuotasForOneKind) {
  EXPECT_EQ(Chinese(Amend([](v1::TournamentConfig& config) {
              *config.add_station_quotas() = config.station_quotas(0);
            })),
            "分站赛名额 4 的类别：地市州分站赛的晋级名额已经设定过。");
}

TEST_F(ConfigRefusalSentenceTest, R7_ARankingOfASectionThatDoesNotExist) {
  EXPECT_EQ(Chinese(Amend([](v1::TournamentConfig& config) {
              config.mutable_ranking_categories(0)->add_section_ids("nobody");
            })),
            "排名 1 的组别 2：没有代号为「nobody」的组别。");
}

TEST_F(ConfigRefusalSentenceTest, N13_4_UnitAvoidanceOnARoundRobin) {
  EXPECT_EQ(Chinese(Amend([](v1::TournamentConfig& config) {
              config.mutable_sections(0)
                  ->mutable_same_unit_avoidance()
                  ->set_absolute_rounds(1);
            })),
            "组别 1 的同单位回避只适用于积分编排，此组别是循环赛。");
}

TEST_F(ConfigRefusalSentenceTest, N13_4_MoreAbsoluteRoundsThanRounds) {
  EXPECT_EQ(
      Chinese(Amend([](v1::TournamentConfig& config) {
        OpenMen(config).mutable_same_unit_avoidance()->set_absolute_rounds(12);
      })),
      "组别 2 的同单位回避的绝对回避的轮数须在 0 至 11（该组别的轮数）"
      "之间；填写的是 12。");
}

TEST_F(ConfigRefusalSentenceTest, R1_1_ATieBreakLeftUnchosen) {
  EXPECT_EQ(Chinese(Amend([](v1::TournamentConfig& config) {
              OpenMen(config).add_tie_breaks(v1::TIE_BREAK_KIND_UNSPECIFIED);
            })),
            "请选择组别 2 的同分比较 6。");
}

// The fields the registrar's desk must fill in.
class EntryInputSentenceTest : public PreEventTest {};

TEST_F(EntryInputSentenceTest, R3_ANameLeftEmpty) {
  v1::RegisterPlayerRequest entry =
      Entry(MakePerson("", 1980, 1, 1, v1::GENDER_MALE));
  EXPECT_EQ(Chinese(Run(&DecideRegister, entry, kBeforeDeadline())),
            "请填写姓名。");
}

TEST_F(EntryInputSentenceTest, R3_ABirthDateNotOnTheCalendar) {
  v1::RegisterPlayerRequest entry =
      Entry(MakePerson("王五", 1980, 2, 30, v1::GENDER_MALE));
  EXPECT_EQ(Chinese(Run(&DecideRegister, entry, kBeforeDeadline())),
            "出生日期 1980-02-30 不是 1850 年至 2200 年间的日期。");
}

TEST_F(EntryInputSentenceTest, N13_4_AUnitOnTwoLines) {
  v1::RegisterPlayerRequest entry =
      Entry(MakePerson("王五", 1980, 1, 1, v1::GENDER_MALE));
  entry.set_unit("成都\n棋院");
  EXPECT_EQ(Chinese(Run(&DecideRegister, entry, kBeforeDeadline())),
            "单位只能是一行文字，不能含换行或控制字符。");
}

TEST_F(EntryInputSentenceTest, R9_1_AReasonTooLong) {
  v1::RegisterPlayerRequest entry =
      Entry(MakePerson("王五", 1980, 1, 1, v1::GENDER_MALE));
  entry.set_reason(std::string(2001, 'x'));
  EXPECT_EQ(Chinese(Run(&DecideRegister, entry, kBeforeDeadline())),
            "理由太长：2001 字节，最多 2000 字节。");
}

// The name FIDE's file carries (TRF): printable ASCII, at most 33 bytes.
TEST_F(EntryInputSentenceTest, R3_ALatinNameInChineseOrTooLong) {
  v1::RegisterPlayerRequest entry =
      Entry(MakePerson("王五", 1980, 1, 1, v1::GENDER_MALE));
  entry.mutable_person()->set_latin_name("Wang 五");
  EXPECT_EQ(Chinese(Run(&DecideRegister, entry, kBeforeDeadline())),
            "拼音姓名只能用拉丁字母等 ASCII 字符书写（如 Wang Wu），第 6 "
            "个字节不是。");
  entry.mutable_person()->set_latin_name(std::string(34, 'w'));
  EXPECT_EQ(Chinese(Run(&DecideRegister, entry, kBeforeDeadline())),
            "拼音姓名太长：34 字节，最多 33 字节。");
}

TEST_F(EntryInputSentenceTest, R4_1_ALateAdmissionWithoutAReason) {
  v1::RegisterPlayerRequest entry =
      Entry(MakePerson("王五", 1980, 1, 1, v1::GENDER_MALE));
  entry.set_late_admission(true);
  EXPECT_EQ(Chinese(Run(&DecideRegister, entry, kBeforeDeadline())),
            "请填写理由。");
}

}  // namespace
}  // namespace qiwang::rules::tournament
