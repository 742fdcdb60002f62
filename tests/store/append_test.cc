// Append: expected versions, idempotency, atomicity and dense positions.
// The store's clauses: R9.1 (every change is a logged event), R9.5 (nothing is
// lost or rewritten), and the ABORTED/ALREADY_EXISTS codes of DESIGN.md.
#include <atomic>
#include <optional>
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

class AppendTest : public ::testing::Test {
 protected:
  TempDir dir_;
  std::unique_ptr<EventLog> log_ = OpenLog(dir_.path());
};

// R9.1: an append answers where its events went.
TEST_F(AppendTest, AnyAppendsAndAnswersPositionsAndVersion) {
  absl::StatusOr<AppendResult> first =
      log_->Append(MakeAppend("t1", ExpectedVersion::Any(), {"a", "b"}));
  ASSERT_TRUE(first.ok()) << first.status();
  EXPECT_EQ(first->first_position, 1u);
  EXPECT_EQ(first->last_position, 2u);
  EXPECT_EQ(first->stream_version, 2u);
  EXPECT_FALSE(first->replayed);

  absl::StatusOr<AppendResult> second =
      log_->Append(MakeAppend("t1", ExpectedVersion::Any(), {"c"}));
  ASSERT_TRUE(second.ok()) << second.status();
  EXPECT_EQ(second->first_position, 3u);
  EXPECT_EQ(second->stream_version, 3u);
  EXPECT_EQ(log_->LastPosition(), 3u);
}

// DESIGN.md errors: NO_STREAM succeeds on a new stream only; the loser of the
// race gets ABORTED naming both versions.
TEST_F(AppendTest, NoStreamSucceedsOnlyOnANewStream) {
  ASSERT_TRUE(
      log_->Append(MakeAppend("t1", ExpectedVersion::NoStream(), {"a"})).ok());
  absl::StatusOr<AppendResult> again =
      log_->Append(MakeAppend("t1", ExpectedVersion::NoStream(), {"b"}));
  EXPECT_EQ(again.status().code(), absl::StatusCode::kAborted);
  EXPECT_EQ(again.status().message(),
            "stream t1: expected no stream, actual version 1");
  EXPECT_EQ(log_->LastPosition(), 1u);
}

TEST_F(AppendTest, ExactSucceedsAtTheCurrentVersion) {
  ASSERT_TRUE(
      log_->Append(MakeAppend("t1", ExpectedVersion::Exact(0), {"a"})).ok());
  absl::StatusOr<AppendResult> next =
      log_->Append(MakeAppend("t1", ExpectedVersion::Exact(1), {"b", "c"}));
  ASSERT_TRUE(next.ok()) << next.status();
  EXPECT_EQ(next->stream_version, 3u);
}

TEST_F(AppendTest, ExactFailsWithAbortedNamingExpectedAndActual) {
  ASSERT_TRUE(log_->Append(MakeAppend("t1", ExpectedVersion::Any(),
                                      {"1", "2", "3", "4", "5"}))
                  .ok());
  absl::StatusOr<AppendResult> stale =
      log_->Append(MakeAppend("t1", ExpectedVersion::Exact(3), {"x"}));
  EXPECT_EQ(stale.status().code(), absl::StatusCode::kAborted);
  EXPECT_EQ(stale.status().message(),
            "stream t1: expected version 3, actual 5");
  absl::StatusOr<uint64_t> version = log_->StreamVersion("t1");
  ASSERT_TRUE(version.ok());
  EXPECT_EQ(*version, 5u);
  EXPECT_EQ(log_->LastPosition(), 5u);
}

