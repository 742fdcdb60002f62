// Public pages say when, not where in the log: "截至 10月14日 15:30" in the
// tournament's time zone (R1.1: Asia/Shanghai, while the tests' process runs
// on UTC), the time the pages first saw the state they show, which a cached
// copy keeps (issue 25 §1).
#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/rules/tournament/pre_event_fixture.h"
#include "tests/web/pages_fixture.h"

namespace qiwang::web {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr char kEventHome[] = "/t/sichuan-2016";
constexpr char kStandings[] = "/t/sichuan-2016/standings/open-men";

class AsOfTest : public PagesTest {
 protected:
  // A result recorded at `time` on the manual clock; answers its position
  // once the pages can read it.
  uint64_t ResultAt(absl::Time time, int board) {
    EXPECT_TRUE(clock_->Set(time).ok());
    const uint64_t position = RecordResult(1, board, v1::GAME_RESULT_BLACK_WIN);
    AwaitProjection(position);
    return position;
  }
  std::string CardPath() const {
    return absl::StrCat(kEventHome, "/player/",
                        round_one_.boards(0).red().player_id());
  }
};

TEST_F(AsOfTest, HomeStandingsAndCardShowTheTimeInChineseAndEnglish) {
  const uint64_t position =
      ResultAt(rules::tournament::Beijing(2016, 10, 14, 15, 30), 3);
  for (const std::string& path :
       {std::string(kEventHome), std::string(kStandings), CardPath()}) {
    const http::Response zh = Get(path, {{"lang", "zh"}});
    EXPECT_THAT(zh.body, HasSubstr(">截至 10月14日 15:30<")) << path;
    EXPECT_THAT(zh.body, Not(HasSubstr("截至位置"))) << path;
    EXPECT_THAT(zh.body,
                HasSubstr(absl::StrCat("data-position=\"", position, "\"")))
        << path;
    const http::Response en = Get(path, {{"lang", "en"}});
    EXPECT_THAT(en.body, HasSubstr(">As of 14 Oct 15:30<")) << path;
    EXPECT_THAT(en.body, Not(HasSubstr("as of position"))) << path;
  }
}

TEST_F(AsOfTest, AnUnchangedStateKeepsTheTimeItWasFirstSeen) {
  ResultAt(rules::tournament::Beijing(2016, 10, 14, 15, 30), 3);
  EXPECT_THAT(Get(kStandings, {{"lang", "en"}}).body,
              HasSubstr(">As of 14 Oct 15:30<"));
  // Nothing recorded since: the page, cached or not (another language is
  // rendered anew), still shows everything recorded by 15:30.
  ASSERT_TRUE(
      clock_->Set(rules::tournament::Beijing(2016, 10, 14, 16, 5)).ok());
  EXPECT_THAT(Get(kStandings, {{"lang", "en"}}).body,
              HasSubstr(">As of 14 Oct 15:30<"));
  EXPECT_THAT(Get(kStandings, {{"lang", "zh"}}).body,
              HasSubstr(">截至 10月14日 15:30<"));
  // A new result moves the page to the time it is first seen.
  ResultAt(rules::tournament::Beijing(2016, 10, 14, 16, 45), 4);
  EXPECT_THAT(Get(kStandings, {{"lang", "en"}}).body,
              HasSubstr(">As of 14 Oct 16:45<"));
}

TEST_F(AsOfTest, APastPositionNeverSeenShowsThePositionNotTheTimeNow) {
  ResultAt(rules::tournament::Beijing(2016, 10, 14, 15, 30), 3);
  const std::string at = absl::StrCat(paired_position_);
  const http::Response en = Get(kStandings, {{"at", at}, {"lang", "en"}});
  EXPECT_THAT(en.body, HasSubstr(absl::StrCat("as of position ", at)));
  EXPECT_THAT(en.body, Not(HasSubstr("As of 14 Oct")));
  const http::Response zh = Get(kStandings, {{"at", at}, {"lang", "zh"}});
  EXPECT_THAT(zh.body, HasSubstr(absl::StrCat("截至位置 ", at)));
}

}  // namespace
}  // namespace qiwang::web
