// TRF-2026 (issue 17 §1, §2): the six-player Swiss of tests/standings written
// with the standard tags, Latin names that byte-counting and
// character-counting readers both place in the same columns, the registered
// names on comment lines that our reader reads back, and malformed TRF-2026
// header lines refused naming line, column and field.
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/trf/trf_format.h"
#include "services/trf/trf_names.h"
#include "services/trf/trf_reader.h"
#include "services/trf/trf_writer.h"
#include "tests/standings/six_player_event.h"

namespace qiwang::exports {
namespace {

using ::testing::HasSubstr;

std::vector<std::string> LinesWithTag(const std::string& trf,
                                      absl::string_view tag) {
  std::vector<std::string> lines;
  for (absl::string_view line : absl::StrSplit(trf, '\n')) {
    if (absl::StartsWith(line, tag)) lines.emplace_back(line);
  }
  return lines;
}

class Trf2026Test : public standings::SixPlayerEventTest {};

// The standard tags replace JaVaFo's: 3 rounds played of 11, starting
// number 1 (P2) had black in round 1, points 2/1/0 and the bye 2.
TEST_F(Trf2026Test, R5_1_StatesRoundsColourAndPointsInTheStandardTags) {
  absl::StatusOr<std::string> trf =
      WriteTrf(state_, standings::kOpenMen, TrfVersion::kTrf2026);
  ASSERT_TRUE(trf.ok()) << trf.status();
  EXPECT_THAT(LinesWithTag(*trf, "142"), testing::ElementsAre("142 11"));
  EXPECT_THAT(LinesWithTag(*trf, "152"), testing::ElementsAre("152 B"));
  EXPECT_THAT(LinesWithTag(*trf, "162"),
              testing::ElementsAre("162  W 2.0    D 1.0    L 0.0    P 2.0"));
  EXPECT_TRUE(LinesWithTag(*trf, "XX").empty()) << *trf;
  // A Swiss section under R6 has no FIDE type code.
  EXPECT_TRUE(LinesWithTag(*trf, "192").empty()) << *trf;
  // Column 92 on: the same rounds as TRF-16 (P2: drew P5 with black, beat
  // P3 with red, lost to P6 with red).
  EXPECT_THAT(LinesWithTag(*trf, "001    1 "),
              testing::ElementsAre(
                  "001    1 m    P 2                                         "
                  "           1980        3.0    4     6 b =     4 w 1     5 "
                  "w 0"));
}

// The section's chain (R7.1: 对手分, wins, fouls, games with black, R7.2)
// starts with 对手分, which no FIDE code equals (issue 26 §2): 212 declares
// PTS alone, no 202; comments name the chain and give our values of it.
TEST_F(Trf2026Test, R7_1_OnlyCodesWithFidesValuesAndOursAsComments) {
  absl::StatusOr<std::string> trf =
      WriteTrf(state_, standings::kOpenMen, TrfVersion::kTrf2026);
  ASSERT_TRUE(trf.ok()) << trf.status();
  EXPECT_THAT(LinesWithTag(*trf, "202"), testing::IsEmpty());
  EXPECT_THAT(LinesWithTag(*trf, "212"), testing::ElementsAre("212 PTS"));
  EXPECT_THAT(*trf, HasSubstr("### Tie-breaks in order: opponents_score (no "
                              "FIDE code equals it), wins (no FIDE code"));
  // P2 (starting rank 1): 对手分 P5 4 + P3 2 + P6 5 = 11, one win (P3),
  // the round-1 foul, black once (P5), 3 points after round 2, 1 after 1.
  EXPECT_THAT(*trf, HasSubstr("### Tie-break values 0001: opponents_score 11, "
                              "wins 1, fouls 1, games_with_black 1, "
                              "previous_rounds 3/1\n"));
}

TEST(TrfNamesTest, LatinNameElseAsciiNameElsePlaceholder) {
  v1::Person person;
  person.set_name("王天一");
  person.set_latin_name("Wang, Tianyi");
  TrfNames names = NamesOf(person, 7);
  EXPECT_EQ(names.latin, "Wang, Tianyi");
  EXPECT_EQ(names.local, "王天一");

  person.clear_latin_name();
  names = NamesOf(person, 7);
  EXPECT_EQ(names.latin, "Player 7");
  EXPECT_EQ(names.local, "王天一");

  person.set_name("Tang Dan");
  names = NamesOf(person, 7);
  EXPECT_EQ(names.latin, "Tang Dan");
  EXPECT_EQ(names.local, "");
}

// Latin names keep every 001 line ASCII, so the points stand in bytes 81-84
// for a byte reader as in characters 81-84 for ours; the Chinese names come
// back from their comment lines, and the document round-trips.
TEST_F(Trf2026Test, ChineseNamesRoundTripBesideByteExactColumns) {
  absl::StatusOr<TrfDocument> written =
      TrfOfSection(state_, standings::kOpenMen, TrfVersion::kTrf2026);
  ASSERT_TRUE(written.ok()) << written.status();
  written->players[0].name = "Wang, Tianyi";
  written->players[0].local_name = "王天一";
  written->players[1].name = "Player 2";
  written->players[1].local_name = "许银川";
  const std::string text = FormatTrf(*written);
  EXPECT_THAT(text, HasSubstr("\n### name 0001 王天一\n"));
  EXPECT_THAT(text, HasSubstr("\n### name 0002 许银川\n"));
  for (const std::string& line : LinesWithTag(text, "001")) {
    for (char c : line) {
      ASSERT_TRUE(c >= 0x20 && c <= 0x7e) << line;
    }
  }
  EXPECT_EQ(LinesWithTag(text, "001")[0].substr(80, 4), " 3.0");

  absl::StatusOr<TrfDocument> read = ReadTrf(text);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->version, TrfVersion::kTrf2026);
  EXPECT_EQ(read->players[0].local_name, "王天一");
  EXPECT_EQ(read->players[1].local_name, "许银川");
  EXPECT_EQ(*read, *written);
  EXPECT_EQ(FormatTrf(*read), text);
}

// Another program's TRF-2026 (bbpPairings style: 3/1/0, white first).
TEST(Trf2026ReaderTest, ReadsTheStandardTags) {
  const std::string text =
      "012 Test Open\n"
      "142 5\n"
      "152 W\n"
      "162  W 3.0    D 1.0    L 0.0    A 0.0    P 3.0\n"
      "192 FIDE_DUTCH_2025\n"
      "202 BH/C1,SB\n"
      "### name 0001 not after a player: an ordinary comment\n"
      "001    1 m    Wang, Tianyi                                  "
      "         1980        3.0    1     2 w 1\n"
      "001    2 w    Tang, Dan                                     "
      "         1980        0.0    2     1 b 0\n";
  absl::StatusOr<TrfDocument> document = ReadTrf(text);
  ASSERT_TRUE(document.ok()) << document.status();
  EXPECT_EQ(document->version, TrfVersion::kTrf2026);
  EXPECT_EQ(document->rounds, 5);
  EXPECT_EQ(document->initial_colour, "white1");
  EXPECT_EQ(document->point_system,
            (std::vector<TrfPointValue>{
                {'W', 30}, {'D', 10}, {'L', 0}, {'A', 0}, {'P', 30}}));
  EXPECT_EQ(document->type_code, "FIDE_DUTCH_2025");
  EXPECT_EQ(document->tie_breaks, "BH/C1,SB");
  EXPECT_EQ(document->comments.size(), 1u);
  EXPECT_EQ(document->players[0].local_name, "");
  EXPECT_EQ(document->players[0].points_tenths, 30);
}

TEST(Trf2026ReaderTest, MalformedHeaderLinesNameLineColumnAndField) {
  const struct {
    std::string line;
    std::string message;
  } cases[] = {
      {"162  Q 2.0",
       "TRF line 2, column 6 (162 result code): \"Q\" is not W, D, L, A, P "
       "or X"},
      {"162  W 2.x",
       "TRF line 2, columns 7-10 (162 points): \"2.x\" is not points"},
      {"162  W 2.0x   D 1.0", "TRF line 2, column 11 (162 point system)"},
      {"162 ", "TRF line 2, columns 5-10 (162 point system): no result code"},
      {"152 X",
       "TRF line 2, column 5 (152 initial colour): \"X\" is not "
       "W or B"},
      {"142 0", "TRF line 2, column 5 (142 rounds): must be at least 1"},
      {"142 x", "TRF line 2, column 5 (142 rounds): \"x\" is not a number"},
  };
  for (const auto& test_case : cases) {
    const absl::StatusOr<TrfDocument> read =
        ReadTrf(absl::StrCat("012 T\n", test_case.line, "\n"));
    EXPECT_EQ(read.status().code(), absl::StatusCode::kInvalidArgument)
        << test_case.line;
    EXPECT_THAT(read.status().message(), HasSubstr(test_case.message))
        << test_case.line;
  }
  const absl::StatusOr<TrfDocument> twice = ReadTrf("012 T\n142 3\n142 4\n");
  EXPECT_THAT(
      twice.status().message(),
      HasSubstr("TRF line 3, columns 1-3 (142): appears a second time"));
}

}  // namespace
}  // namespace qiwang::exports
