// AppendBatch: several requests in one synced write, checked in order, each
// answered as Append would have; a refused one writes nothing and does not
// disturb the others (R9.5: nothing lost or rewritten).
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "store/event_log.h"
#include "tests/store/log_test_support.h"

namespace qiwang::store {
namespace {

using ::qiwang::store::testing::MakeAppend;
using ::qiwang::store::testing::OpenLog;
using ::qiwang::store::testing::ReadEverything;
using ::qiwang::store::testing::TempDir;
using ::testing::HasSubstr;

class AppendBatchTest : public ::testing::Test {
 protected:
  TempDir dir_;
  std::unique_ptr<EventLog> log_ = OpenLog(dir_.path());
};

TEST_F(AppendBatchTest,
       RequestsSeeTheOnesBeforeThemAndTakeConsecutivePositions) {
  std::vector<absl::StatusOr<AppendResult>> results = log_->AppendBatch({
      MakeAppend("t", ExpectedVersion::NoStream(), {"a", "b"}, "c1"),
      MakeAppend("t", ExpectedVersion::Exact(2), {"c"}, "c2"),
      MakeAppend("u", ExpectedVersion::Any(), {"d"}),
  });
  ASSERT_EQ(results.size(), 3u);
  for (const auto& result : results)
    ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_EQ(results[0]->first_position, 1u);
  EXPECT_EQ(results[0]->last_position, 2u);
  EXPECT_EQ(results[1]->first_position, 3u);
  EXPECT_EQ(results[1]->stream_version, 3u);
  EXPECT_EQ(results[2]->first_position, 4u);
  EXPECT_EQ(results[2]->stream_version, 1u);
  EXPECT_EQ(log_->LastPosition(), 4u);
  const std::vector<Record> records = ReadEverything(*log_);
  ASSERT_EQ(records.size(), 4u);
  EXPECT_EQ(records[2].data, "c");
  EXPECT_EQ(records[2].command_id, "c2");
}

// A wrong version, a reused command id with other content and a malformed
// request each fail alone; the requests between them land densely.
TEST_F(AppendBatchTest, RefusedRequestsWriteNothingAndDisturbNoOther) {
  ASSERT_TRUE(
      log_->Append(MakeAppend("t", ExpectedVersion::Any(), {"x"}, "used"))
          .ok());
  std::vector<absl::StatusOr<AppendResult>> results = log_->AppendBatch({
      MakeAppend("t", ExpectedVersion::Exact(7), {"stale"}),
      MakeAppend("t", ExpectedVersion::Exact(1), {"a"}, "ok-1"),
      MakeAppend("t", ExpectedVersion::Any(), {"other"}, "used"),
      MakeAppend("t", ExpectedVersion::Any(), {}),
      MakeAppend("t", ExpectedVersion::Exact(2), {"b"}, "ok-2"),
  });
  ASSERT_EQ(results.size(), 5u);
  EXPECT_EQ(results[0].status().code(), absl::StatusCode::kAborted);
  EXPECT_EQ(results[2].status().code(), absl::StatusCode::kAlreadyExists);
  EXPECT_EQ(results[3].status().code(), absl::StatusCode::kInvalidArgument);
  ASSERT_TRUE(results[1].ok()) << results[1].status();
  ASSERT_TRUE(results[4].ok()) << results[4].status();
  EXPECT_EQ(results[1]->first_position, 2u);
  EXPECT_EQ(results[4]->first_position, 3u);
  EXPECT_EQ(results[4]->stream_version, 3u);
  const std::vector<Record> records = ReadEverything(*log_);
  ASSERT_EQ(records.size(), 3u);
  EXPECT_EQ(records[1].data, "a");
  EXPECT_EQ(records[2].data, "b");
}

// A retry inside a batch answers the original, even one staged earlier in
// the same batch, and writes nothing.
TEST_F(AppendBatchTest, KnownCommandIdIsAReplay) {
  std::vector<absl::StatusOr<AppendResult>> results = log_->AppendBatch({
      MakeAppend("t", ExpectedVersion::Any(), {"a"}, "once"),
      MakeAppend("t", ExpectedVersion::Any(), {"a"}, "once"),
  });
  ASSERT_TRUE(results[0].ok() && results[1].ok());
  EXPECT_FALSE(results[0]->replayed);
  EXPECT_TRUE(results[1]->replayed);
  EXPECT_EQ(results[1]->first_position, results[0]->first_position);
  EXPECT_EQ(log_->LastPosition(), 1u);
}

TEST_F(AppendBatchTest, AtPositionThatMovedWritesNothing) {
  ASSERT_TRUE(
      log_->Append(MakeAppend("t", ExpectedVersion::Any(), {"x"})).ok());
  std::vector<absl::StatusOr<AppendResult>> results =
      log_->AppendBatch({MakeAppend("t", ExpectedVersion::Any(), {"a"}),
                         MakeAppend("t", ExpectedVersion::Any(), {"b"})},
                        {.at_position = 1});
  for (const auto& result : results) {
    EXPECT_EQ(result.status().code(), absl::StatusCode::kFailedPrecondition);
    EXPECT_THAT(result.status().message(), HasSubstr("at_position"));
  }
  EXPECT_EQ(log_->LastPosition(), 1u);
  results = log_->AppendBatch({MakeAppend("t", ExpectedVersion::Any(), {"a"})},
                              {.at_position = 2});
  ASSERT_TRUE(results[0].ok()) << results[0].status();
  EXPECT_EQ(results[0]->first_position, 2u);
}

// Batches and single appends from many threads at once: every event lands
// once, positions dense, each stream's versions in its batch order.
TEST_F(AppendBatchTest, ConcurrentBatchesLandExactlyOnceInOrder) {
  constexpr int kThreads = 8;
  constexpr int kBatches = 20;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([this, t] {
      const std::string stream = absl::StrCat("s", t);
      for (int b = 0; b < kBatches; ++b) {
        const uint64_t base = 3 * b;
        auto results = log_->AppendBatch(
            {MakeAppend(stream, ExpectedVersion::Exact(base), {"1"}),
             MakeAppend(stream, ExpectedVersion::Exact(base + 1), {"2", "3"})});
        for (const auto& result : results) EXPECT_TRUE(result.ok());
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  const std::vector<Record> records = ReadEverything(*log_);
  ASSERT_EQ(records.size(), static_cast<size_t>(kThreads * kBatches * 3));
  for (size_t i = 0; i < records.size(); ++i) {
    EXPECT_EQ(records[i].position, i + 1);
    EXPECT_EQ(records[i].data,
              absl::StrCat((records[i].stream_version - 1) % 3 + 1));
  }
}

}  // namespace
}  // namespace qiwang::store
