// The play commands of the qiwang CLI against a real qiwangd, as officials
// type them: every command's --json answer parsed, its refusals (exit code
// and message) for bad input and for the wrong role, Chinese tables aligned,
// and the watches following new states, across a restart of qiwangd too.
// The event before the commands is set up by `qiwang demo` (one round of an
// eight-player Swiss section and a four-player round robin).
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "qiwang/v1/pairing_service.pb.h"
#include "qiwang/v1/play_service.pb.h"
#include "qiwang/v1/standings_service.pb.h"
#include "tests/e2e/e2e_fixture.h"
#include "tests/test_paths.h"

namespace qiwang::e2e {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr char kCliPlayClock[] = "manual:2016-09-01T10:00:00+08:00";

// The display column where each cell of a table line starts; cells are
// separated by two or more spaces.
std::vector<size_t> CellColumns(const std::string& line) {
  std::vector<size_t> starts;
  size_t column = 0;
  size_t spaces = 2;
  for (size_t i = 0; i < line.size();) {
    const unsigned char byte = line[i];
    const size_t length = byte < 0x80   ? 1
                          : byte < 0xE0 ? 2
                          : byte < 0xF0 ? 3
                                        : 4;
    if (byte == ' ') {
      ++spaces;
    } else {
      if (spaces >= 2) starts.push_back(column);
      spaces = 0;
    }
    column += Columns(line.substr(i, length));
    i += length;
  }
  return starts;
}

// Every test runs against qiwangd in one process and split in three.
class CliPlayTest : public EndToEndTest,
                    public ::testing::WithParamInterface<Form> {
 protected:
  void SetUp() override {
    EndToEndTest::SetUp();
    form_ = GetParam();
    StartServer(kCliPlayClock);
    const ProcessResult demo =
        Cli({"demo", "--tokens=" + TokensFile(),
             "--config=" + test_paths::Sichuan2016Json(),
             "--sizes=open-men=8,professional=4", "--rounds=3", "--no-shows=0",
             "--stop-after-round=1"});
    ASSERT_EQ(demo.exit_code, 0) << demo.out << demo.err;
  }

  v1::RoundView Round(int round) {
    const auto pairings = Json<v1::ListPairingsResponse>(
        "",
        {"pairings", "--section=open-men", absl::StrCat("--round=", round)});
    EXPECT_EQ(pairings.rounds_size(), 1);
    return pairings.rounds_size() == 1 ? pairings.rounds(0) : v1::RoundView();
  }

  std::vector<std::string> RecordArgs(int board, const std::string& result) {
    return {"result",
            "record",
            "--section=open-men",
            "--round=2",
            absl::StrCat("--board=", board),
            "--result=" + result};
  }

  void PairRound2() {
    const auto paired = Json<v1::PairRoundResponse>(
        kPairingToken, {"round", "pair", "--section=open-men", "--round=2"});
    ASSERT_EQ(paired.rounds_size(), 1);
    EXPECT_EQ(paired.rounds(0).round(), 2);
  }
};

// A watch running in the background; its stdout and stderr go to a file.
class Watch {
 public:
  Watch(const std::string& log, std::vector<std::string> argv,
        const EnvChanges& env)
      : log_(log), process_(argv, log, env) {}

  // The JSON lines printed so far.
  std::vector<std::string> States() const {
    std::vector<std::string> states;
    for (const std::string& line : Lines(ReadFile(log_))) {
      if (!line.empty() && line[0] == '{') states.push_back(line);
    }
    return states;
  }
  bool WaitForStates(size_t count) {
    return WaitFor([&] { return States().size() >= count; }, absl::Seconds(20));
  }
  int WaitForExit() { return process_.WaitForExit(absl::Seconds(20)); }
  std::string Output() const { return ReadFile(log_); }

