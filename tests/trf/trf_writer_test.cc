// The TRF writer on the hand-worked six-player Swiss of tests/standings,
// played one round further: a double forfeit and a second bye. Expected lines
// are written from the TRF-16 columns and the results worked by hand below.
#include "services/trf/trf_writer.h"

#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/standings/six_player_event.h"

namespace qiwang::exports {
namespace {

using rules::tournament::TournamentState;
using standings::kOpenMen;
using ::testing::HasSubstr;

// Round 4 (P4 withdrew): P3 (red) v P1 both absent, P5 (red) beats P6, P2
// gets the bye. Starting numbers from the lots: P2=1, P1=2, P4=3, P3=4,
// P6=5, P5=6. Points (win 2, draw 1, bye 2, forfeits 2/0, double forfeit 0):
// P5 1+2+1+2=6, P6 2+1+2+0=5, P2 1+2+0+2=5, P1 2+1+1+0=4, P3 0+0+2+0=2,
// P4 0. P6 is ahead of P2 on opponents' score (R7.1): P3 2 + P1 4 + P2 5 +
// P5 6 = 17 against P5 6 + P3 2 + P6 5 = 13 (the bye has no opponent).
class TrfWriterTest : public standings::SixPlayerEventTest {
 protected:
  void SetUp() override {
    SixPlayerEventTest::SetUp();
    Pair(4, {{3, 1}, {5, 6}}, /*bye=*/2);
    Result(4, 1, v1::GAME_RESULT_DOUBLE_FORFEIT);
    pending_position_ = log_.size();
    Result(4, 2, v1::GAME_RESULT_RED_WIN);
  }

  // The 001 line of starting number `start` in `trf`.
  static std::string PlayerLine(const std::string& trf, int start) {
    for (absl::string_view line : absl::StrSplit(trf, '\n')) {
      if (absl::StartsWith(line, absl::StrFormat("001 %4d ", start))) {
        return std::string(line);
      }
    }
    return "";
  }

  uint64_t pending_position_ = 0;
};

TEST_F(TrfWriterTest, R5_3_WholeSectionAsWorkedByHand) {
  absl::StatusOr<std::string> trf = WriteTrf(state_, kOpenMen);
  ASSERT_TRUE(trf.ok()) << trf.status();
  const std::string expected = absl::StrCat(
      "012 “江阴周庄”2016中国体育彩票全国象棋业余棋王赛四川赛区暨四川省全民健身"
      "第九届象棋棋王赛 - 公开组男子\n",
      "042 2016/10/14\n", "052 2016/10/16\n", "062 6\n", "092 Swiss System\n",
      "122 40'+10\"\n",
      // Rounds 1-4 on the 14th, 5-8 on the 15th, 9-11 on the 16th (Beijing).
      "132", std::string(88, ' '),
      "16/10/14  16/10/14  16/10/14  16/10/14  16/10/15  16/10/15  "
      "16/10/15  16/10/15  16/10/16  16/10/16  16/10/16\n",
      "### Qiwang export of a Xiangqi section: w = red (moves first), "
      "b = black\n",
      "### Points: win 2, draw 1, loss 0, forfeit win 2, forfeit loss 0, "
      "double forfeit 0, bye 2 (points written with one decimal)\n",
      "### Codes: 1 = 0 played; + - forfeit (double forfeit: - for both); "
      "0000 - U bye; 0000 - Z not paired (withdrawn or not entered); blank "
      "result: not played yet\n",
      "XXR 11\n",
      // Starting number 1 (P2) had black in round 1.
      "XXC black1\n",
      "XXS WW=2.0 BW=2.0 WD=1.0 BD=1.0 WL=0.0 BL=0.0 ZPB=0.0 HPB=1.0 "
      "FPB=2.0 PAB=2.0 FW=2.0 FL=0.0\n",
      // P2: drew P5 with black, beat P3 with red, lost to P6 with red, bye.
      "001    1 m    P 2                                                    "
      "1980        5.0    3     6 b =     4 w 1     5 w 0  0000 - U\n",
      // P1: beat P4, drew P6 and P5, double forfeit against P3.
      "001    2 m    P 1                                                    "
      "1980        4.0    4     3 w 1     5 b =     6 w =     4 b -\n",
      // P4: lost twice, withdrawn from round 3 on (R4.4), so not paired
      // in round 5 either, the one after the last published.
      "001    3 m    P 4                                                    "
      "1980        0.0    6     2 b 0     6 w 0  0000 - Z  0000 - Z  "
      "0000 - Z\n",
      // P3: absent in round 1 (forfeit loss), lost to P2, bye, double forfeit.
      "001    4 m    P 3                                                    "
      "1980        2.0    5     5 w -     1 b 0  0000 - U     2 w -\n",
      // P6: forfeit win over P3, drew P1, beat P2, lost to P5.
      "001    5 m    P 6                                                    "
      "1980        5.0    2     4 b +     2 w =     1 b 1     6 b 0\n",
      // P5: drew P2, beat P4, drew P1, beat P6.
      "001    6 m    P 5                                                    "
      "1980        6.0    1     1 w =     3 b 1     2 b =     5 w 1\n");
  EXPECT_EQ(*trf, expected);
}

TEST_F(TrfWriterTest, R7_5_AsOfRoundOneShowsRoundOneOnly) {
  const TournamentState after_round_one = FoldUpTo(positions_after_round_[1]);
  absl::StatusOr<std::string> trf = WriteTrf(after_round_one, kOpenMen);
  ASSERT_TRUE(trf.ok()) << trf.status();
  // P3 (starting number 4) forfeited round 1 to P6 (5), with red. Last:
  // tied at 0 with P4 on opponents' score (2 each), wins and fouls, P4 has
  // one game with black over the board and P3 none (R7.1).
  EXPECT_EQ(PlayerLine(*trf, 4),
            "001    4 m    P 3                                              "
            "      1980        0.0    6     5 w -");
  // P1 (2) beat P4 (3) with red: 2 points.
  EXPECT_THAT(PlayerLine(*trf, 2), HasSubstr(" 2.0 "));
  EXPECT_THAT(PlayerLine(*trf, 2), ::testing::EndsWith("     3 w 1"));
}

TEST_F(TrfWriterTest, R5_3_GameWithoutResultHasOpponentColourAndBlankResult) {
  const TournamentState pending = FoldUpTo(pending_position_);
  absl::StatusOr<std::string> trf = WriteTrf(pending, kOpenMen);
  ASSERT_TRUE(trf.ok()) << trf.status();
  EXPECT_THAT(PlayerLine(*trf, 6), ::testing::EndsWith("     5 w  "));
  EXPECT_THAT(PlayerLine(*trf, 5), ::testing::EndsWith("     6 b  "));
  // P5's points do not count the open game: 1 + 2 + 1.
  EXPECT_THAT(PlayerLine(*trf, 6), HasSubstr(" 4.0 "));
}

TEST_F(TrfWriterTest, SameLogGivesSameBytes) {
  absl::StatusOr<std::string> first = WriteTrf(state_, kOpenMen);
  absl::StatusOr<std::string> again = WriteTrf(FoldUpTo(log_.size()), kOpenMen);
  ASSERT_TRUE(first.ok() && again.ok());
  EXPECT_EQ(*first, *again);
}

TEST_F(TrfWriterTest, UnknownSectionIsNotFoundNamingIt) {
  absl::StatusOr<std::string> trf = WriteTrf(state_, "no-such-section");
  EXPECT_EQ(trf.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(trf.status().message(), HasSubstr("no-such-section"));
}

}  // namespace
}  // namespace qiwang::exports
