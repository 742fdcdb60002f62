// Online backup and read-only followers. R9.5: the log is never lost, and a
// second process (an audit or standings service, R9.4) can follow it.
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "store/event_log.h"
#include "tests/store/log_test_support.h"

namespace qiwang::store {
namespace {

using ::qiwang::store::testing::MakeAppend;
using ::qiwang::store::testing::OpenLog;
using ::qiwang::store::testing::ReadEverything;
using ::qiwang::store::testing::TempDir;

void AppendEvents(EventLog& log, int count) {
  for (int i = 0; i < count; ++i) {
    ASSERT_TRUE(
        log.Append(MakeAppend(absl::StrCat("t", i % 3), ExpectedVersion::Any(),
                              {absl::StrCat("e", i), "f"}))
            .ok());
  }
}

// R9.5: the backup holds every event up to the position it reports, and opens
// like any log.
TEST(BackupTest, BackupHoldsEveryEventUpToItsReportedPosition) {
  TempDir dir;
  std::unique_ptr<EventLog> log = OpenLog(dir.Sub("live"));
  AppendEvents(*log, 10);
  absl::StatusOr<uint64_t> backed_up = log->Backup(dir.Sub("backup"));
  ASSERT_TRUE(backed_up.ok()) << backed_up.status();
  EXPECT_EQ(*backed_up, 20u);
  AppendEvents(*log, 2);  // after the backup: not in it

  std::unique_ptr<EventLog> restored = OpenLog(dir.Sub("backup"));
  EXPECT_EQ(restored->LastPosition(), 20u);
  std::vector<Record> original = ReadEverything(*log);
  std::vector<Record> copy = ReadEverything(*restored);
  ASSERT_EQ(copy.size(), 20u);
  for (size_t i = 0; i < copy.size(); ++i) {
    EXPECT_EQ(copy[i].position, original[i].position);
    EXPECT_EQ(copy[i].stream, original[i].stream);
    EXPECT_EQ(copy[i].data, original[i].data);
  }
}

// R9.5: a backup taken while appends run is a consistent cut: dense, and
// exactly up to the position it reports.
TEST(BackupTest, BackupDuringAppendsIsAConsistentCut) {
  TempDir dir;
  std::unique_ptr<EventLog> log = OpenLog(dir.Sub("live"));
  std::thread writer([&] { AppendEvents(*log, 60); });
  absl::StatusOr<uint64_t> backed_up = log->Backup(dir.Sub("backup"));
  writer.join();
  ASSERT_TRUE(backed_up.ok()) << backed_up.status();
  std::unique_ptr<EventLog> restored = OpenLog(dir.Sub("backup"));
  EXPECT_EQ(restored->LastPosition(), *backed_up);
  EXPECT_EQ(*backed_up % 2, 0u) << "an append was cut in half";
  EXPECT_EQ(ReadEverything(*restored).size(), *backed_up);
}

TEST(BackupTest, BackupIntoAnExistingFolderFails) {
  TempDir dir;
  std::unique_ptr<EventLog> log = OpenLog(dir.Sub("live"));
  AppendEvents(*log, 1);
  EXPECT_FALSE(log->Backup(dir.path()).ok());
}

// A primary with `kEventsBefore` appends and a follower opened on it.
class FollowerTest : public ::testing::Test {
 protected:
  static constexpr int kEventsBefore = 2;

  void SetUp() override {
    AppendEvents(*primary_, kEventsBefore);
    absl::StatusOr<std::unique_ptr<EventLog>> follower =
        EventLog::OpenReadOnly(dir_.Sub("live"), dir_.Sub("scratch"));
    ASSERT_TRUE(follower.ok()) << follower.status();
    follower_ = *std::move(follower);
  }

  TempDir dir_;
  std::unique_ptr<EventLog> primary_ = OpenLog(dir_.Sub("live"));
  std::unique_ptr<EventLog> follower_;
};

// R9.4: a follower sees what the primary wrote once it refreshes, and its
// subscribers are woken by the refresh.
TEST_F(FollowerTest, FollowerSeesNewEventsAfterRefresh) {
  EXPECT_EQ(follower_->LastPosition(), 4u);
  std::unique_ptr<Subscription> subscription = follower_->Subscribe(5);
  ASSERT_TRUE(subscription->Next(absl::Now()).ok());  // caught up at 4

  AppendEvents(*primary_, 3);
  EXPECT_EQ(follower_->LastPosition(), 4u);
  ASSERT_TRUE(follower_->Refresh().ok());
  EXPECT_EQ(follower_->LastPosition(), 10u);
  std::vector<Record> seen = ReadEverything(*follower_);
  ASSERT_EQ(seen.size(), 10u);
  EXPECT_EQ(seen.back().data, "f");
  absl::StatusOr<Subscription::Item> item =
      subscription->Next(absl::Now() + absl::Seconds(30));
  ASSERT_TRUE(item.ok()) << item.status();
  EXPECT_EQ(item->record.position, 5u);
}

TEST_F(FollowerTest, FollowerRefusesAppendsAndWritesNothing) {
  absl::StatusOr<AppendResult> result = follower_->Append(
      MakeAppend("t1", ExpectedVersion::Any(), {"from the follower"}));
  EXPECT_EQ(result.status().code(), absl::StatusCode::kUnimplemented);
  ASSERT_TRUE(follower_->Refresh().ok());
  EXPECT_EQ(primary_->LastPosition(), 4u);
  EXPECT_EQ(follower_->LastPosition(), 4u);
}

}  // namespace
}  // namespace qiwang::store