 private:
  std::string log_;
  BackgroundProcess process_;
};

TEST_P(CliPlayTest, PairsPreviewsAndListsRoundsAsJson) {
  const v1::RoundView first = Round(1);
  EXPECT_EQ(first.boards_size(), 4);
  EXPECT_TRUE(first.complete());

  const auto preview = Json<v1::ProposeRoundResponse>(
      kPairingToken, {"round", "preview", "--section=open-men"});
  EXPECT_EQ(preview.proposal().round(), 2);
  EXPECT_EQ(preview.proposal().boards_size(), 4);
  EXPECT_FALSE(preview.cost().empty());

  // R1.2: an arbiter may not publish a round.
  const ProcessResult refused =
      As(kArbiterToken, {"round", "pair", "--section=open-men", "--round=2"});
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_THAT(refused.err, StartsWith("error: PERMISSION_DENIED: "));
  // The round number guards against publishing two rounds.
  const ProcessResult skipped =
      As(kPairingToken, {"round", "pair", "--section=open-men", "--round=3"});
  EXPECT_EQ(skipped.exit_code, 1) << skipped.out;
  EXPECT_THAT(skipped.err, StartsWith("error: "));
  const ProcessResult no_round =
      As(kPairingToken, {"round", "pair", "--section=open-men"});
  EXPECT_EQ(no_round.exit_code, 2);
  EXPECT_THAT(no_round.err, HasSubstr("--round: required"));

  PairRound2();
  const v1::RoundView second = Round(2);
  EXPECT_EQ(second.boards_size(), 4);
  EXPECT_FALSE(second.complete());
  // The proposal was what got published.
  for (int b = 0; b < 4; ++b) {
    EXPECT_EQ(second.boards(b).red().player_id(),
              preview.proposal().boards(b).red().player_id());
  }

  // Schedules: every player has round 1 and round 2.
  const auto schedule = Json<v1::GetScheduleResponse>(
      "", {"schedule", absl::StrCat(second.boards(0).red().player_id())});
  ASSERT_EQ(schedule.entries_size(), 2);
  EXPECT_TRUE(schedule.entries(1).red());
  EXPECT_EQ(schedule.entries(1).opponent().player_id(),
            second.boards(0).black().player_id());
}

// R6.6: an amendment with a reason; an R6.3 violation only by the chief
// arbiter's explicit override.
TEST_P(CliPlayTest, AmendsARoundAndRefusesAnR63ViolationWithoutOverride) {
  PairRound2();
  const v1::RoundView first = Round(1);
  const v1::RoundView second = Round(2);
  std::vector<std::string> swapped = {"round", "amend", "--section=open-men",
                                      "--round=2", "--reason=colours swapped"};
  for (const v1::BoardView& board : second.boards()) {
    swapped.push_back(absl::StrCat("--board=", board.black().player_id(), ":",
                                   board.red().player_id()));
  }
  Json<v1::AmendPairingResponse>(kPairingToken, swapped);
  EXPECT_EQ(Round(2).boards(0).red().player_id(),
            second.boards(0).black().player_id());
  EXPECT_TRUE(Round(2).amended());

  // Round 1's first pair meets again on board 1; the others as round 1 had
  // them too: every board repeats a pairing.
  std::vector<std::string> repeat = {"round", "amend", "--section=open-men",
                                     "--round=2", "--reason=by mistake"};
  for (const v1::BoardView& board : first.boards()) {
    repeat.push_back(absl::StrCat("--board=", board.black().player_id(), ":",
                                  board.red().player_id()));
  }
  const ProcessResult violation = As(kPairingToken, repeat);
  EXPECT_EQ(violation.exit_code, 1);
  EXPECT_THAT(violation.err, StartsWith("error: FAILED_PRECONDITION: "));
  EXPECT_THAT(violation.err, HasSubstr("R6.3"));
  repeat.push_back("--override-r63");
  const ProcessResult officer_override = As(kPairingToken, repeat);
  EXPECT_EQ(officer_override.exit_code, 1);
  const auto overridden = Json<v1::AmendPairingResponse>(kChiefToken, repeat);
  EXPECT_FALSE(overridden.r63_violations().empty());

  const ProcessResult malformed =
      As(kPairingToken, {"round", "amend", "--section=open-men", "--round=2",
                         "--board=12-7", "--reason=r"});
  EXPECT_EQ(malformed.exit_code, 2);
  EXPECT_THAT(malformed.err, HasSubstr("--board: RED:BLACK"));
  const ProcessResult reasonless =
      As(kPairingToken,
         {"round", "amend", "--section=open-men", "--round=2", "--board=1:2"});
  EXPECT_EQ(reasonless.exit_code, 2);
  EXPECT_THAT(reasonless.err, HasSubstr("--reason: required"));
}

// R5.3: one result per board; the same result again is a replay, another
// one is refused naming who recorded what; corrections by the chief only.
TEST_P(CliPlayTest, RecordsCorrectsAndRefusesResults) {
  PairRound2();
  const auto recorded =
      Json<v1::RecordResultResponse>(kArbiterToken, RecordArgs(1, "1-0"));
  EXPECT_FALSE(recorded.result().replayed());
  EXPECT_EQ(recorded.recorded_by().user(), "arthur");
  const auto again =
      Json<v1::RecordResultResponse>(kArbiter2Token, RecordArgs(1, "red"));
  EXPECT_TRUE(again.result().replayed());
  EXPECT_EQ(again.recorded_by().user(), "arthur");
  const ProcessResult conflict = As(kArbiter2Token, RecordArgs(1, "0-1"));
  EXPECT_EQ(conflict.exit_code, 1);
  EXPECT_THAT(conflict.err, StartsWith("error: FAILED_PRECONDITION: "));
  EXPECT_THAT(conflict.err, HasSubstr("arthur"));
  EXPECT_THAT(conflict.err, HasSubstr("command id: "));  // to retry
  // A Chinese reader's refusal says in Chinese which clause refused and what
  // exactly was wrong (issue 25); the English message follows for the
  // record.
  std::vector<std::string> in_chinese = RecordArgs(1, "0-1");
  in_chinese.push_back("--lang=zh");
  const ProcessResult conflict_zh = As(kArbiter2Token, in_chinese);
  EXPECT_EQ(conflict_zh.exit_code, 1);
  EXPECT_THAT(
      conflict_zh.err,
      StartsWith("错误：不符合规程 R5.3（成绩种类）：组别 公开组男子 第 "
                 "2 轮第 1 台已有成绩：红胜，由 arthur（裁判员）于 "));
  EXPECT_THAT(conflict_zh.err,
              HasSubstr("；更改成绩须由裁判长更正。\n详情 "
                        "(R5.3, FAILED_PRECONDITION): R5.3: "));

  for (const auto& [result, named] :
       std::vector<std::pair<std::string, std::string>>{
           {"2-0", "--result"}, {"", "--result: required"}}) {
    const ProcessResult bad = As(kArbiterToken, RecordArgs(2, result));
    EXPECT_EQ(bad.exit_code, 2) << result;
    EXPECT_THAT(bad.err, HasSubstr(named));
  }
  const ProcessResult no_board =
      As(kArbiterToken,
         {"result", "record", "--section=open-men", "--round=2", "--result=="});
  EXPECT_EQ(no_board.exit_code, 2);
  EXPECT_THAT(no_board.err, HasSubstr("--board: required"));
  const ProcessResult public_write = As("", RecordArgs(2, "="));
  EXPECT_EQ(public_write.exit_code, 1);
  EXPECT_THAT(public_write.err, StartsWith("error: UNAUTHENTICATED: "));
  const ProcessResult no_such_board = As(kArbiterToken, RecordArgs(9, "="));
  EXPECT_EQ(no_such_board.exit_code, 1);
  EXPECT_THAT(no_such_board.err, StartsWith("error: "));

  std::vector<std::string> correct = {
      "result",    "correct",   "--section=open-men",
      "--round=2", "--board=1", "--result=draw"};
  const ProcessResult reasonless = As(kChiefToken, correct);
  EXPECT_EQ(reasonless.exit_code, 2);
  EXPECT_THAT(reasonless.err, HasSubstr("--reason: required"));
  correct.push_back("--reason=score sheet says draw");
  const ProcessResult arbiter = As(kArbiterToken, correct);
  EXPECT_EQ(arbiter.exit_code, 1);
  EXPECT_THAT(arbiter.err, StartsWith("error: PERMISSION_DENIED: "));
  Json<v1::CorrectResultResponse>(kChiefToken, correct);
  EXPECT_EQ(Round(2).boards(0).result(), v1::GAME_RESULT_DRAW);

  // R5.5: fouls.
  const int64_t player = Round(2).boards(1).black().player_id();
  Json<v1::RecordFoulResponse>(
      kArbiterToken, {"foul", "record", absl::StrCat("--player=", player),
                      "--round=2", "--kind=perpetual-check", "--note=长将"});
  const ProcessResult bad_kind =
      As(kArbiterToken, {"foul", "record", absl::StrCat("--player=", player),
                         "--round=2", "--kind=cheating", "--note=n"});
  EXPECT_EQ(bad_kind.exit_code, 2);
  EXPECT_THAT(bad_kind.err, HasSubstr("--kind"));
}

// 2011 rules, NL.1-NL.3: --late SIDE and --draw-without-play say the ground
// and set the result. The 2016 configuration sets no late_forfeit_minutes,
// so lateness is refused (in Chinese too); a draw without play is a double
// forfeit whose ground counts in "the same result".
TEST_P(CliPlayTest, NL1_NL3_RecordsTheGroundOfAResultWithoutAGame) {
  PairRound2();
  std::vector<std::string> late = {
      "result",    "record",    "--section=open-men",
      "--round=2", "--board=2", "--late=black"};
  const ProcessResult refused = As(kArbiterToken, late);
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_THAT(refused.err, StartsWith("error: FAILED_PRECONDITION: "));
  EXPECT_THAT(refused.err, HasSubstr("tournament 'sichuan-2016' sets no "
                                     "late_forfeit_minutes"));
  late.push_back("--lang=zh");
  const ProcessResult refused_zh = As(kArbiterToken, late);
  EXPECT_EQ(refused_zh.exit_code, 1);
  EXPECT_THAT(refused_zh.err,
              StartsWith("错误：不符合规程 R5.3（成绩种类）。涉及：字段 "
                         "ground"));

  const std::vector<std::string> unplayed = {
      "result",    "record",    "--section=open-men",
      "--round=2", "--board=3", "--draw-without-play"};
  const auto recorded = Json<v1::RecordResultResponse>(kArbiterToken, unplayed);
  EXPECT_FALSE(recorded.result().replayed());
  EXPECT_EQ(Round(2).boards(2).result(), v1::GAME_RESULT_DOUBLE_FORFEIT);
  const auto again = Json<v1::RecordResultResponse>(kArbiter2Token, unplayed);
  EXPECT_TRUE(again.result().replayed());
  // The same double forfeit without the ground is another result.
  const ProcessResult plain = As(kArbiter2Token, RecordArgs(3, "0/0"));
  EXPECT_EQ(plain.exit_code, 1);
  EXPECT_THAT(plain.err, HasSubstr("on the ground of draw without play"));

  for (const auto& [args, named] :
       std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"--late=green"}, "--late: who was late"},
           {{"--late=red", "--result=+/-"}, "--result: not with --late"},
           {{"--late=red", "--draw-without-play"},
            "--late: not with --draw-without-play"}}) {
    std::vector<std::string> bad = {"result", "record", "--section=open-men",
                                    "--round=2", "--board=4"};
    bad.insert(bad.end(), args.begin(), args.end());
    const ProcessResult usage = As(kArbiterToken, bad);
    EXPECT_EQ(usage.exit_code, 2) << named;
    EXPECT_THAT(usage.err, HasSubstr(named));
  }
}

