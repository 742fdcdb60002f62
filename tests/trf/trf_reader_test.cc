// The strict TRF reader: what our writer writes reads back unchanged, other
// programs' TRF-16 lines read field by field, and every malformed line is
// refused naming its line, columns and field.
#include "services/trf/trf_reader.h"

#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/trf/trf_format.h"
#include "services/trf/trf_writer.h"
#include "tests/standings/six_player_event.h"

namespace qiwang::exports {
namespace {

using ::testing::HasSubstr;

// Two players in the FIDE style: title, rating, federation, FIDE number,
// full birth date, half points, a half-point bye and an absence.
constexpr char kForeign[] =
    "012 Test Open\r\n"
    "022 Chengdu\r\n"
    "042 2016/10/14\r\n"
    "\r\n"
    "001    1 m GM Wang, Tianyi                      2750 CHN     8603006 "
    "1989/06/27  1.5    1     2 w 1  0000 - H  0000 - Z\r\n"
    "001    2 wWGM Tang, Dan                         2500 CHN     8600001 "
    "1990/00/00  0.0    2     1 b 0  0000 - -\r\n";

TEST(TrfReaderTest, ReadsFideStyleLinesFieldByField) {
  absl::StatusOr<TrfDocument> document = ReadTrf(kForeign);
  ASSERT_TRUE(document.ok()) << document.status();
  EXPECT_EQ(document->name, "Test Open");
  EXPECT_EQ(document->start_date, "2016/10/14");
  ASSERT_EQ(document->other_lines.size(), 1u);
  EXPECT_EQ(document->other_lines[0].tag, "022");
  EXPECT_EQ(document->other_lines[0].text, "Chengdu");
  ASSERT_EQ(document->players.size(), 2u);
  const TrfPlayer& wang = document->players[0];
  EXPECT_EQ(wang.start_number, 1);
  EXPECT_EQ(wang.sex, 'm');
  EXPECT_EQ(wang.title, "GM");
  EXPECT_EQ(wang.name, "Wang, Tianyi");
  EXPECT_EQ(wang.rating, 2750);
  EXPECT_EQ(wang.federation, "CHN");
  EXPECT_EQ(wang.fide_id, "8603006");
  EXPECT_EQ(wang.birth_date, "1989/06/27");
  EXPECT_EQ(wang.points_tenths, 15);
  EXPECT_EQ(wang.rank, 1);
  EXPECT_EQ(wang.rounds, (std::vector<TrfRound>{
                             {.opponent = 2, .colour = 'w', .result = '1'},
                             {.opponent = 0, .colour = '-', .result = 'H'},
                             {.opponent = 0, .colour = '-', .result = 'Z'}}));
  const TrfPlayer& tang = document->players[1];
  EXPECT_EQ(tang.sex, 'w');
  EXPECT_EQ(tang.title, "WGM");
  EXPECT_EQ(tang.rounds.size(), 2u);
  EXPECT_EQ(tang.rounds[1].result, '-');
}

class TrfRoundTripTest : public standings::SixPlayerEventTest {};

TEST_F(TrfRoundTripTest, R7_5_ReadsBackWhatTheWriterWrote) {
  absl::StatusOr<TrfDocument> written =
      TrfOfSection(state_, standings::kOpenMen);
  ASSERT_TRUE(written.ok()) << written.status();
  absl::StatusOr<TrfDocument> read = ReadTrf(FormatTrf(*written));
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(*read, *written);
  // Chinese names take one column a character and read back whole.
  TrfDocument chinese = *written;
  chinese.players[0].name = "王天一";
  absl::StatusOr<TrfDocument> reread = ReadTrf(FormatTrf(chinese));
  ASSERT_TRUE(reread.ok()) << reread.status();
  EXPECT_EQ(reread->players[0].name, "王天一");
  EXPECT_EQ(reread->players[0].points_tenths,
            written->players[0].points_tenths);
}

// A valid player line (start 1) whose columns the cases below spoil.
std::string Valid() {
  return "001    1 m    P 1                                                    "
         "1980        2.0    1     2 w 1";
}
std::string Opponent() {
  return "001    2 m    P 2                                                    "
         "1980        0.0    2     1 b 0";
}
std::string Spoil(int column, const std::string& with) {
  std::string line = Valid();
  line.replace(column - 1, with.size(), with);
  return line;
}

struct MalformedLine {
  std::string text;
  std::string message;  // a part of the status message
};

TEST(TrfReaderTest, MalformedLinesAreNamedByLineColumnsAndField) {
  const std::string header = "012 Test\n";
  const std::vector<MalformedLine> cases = {
      {header + Spoil(81, "x.5 ") + "\n" + Opponent(),
       "TRF line 2, columns 81-84 (points): \"x.5\" is not points"},
      {header + Spoil(97, "r") + "\n" + Opponent(),
       "line 2, column 97 (round 1 colour)"},
      {header + Spoil(99, "Q") + "\n" + Opponent(),
       "line 2, column 99 (round 1 result)"},
      {header + Spoil(92, "0000") + "\n" + Opponent(),
       "column 97 (round 1 colour): no opponent (0000) needs -"},
      {header + Spoil(5, "   0") + "\n" + Opponent(),
       "columns 5-8 (starting rank): must be 1 to 9999"},
      {header + Spoil(10, "x") + "\n" + Opponent(), "column 10 (sex)"},
      {header + Spoil(80, "7") + "\n" + Opponent(),
       "column 80 (after birth date): must be blank"},
      {header + Spoil(70, "80/1/1    ") + "\n" + Opponent(),
       "columns 70-79 (birth date)"},
      {header + Spoil(49, "2x00") + "\n" + Opponent(),
       "columns 49-52 (rating)"},
      {header + Spoil(92, "   1") + "\n" + Opponent(),
       "(round 1 opponent): the player's own starting rank"},
      {header + Valid() + "\n" + Valid(),
       "TRF line 3, columns 5-8 (starting rank): 1 is already the player of "
       "line 2"},
      {header + Valid(),
       "TRF line 2, columns 92-95 (round 1 opponent): no "
       "player has starting rank 2"},
      {header + Valid() + "\t\n" + Opponent(), "column 100 (text): a control"},
      {header + "042 2016-10-14\n", "line 2, columns 5-14 (start date)"},
      {header + "XXR many\n", "(XXR rounds)"},
      {header + "XXC red1\n", "(XXC initial colour)"},
      {header + "XXS WW=2.0 QQ=1\n", "(XXS scoring): \"QQ=1\""},
      {header + "012 Again\n",
       "TRF line 2, columns 1-3 (012): appears a "
       "second time"},
      {header + "@@@ what\n", "columns 1-3 (tag)"},
      {header + "0011   1", "column 4 (after the tag)"},
      {header + "12\n", "(tag): shorter than a tag"},
      {header + "132 16/10/14\n", "column 5 (before round dates)"},
      {header + "001    1 m    P \xff", "TRF line 2, byte 17: not valid UTF-8"},
      {Valid() + "\n" + Opponent(), "no 012 line"},
  };
  for (const MalformedLine& c : cases) {
    absl::StatusOr<TrfDocument> document = ReadTrf(c.text);
    EXPECT_EQ(document.status().code(), absl::StatusCode::kInvalidArgument)
        << c.text;
    EXPECT_THAT(document.status().message(), HasSubstr(c.message)) << c.text;
  }
}

TEST(TrfReaderTest, RefusesInputsAboveTheLimit) {
  const std::string huge(kMaxTrfBytes + 1, '\n');
  EXPECT_THAT(ReadTrf(huge).status().message(),
              HasSubstr("more than the 4194304 allowed"));
  const std::string long_line = "012 " + std::string(50000, 'x');
  EXPECT_THAT(ReadTrf(long_line).status().message(),
              HasSubstr("more than a line of 999 rounds"));
}

// Any byte changed anywhere gives a document or INVALID_ARGUMENT, never
// another status or a crash (run under the sanitizers by the fuzzing work).
TEST(TrfReaderTest, MutatedFilesAreReadOrRefusedNeverAnythingElse) {
  const std::string valid = absl::StrCat("012 Test\n042 2016/10/14\nXXR 3\n",
                                         Valid(), "\n", Opponent(), "\n");
  ASSERT_TRUE(ReadTrf(valid).ok());
  std::mt19937 random(2016);
  std::uniform_int_distribution<size_t> where(0, valid.size() - 1);
  std::uniform_int_distribution<int> byte(0, 255);
  int refused = 0;
  for (int i = 0; i < 5000; ++i) {
    std::string mutated = valid;
    for (int k = 0; k < 1 + i % 4; ++k) {
      mutated[where(random)] = static_cast<char>(byte(random));
    }
    if (i % 7 == 0) mutated.resize(where(random));
    absl::StatusOr<TrfDocument> document = ReadTrf(mutated);
    if (!document.ok()) {
      ASSERT_EQ(document.status().code(), absl::StatusCode::kInvalidArgument)
          << document.status();
      ++refused;
    }
  }
  EXPECT_GT(refused, 2500);
}

}  // namespace
}  // namespace qiwang::exports

