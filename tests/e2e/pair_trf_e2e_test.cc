// `qiwang pair --trf` (issue 17 §4) beside the qiwangd that played the demo:
// for every round of each Swiss section, the pairing the engine computes
// offline from the section's TRF-2026 export (rounds before it only) is the
// one the server published, board colours included; --check finds every
// published round legal; bad input is a usage error naming the flag. The
// demo's players carry pinyin names, so the 001 lines are Latin.
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/trf/trf_format.h"
#include "services/trf/trf_reader.h"
#include "tests/e2e/e2e_fixture.h"
#include "tests/e2e/small_trf.h"

namespace qiwang::e2e {
namespace {

using ::testing::HasSubstr;
using Pairs = std::set<std::pair<int, int>>;  // (red, black); (bye, 0)

constexpr int kRounds = 5;

// The JaVaFo-form output: a count, then "white black" lines.
Pairs ParsePairs(const std::string& out) {
  Pairs pairs;
  std::vector<std::string> lines = absl::StrSplit(out, '\n', absl::SkipEmpty());
  for (size_t i = 1; i < lines.size(); ++i) {
    std::vector<std::string> ids = absl::StrSplit(lines[i], ' ');
    int red = 0;
    int black = 0;
    EXPECT_EQ(ids.size(), 2u) << lines[i];
    if (ids.size() == 2 && absl::SimpleAtoi(ids[0], &red) &&
        absl::SimpleAtoi(ids[1], &black)) {
      pairs.emplace(red, black);
    }
  }
  EXPECT_EQ(lines.empty() ? "" : lines[0], absl::StrCat(pairs.size())) << out;
  return pairs;
}

// Round `round` as the file records what the server published.
Pairs Published(const exports::TrfDocument& document, int round) {
  Pairs pairs;
  for (const exports::TrfPlayer& player : document.players) {
    if (static_cast<int>(player.rounds.size()) < round) continue;
    const exports::TrfRound& trf = player.rounds[round - 1];
    if (trf.opponent != 0 && trf.colour == 'w') {
      pairs.emplace(player.start_number, trf.opponent);
    } else if (trf.opponent == 0 && trf.result == 'U') {
      pairs.emplace(player.start_number, 0);
    }
  }
  return pairs;
}

class PairTrfEndToEndTest : public EndToEndTest {};

TEST_F(PairTrfEndToEndTest, R6_EveryPublishedRoundComesBackFromTheFile) {
  StartServer("manual:2016-09-01T10:00:00+08:00");
  const ProcessResult demo = PlaySwissDemo(kRounds);
  ASSERT_EQ(demo.exit_code, 0) << demo.err;

  for (const std::string section : {"open-men", "open-women"}) {
    SCOPED_TRACE(section);
    const std::string path = temp_dir_ + "/" + section + ".trf";
    const ProcessResult exported =
        As(kChiefToken, {"export", "trf", section, "-o", path});
    ASSERT_EQ(exported.exit_code, 0) << exported.err;
    const absl::StatusOr<exports::TrfDocument> document =
        exports::ReadTrf(ReadFile(path));
    ASSERT_TRUE(document.ok()) << document.status();
    // The demo registers pinyin: Latin 001 names, the Chinese beside them.
    for (const exports::TrfPlayer& player : document->players) {
      EXPECT_THAT(player.name, testing::MatchesRegex("[A-Za-z]+, [A-Za-z]+"));
      EXPECT_FALSE(player.local_name.empty()) << player.name;
    }
    for (int round = 1; round <= kRounds; ++round) {
      const ProcessResult paired =
          Cli({"pair", "--trf", path, "--round", absl::StrCat(round)});
      ASSERT_EQ(paired.exit_code, 0) << paired.err;
      const Pairs published = Published(*document, round);
      EXPECT_FALSE(published.empty());
      EXPECT_EQ(ParsePairs(paired.out), published) << "round " << round;
    }
    const ProcessResult checked = Cli({"pair", "--trf", path, "--check"});
    EXPECT_EQ(checked.exit_code, 0) << checked.out << checked.err;
    for (int round = 1; round <= kRounds; ++round) {
      EXPECT_THAT(checked.out, HasSubstr(absl::StrCat("round ", round,
                                                      ": legal; R6.5 cost {")));
    }
    const std::vector<std::string> lines =
        absl::StrSplit(checked.out, '\n', absl::SkipEmpty());
    ASSERT_EQ(lines.size(), static_cast<size_t>(kRounds)) << checked.out;
    for (int round = 2; round <= kRounds; ++round) {
      EXPECT_THAT(lines[round - 1], testing::EndsWith("; the least (R6.5)"));
    }
  }

  const std::string path = temp_dir_ + "/open-men.trf";
  ProcessResult refused = Cli({"pair", "--trf", path, "--round", "9"});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_THAT(refused.err, HasSubstr("round: 9 is not 1 to 6"));
  refused = Cli({"pair", "--trf", temp_dir_ + "/missing.trf"});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_THAT(refused.err, HasSubstr("--trf: cannot read"));
  refused = Cli({"pair"});
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_THAT(refused.err, HasSubstr("--trf: required"));
}

// R6.5 across versions: --check says whether a legal round costs the least.
// Round 2 here gives the bye to player 3 while player 2, lower in R6.2
// order, has had none: legal (R6.3), but R6.4's bye criterion comes first
// in R6.5, so it costs more than the engine's pairing and --check exits 1.
// --json says the same in objects, in both forms of the command.
TEST_F(PairTrfEndToEndTest,
       R6_5_CheckSaysWhenALegalRoundCostsMoreThanTheLeast) {
  exports::TrfDocument document = FivePlayerTrf();
  const exports::TrfRound second[] = {{5, 'b', '0'},
                                      {4, 'b', '0'},
                                      {0, '-', 'U'},
                                      {2, 'w', '1'},
                                      {1, 'w', '1'}};
  const int points[] = {20, 0, 30, 30, 40};
  for (int i = 0; i < 5; ++i) {
    document.players[i].rounds.push_back(second[i]);
    document.players[i].points_tenths = points[i];
  }
  const std::string path = temp_dir_ + "/bye-to-3.trf";
  WriteText(path, exports::FormatTrf(document));

  const ProcessResult checked = Cli({"pair", "--trf", path, "--check"});
  EXPECT_EQ(checked.exit_code, 1) << checked.out << checked.err;
  EXPECT_THAT(checked.out, HasSubstr("round 1: legal; R6.5 cost {"));
  EXPECT_THAT(checked.out, HasSubstr("round 2: legal; R6.5 cost {"));
  EXPECT_THAT(checked.out, HasSubstr("; R6.5: more than the least, {"));

  // The engine's own round 2 from the same file passes.
  const ProcessResult paired = Cli({"pair", "--trf", path, "--round", "2"});
  ASSERT_EQ(paired.exit_code, 0) << paired.err;
  EXPECT_THAT(paired.out, HasSubstr("\n2 0\n"));  // the bye: player 2

  // --json, both forms: the same facts for a program to read.
  const ProcessResult checked_json =
      Cli({"pair", "--trf", path, "--check", "--json"});
  EXPECT_EQ(checked_json.exit_code, 1) << checked_json.err;
  const std::vector<std::string> objects =
      absl::StrSplit(checked_json.out, '\n', absl::SkipEmpty());
  ASSERT_EQ(objects.size(), 2u) << checked_json.out;
  EXPECT_THAT(objects[0], HasSubstr("\"round\":1"));
  EXPECT_THAT(objects[0], HasSubstr("\"legal\":true"));
  EXPECT_THAT(objects[0], testing::Not(HasSubstr("\"least\"")));
  EXPECT_THAT(objects[1], HasSubstr("\"least\":false"));
  EXPECT_THAT(objects[1], HasSubstr("\"leastCost\":\"{"));
  EXPECT_THAT(objects[1], HasSubstr("\"violations\":[]"));
  const ProcessResult paired_json =
      Cli({"pair", "--trf", path, "--round", "2", "--json"});
  ASSERT_EQ(paired_json.exit_code, 0) << paired_json.err;
  EXPECT_THAT(paired_json.out, HasSubstr("\"bye\":2"));
  EXPECT_THAT(
      paired_json.out,
      testing::MatchesRegex("\\{.*\"boards\":\\[\\{\"(red|black)\":[0-9]+,"
                            "\"(red|black)\":[0-9]+\\},\\{.*\\}\n"));
}

// Issue 26 §3: `pair --trf` refuses what `import trf` refuses, naming the
// lines (both players claiming the win, both black, a points column the
// results contradict, February 30); a player absent in the last round
// alone is paired; a BOM is read; a folder is said to be one.
TEST_F(PairTrfEndToEndTest, Issue26_RefusesWhatImportRefusesNamingTheLines) {
  struct Case {
    std::string name;
    void (*spoil)(exports::TrfDocument&);
    std::string message;
  };
  const std::vector<Case> cases = {
      {"both win",
       [](exports::TrfDocument& d) { d.players[1].rounds[0].result = '1'; },
       "TRF line 7, column 99 (round 1 result): '1' against '1' on line 8 "
       "(starting rank 2)"},
      {"both black",
       [](exports::TrfDocument& d) { d.players[0].rounds[0].colour = 'b'; },
       "TRF line 7, column 97 (round 1 colour): 'b' against 'b' on line 8"},
      {"points",
       [](exports::TrfDocument& d) { d.players[4].points_tenths = 0; },
       "TRF line 11, columns 81-84 (points):  0.0 where the results score  "
       "2.0"},
      {"february 30",
       [](exports::TrfDocument& d) { d.start_date = "2016/02/30"; },
       "TRF line 2, columns 5-14 (start date): \"2016/02/30\""},
  };
  for (const Case& test : cases) {
    SCOPED_TRACE(test.name);
    exports::TrfDocument document = FivePlayerTrf();
    test.spoil(document);
    const std::string path = temp_dir_ + "/spoilt.trf";
    WriteText(path, exports::FormatTrf(document));
    const ProcessResult refused = Cli({"pair", "--trf", path});
    EXPECT_EQ(refused.exit_code, 2);
    EXPECT_THAT(refused.err, HasSubstr(test.message));
  }

  // Player 5's bye written as absent: he is paired in round 2 all the same.
  exports::TrfDocument absent = FivePlayerTrf();
  absent.players[4].rounds[0].result = 'Z';
  absent.players[4].points_tenths = 0;
  const std::string path = temp_dir_ + "/absent.trf";
  WriteText(path, "\xEF\xBB\xBF" + exports::FormatTrf(absent));
  const ProcessResult paired = Cli({"pair", "--trf", path});
  ASSERT_EQ(paired.exit_code, 0) << paired.err;
  const Pairs pairs = ParsePairs(paired.out);
  EXPECT_EQ(pairs.size(), 3u) << paired.out;
  std::set<int> players;
  for (const auto& [red, black] : pairs) {
    players.insert(red);
    if (black != 0) players.insert(black);
  }
  EXPECT_EQ(players, (std::set<int>{1, 2, 3, 4, 5})) << paired.out;

  const ProcessResult folder = Cli({"pair", "--trf", temp_dir_});
  EXPECT_EQ(folder.exit_code, 2);
  EXPECT_THAT(folder.err, HasSubstr(absl::StrCat("--trf: ", temp_dir_,
                                                 " is a folder, not a file")));
}

}  // namespace
}  // namespace qiwang::e2e
