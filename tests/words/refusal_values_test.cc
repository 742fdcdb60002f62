// The values a refusal names, as each reader reads them inside the sentence:
// durations in Chinese units, birth ranges with open ends, the sections that
// would take an entrant, appellants, ranks and lists. English readers keep
// the rule's own form. Fields are named step by step.
#include "words/refusal_values.h"

#include "gtest/gtest.h"

namespace qiwang::words {
namespace {

TEST(RefusalValuesTest, R9_2_DurationsInChineseUnits) {
  EXPECT_EQ(SayRefusalValue("window", "30m", Lang::kZh), "30 分钟");
  EXPECT_EQ(SayRefusalValue("late", "1s", Lang::kZh), "1 秒");
  EXPECT_EQ(SayRefusalValue("late", "1h1m5s", Lang::kZh), "1 小时 1 分 5 秒");
  EXPECT_EQ(SayRefusalValue("late", "2h", Lang::kZh), "2 小时");
  EXPECT_EQ(SayRefusalValue("late", "1h1m5s", Lang::kEn), "1h1m5s");
  EXPECT_EQ(SayRefusalValue("late", "soon", Lang::kZh), "soon")
      << "what is not a duration stays as written";
}

TEST(RefusalValuesTest, R2_2_BirthRangesAndTheSectionsThatFit) {
  EXPECT_EQ(SayRefusalValue("births", "2000-01-01..2004-12-31", Lang::kZh),
            "2000-01-01 至 2004-12-31 之间");
  EXPECT_EQ(SayRefusalValue("births", "..1955-12-31", Lang::kZh),
            "1955-12-31 及以前");
  EXPECT_EQ(SayRefusalValue("births", "2005-01-01..", Lang::kZh),
            "2005-01-01 及以后");
  EXPECT_EQ(SayRefusalValue("births", "..1955-12-31", Lang::kEn),
            "..1955-12-31");
  EXPECT_EQ(SayRefusalValue("fits", "open-men, senior-men", Lang::kZh),
            "（可报：open-men、senior-men）");
  EXPECT_EQ(SayRefusalValue("fits", "open-men", Lang::kEn), " (open-men fits)");
  EXPECT_EQ(SayRefusalValue("fits", "", Lang::kZh), "");
}

TEST(RefusalValuesTest, R9_2_AppellantsAndTheRulingsPlayers) {
  EXPECT_EQ(SayRefusalValue("appellant", "12", Lang::kZh), "棋手 12");
  EXPECT_EQ(SayRefusalValue("appellant", "official:wu", Lang::kZh),
            "工作人员 wu");
  EXPECT_EQ(SayRefusalValue("appellant", "official:wu", Lang::kEn),
            "official 'wu'");
  EXPECT_EQ(SayRefusalValue("players", "3, 5", Lang::kZh), "3、5");
  EXPECT_EQ(SayRefusalValue("players", "3, 5", Lang::kEn), "3, 5");
}

TEST(RefusalValuesTest, R7_3_RanksAndEnumValues) {
  EXPECT_EQ(SayRefusalValue("ranks", "3:2,5:4,7:0", Lang::kZh),
            "棋手 3 第 2 名，棋手 5 第 4 名，棋手 7 未排名");
  EXPECT_EQ(SayRefusalValue("ranks", "3:2,7:0", Lang::kEn),
            "player 3 rank 2, player 7 unranked");
  EXPECT_EQ(SayRefusalValue("genders", "GENDER_MALE,GENDER_FEMALE", Lang::kZh),
            "男、女");
  EXPECT_EQ(SayRefusalValue("missing",
                            "CHECK_IN_DOCUMENT_IDENTITY_COPY,"
                            "CHECK_IN_DOCUMENT_INSURANCE",
                            Lang::kEn),
            "ID card or household register copy, accident insurance");
  EXPECT_EQ(SayRefusalValue("title", "TITLE_NO_SUCH", Lang::kZh),
            "TITLE_NO_SUCH")
      << "a name the enum lacks stays as written";
}

TEST(RefusalValuesTest, R3_1_WhereAPersonPlacedAtTheStations) {
  EXPECT_EQ(SayRefusalValue("stations", "成都市分站赛\t13\n绵阳市分站赛\t3",
                            Lang::kZh),
            "成都市分站赛第 13 名，绵阳市分站赛第 3 名");
  EXPECT_EQ(SayRefusalValue("stations", "Chengdu city station\t13", Lang::kEn),
            "ranked 13 at Chengdu city station");
  EXPECT_EQ(SayRefusalValue("stations", "", Lang::kZh), "未参加已录入的分站赛");
}

TEST(RefusalValuesTest, R6_3_TheCheckersFindings) {
  EXPECT_EQ(SayRefusalValue("violations",
                            "already_met||3,5;same_unit||4,6;"
                            "colour_third_time|red|7;"
                            "colour_imbalance|black|9;second_bye||2",
                            Lang::kZh),
            "棋手 3 与 5 已经交手过；棋手 4 与 6 同属一个单位，本轮不得相遇；"
            "棋手 7 将连续第三次执红；棋手 9 执黑后红黑次数之差将超过 2；"
            "棋手 2 已经轮空过");
  EXPECT_EQ(
      SayRefusalValue("violations", "colour_third_time|black|7", Lang::kEn),
      "player 7 would play black a third time in a row");
}

TEST(RefusalValuesTest, R1_1_FieldsStepByStepWithNumbersFromOne) {
  EXPECT_EQ(SayRefusalValue("field", "sections[0].max_players", Lang::kZh),
            "组别 1 的人数上限");
  EXPECT_EQ(SayRefusalValue("field", "check_in.closes", Lang::kZh),
            "报到截止时间")
      << "two steps that read better as one";
  EXPECT_EQ(SayRefusalValue("field", "station.name.zh", Lang::kZh),
            "分站赛的中文名称");
  EXPECT_EQ(SayRefusalValue("field", "ranking_categories[2].prize_yuan[0]",
                            Lang::kZh),
            "排名 3 的奖金（元） 1");
  EXPECT_EQ(SayRefusalValue("field", "sections[0].colour_seed", Lang::kZh),
            "组别 1 的colour_seed")
      << "a step without words stays as written";
  EXPECT_EQ(SayRefusalValue("field", "read.at_position", Lang::kZh),
            "read.at_position")
      << "and a path without any words stays whole";
  EXPECT_EQ(SayRefusalValue("field", "sections[0].max_players", Lang::kEn),
            "sections[0].max_players");
}

}  // namespace
}  // namespace qiwang::words