namespace qiwang::exports {
namespace {

// Issue 26 §3: dates are calendar days, a birth date is not after the
// file's own start (042, else the first 132 date; never the clock), and a
// UTF-8 byte order mark before the first line is accepted.
TEST(TrfReaderTest, Issue26_CalendarDaysBirthDatesAndByteOrderMark) {
  const std::string players = Valid() + "\n" + Opponent() + "\n";
  const std::vector<MalformedLine> refused = {
      {"012 Test\n042 2016/02/30\n" + players,
       "TRF line 2, columns 5-14 (start date): \"2016/02/30\" is not "
       "YYYY/MM/DD (a calendar day)"},
      {"012 Test\n052 2015/02/29\n" + players,
       "TRF line 2, columns 5-14 (end date): \"2015/02/29\""},
      {"012 Test\n042 2016/10/14\n" + Spoil(70, "1990/02/30") + "\n" +
           Opponent(),
       "TRF line 3, columns 70-79 (birth date): \"1990/02/30\" is not "
       "YYYY/MM/DD (a calendar day)"},
      {"012 Test\n042 2016/10/14\n" + Spoil(70, "2016/10/15") + "\n" +
           Opponent(),
       "TRF line 3, columns 70-79 (birth date): 2016/10/15 is after the "
       "tournament's start, 2016/10/14 (042)"},
      {"012 Test\n042 2016/10/14\n" + Spoil(70, "2017      ") + "\n" +
           Opponent(),
       "TRF line 3, columns 70-79 (birth date): 2017 is after"},
      {"012 Test\n132" + std::string(88, ' ') + "16/02/30\n" + players,
       "TRF line 2, columns 92-99 (round 1 date): \"16/02/30\" is no "
       "calendar day"},
      {"012 Test\n132" + std::string(88, ' ') + "16/10/14\n" +
           Spoil(70, "2016/11/00") + "\n" + Opponent(),
       "2016/11/00 is after the tournament's start, 2016/10/14 (132)"},
  };
  for (const MalformedLine& test : refused) {
    SCOPED_TRACE(test.text);
    absl::StatusOr<TrfDocument> document = ReadTrf(test.text);
    ASSERT_FALSE(document.ok());
    EXPECT_THAT(document.status().message(), HasSubstr(test.message));
  }
  for (const std::string& text :
       {"012 Test\n042 2016/02/29\n" + players,
        "012 Test\n042 2016/10/14\n" + Spoil(70, "2016/10/00") + "\n" +
            Opponent(),
        "012 Test\n042 2016/10/14\n" + Spoil(70, "2016      ") + "\n" +
            Opponent(),
        "012 Test\n042 2016/10/14\n" + Spoil(70, "1990/00/00") + "\n" +
            Opponent()}) {
    EXPECT_TRUE(ReadTrf(text).ok()) << text << ReadTrf(text).status();
  }

  absl::StatusOr<TrfDocument> plain = ReadTrf("012 Test\n" + players);
  absl::StatusOr<TrfDocument> marked = ReadTrf(
      "\xEF\xBB\xBF"
      "012 Test\n" +
      players);
  ASSERT_TRUE(plain.ok()) << plain.status();
  ASSERT_TRUE(marked.ok()) << marked.status();
  EXPECT_EQ(*marked, *plain);
  EXPECT_EQ(marked->name, "Test");
}

}  // namespace
}  // namespace qiwang::exports