// R9.5: a retried command is answered from the log and writes nothing.
TEST_F(AppendTest, SameCommandIdAndContentReplaysTheOriginal) {
  absl::StatusOr<AppendResult> original = log_->Append(
      MakeAppend("t1", ExpectedVersion::NoStream(), {"a", "b"}, "cmd-1"));
  ASSERT_TRUE(original.ok()) << original.status();
  // Retried with the same content; the expected version is stale by now but
  // the retry is still the same command.
  absl::StatusOr<AppendResult> retry = log_->Append(
      MakeAppend("t1", ExpectedVersion::NoStream(), {"a", "b"}, "cmd-1"));
  ASSERT_TRUE(retry.ok()) << retry.status();
  EXPECT_TRUE(retry->replayed);
  EXPECT_EQ(retry->first_position, original->first_position);
  EXPECT_EQ(retry->last_position, original->last_position);
  EXPECT_EQ(retry->stream_version, original->stream_version);
  EXPECT_EQ(log_->LastPosition(), 2u);

  absl::StatusOr<std::optional<AppendResult>> lookup =
      log_->LookupCommand("cmd-1");
  ASSERT_TRUE(lookup.ok() && lookup->has_value());
  EXPECT_EQ((*lookup)->first_position, 1u);
  EXPECT_EQ((*lookup)->last_position, 2u);
}

TEST_F(AppendTest, SameCommandIdWithOtherContentIsAlreadyExists) {
  ASSERT_TRUE(
      log_->Append(MakeAppend("t1", ExpectedVersion::Any(), {"a"}, "cmd-1"))
          .ok());
  absl::StatusOr<AppendResult> other_events = log_->Append(
      MakeAppend("t1", ExpectedVersion::Any(), {"different"}, "cmd-1"));
  EXPECT_EQ(other_events.status().code(), absl::StatusCode::kAlreadyExists);
  EXPECT_NE(other_events.status().message().find("cmd-1"), std::string::npos);
  absl::StatusOr<AppendResult> other_stream =
      log_->Append(MakeAppend("t2", ExpectedVersion::Any(), {"a"}, "cmd-1"));
  EXPECT_EQ(other_stream.status().code(), absl::StatusCode::kAlreadyExists);
  EXPECT_EQ(log_->LastPosition(), 1u);
}

// The fingerprint, when given, is what identifies the command's content.
TEST_F(AppendTest, FingerprintDecidesIdempotencyWhenGiven) {
  AppendRequest request =
      MakeAppend("t1", ExpectedVersion::Any(), {"at 10:00"}, "cmd-1");
  request.fingerprint = "client bytes";
  ASSERT_TRUE(log_->Append(request).ok());
  request.events = {"at 10:01"};  // server-made field changed on the retry
  absl::StatusOr<AppendResult> retry = log_->Append(request);
  ASSERT_TRUE(retry.ok()) << retry.status();
  EXPECT_TRUE(retry->replayed);
  request.fingerprint = "other client bytes";
  EXPECT_EQ(log_->Append(request).status().code(),
            absl::StatusCode::kAlreadyExists);
}

