// Issue 26 §2: a TRF-2026 export declares a FIDE code (202/212) only where
// our value is the one FIDE's Tie-Break Regulations (Handbook C.07) define.
// Generated Swiss tournaments with byes, forfeits, double forfeits,
// withdrawals and late entries are imported, ranked by several chains and
// exported; for every code the file declares, FIDE's definition is worked
// out here from the file's own round codes and 162 points and compared
// with our standings' values. Our values of the rest are on comment lines.
#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/rules/ranking/ranking_scope.h"
#include "services/rules/tournament/ranked_scope.h"
#include "services/trf/trf_format.h"
#include "services/trf/trf_reader.h"
#include "services/trf/trf_tie_breaks.h"
#include "services/trf/trf_writer.h"
#include "tests/trf/simulated_trf.h"

namespace qiwang::exports {
namespace {

using ::testing::HasSubstr;

// The 162 points of a result code; 0 for a code 162 leaves out.
int PointsOf(const TrfDocument& file, char code) {
  for (const TrfPointValue& value : file.point_system) {
    if (value.code == code) return value.tenths;
  }
  return 0;
}

// The points a round scores under the TRF-2026 point system: W for a win
// over the board, by forfeit (+) or a full-point bye (F); D for a draw or a
// half-point bye (H); L for a loss; A for a forfeit loss; P for the
// pairing-allocated bye (U); Z (absence) nothing.
int RoundPoints(const TrfDocument& file, const TrfRound& round) {
  switch (round.result) {
    case '1':
    case 'W':
    case '+':
    case 'F':
      return PointsOf(file, 'W');
    case '=':
    case 'D':
    case 'H':
      return PointsOf(file, 'D');
    case '0':
    case 'L':
      return PointsOf(file, 'L');
    case '-':
      return PointsOf(file, 'A');
    case 'U':
      return PointsOf(file, 'P');
    default:
      return 0;
  }
}

bool PlayedOverTheBoard(const TrfRound& round) {
  return round.opponent != 0 && absl::string_view("1=0WDL").find(
                                    round.result) != absl::string_view::npos;
}

// FIDE's value of `code` for `player`, in tenths of a point for points and
// counts otherwise, from the file alone (C.07):
// - PTS: the points, each round scored by the 162 point system.
// - WIN (number of wins): rounds in which the player obtained, with or
//   without playing, as many points as a win gives.
// - BPG: games played over the board with black.
// - BWG: games won over the board with black.
// A code with no definition here fails the test.
int64_t FideValue(const TrfDocument& file, const TrfPlayer& player,
                  const std::string& code) {
  int64_t value = 0;
  for (const TrfRound& round : player.rounds) {
    const int points = RoundPoints(file, round);
    if (code == "PTS") {
      value += points;
    } else if (code == "WIN") {
      value += round.result != ' ' && points == PointsOf(file, 'W') ? 1 : 0;
    } else if (code == "BPG") {
      value += PlayedOverTheBoard(round) && round.colour == 'b' ? 1 : 0;
    } else if (code == "BWG") {
      value += PlayedOverTheBoard(round) && round.colour == 'b' &&
                       (round.result == '1' || round.result == 'W')
                   ? 1
                   : 0;
    } else {
      ADD_FAILURE() << "the file declares " << code
                    << ", which this test has no FIDE definition of";
      return 0;
    }
  }
  return value;
}

// Our value for `code` of the standings' row `row`: the score in tenths for
// PTS, else the value of the tie-break the code was declared for.
int64_t OurValue(const rules::Standings& standings, int row,
                 const std::string& code) {
  if (code == "PTS") return standings.rows[row].score * 10;
  for (int k = 0; k < static_cast<int>(standings.chain.size()); ++k) {
    const rules::TieBreakValue value = standings.TieBreakAt(row, k);
    if (FideCode(value.kind) == code) return value.value;
  }
  ADD_FAILURE() << code << " declared for no tie-break of the chain";
  return -1;
}

struct Chain {
  std::string name;
  std::vector<v1::TieBreakKind> kinds;
  std::string expected_212;
};

class FideCodesTest : public ::testing::TestWithParam<Chain> {};

TEST_P(FideCodesTest, Issue26_DeclaredCodesHaveFidesValues) {
  const Chain& chain = GetParam();
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    SCOPED_TRACE(absl::StrCat("seed ", seed));
    v1::ImportTrfRequest request = ImportRequest(
        FormatTrf(SimulatedTrf(EventfulParams(seed, 13 + seed % 2 * 2, 7))));
    for (v1::TieBreakKind kind : chain.kinds) request.add_tie_breaks(kind);
    absl::StatusOr<rules::tournament::Events> events = DecideImport(request);
    ASSERT_TRUE(events.ok()) << events.status();
    const rules::tournament::TournamentState state = FoldEvents(*events);
    const std::string section = "open";
    absl::StatusOr<std::string> trf =
        WriteTrf(state, section, TrfVersion::kTrf2026);
    ASSERT_TRUE(trf.ok()) << trf.status();
    absl::StatusOr<TrfDocument> file = ReadTrf(*trf);
    ASSERT_TRUE(file.ok()) << file.status();
    EXPECT_EQ(file->standings_tie_breaks, chain.expected_212);
    EXPECT_THAT(*trf, HasSubstr(absl::StrCat(kTieBreakValuesPrefix, "0001: ")));

    absl::StatusOr<rules::tournament::RankedScope> ranked =
        rules::tournament::RankScope(
            state, rules::RankingScope{section, {}, {section}, {}}, 0);
    ASSERT_TRUE(ranked.ok()) << ranked.status();
    std::map<rules::PlayerId, int> start_of;
    for (const rules::PlayerRecord& record : ranked->pool) {
      start_of[record.id] = record.pairing_number;
    }
    std::map<int, const TrfPlayer*> line_of;
    for (const TrfPlayer& player : file->players) {
      line_of[player.start_number] = &player;
    }
    const std::vector<std::string> codes =
        absl::StrSplit(file->standings_tie_breaks, ',', absl::SkipEmpty());
    const rules::Standings& standings = ranked->standings;
    for (int row = 0; row < static_cast<int>(standings.rows.size()); ++row) {
      const TrfPlayer& player =
          *line_of.at(start_of.at(standings.rows[row].player));
      for (const std::string& code : codes) {
        EXPECT_EQ(OurValue(standings, row, code),
                  FideValue(*file, player, code))
            << code << " of starting rank " << player.start_number;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Chains, FideCodesTest,
    ::testing::Values(
        // R7.1: 对手分 comes first and has no FIDE code, so only PTS.
        Chain{"R7_1",
              {v1::TIE_BREAK_KIND_OPPONENTS_SCORE, v1::TIE_BREAK_KIND_WINS,
               v1::TIE_BREAK_KIND_FEWER_FOULS,
               v1::TIE_BREAK_KIND_GAMES_WITH_BLACK,
               v1::TIE_BREAK_KIND_PREVIOUS_ROUNDS},
              "PTS"},
        // Our wins leave out the pairing-allocated bye FIDE's WIN counts.
        Chain{"WinsFirst",
              {v1::TIE_BREAK_KIND_WINS, v1::TIE_BREAK_KIND_GAMES_WITH_BLACK},
              "PTS"},
        Chain{"BlackGamesFirst",
              {v1::TIE_BREAK_KIND_GAMES_WITH_BLACK,
               v1::TIE_BREAK_KIND_WINS_WITH_BLACK, v1::TIE_BREAK_KIND_BUCHHOLZ,
               v1::TIE_BREAK_KIND_WINS_WITH_BLACK},
              "PTS,BPG,BWG"},
        // Buchholz, its cuts and Sonneborn-Berger are not C.07's.
        Chain{"BuchholzAndSonnebornBerger",
              {v1::TIE_BREAK_KIND_BUCHHOLZ_CUT1,
               v1::TIE_BREAK_KIND_MEDIAN_BUCHHOLZ, v1::TIE_BREAK_KIND_BUCHHOLZ,
               v1::TIE_BREAK_KIND_SONNEBORN_BERGER,
               v1::TIE_BREAK_KIND_DIRECT_ENCOUNTER,
               v1::TIE_BREAK_KIND_CUMULATIVE_SCORE},
              "PTS"}),
    [](const ::testing::TestParamInfo<Chain>& info) {
      return info.param.name;
    });

}  // namespace
}  // namespace qiwang::exports
