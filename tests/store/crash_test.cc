// Kill -9 at random moments: every acknowledged append survives, intact and
// in order, positions stay dense, and no append is there in part (R9.5:
// nothing acknowledged is ever lost; the event-log contract's atomic appends
// and gap-free positions).
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "store/event_log.h"
#include "tests/store/log_test_support.h"
#include "tests/test_paths.h"

extern char** environ;

namespace qiwang::store {
namespace {

using ::qiwang::store::testing::OpenLog;
using ::qiwang::store::testing::ReadEverything;
using ::qiwang::store::testing::TempDir;

constexpr int kEventsPerAppend = 3;

struct Acknowledged {
  int run;
  int append;
  uint64_t first;
  uint64_t last;
};

// Runs the child on `dir`, kills it with SIGKILL after it has acknowledged
// `kill_after` appends, and answers every append it acknowledged (including
// ones it reported before the kill took effect).
std::vector<Acknowledged> RunChildAndKill(const std::string& dir, int run,
                                          int kill_after) {
  int pipe_fds[2];
  EXPECT_EQ(pipe(pipe_fds), 0);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
  posix_spawn_file_actions_addclose(&actions, pipe_fds[0]);
  posix_spawn_file_actions_addclose(&actions, pipe_fds[1]);
  std::string child = test_paths::kStoreCrashChild;
  std::string run_text = std::to_string(run);
  std::vector<char*> argv = {child.data(), const_cast<char*>(dir.c_str()),
                             run_text.data(), nullptr};
  pid_t pid;
  EXPECT_EQ(
      posix_spawn(&pid, child.c_str(), &actions, nullptr, argv.data(), environ),
      0);
  posix_spawn_file_actions_destroy(&actions);
  close(pipe_fds[1]);

  std::vector<Acknowledged> acknowledged;
  FILE* from_child = fdopen(pipe_fds[0], "r");
  bool killed = false;
  auto kill_child = [&] {
    kill(pid, SIGKILL);
    killed = true;
  };
  if (kill_after == 0) kill_child();
  Acknowledged ack;
  unsigned long long first, last;
  // Blocks on the pipe; ends when the child is dead and the pipe drained.
  while (std::fscanf(from_child, "%d %d %llu %llu", &ack.run, &ack.append,
                     &first, &last) == 4) {
    ack.first = first;
    ack.last = last;
    acknowledged.push_back(ack);
    if (!killed && static_cast<int>(acknowledged.size()) >= kill_after) {
      kill_child();
    }
  }
  std::fclose(from_child);
  int wait_status = 0;
  EXPECT_EQ(waitpid(pid, &wait_status, 0), pid);
  EXPECT_TRUE(WIFSIGNALED(wait_status) && WTERMSIG(wait_status) == SIGKILL)
      << "the child ended on its own, status " << wait_status;
  return acknowledged;
}

std::string EventData(int run, int append, int event) {
  return absl::StrCat("run ", run, " append ", append, " event ", event);
}

// Checks the whole log after a crash: dense positions, dense versions per
// stream, every append whole and contiguous, every acknowledged one present.
void CheckLogAfterCrash(const std::string& dir,
                        const std::vector<Acknowledged>& acknowledged) {
  std::unique_ptr<EventLog> log = OpenLog(dir);
  ASSERT_NE(log, nullptr);
  std::vector<Record> records = ReadEverything(*log);
  ASSERT_EQ(records.size(), log->LastPosition());
  std::map<std::string, uint64_t> stream_versions;
  for (size_t i = 0; i < records.size(); ++i) {
    ASSERT_EQ(records[i].position, i + 1);
    ASSERT_EQ(records[i].stream_version, ++stream_versions[records[i].stream])
        << "stream " << records[i].stream << " at position " << i + 1;
  }
  // All or nothing: each command's events sit together, in order.
  for (size_t i = 0; i < records.size(); i += kEventsPerAppend) {
    ASSERT_LE(i + kEventsPerAppend, records.size()) << "a torn append at end";
    int run, append;
    ASSERT_EQ(
        std::sscanf(records[i].command_id.c_str(), "r%d-a%d", &run, &append),
        2);
    for (int event = 0; event < kEventsPerAppend; ++event) {
      const Record& record = records[i + event];
      ASSERT_EQ(record.command_id, records[i].command_id);
      ASSERT_EQ(record.data, EventData(run, append, event));
    }
  }
  for (const Acknowledged& ack : acknowledged) {
    ASSERT_LE(ack.last, records.size())
        << "acknowledged append lost: run " << ack.run << " #" << ack.append;
    ASSERT_EQ(ack.last - ack.first + 1, uint64_t{kEventsPerAppend});
    for (int event = 0; event < kEventsPerAppend; ++event) {
      EXPECT_EQ(records[ack.first - 1 + event].data,
                EventData(ack.run, ack.append, event));
    }
  }
}

TEST(CrashTest, KilledWriterLosesNoAcknowledgedAppendAndLeavesNoneTorn) {
  constexpr int kRuns = 24;
  std::mt19937 random(20161013);  // fixed seed: the same kills every run
  std::uniform_int_distribution<int> kill_after(0, 60);
  TempDir dir;
  std::vector<Acknowledged> acknowledged;
  for (int run = 0; run < kRuns; ++run) {
    const int kill_at = kill_after(random);
    SCOPED_TRACE(absl::StrCat("run ", run, ", killed after ", kill_at));
    std::vector<Acknowledged> this_run =
        RunChildAndKill(dir.path(), run, kill_at);
    EXPECT_GE(static_cast<int>(this_run.size()), kill_at);
    acknowledged.insert(acknowledged.end(), this_run.begin(), this_run.end());
    CheckLogAfterCrash(dir.path(), acknowledged);
    if (HasFatalFailure()) return;
  }
}

}  // namespace
}  // namespace qiwang::store
