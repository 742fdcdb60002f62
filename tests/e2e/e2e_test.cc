// The real qiwangd, started as a process on 127.0.0.1:0 in a temporary data
// folder, driven only through the real qiwang CLI, as an operator would.
#include <signal.h>
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "qiwang/v1/event_log_service.pb.h"
#include "tests/e2e/e2e_fixture.h"
#include "tests/test_paths.h"

namespace qiwang::e2e {
namespace {

using ::testing::HasSubstr;

// The version both programs print is the newest release of CHANGELOG.md.
TEST(VersionTest, BothProgramsPrintTheNewestReleaseOfTheChangelog) {
  std::string newest;
  for (const std::string& line :
       Lines(ReadFile(test_paths::SourcePath("CHANGELOG.md")))) {
    if (absl::StartsWith(line, "## ")) {
      newest = line.substr(3, line.find(' ', 3) - 3);
      break;
    }
  }
  ASSERT_FALSE(newest.empty());
  const ProcessResult server = RunProcess({test_paths::kQiwangd, "--version"});
  EXPECT_EQ(server.exit_code, 0);
  EXPECT_THAT(server.out, HasSubstr("qiwangd " + newest));
  const ProcessResult cli = RunProcess({test_paths::kCli, "--version"});
  EXPECT_EQ(cli.out, "qiwang " + newest + "\n");
  const ProcessResult json =
      RunProcess({test_paths::kCli, "--version", "--json"});
  EXPECT_EQ(json.out, "{\"version\":\"" + newest + "\"}\n");
}
using ::testing::StartsWith;

// R9.1: what was appended reads back with who, why and the command, as a
// table and as JSON.
TEST_F(EndToEndTest, AppendThenReadAsTableAndJson) {
  StartServer();
  const ProcessResult appended =
      Cli({"log", "append", "--stream=notes/t-2016", "--expected=no-stream",
           "--command-id=c1", "--reason=opening", "--note=first",
           "--note=second", "--json"});
  ASSERT_EQ(appended.exit_code, 0) << appended.err;
  const auto response = FromJson<v1::AppendResponse>(Lines(appended.out)[0]);
  EXPECT_EQ(response.first_position(), 1u);
  EXPECT_EQ(response.last_position(), 2u);
  EXPECT_EQ(response.stream_version(), 2u);

  const ProcessResult json = Cli({"log", "read", "--json"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  std::vector<v1::Event> events;
  for (const std::string& line : Lines(json.out)) {
    events.push_back(FromJson<v1::Event>(line));
  }
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[1].position(), 2u);
  EXPECT_EQ(events[1].stream(), "notes/t-2016");
  EXPECT_EQ(events[1].command_id(), "c1");
  EXPECT_EQ(events[1].reason(), "opening");
  EXPECT_EQ(events[1].actor().user(), "olive");
  EXPECT_EQ(events[1].log_note().text(), "second");

  const ProcessResult table = Cli({"log", "read", "--lang=en"});
  ASSERT_EQ(table.exit_code, 0) << table.err;
  const std::vector<std::string> lines = Lines(table.out);
  ASSERT_EQ(lines.size(), 3u) << table.out;
  EXPECT_THAT(lines[0], StartsWith("position"));
  EXPECT_THAT(lines[1], StartsWith("1 "));
  EXPECT_THAT(lines[1], HasSubstr("first"));
  EXPECT_THAT(lines[2], HasSubstr("second"));
}

// Chinese headings (--lang zh) and columns that line up on a terminal even
// where cells hold double-width characters.
TEST_F(EndToEndTest, ChineseTableColumnsLineUp) {
  StartServer();
  ASSERT_EQ(Cli({"log", "append", "--stream=notes/四川", "--reason=开幕式",
                 "--note=第一轮"})
                .exit_code,
            0);
  ASSERT_EQ(
      Cli({"log", "append", "--stream=notes/s", "--reason=ab", "--note=end"})
          .exit_code,
      0);
  const ProcessResult table = Cli({"log", "read", "--lang=zh"});
  ASSERT_EQ(table.exit_code, 0) << table.err;
  const std::vector<std::string> lines = Lines(table.out);
  ASSERT_EQ(lines.size(), 3u) << table.out;
  EXPECT_THAT(lines[0], StartsWith("位置"));
  EXPECT_THAT(lines[0], HasSubstr("内容"));
  // The last column (content) starts at the same display column everywhere.
  const size_t heading_column =
      Columns(lines[0].substr(0, lines[0].find("内容")));
  EXPECT_EQ(Columns(lines[1].substr(0, lines[1].find("第一轮"))),
            heading_column)
      << table.out;
  EXPECT_EQ(Columns(lines[2].substr(0, lines[2].find("end"))), heading_column)
      << table.out;
}

// DESIGN.md "Errors": a refused command prints its code and message, exits
// non-zero and appends nothing; a retried command is answered, not rewritten
// (R9.5).
TEST_F(EndToEndTest, ErrorsAndRetries) {
  StartServer();
  const std::vector<std::string> append = {"log",
                                           "append",
                                           "--stream=notes/t",
                                           "--expected=no-stream",
                                           "--command-id=c1",
                                           "--note=x"};
  ASSERT_EQ(Cli(append).exit_code, 0);
  const ProcessResult retry = Cli(append);
  EXPECT_EQ(retry.exit_code, 0) << retry.err;
  EXPECT_THAT(retry.out, HasSubstr("replayed        yes"));

  const ProcessResult stale = Cli({"log", "append", "--stream=notes/t",
                                   "--expected=no-stream", "--note=y"});
  EXPECT_EQ(stale.exit_code, 1);
  EXPECT_THAT(stale.err, StartsWith("error: ABORTED: "));
  EXPECT_THAT(stale.err, HasSubstr("t"));

  const ProcessResult usage = Cli({"log", "append", "--stream=notes/t",
                                   "--expected=sometimes", "--note=z"});
  EXPECT_EQ(usage.exit_code, 2);
  EXPECT_THAT(usage.err, StartsWith("error: INVALID_ARGUMENT: --expected"));

  const ProcessResult too_many = Cli({"log", "read", "--limit=20000"});
  EXPECT_EQ(too_many.exit_code, 1);
  EXPECT_THAT(too_many.err, StartsWith("error: INVALID_ARGUMENT: limit"));

  const ProcessResult read = Cli({"log", "read", "--json"});
  EXPECT_EQ(Lines(read.out).size(), 1u) << read.out;
}

TEST_F(EndToEndTest, HelpPrintsUsageAndUnreachableServerIsAnError) {
  const ProcessResult help =
      RunProcess({test_paths::kCli, "log", "append", "--help"}, NeutralEnv());
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_THAT(help.out, StartsWith("usage: qiwang log append --stream S"));
  EXPECT_THAT(help.out, HasSubstr("--note=TEXT"));

  // QIWANG_SERVER names the server when --server is absent; nothing listens
  // on port 1.
  EnvChanges env = NeutralEnv();
  env.back() = {"QIWANG_SERVER", "127.0.0.1:1"};
  const ProcessResult down =
      RunProcess({test_paths::kCli, "log", "read", "--timeout=5s"}, env);
  EXPECT_EQ(down.exit_code, 1);
  EXPECT_THAT(down.err, StartsWith("error: UNAVAILABLE: "));
}

// SIGTERM and SIGINT stop qiwangd with exit 0 and the log survives a
// restart.
TEST_F(EndToEndTest, SigtermStopsCleanlyAndRestartKeepsTheEvents) {
  StartServer();
  ASSERT_EQ(Cli({"log", "append", "--stream=notes/t", "--note=before restart"})
                .exit_code,
            0);
  EXPECT_EQ(StopServer(), 0) << ReadFile(ServerLog());
  EXPECT_THAT(ReadFile(ServerLog()),
              HasSubstr("qiwangd listening on 127.0.0.1:"));

  StartServer();
  const ProcessResult read = Cli({"log", "read", "--json"});
  ASSERT_EQ(read.exit_code, 0) << read.err;
  ASSERT_EQ(Lines(read.out).size(), 1u);
  EXPECT_EQ(FromJson<v1::Event>(Lines(read.out)[0]).log_note().text(),
            "before restart");
  const ProcessResult next = Cli({"log", "append", "--stream=notes/t",
                                  "--expected=1", "--note=after", "--json"});
  ASSERT_EQ(next.exit_code, 0) << next.err;
  EXPECT_EQ(FromJson<v1::AppendResponse>(Lines(next.out)[0]).last_position(),
            2u);
  EXPECT_EQ(StopServer(SIGINT), 0) << ReadFile(ServerLog());
  EXPECT_THAT(ReadFile(ServerLog()), HasSubstr("SIGINT received"));
}

// An operator's `top -H` or `ps -L` shows which part of qiwangd each
// thread runs, not a dozen threads all called "qiwangd".
TEST_F(EndToEndTest, ThreadsNameThePartOfTheServerTheyRun) {
  ledger_flags_ = {"--http_listen=127.0.0.1:0"};
  StartServer();
  ASSERT_NE(port_, 0);
  const std::vector<std::string> parts = {"http-io", "watch-hub", "pair-round",
                                          "verify-log"};
  std::set<std::string> names;
  // A thread names itself once it runs, which may be just after the server
  // says it listens.
  const bool all_named = WaitFor(
      [&] {
        names.clear();
        for (const auto& task : std::filesystem::directory_iterator(
                 absl::StrCat("/proc/", server_->pid(), "/task"))) {
          names.emplace(
              absl::StripAsciiWhitespace(ReadFile(task.path() / "comm")));
        }
        return std::all_of(
            parts.begin(), parts.end(),
            [&](const std::string& part) { return names.contains(part); });
      },
      absl::Seconds(10));
  EXPECT_TRUE(all_named) << absl::StrJoin(names, ", ");
}

// `log tail` stops once caught up; `--follow` receives live events and ends
// with the server's status when the server is stopped, which still exits 0.
TEST_F(EndToEndTest, TailCatchesUpAndFollowSeesLiveEventsUntilShutdown) {
  StartServer();
  ASSERT_EQ(Cli({"log", "append", "--stream=notes/t", "--note=one"}).exit_code,
            0);
  const ProcessResult tail = Cli({"log", "tail", "--json"});
  ASSERT_EQ(tail.exit_code, 0) << tail.err;
  const std::vector<std::string> items = Lines(tail.out);
  ASSERT_EQ(items.size(), 2u) << tail.out;
  EXPECT_EQ(FromJson<v1::SubscribeResponse>(items[0]).event().position(), 1u);
  EXPECT_EQ(FromJson<v1::SubscribeResponse>(items[1]).caught_up().position(),
            1u);

  const std::string follow_log = temp_dir_ + "/follow.log";
  BackgroundProcess follow({test_paths::kCli, "log", "tail", "--follow",
                            "--json", "--server=" + address_},
                           follow_log, NeutralEnv());
  ASSERT_TRUE(WaitFor(
      [&] { return absl::StrContains(ReadFile(follow_log), "caughtUp"); },
      kStartupTimeout))
      << ReadFile(follow_log);
  ASSERT_EQ(
      Cli({"log", "append", "--stream=notes/t", "--note=live one"}).exit_code,
      0);
  EXPECT_TRUE(WaitFor(
      [&] { return absl::StrContains(ReadFile(follow_log), "live one"); },
      kStartupTimeout))
      << ReadFile(follow_log);

  EXPECT_EQ(StopServer(), 0) << ReadFile(ServerLog());
  EXPECT_EQ(follow.WaitForExit(absl::Seconds(30)), 1);
  EXPECT_THAT(ReadFile(follow_log), HasSubstr("error: UNAVAILABLE: "));
}

}  // namespace
}  // namespace qiwang::e2e
