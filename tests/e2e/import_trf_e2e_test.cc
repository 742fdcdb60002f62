// `qiwang import trf` (issue 17 §3, §5) against a real qiwangd: the demo's
// two Swiss sections, played for 5 rounds, exported (open-men as TRF-2026,
// open-women as TRF-16), imported as new tournaments and exported again
// give the same files; every imported event names the importer, the file
// and its SHA-256 in the log; an imported event goes on here (with 7 rounds
// planned, round 6 is paired by the server, the standings read). A
// non-organiser is refused (R1.2), and so is a malformed file, naming its line
// and column, with the log unchanged.
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "crypto/file_digest.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "qiwang/v1/event.pb.h"
#include "qiwang/v1/import_service.pb.h"
#include "qiwang/v1/standings_service.pb.h"
#include "qiwang/v1/tournament_config.pb.h"
#include "services/trf/trf_format.h"
#include "tests/e2e/e2e_fixture.h"
#include "tests/e2e/small_trf.h"
#include "tests/test_paths.h"

namespace qiwang::e2e {
namespace {

using ::testing::HasSubstr;

std::string WithoutTieBreakValues(const std::string& trf) {
  std::vector<absl::string_view> kept;
  for (absl::string_view line : absl::StrSplit(trf, '\n')) {
    if (!absl::StartsWith(line, "### Tie-break values ")) kept.push_back(line);
  }
  return absl::StrJoin(kept, "\n");
}

class ImportTrfEndToEndTest : public EndToEndTest {
 protected:
  // `qiwang <args>` on `tournament` by the holder of `token`.
  ProcessResult On(const std::string& tournament, const std::string& token,
                   std::vector<std::string> args) {
    args.push_back("--tournament=" + tournament);
    args.push_back("--token=" + token);
    return Cli(std::move(args));
  }

  // The section's tie-breaks in the 2016 configuration, as --tie-breaks
  // names them (TRF-16 cannot state them).
  static std::string TieBreaksOf(const std::string& section_id) {
    const auto config =
        FromJson<v1::TournamentConfig>(ReadFile(test_paths::Sichuan2016Json()));
    std::vector<std::string> names;
    for (const v1::Section& section : config.sections()) {
      if (section.id() != section_id) continue;
      for (int kind : section.tie_breaks()) {
        names.push_back(absl::AsciiStrToLower(
            absl::StripPrefix(v1::TieBreakKind_Name(kind), "TIE_BREAK_KIND_")));
      }
    }
    return absl::StrJoin(names, ",");
  }

