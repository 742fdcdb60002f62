// A station's ranking file (R3) as the CLI's `station record` and the
// registrar's page both read it: a heading and blank lines skipped, names
// with commas in quotes, and every wrong line named with its field.
#include "clients/forms/station_ranking.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace qiwang::forms {
namespace {

using ::testing::HasSubstr;

TEST(StationRankingTest, R3_ReadsARankingWithAHeadingBlankLinesAndQuotes) {
  absl::StatusOr<std::vector<v1::Person>> ranking = ReadStationRanking(
      "Rank,Name,ID,Born,Gender\n"
      "1, Liu Bei ,5107001,1980-01-02,M\n"
      "\n"
      "2,\"Zhang, Fei\",5107002,1982-02-03,female,Zhang Fei\r\n",
      "a.csv");
  ASSERT_TRUE(ranking.ok()) << ranking.status();
  ASSERT_EQ(ranking->size(), 2u);
  EXPECT_EQ((*ranking)[0].name(), "Liu Bei");
  EXPECT_EQ((*ranking)[0].gender(), v1::GENDER_MALE);
  EXPECT_EQ((*ranking)[0].birth_date().day(), 2);
  EXPECT_EQ((*ranking)[1].name(), "Zhang, Fei");
  EXPECT_EQ((*ranking)[1].gender(), v1::GENDER_FEMALE);
  EXPECT_EQ((*ranking)[1].latin_name(), "Zhang Fei");
}

TEST(StationRankingTest, R3_EachWrongLineIsNamedWithItsField) {
  struct Case {
    std::string text;
    std::string says;
  };
  for (const Case& c : std::vector<Case>{
           {"1,A,1,1980-01-01,m\n3,B,2,1980-01-01,m\n",
            "a.csv:2 rank: 3 where 2 was due"},
           {"1,A,1,1980-01-01\n",
            "a.csv:1: expected rank,name,id_number,birth_date,gender"},
           {"1,A,1,1980/01/01,m\n",
            "a.csv:1 birth_date: not a date like 1980-01-31 (got "
            "'1980/01/01')"},
           {"1,A,1,1980-01-01,x\n", "a.csv:1 gender: m or f (got 'x')"},
           {"1,\"A,1,1980-01-01,m\n", "a.csv: line 1: a quoted field is never"},
       }) {
    absl::StatusOr<std::vector<v1::Person>> ranking =
        ReadStationRanking(c.text, "a.csv");
    ASSERT_FALSE(ranking.ok()) << c.text;
    EXPECT_EQ(ranking.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(ranking.status().message(), HasSubstr(c.says));
  }
}

TEST(StationRankingTest, R3_1_KindsAreTheCliWords) {
  EXPECT_EQ(*ParseStationKind("youth", "kind"),
            v1::STATION_KIND_PROVINCIAL_YOUTH);
  EXPECT_THAT(ParseStationKind("town", "--kind").status().message(),
              HasSubstr("--kind: city, enterprise or youth (got 'town')"));
}

}  // namespace
}  // namespace qiwang::forms
