// 32 threads race on one stream with exact expected versions: each version
// is won exactly once and no acknowledged event is lost. This is how two
// arbiters recording on one tournament at once are kept apart (DESIGN.md:
// ABORTED for a lost race; R9.5: nothing acknowledged is lost).
#include <map>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/synchronization/notification.h"
#include "gtest/gtest.h"
#include "store/event_log.h"
#include "tests/store/log_test_support.h"

namespace qiwang::store {
namespace {

using ::qiwang::store::testing::MakeAppend;
using ::qiwang::store::testing::OpenLog;
using ::qiwang::store::testing::TempDir;

TEST(RaceTest, ExactlyOneWinnerPerVersionAndNoAcknowledgedEventLost) {
  constexpr int kThreads = 32;
  constexpr size_t kWinsPerThread = 4;
  TempDir dir;
  std::unique_ptr<EventLog> log = OpenLog(dir.path());

  // Each thread records its own wins and losses; they are merged after join.
  struct Outcome {
    std::vector<std::pair<uint64_t, std::string>> wins;  // version, event
    int aborted = 0;
  };
  std::vector<Outcome> outcomes(kThreads);
  absl::Notification start;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      start.WaitForNotification();
      Outcome& outcome = outcomes[t];
      for (int attempt = 0; outcome.wins.size() < kWinsPerThread; ++attempt) {
        absl::StatusOr<uint64_t> version = log->StreamVersion("game");
        ASSERT_TRUE(version.ok()) << version.status();
        const std::string event = absl::StrCat("thread ", t, " try ", attempt);
        absl::StatusOr<AppendResult> result = log->Append(
            MakeAppend("game", ExpectedVersion::Exact(*version), {event}));
        if (result.ok()) {
          EXPECT_EQ(result->stream_version, *version + 1);
          outcome.wins.emplace_back(result->stream_version, event);
        } else {
          ASSERT_EQ(result.status().code(), absl::StatusCode::kAborted)
              << result.status();
          ++outcome.aborted;
        }
      }
    });
  }
  start.Notify();
  for (std::thread& thread : threads) thread.join();

  std::map<uint64_t, std::string> winner_of_version;
  int duplicate_wins = 0;
  int aborted = 0;
  for (const Outcome& outcome : outcomes) {
    aborted += outcome.aborted;
    for (const auto& [version, event] : outcome.wins) {
      if (!winner_of_version.emplace(version, event).second) ++duplicate_wins;
    }
  }
  EXPECT_EQ(duplicate_wins, 0);
  constexpr uint64_t kTotal = kThreads * kWinsPerThread;
  ASSERT_EQ(winner_of_version.size(), kTotal);
  ReadRequest stream;
  stream.stream = "game";
  stream.limit = kTotal + 1;
  absl::StatusOr<std::vector<Record>> records = log->Read(stream);
  ASSERT_TRUE(records.ok()) << records.status();
  ASSERT_EQ(records->size(), kTotal);
  for (const Record& record : *records) {
    EXPECT_EQ(record.data, winner_of_version[record.stream_version])
        << "version " << record.stream_version;
  }
  EXPECT_EQ(log->LastPosition(), kTotal);
  // The race was real: some appends lost it.
  EXPECT_GT(aborted, 0);
}

}  // namespace
}  // namespace qiwang::store