TEST_P(CliPlayTest, StandingsCrosstableAndPrizesAsJsonAndAsAlignedTables) {
  const auto now =
      Json<v1::GetStandingsResponse>("", {"standings", "open-men"});
  ASSERT_EQ(now.rows_size(), 8);
  EXPECT_EQ(now.rows(0).rank(), 1);
  EXPECT_FALSE(now.rows(0).tie_breaks().empty());
  const auto after_one = Json<v1::GetStandingsResponse>(
      "", {"standings", "open-men", "--after-round=1"});
  EXPECT_EQ(after_one.after_round(), 1);
  // R7.5: as of an earlier position (before round 1's last result).
  const auto past = Json<v1::GetStandingsResponse>(
      "", {"standings", "open-men",
           absl::StrCat("--at=", now.as_of_position() - 1)});
  EXPECT_EQ(past.as_of_position(), now.as_of_position() - 1);
  const ProcessResult unknown = As("", {"standings", "no-such-ranking"});
  EXPECT_EQ(unknown.exit_code, 1);
  EXPECT_THAT(unknown.err, StartsWith("error: "));
  const ProcessResult bad_at = As("", {"standings", "open-men", "--at=-3"});
  EXPECT_EQ(bad_at.exit_code, 2);
  EXPECT_THAT(bad_at.err, HasSubstr("--at"));

  const auto crosstable =
      Json<v1::GetCrosstableResponse>("", {"crosstable", "open-men"});
  ASSERT_EQ(crosstable.rows_size(), 8);
  EXPECT_EQ(crosstable.rows(0).pairing_number(), 1);
  EXPECT_GE(crosstable.rows(0).cells_size(), 1);
  const auto prizes = Json<v1::GetPrizesResponse>("", {"prizes"});
  EXPECT_FALSE(prizes.categories().empty());
  EXPECT_FALSE(prizes.provisional_reason().empty());  // rounds are left

  // Chinese headings from the locale; columns line up by display width.
  const std::vector<std::string> args =
      WithServer({test_paths::kCli, "standings", "open-men", kTournament});
  EnvChanges chinese = NeutralEnv();
  chinese.push_back({"LANG", "zh_CN.UTF-8"});
  const ProcessResult table = RunProcess(args, chinese);
  ASSERT_EQ(table.exit_code, 0) << table.err;
  const std::vector<std::string> lines = Lines(table.out);
  ASSERT_GE(lines.size(), 10u);  // title, heading, 8 rows
  EXPECT_THAT(lines[1], StartsWith("名次"));
  EXPECT_THAT(lines[1], HasSubstr("对手分"));
  // The name and score columns start at the same display column on every
  // line.
  const std::vector<size_t> heading = CellColumns(lines[1]);
  ASSERT_GE(heading.size(), 4u);
  for (size_t i = 2; i < lines.size(); ++i) {
    const std::vector<size_t> row = CellColumns(lines[i]);
    ASSERT_GE(row.size(), 4u) << lines[i];
    EXPECT_EQ(row[2], heading[2]) << lines[i];
    EXPECT_EQ(row[3], heading[3]) << lines[i];
  }
  const ProcessResult pairings =
      RunProcess(WithServer({test_paths::kCli, "pairings", kTournament,
                             "--section=open-men", "--lang=zh"}),
                 NeutralEnv());
  EXPECT_THAT(pairings.out, HasSubstr("红方"));
  EXPECT_THAT(pairings.out,
              ::testing::AnyOf(HasSubstr("红胜"), HasSubstr("黑胜"),
                               HasSubstr("和棋")));
}

