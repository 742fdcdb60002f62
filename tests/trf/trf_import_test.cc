// TRF import (issue 17 §3, §5): a file becomes a new tournament's events,
// decided on an empty state and folded as the ledger folds them. The
// six-player event of tests/standings exports, imports and exports again to
// the same bytes in both editions; a hand-made TRF-2026 file with Latin and
// Chinese names, a bye, a forfeit, a double forfeit and a withdrawal
// imports to the standings worked out below; files this server cannot read
// or score are refused naming the line and column, with no event.
#include "services/trf/trf_import.h"

#include <algorithm>
#include <functional>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/time/time.h"
#include "crypto/file_digest.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/trf/trf_format.h"
#include "services/trf/trf_tournament.h"
#include "services/trf/trf_writer.h"
#include "tests/standings/six_player_event.h"
#include "tests/trf/simulated_trf.h"

namespace qiwang::exports {
namespace {

using rules::tournament::Events;
using rules::tournament::TournamentState;
using ::testing::HasSubstr;

const absl::Time kNow = absl::FromUnixSeconds(1'800'000'000);

// The 1-based line of the 001 line of `start_number` in `trf`.
int LineOfPlayer(const std::string& trf, int start_number) {
  const std::string prefix = absl::StrFormat("001 %4d", start_number);
  int number = 0;
  for (absl::string_view line : absl::StrSplit(trf, '\n')) {
    ++number;
    if (absl::StartsWith(line, prefix)) return number;
  }
  return 0;
}

std::string WithoutTieBreakValues(const std::string& trf) {
  std::vector<absl::string_view> kept;
  for (absl::string_view line : absl::StrSplit(trf, '\n')) {
    if (!absl::StartsWith(line, "### Tie-break values ")) kept.push_back(line);
  }
  return absl::StrJoin(kept, "\n");
}

class TrfImportRoundTripTest : public standings::SixPlayerEventTest {
 protected:
  void ExpectRoundTrip(TrfVersion version) {
    absl::StatusOr<std::string> exported =
        WriteTrf(state_, standings::kOpenMen, version);
    ASSERT_TRUE(exported.ok()) << exported.status();
    v1::ImportTrfRequest request = ImportRequest(*exported);
    request.set_section_id(standings::kOpenMen);
    // TRF-16 cannot state the tie-breaks: the request gives the section's.
    const v1::Section* section = state_.FindSection(standings::kOpenMen);
    ASSERT_NE(section, nullptr);
    if (version == TrfVersion::kTrf16) {
      *request.mutable_tie_breaks() = section->tie_breaks();
    }
    absl::StatusOr<Events> events = DecideImport(request);
    ASSERT_TRUE(events.ok()) << events.status();
    const TournamentState imported = FoldEvents(*events);
    absl::StatusOr<std::string> again =
        WriteTrf(imported, standings::kOpenMen, version);
    ASSERT_TRUE(again.ok()) << again.status();
    // R5.5 fouls are no TRF field: our tie-break values, which count them,
    // are the one thing the file cannot give back.
    EXPECT_EQ(WithoutTieBreakValues(*again), WithoutTieBreakValues(*exported));
  }
};

TEST_F(TrfImportRoundTripTest, Issue17_ExportImportExportIsTheSameTrf2026) {
  ExpectRoundTrip(TrfVersion::kTrf2026);
}

TEST_F(TrfImportRoundTripTest, Issue17_ExportImportExportIsTheSameTrf16) {
  ExpectRoundTrip(TrfVersion::kTrf16);
}

// Five players, three rounds, 2/1/0 with the bye 2 (R5.1, R6.4):
//   round 1: 1 (red) beats 2; 3 (red) wins by forfeit against 4; 5 bye
//   round 2: 5 (red) draws 1; 2 (red) and 3 both absent (double forfeit,
//            0 each); 4 bye
//   round 3: 4 withdrawn (not paired, nor in round 4: "0000 - Z" there);
//            1 (red) loses to 3; 2 (red) draws 5
// Points: P1 2+1+0 = 3, P2 0+0+1 = 1, P3 2+0+2 = 4, P4 0+2+0 = 2,
// P5 2+1+1 = 4. Ranks: P3 and P5 first two (tied on points), P1 3rd, P4
// 4th, P2 5th.
TrfDocument HandMadeEvent() {
  TrfDocument document;
  document.version = TrfVersion::kTrf2026;
  document.name = "Chengdu Open - Men";
  document.type = "Swiss System";
  document.time_control = "90'+30\"";
  document.rounds = 5;
  document.point_system = {{'W', 20}, {'D', 10}, {'L', 0}, {'P', 20}};
  document.tie_breaks = "BH";
  auto player = [](int start, char sex, const std::string& latin,
                   const std::string& local, int points,
                   std::vector<TrfRound> rounds) {
    TrfPlayer player;
    player.start_number = start;
    player.points_tenths = points * 10;
    player.sex = sex;
    player.name = latin;
    player.local_name = local;
    player.birth_date = "1990";
    player.rounds = std::move(rounds);
    return player;
  };
  document.players = {
      player(1, 'm', "Zhang, San", "张三", 3,
             {{2, 'w', '1'}, {5, 'b', '='}, {3, 'w', '0'}}),
      player(2, 'w', "Li, Si", "李四", 1,
             {{1, 'b', '0'}, {3, 'w', '-'}, {5, 'w', '='}}),
      player(3, 'm', "Wang, Wu", "", 4,
             {{4, 'w', '+'}, {2, 'b', '-'}, {1, 'b', '1'}}),
      player(4, 'm', "Player 4", "赵六", 2,
             {{3, 'b', '-'}, {0, '-', 'U'}, {0, '-', 'Z'}, {0, '-', 'Z'}}),
      player(5, 'w', "Chen, Qi", "陈七", 4,
             {{0, '-', 'U'}, {1, 'w', '='}, {2, 'b', '='}}),
  };
  return document;
}

TEST(TrfImportTest, Issue17_ByeForfeitDoubleForfeitAndWithdrawalStandings) {
  const std::string trf = FormatTrf(HandMadeEvent());
  absl::StatusOr<Events> events = DecideImport(ImportRequest(trf));
  ASSERT_TRUE(events.ok()) << events.status();
  const TournamentState imported = FoldEvents(*events);

  absl::StatusOr<TrfDocument> standings =
      TrfOfSection(imported, "open", TrfVersion::kTrf2026);
  ASSERT_TRUE(standings.ok()) << standings.status();
  std::vector<int> points(6);
  std::vector<int> ranks(6);
  for (const TrfPlayer& player : standings->players) {
    points[player.start_number] = player.points_tenths / 10;
    ranks[player.start_number] = player.rank;
  }
  EXPECT_THAT(points, testing::ElementsAre(0, 3, 1, 4, 2, 4));
  EXPECT_THAT((std::vector<int>{ranks[3], ranks[5]}),
              testing::UnorderedElementsAre(1, 2));
  EXPECT_EQ(ranks[1], 3);
  EXPECT_EQ(ranks[4], 4);
  EXPECT_EQ(ranks[2], 5);

  // R4.4: player 4 is withdrawn from round 3, the round he was not paired.
  const rules::tournament::PlayerEntry* withdrawn = imported.FindPlayer(4);
  ASSERT_NE(withdrawn, nullptr);
  EXPECT_EQ(withdrawn->status, v1::PLAYER_STATUS_WITHDRAWN);
  EXPECT_EQ(withdrawn->withdrawal.from_round(), 3);
  // Round 2's boards: the double forfeit is one result for both.
  const rules::tournament::SectionPlay* play = imported.FindSectionPlay("open");
  ASSERT_NE(play, nullptr);
  ASSERT_EQ(play->rounds_published(), 3);
  EXPECT_EQ(play->rounds[1].bye_player_id, 4);
  bool double_forfeit = false;
  for (const auto& board : play->rounds[1].boards) {
    double_forfeit |= board.result == v1::GAME_RESULT_DOUBLE_FORFEIT;
  }
  EXPECT_TRUE(double_forfeit);
  // The configuration: no qualification (R3 would refuse registrations),
  // the file's rounds, time control, points and tie-break.
  const v1::Section& section = imported.config().sections(0);
  EXPECT_FALSE(section.eligibility().requires_qualification());
  EXPECT_EQ(section.rounds(), 5);
  EXPECT_EQ(section.time_control().base_minutes(), 90);
  EXPECT_EQ(section.time_control().increment_seconds(), 30);
  EXPECT_THAT(section.tie_breaks(),
              testing::ElementsAre(v1::TIE_BREAK_KIND_BUCHHOLZ));
  EXPECT_EQ(imported.config().name().en(), "Chengdu Open");
  EXPECT_EQ(section.name().en(), "Men");
}

// TRF-2026's 001 name is Latin, the "### name" line the registered name;
// the export's "Player N" placeholder is no Latin name.
TEST(TrfImportTest, Issue17_LatinAndChineseNames) {
  absl::StatusOr<Events> events =
      DecideImport(ImportRequest(FormatTrf(HandMadeEvent())));
  ASSERT_TRUE(events.ok()) << events.status();
  const TournamentState imported = FoldEvents(*events);
  ASSERT_EQ(imported.players().size(), 5u);
  EXPECT_EQ(imported.FindPlayer(1)->person().name(), "张三");
  EXPECT_EQ(imported.FindPlayer(1)->person().latin_name(), "Zhang, San");
  EXPECT_EQ(imported.FindPlayer(1)->person().gender(), v1::GENDER_MALE);
  EXPECT_EQ(imported.FindPlayer(1)->person().birth_date().year(), 1990);
  EXPECT_EQ(imported.FindPlayer(2)->person().gender(), v1::GENDER_FEMALE);
  EXPECT_EQ(imported.FindPlayer(3)->person().name(), "Wang, Wu");
  EXPECT_EQ(imported.FindPlayer(3)->person().latin_name(), "");
  EXPECT_EQ(imported.FindPlayer(4)->person().name(), "赵六");
  EXPECT_EQ(imported.FindPlayer(4)->person().latin_name(), "");
  // Exported again: the same names in the same places.
  absl::StatusOr<TrfDocument> again =
      TrfOfSection(imported, "open", TrfVersion::kTrf2026);
  ASSERT_TRUE(again.ok()) << again.status();
  const TrfDocument hand_made = HandMadeEvent();
  for (const TrfPlayer& player : again->players) {
    const TrfPlayer& original = hand_made.players[player.start_number - 1];
    EXPECT_EQ(player.name, original.name);
    EXPECT_EQ(player.local_name, original.local_name);
  }
}

// Every event records the file and its SHA-256; the ledger stamps the
// importer as actor.
TEST(TrfImportTest, Issue17_EveryEventNamesTheFileAndItsSha256) {
  const std::string trf = FormatTrf(HandMadeEvent());
  absl::StatusOr<Events> events = DecideImport(ImportRequest(trf));
  ASSERT_TRUE(events.ok()) << events.status();
  absl::StatusOr<std::string> digest = crypto::Sha256Hex(trf);
  ASSERT_TRUE(digest.ok());
  for (const v1::Event& event : *events) {
    EXPECT_THAT(event.reason(), HasSubstr("'event.trf'"));
    EXPECT_THAT(event.reason(), HasSubstr(absl::StrCat("SHA-256 ", *digest)));
  }
  EXPECT_TRUE(events->front().has_tournament_created());
}

TEST(TrfImportTest, Issue17_Sha256IsTheStandardDigest) {
  EXPECT_EQ(*crypto::Sha256Hex("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

// A file that cannot be imported is refused naming its line and columns.
struct MalformedImport {
  std::string name;
  std::function<void(TrfDocument&)> change;
  int player;  // whose 001 line is named; 0: a header line
  std::string where;
};

TEST(TrfImportTest, Issue17_MalformedFilesAreRefusedNamingLineAndColumn) {
  const std::vector<MalformedImport> cases = {
      {"half-point bye",
       [](TrfDocument& d) {
         d.players[4].rounds[0] = {0, '-', 'H'};
       },
       5, "column 99 (round 1 result): a half-point bye (H)"},
      {"two byes",
       [](TrfDocument& d) {
         d.players[0].rounds[0] = {0, '-', 'U'};
         d.players[1].rounds[0] = {0, '-', 'U'};
       },
       2, "column 99 (round 1 result): a second bye in the round"},
      {"lines disagree",
       [](TrfDocument& d) { d.players[1].rounds[0].result = '1'; }, 1,
       "column 99 (round 1 result): '1' against '1'"},
      {"same colour",
       [](TrfDocument& d) { d.players[1].rounds[0].colour = 'w'; }, 1,
       "column 97 (round 1 colour): 'w' against 'w'"},
      {"opponent disagrees",
       [](TrfDocument& d) { d.players[1].rounds[0].opponent = 5; }, 1,
       "columns 92-95 (round 1 opponent): plays 2, whose line says 5"},
      {"result without opponent",
       [](TrfDocument& d) { d.players[4].rounds[0].result = '+'; }, 5,
       "column 99 (round 1 result): a game result without an opponent"},
      {"starting ranks with a gap",
       [](TrfDocument& d) {
         d.players.pop_back();
         for (TrfPlayer& p : d.players) {
           for (TrfRound& r : p.rounds) {
             if (r.opponent == 5) r = {0, '-', 'Z'};
           }
         }
         d.players[3].start_number = 7;
         d.players[2].rounds[0] = {0, '-', 'Z'};
         d.players[3].rounds[0] = {0, '-', 'Z'};
         // The points of the games taken away.
         d.players[0].points_tenths = 20;
         d.players[1].points_tenths = 0;
         d.players[2].points_tenths = 20;
       },
       7, "columns 5-8 (starting rank): 7 where 4 is due"},
      {"half points", [](TrfDocument& d) { d.point_system[1].tenths = 5; }, 0,
       "(162 point system): 162 D: 0.5 is not a whole number of points"},
      {"win below loss", [](TrfDocument& d) { d.point_system[0].tenths = 0; },
       0, "(162 point system): win 0, draw 1, loss 0"},
      {"unknown tie-break", [](TrfDocument& d) { d.tie_breaks = "BH,ARO"; }, 0,
       "columns 8-10 (202 tie-breaks): \"ARO\" is no tie-break"},
  };
  for (const MalformedImport& test : cases) {
    SCOPED_TRACE(test.name);
    TrfDocument document = HandMadeEvent();
    test.change(document);
    const std::string trf = FormatTrf(document);
    absl::StatusOr<Events> events = DecideImport(ImportRequest(trf));
    ASSERT_FALSE(events.ok());
    EXPECT_EQ(events.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(events.status().message(), HasSubstr(test.where));
    if (test.player != 0) {
      EXPECT_THAT(events.status().message(),
                  HasSubstr(absl::StrCat(
                      "TRF line ", LineOfPlayer(trf, test.player), ", ")));
    } else {
      EXPECT_TRUE(absl::StartsWith(events.status().message(), "TRF line "))
          << events.status().message();
    }
  }
}

// bbpPairings ends its lines with a carriage return alone, as TRF itself
// does; line numbers count them as lines.
TEST(TrfImportTest, Issue17_CarriageReturnLinesAsBbpPairingsWritesThem) {
  std::string trf = FormatTrf(HandMadeEvent());
  const int line = LineOfPlayer(trf, 2);
  absl::StrReplaceAll({{"\n", "\r"}}, &trf);
  absl::StatusOr<Events> events = DecideImport(ImportRequest(trf));
  ASSERT_TRUE(events.ok()) << events.status();
  EXPECT_EQ(FoldEvents(*events).players().size(), 5u);

  TrfDocument disagreeing = HandMadeEvent();
  disagreeing.players[1].rounds[1].colour = 'b';
  std::string bad = FormatTrf(disagreeing);
  absl::StrReplaceAll({{"\n", "\r"}}, &bad);
  events = DecideImport(ImportRequest(bad));
  ASSERT_FALSE(events.ok());
  EXPECT_THAT(events.status().message(),
              HasSubstr(absl::StrCat("TRF line ", line, ", column 107")));
}

TEST(TrfImportTest, Issue17_ReaderRefusalsAndRequestFields) {
  std::string trf = FormatTrf(HandMadeEvent());
  // Round 1's colour of player 1 (line 4 or later) made an 'x'.
  const int line = LineOfPlayer(trf, 1);
  std::vector<std::string> lines = absl::StrSplit(trf, '\n');
  lines[line - 1][96] = 'x';
  absl::StatusOr<Events> events =
      DecideImport(ImportRequest(absl::StrJoin(lines, "\n")));
  ASSERT_FALSE(events.ok());
  EXPECT_THAT(events.status().message(),
              HasSubstr(absl::StrCat("TRF line ", line, ", column 97")));

  v1::ImportTrfRequest request = ImportRequest(trf);
  request.clear_file_name();
  events = DecideImport(request);
  ASSERT_FALSE(events.ok());
  EXPECT_THAT(events.status().message(), HasSubstr("file_name"));

  TrfDocument without_time = HandMadeEvent();
  without_time.time_control.clear();
  events = DecideImport(ImportRequest(FormatTrf(without_time)));
  ASSERT_FALSE(events.ok());
  EXPECT_THAT(events.status().message(), HasSubstr("time_control"));
  request = ImportRequest(FormatTrf(without_time));
  request.mutable_time_control()->set_base_minutes(60);
  EXPECT_TRUE(DecideImport(request).ok());

  // R1.1: an existing tournament is not created again.
  events = DecideImport(ImportRequest(trf));
  ASSERT_TRUE(events.ok());
  const TournamentState existing = FoldEvents(*events);
  const absl::StatusOr<Events> again = DecideTrfImport(
      existing, ImportRequest(trf), {kNow, rules::Role::kOrganiser});
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.status().code(), absl::StatusCode::kFailedPrecondition);
}

}  // namespace
}  // namespace qiwang::exports

namespace qiwang::exports {
namespace {

// Issue 26 §3: `qiwang import trf` and `qiwang pair --trf` read through
// ReadTrfTournament: the import refuses exactly what it refuses, with the
// same message, naming both lines where two lines disagree; a points
// column that contradicts the results is refused naming its line.
TEST(TrfImportTest, Issue26_ImportAndPairRefuseTheSameFiles) {
  struct Case {
    std::string name;
    std::function<void(TrfDocument&)> change;
    int player;  // whose 001 line is named
    std::string message;
  };
  const std::vector<Case> cases = {
      {"both claim the win",
       [](TrfDocument& d) { d.players[1].rounds[0].result = '1'; }, 1,
       "column 99 (round 1 result): '1' against '1' on line "},
      {"both played black",
       [](TrfDocument& d) { d.players[0].rounds[0].colour = 'b'; }, 1,
       "column 97 (round 1 colour): 'b' against 'b' on line "},
      {"points contradict the results",
       [](TrfDocument& d) { d.players[2].points_tenths = 50; }, 3,
       "columns 81-84 (points):  5.0 where the results score  4.0"},
      {"half-point bye",
       [](TrfDocument& d) {
         d.players[4].rounds[0] = {0, '-', 'H'};
       },
       5, "column 99 (round 1 result): a half-point bye (H)"},
  };
  for (const Case& test : cases) {
    SCOPED_TRACE(test.name);
    TrfDocument document = HandMadeEvent();
    test.change(document);
    const std::string trf = FormatTrf(document);
    absl::StatusOr<TrfTournament> read = ReadTrfTournament(trf);
    absl::StatusOr<Events> events = DecideImport(ImportRequest(trf));
    ASSERT_FALSE(read.ok());
    ASSERT_FALSE(events.ok());
    EXPECT_EQ(events.status(), read.status());
    EXPECT_THAT(
        read.status().message(),
        HasSubstr(absl::StrCat("TRF line ", LineOfPlayer(trf, test.player),
                               ", ", test.message)));
  }
  // The line of the other player is named too: starting rank 2's.
  TrfDocument both_win = HandMadeEvent();
  both_win.players[1].rounds[0].result = '1';
  const std::string trf = FormatTrf(both_win);
  EXPECT_THAT(ReadTrfTournament(trf).status().message(),
              HasSubstr(absl::StrCat("on line ", LineOfPlayer(trf, 2),
                                     " (starting rank 2)")));
}

}  // namespace
}  // namespace qiwang::exports

namespace qiwang::exports {
namespace {

// Three players written by hand in FIDE's columns: a GM with rating, FIDE
// number and full birth date; a title code FIDE does not have ("AGM",
// letters: kept as written) with a birth date of unknown day; a player
// with none of them and a birth year.
constexpr char kFideRecords[] =
    "012 Test Open - Men\n"
    "122 90'+30\"\n"
    "142 1\n"
    "162  W 2.0    D 1.0    L 0.0    P 2.0\n"
    "001    1 m GM Wang, Tianyi                      2750 CHN     8603006 "
    "1989/06/27  2.0    1     2 w 1\n"
    "001    2 wAGM Tang, Dan                         2301 CHN    86000011 "
    "1990/05/00  0.0    3     1 b 0\n"
    "001    3 m    Li, Si                                                 "
    "1985        2.0    1  0000 - U\n";

// The 001 line of `start_number` in `trf`.
std::string PlayerLine(const std::string& trf, int start_number) {
  const std::string prefix = absl::StrFormat("001 %4d", start_number);
  for (absl::string_view line : absl::StrSplit(trf, '\n')) {
    if (absl::StartsWith(line, prefix)) return std::string(line);
  }
  return "";
}

// Columns from..to (1-based) of an ASCII line, blanks past its end.
std::string Columns(const std::string& line, int from, int to) {
  std::string padded = line;
  padded.resize(std::max<size_t>(padded.size(), to), ' ');
  return padded.substr(from - 1, to - from + 1);
}

// Issue 26 §3: a TRF's title, rating, FIDE number and full birth date are
// kept on import (PlayerRegistered.fide, the person's birth date) and the
// export writes them back in the columns the file had them in (11-13,
// 49-52, 58-68, 70-79); a player without them gets blanks and his year.
TEST(TrfImportTest, Issue26_TitlesRatingsFideIdsAndBirthDatesComeBack) {
  absl::StatusOr<Events> events = DecideImport(ImportRequest(kFideRecords));
  ASSERT_TRUE(events.ok()) << events.status();
  const TournamentState imported = FoldEvents(*events);
  const rules::tournament::PlayerEntry* wang = imported.FindPlayer(1);
  ASSERT_NE(wang, nullptr);
  ASSERT_TRUE(wang->registration.has_fide());
  EXPECT_EQ(wang->registration.fide().title(), "GM");
  EXPECT_EQ(wang->registration.fide().rating(), 2750);
  EXPECT_EQ(wang->registration.fide().fide_id(), "8603006");
  EXPECT_EQ(wang->person().birth_date().month(), 6);
  EXPECT_EQ(wang->person().birth_date().day(), 27);
  EXPECT_EQ(imported.FindPlayer(2)->registration.fide().title(), "AGM");

  absl::StatusOr<std::string> exported =
      WriteTrf(imported, "open", TrfVersion::kTrf2026);
  ASSERT_TRUE(exported.ok()) << exported.status();
  struct Field {
    const char* name;
    int from;
    int to;
  };
  for (int start = 1; start <= 3; ++start) {
    const std::string original = PlayerLine(kFideRecords, start);
    const std::string written = PlayerLine(*exported, start);
    ASSERT_FALSE(written.empty()) << *exported;
    for (const Field& field :
         {Field{"title", 11, 13}, Field{"rating", 49, 52},
          Field{"FIDE number", 58, 68}, Field{"birth date", 70, 79}}) {
      EXPECT_EQ(Columns(written, field.from, field.to),
                Columns(original, field.from, field.to))
          << "player " << start << ", " << field.name;
    }
  }
}

// Issue 26 §3: the fields the import keeps are checked as read: a rating
// that is no number, a FIDE number that is not digits, a title that is not
// printable ASCII in one word, each refused naming the line and columns,
// with no event. A title of other printable characters is kept as written.
TEST(TrfImportTest, Issue26_BadRatingFideNumberOrTitleIsRefusedNamingIt) {
  struct Case {
    int column;
    size_t bytes;  // replaced, from `column` (ASCII before it)
    std::string with;
    std::string message;
  };
  const std::vector<Case> cases = {
      {49, 4, "27x0",
       "TRF line 5, columns 49-52 (rating): \"27x0\" is not a number"},
      {62, 7, "86O3006",
       "TRF line 5, columns 58-68 (FIDE number): \"86O3006\" is not digits"},
      {11, 3, "G M",
       "TRF line 5, columns 11-13 (title): \"G M\" is not a title code"},
      {11, 3, "  \xE5\xA4\xA7",  // 大: one column, not ASCII
       "TRF line 5, columns 11-13 (title): \"\xE5\xA4\xA7\" is not a title "
       "code"},
  };
  for (const Case& test : cases) {
    SCOPED_TRACE(test.message);
    std::string trf = kFideRecords;
    const size_t line = trf.find("001    1");
    trf.replace(line + test.column - 1, test.bytes, test.with);
    absl::StatusOr<Events> events = DecideImport(ImportRequest(trf));
    ASSERT_FALSE(events.ok());
    EXPECT_EQ(events.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_THAT(events.status().message(), HasSubstr(test.message));
  }
  std::string trf = kFideRecords;
  trf.replace(trf.find("001    1") + 10, 3, "G-M");
  absl::StatusOr<Events> events = DecideImport(ImportRequest(trf));
  ASSERT_TRUE(events.ok()) << events.status();
  EXPECT_EQ(FoldEvents(*events).FindPlayer(1)->registration.fide().title(),
            "G-M");
}

}  // namespace
}  // namespace qiwang::exports
