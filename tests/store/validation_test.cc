// Bad input is INVALID_ARGUMENT naming the field, and writes nothing
// (DESIGN.md errors; R9.5: the log holds only what was accepted).
#include <functional>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "store/event_log.h"
#include "tests/store/log_test_support.h"

namespace qiwang::store {
namespace {

using ::qiwang::store::testing::MakeAppend;
using ::qiwang::store::testing::OpenLog;
using ::qiwang::store::testing::TempDir;

// One kind of bad input: how to spoil a valid request, and the word the
// error message must contain.
struct BadInput {
  std::string name;
  std::function<void(AppendRequest&, const Options&)> spoil;
  std::string field;
};

class ValidationTest : public ::testing::TestWithParam<BadInput> {
 protected:
  static AppendRequest Valid() {
    return MakeAppend("t1", ExpectedVersion::Any(), {"event"}, "cmd");
  }

  Options options_;
  TempDir dir_;
  std::unique_ptr<EventLog> log_ = OpenLog(dir_.path(), options_);
};

TEST_P(ValidationTest, IsInvalidArgumentNamingTheFieldAndWritesNothing) {
  AppendRequest request = Valid();
  GetParam().spoil(request, options_);
  absl::StatusOr<AppendResult> result = log_->Append(request);
  EXPECT_EQ(result.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(result.status().message().find(GetParam().field), std::string::npos)
      << result.status();
  EXPECT_EQ(log_->LastPosition(), 0u);
  EXPECT_EQ(log_->Read(ReadRequest())->size(), 0u);
  // The command id was not consumed: the corrected request goes through.
  absl::StatusOr<AppendResult> corrected = log_->Append(Valid());
  ASSERT_TRUE(corrected.ok()) << corrected.status();
  EXPECT_FALSE(corrected->replayed);
}

INSTANTIATE_TEST_SUITE_P(
    EveryBadInput, ValidationTest,
    ::testing::Values(
        BadInput{"EmptyStreamName",
                 [](AppendRequest& r, const Options&) { r.stream = ""; },
                 "stream: name is empty"},
        BadInput{"OverLongStreamName",
                 [](AppendRequest& r, const Options& o) {
                   r.stream = std::string(o.max_stream_name_bytes + 1, 's');
                 },
                 "max_stream_name_bytes"},
        BadInput{"StreamNameWithNulByte",
                 [](AppendRequest& r, const Options&) {
                   r.stream = std::string("t1\0x", 4);
                 },
                 "NUL"},
        BadInput{"EventOverTheSizeLimit",
                 [](AppendRequest& r, const Options& o) {
                   r.events.push_back(std::string(o.max_event_bytes + 1, 'e'));
                 },
                 "events[1]"},
        BadInput{"UnknownExpectedVersionKind",
                 [](AppendRequest& r, const Options&) {
                   r.expected.kind = static_cast<ExpectedVersion::Kind>(7);
                 },
                 "expected-version kind 7"},
        BadInput{"EmptyAppend",
                 [](AppendRequest& r, const Options&) { r.events.clear(); },
                 "empty append"},
        BadInput{"OverLongCommandId",
                 [](AppendRequest& r, const Options& o) {
                   r.command_id = std::string(o.max_command_id_bytes + 1, 'c');
                 },
                 "max_command_id_bytes"},
        BadInput{"TooManyEventsInOneAppend",
                 [](AppendRequest& r, const Options& o) {
                   r.events.assign(o.max_events_per_append + 1, "e");
                 },
                 "max_events_per_append"},
        BadInput{"TooManyEventsInOneBulkAppend",
                 [](AppendRequest& r, const Options& o) {
                   r.bulk = true;
                   r.events.assign(o.max_events_per_bulk_append + 1, "e");
                 },
                 "max_events_per_bulk_append"}),
    [](const ::testing::TestParamInfo<BadInput>& info) {
      return info.param.name;
    });

// Issue 26 §3: a bulk append (the TRF import) over max_events_per_append
// lands whole, in one write; the same events unmarked are refused.
TEST(BulkAppendTest, Issue26_LandsWholeOverThePerAppendCeiling) {
  TempDir dir;
  Options options;
  options.max_events_per_append = 10;
  options.max_events_per_bulk_append = 50;
  std::unique_ptr<EventLog> log = OpenLog(dir.path(), options);
  AppendRequest request = MakeAppend("t1", ExpectedVersion::NoStream(),
                                     std::vector<std::string>(50, "e"), "imp");
  EXPECT_EQ(log->Append(request).status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(log->LastPosition(), 0u);
  request.bulk = true;
  absl::StatusOr<AppendResult> appended = log->Append(request);
  ASSERT_TRUE(appended.ok()) << appended.status();
  EXPECT_EQ(appended->first_position, 1u);
  EXPECT_EQ(appended->last_position, 50u);
  ReadRequest all;
  all.limit = 100;
  EXPECT_EQ(log->Read(all)->size(), 50u);
}

TEST(ReadValidationTest, ZeroLimitIsInvalidArgument) {
  TempDir dir;
  std::unique_ptr<EventLog> log = OpenLog(dir.path());
  ReadRequest request;
  request.limit = 0;
  absl::StatusOr<std::vector<Record>> records = log->Read(request);
  EXPECT_EQ(records.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(records.status().message().find("limit"), std::string::npos);
}

}  // namespace
}  // namespace qiwang::store