TEST_P(CliPlayTest, WatchesPrintEachNewStateAndResumeAfterARestart) {
  PairRound2();
  Watch standings(temp_dir_ + "/watch-standings.log",
                  WithServer({test_paths::kCli, "watch", "standings",
                              "open-men", kTournament, "--count=2", "--json"}),
                  NeutralEnv());
  ASSERT_TRUE(standings.WaitForStates(1)) << standings.Output();
  Json<v1::RecordResultResponse>(kArbiterToken, RecordArgs(1, "1-0"));
  ASSERT_TRUE(standings.WaitForStates(2)) << standings.Output();
  EXPECT_EQ(standings.WaitForExit(), 0);
  const auto first = FromJson<v1::GetStandingsResponse>(standings.States()[0]);
  const auto second = FromJson<v1::GetStandingsResponse>(standings.States()[1]);
  EXPECT_LT(first.as_of_position(), second.as_of_position());

  Watch pairings(temp_dir_ + "/watch-pairings.log",
                 WithServer({test_paths::kCli, "watch", "pairings", "open-men",
                             kTournament, "--count=2", "--json"}),
                 NeutralEnv());
  ASSERT_TRUE(pairings.WaitForStates(1)) << pairings.Output();
  ASSERT_EQ(StopServer(), 0);
  StartServer(kCliPlayClock, port_);
  Json<v1::RecordResultResponse>(kArbiterToken, RecordArgs(2, "0-1"));
  ASSERT_TRUE(pairings.WaitForStates(2)) << pairings.Output();
  EXPECT_EQ(pairings.WaitForExit(), 0);
  EXPECT_THAT(pairings.Output(), HasSubstr("reconnecting after position"));
  const auto latest = FromJson<v1::ListPairingsResponse>(pairings.States()[1]);
  ASSERT_EQ(latest.rounds_size(), 2);
  EXPECT_EQ(latest.rounds(1).boards(1).result(), v1::GAME_RESULT_BLACK_WIN);

  const ProcessResult bad =
      As("", {"watch", "standings", "open-men", "--give-up=soon"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_THAT(bad.err, HasSubstr("--give-up"));
}

INSTANTIATE_TEST_SUITE_P(Forms, CliPlayTest,
                         ::testing::Values(Form::kOneProcess, Form::kSplit),
                         FormName);

// The demo's refusals: it replays 2016 and needs a manual clock, a token
// file with every role, and well-formed options; none of them writes.
class CliDemoTest : public EndToEndTest {};

TEST_F(CliDemoTest, RefusesASystemClockMissingTokensAndBadOptions) {
  StartServer();  // system clock
  const ProcessResult system_clock =
      Cli({"demo", "--tokens=" + TokensFile(),
           "--config=" + test_paths::Sichuan2016Json()});
  EXPECT_EQ(system_clock.exit_code, 1);
  EXPECT_THAT(system_clock.err, HasSubstr("--clock=manual:"));
  const ProcessResult no_tokens =
      Cli({"demo", "--tokens=" + temp_dir_ + "/none",
           "--config=" + test_paths::Sichuan2016Json()});
  EXPECT_EQ(no_tokens.exit_code, 2);
  EXPECT_THAT(no_tokens.err, HasSubstr("--tokens: cannot read"));
  const ProcessResult sizes =
      Cli({"demo", "--tokens=" + TokensFile(), "--sizes=open-men=1"});
  EXPECT_EQ(sizes.exit_code, 2);
  EXPECT_THAT(sizes.err, HasSubstr("--sizes"));
  const ProcessResult rounds =
      Cli({"demo", "--tokens=" + TokensFile(), "--rounds=0"});
  EXPECT_EQ(rounds.exit_code, 2);
  EXPECT_THAT(rounds.err, HasSubstr("--rounds"));
  // Nothing was created.
  const ProcessResult show =
      Cli({"tournament", "show", "--tournament=sichuan-2016"});
  EXPECT_EQ(show.exit_code, 1);
  EXPECT_THAT(show.err, StartsWith("error: NOT_FOUND"));
}

}  // namespace
}  // namespace qiwang::e2e