// A known command is answered by name, as its retry would be, writing
// nothing; other content is ALREADY_EXISTS, an unknown id NOT_FOUND.
TEST_F(AppendTest, LookupRetryAnswersAsARetriedAppendWithoutWriting) {
  AppendRequest request =
      MakeAppend("t1", ExpectedVersion::NoStream(), {"a", "b"}, "cmd-1");
  request.fingerprint = "client bytes";
  absl::StatusOr<AppendResult> original = log_->Append(request);
  ASSERT_TRUE(original.ok()) << original.status();

  AppendRequest retry;
  retry.stream = "t1";
  retry.command_id = "cmd-1";
  retry.fingerprint = "client bytes";
  absl::StatusOr<AppendResult> answer = log_->LookupRetry(retry);
  ASSERT_TRUE(answer.ok()) << answer.status();
  EXPECT_TRUE(answer->replayed);
  EXPECT_EQ(answer->first_position, original->first_position);
  EXPECT_EQ(answer->last_position, original->last_position);
  EXPECT_EQ(answer->stream_version, original->stream_version);

  retry.fingerprint = "other client bytes";
  absl::StatusOr<AppendResult> other_content = log_->LookupRetry(retry);
  EXPECT_EQ(other_content.status().code(), absl::StatusCode::kAlreadyExists);
  AppendRequest retried_append = retry;
  retried_append.events = {"c"};
  EXPECT_EQ(other_content.status().message(),
            log_->Append(retried_append).status().message())
      << "the lookup and a retried append answer alike";
  retry.fingerprint = "client bytes";
  retry.stream = "t2";
  EXPECT_EQ(log_->LookupRetry(retry).status().code(),
            absl::StatusCode::kAlreadyExists);
  retry.command_id = "cmd-2";
  EXPECT_EQ(log_->LookupRetry(retry).status().code(),
            absl::StatusCode::kNotFound);
  retry.command_id = "";
  EXPECT_EQ(log_->LookupRetry(retry).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(log_->LastPosition(), 2u);
}

// A client's retry that finds its command while the first try is being
// written gets the events the command appended, never fewer: the lookup
// answers only once those positions are readable.
TEST_F(AppendTest, ACommandFoundByLookupHasAllItsEventsReadable) {
  constexpr int kCommands = 300;
  std::atomic<int> short_reads{0};
  std::thread retrier([this, &short_reads] {
    for (int n = 0; n < kCommands; ++n) {
      const std::string id = absl::StrCat("cmd-", n);
      absl::StatusOr<std::optional<AppendResult>> found;
      do {
        found = log_->LookupCommand(id);
        ASSERT_TRUE(found.ok()) << found.status();
      } while (!found->has_value());
      ReadRequest request;
      request.from = (*found)->first_position;
      request.limit = 3;
      absl::StatusOr<std::vector<Record>> records = log_->Read(request);
      ASSERT_TRUE(records.ok()) << records.status();
      if (records->size() != 3) ++short_reads;
    }
  });
  for (int n = 0; n < kCommands; ++n) {
    ASSERT_TRUE(log_->Append(MakeAppend("t1", ExpectedVersion::Any(),
                                        {"a", "b", "c"},
                                        absl::StrCat("cmd-", n)))
                    .ok());
  }
  retrier.join();
  EXPECT_EQ(short_reads.load(), 0);
}

// R9.5: all events of one append, in order, with consecutive positions and
// versions, interleaved appends to several streams keep positions dense.
TEST_F(AppendTest, PositionsAreDenseAcrossStreamsAndAppendsAreWhole) {
  ASSERT_TRUE(
      log_->Append(MakeAppend("a", ExpectedVersion::Any(), {"a1", "a2"})).ok());
  ASSERT_TRUE(
      log_->Append(MakeAppend("b", ExpectedVersion::Any(), {"b1"})).ok());
  ASSERT_TRUE(
      log_->Append(MakeAppend("a", ExpectedVersion::Any(), {"a3", "a4", "a5"}))
          .ok());
  std::vector<Record> records = ReadEverything(*log_);
  ASSERT_EQ(records.size(), 6u);
  const std::vector<std::string> data = {"a1", "a2", "b1", "a3", "a4", "a5"};
  const std::vector<uint64_t> versions = {1, 2, 1, 3, 4, 5};
  for (size_t i = 0; i < records.size(); ++i) {
    EXPECT_EQ(records[i].position, i + 1);
    EXPECT_EQ(records[i].data, data[i]);
    EXPECT_EQ(records[i].stream_version, versions[i]);
  }
}

// R9.5: what was acknowledged is there after a reopen, and numbering goes on
// from it.
TEST(AppendReopenTest, AcknowledgedEventsSurviveReopenAndNumberingContinues) {
  TempDir dir;
  {
    std::unique_ptr<EventLog> log = OpenLog(dir.path());
    ASSERT_TRUE(
        log->Append(MakeAppend("t1", ExpectedVersion::Any(), {"a", "b"}, "c1"))
            .ok());
  }
  std::unique_ptr<EventLog> log = OpenLog(dir.path());
  EXPECT_EQ(log->LastPosition(), 2u);
  absl::StatusOr<AppendResult> next =
      log->Append(MakeAppend("t1", ExpectedVersion::Exact(2), {"c"}));
  ASSERT_TRUE(next.ok()) << next.status();
  EXPECT_EQ(next->first_position, 3u);
  EXPECT_EQ(next->stream_version, 3u);
  absl::StatusOr<AppendResult> retry =
      log->Append(MakeAppend("t1", ExpectedVersion::Any(), {"a", "b"}, "c1"));
  ASSERT_TRUE(retry.ok());
  EXPECT_TRUE(retry->replayed);
}

}  // namespace
}  // namespace qiwang::store