  uint64_t LastPosition() {
    const ProcessResult read =
        Cli({"log", "read", "--backwards", "--limit=1", "--json",
             std::string("--token=") + kOrganiserToken});
    EXPECT_EQ(read.exit_code, 0) << read.err;
    if (Lines(read.out).empty()) return 0;
    return FromJson<v1::Event>(Lines(read.out)[0]).position();
  }
};

TEST_F(ImportTrfEndToEndTest, Issue17_DemoSectionsRoundTripAndGoOnHere) {
  StartServer("manual:2016-09-01T10:00:00+08:00");
  const ProcessResult demo = PlaySwissDemo(5);
  ASSERT_EQ(demo.exit_code, 0) << demo.err;

  for (const auto& [section, format] :
       std::vector<std::pair<std::string, std::string>>{
           {"open-men", "trf2026"}, {"open-women", "trf16"}}) {
    SCOPED_TRACE(section);
    const std::string file = absl::StrCat(section, ".", format, ".trf");
    const std::string path = temp_dir_ + "/" + file;
    const ProcessResult exported =
        As(kChiefToken,
           {"export", "trf", section, "--format", format, "-o", path});
    ASSERT_EQ(exported.exit_code, 0) << exported.err;

    const std::string imported = "imported-" + section;
    std::vector<std::string> import = {"import",    "trf",   path,
                                       "--section", section, "--json"};
    if (format == "trf16") {
      import.push_back("--tie-breaks=" + TieBreaksOf(section));
    }
    const ProcessResult done = On(imported, kOrganiserToken, import);
    ASSERT_EQ(done.exit_code, 0) << done.err;
    const auto response =
        FromJson<v1::ImportTrfResponse>(Lines(done.out).at(0));
    EXPECT_EQ(response.section_id(), section);
    EXPECT_EQ(response.rounds(), 5);
    EXPECT_GT(response.players(), 10);
    const std::string sha256 = *crypto::Sha256Hex(ReadFile(path));
    EXPECT_EQ(response.sha256(), sha256);

    const std::string again = temp_dir_ + "/again-" + file;
    const ProcessResult reexported =
        On(imported, kChiefToken,
           {"export", "trf", section, "--format", format, "-o", again});
    ASSERT_EQ(reexported.exit_code, 0) << reexported.err;
    // R5.5 fouls are no TRF field: our tie-break values, which count them,
    // are the one thing the file cannot give back (issue 26 §2).
    EXPECT_EQ(WithoutTieBreakValues(ReadFile(again)),
              WithoutTieBreakValues(ReadFile(path)));

    // Who imported it, from which file: on every event of the new stream.
    const ProcessResult log =
        Cli({"log", "read", "--stream", imported, "--json", "--limit=10000",
             std::string("--token=") + kOrganiserToken});
    ASSERT_EQ(log.exit_code, 0) << log.err;
    const std::vector<std::string> events = Lines(log.out);
    EXPECT_GT(events.size(), 50u);
    for (const std::string& line : events) {
      const auto event = FromJson<v1::Event>(line);
      EXPECT_EQ(event.actor().user(), "olive");
      EXPECT_EQ(event.actor().role(), "organiser");
      EXPECT_THAT(event.reason(), HasSubstr(absl::StrCat("'", file, "'")));
      EXPECT_THAT(event.reason(), HasSubstr("SHA-256 " + sha256));
    }

    // The event goes on here: planned for 7 rounds (the demo played and
    // planned 5), round 6 is paired by the server and the standings read.
    std::vector<std::string> lines = absl::StrSplit(ReadFile(path), '\n');
    for (std::string& line : lines) {
      if (absl::StartsWith(line, "142 ")) line = "142 7";
      if (absl::StartsWith(line, "XXR ")) line = "XXR 7";
    }
    const std::string longer = temp_dir_ + "/longer-" + file;
    std::ofstream(longer, std::ios::binary) << absl::StrJoin(lines, "\n");
    import[2] = longer;
    const std::string continued = "continued-" + section;
    const ProcessResult again_imported = On(continued, kOrganiserToken, import);
    ASSERT_EQ(again_imported.exit_code, 0) << again_imported.err;
    const ProcessResult paired =
        On(continued, kPairingToken,
           {"round", "pair", "--section=" + section, "--round=6"});
    EXPECT_EQ(paired.exit_code, 0) << paired.err;
    const ProcessResult standings =
        On(continued, "", {"standings", section, "--json"});
    ASSERT_EQ(standings.exit_code, 0) << standings.err;
    EXPECT_EQ(FromJson<v1::GetStandingsResponse>(Lines(standings.out).at(0))
                  .rows_size(),
              response.players());
  }

  // R1.2: an arbiter may not import.
  const std::string path = temp_dir_ + "/open-men.trf2026.trf";
  const uint64_t before = LastPosition();
  ProcessResult refused =
      On("by-arbiter", kArbiterToken, {"import", "trf", path});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_THAT(refused.err, HasSubstr("R1.2"));

  // A malformed file: round 1's colour of the first player made 'x'.
  std::vector<std::string> lines = absl::StrSplit(ReadFile(path), '\n');
  int broken = 0;
  for (size_t i = 0; i < lines.size() && broken == 0; ++i) {
    if (absl::StartsWith(lines[i], "001 ")) {
      lines[i][96] = 'x';
      broken = static_cast<int>(i) + 1;
    }
  }
  const std::string bad = temp_dir_ + "/bad.trf";
  std::ofstream(bad, std::ios::binary) << absl::StrJoin(lines, "\n");
  refused = On("malformed", kOrganiserToken, {"import", "trf", bad});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_THAT(refused.err,
              HasSubstr(absl::StrCat("TRF line ", broken, ", column 97")));
  EXPECT_EQ(LastPosition(), before);
  const ProcessResult missing =
      On("malformed", kOrganiserToken, {"tournament", "show"});
  EXPECT_NE(missing.exit_code, 0);
}

// Issue 26 §3: the import refuses a file where both players claim the win
// with the message `pair --trf` gives, and a folder as the file is said to
// be one; nothing is imported.
TEST_F(ImportTrfEndToEndTest, Issue26_SameRefusalAsPairAndFolderSaysSo) {
  StartServer("manual:2016-09-01T10:00:00+08:00");
  exports::TrfDocument document = FivePlayerTrf();
  document.players[1].rounds[0].result = '1';
  const std::string path = temp_dir_ + "/both-win.trf";
  WriteText(path, exports::FormatTrf(document));
  const std::string message =
      "TRF line 7, column 99 (round 1 result): '1' against '1' on line 8 "
      "(starting rank 2)";
  const ProcessResult imported =
      On("both-win", kOrganiserToken, {"import", "trf", path});
  EXPECT_NE(imported.exit_code, 0);
  EXPECT_THAT(imported.err, HasSubstr(message));
  const ProcessResult paired = Cli({"pair", "--trf", path});
  EXPECT_EQ(paired.exit_code, 2);
  EXPECT_THAT(paired.err, HasSubstr(message));

  const ProcessResult folder =
      On("folder", kOrganiserToken, {"import", "trf", temp_dir_});
  EXPECT_EQ(folder.exit_code, 2);
  EXPECT_THAT(folder.err, HasSubstr(absl::StrCat("FILE: ", temp_dir_,
                                                 " is a folder, not a file")));
}

}  // namespace
}  // namespace qiwang::e2e
