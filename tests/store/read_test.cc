// Read: the whole log or one stream, forward or backward, with limits.
// R7.5 (any standing as of any point in the log) needs exact positional
// reads; R9.4 (a ruling's whole history) needs reads of one stream.
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

// Log: 1 a:a1, 2 b:b1, 3 a:a2, 4 b:b2, 5 a:a3, 6 a:a4.
class ReadTest : public ::testing::Test {
 protected:
  void SetUp() override {
    for (const auto& [stream, data] :
         std::vector<std::pair<std::string, std::string>>{{"a", "a1"},
                                                          {"b", "b1"},
                                                          {"a", "a2"},
                                                          {"b", "b2"},
                                                          {"a", "a3"},
                                                          {"a", "a4"}}) {
      ASSERT_TRUE(
          log_->Append(MakeAppend(stream, ExpectedVersion::Any(), {data}))
              .ok());
    }
  }

  std::vector<std::string> Data(const ReadRequest& request) {
    absl::StatusOr<std::vector<Record>> records = log_->Read(request);
    EXPECT_TRUE(records.ok()) << records.status();
    std::vector<std::string> data;
    if (records.ok()) {
      for (const Record& record : *records) data.push_back(record.data);
    }
    return data;
  }

  static ReadRequest Request(std::string stream, uint64_t from, size_t limit,
                             Direction direction) {
    ReadRequest request;
    request.stream = std::move(stream);
    request.from = from;
    request.limit = limit;
    request.direction = direction;
    return request;
  }

  TempDir dir_;
  std::unique_ptr<EventLog> log_ = OpenLog(dir_.path());
};

using Strings = std::vector<std::string>;

// R7.5
TEST_F(ReadTest, AllForwardFromAPositionWithALimit) {
  EXPECT_EQ(Data(Request("", 2, 3, Direction::kForward)),
            (Strings{"b1", "a2", "b2"}));
  EXPECT_EQ(Data(Request("", 5, 100, Direction::kForward)),
            (Strings{"a3", "a4"}));
  EXPECT_EQ(Data(Request("", 7, 100, Direction::kForward)), Strings{});
}

// R7.5
TEST_F(ReadTest, AllBackwardFromAPositionOrTheEnd) {
  EXPECT_EQ(Data(Request("", 3, 10, Direction::kBackward)),
            (Strings{"a2", "b1", "a1"}));
  EXPECT_EQ(Data(Request("", ReadRequest::kEnd, 2, Direction::kBackward)),
            (Strings{"a4", "a3"}));
}

// R9.4
TEST_F(ReadTest, StreamForwardFromAVersionWithALimit) {
  absl::StatusOr<std::vector<Record>> records =
      log_->Read(Request("a", 2, 2, Direction::kForward));
  ASSERT_TRUE(records.ok()) << records.status();
  ASSERT_EQ(records->size(), 2u);
  EXPECT_EQ((*records)[0].data, "a2");
  EXPECT_EQ((*records)[0].stream_version, 2u);
  EXPECT_EQ((*records)[0].position, 3u);
  EXPECT_EQ((*records)[1].data, "a3");
  EXPECT_EQ((*records)[1].position, 5u);
  EXPECT_EQ(Data(Request("b", 1, 100, Direction::kForward)),
            (Strings{"b1", "b2"}));
  EXPECT_EQ(Data(Request("nobody", 1, 100, Direction::kForward)), Strings{});
}

// R9.4
TEST_F(ReadTest, StreamBackwardFromAVersionOrTheEnd) {
  EXPECT_EQ(Data(Request("a", 3, 10, Direction::kBackward)),
            (Strings{"a3", "a2", "a1"}));
  EXPECT_EQ(Data(Request("a", ReadRequest::kEnd, 3, Direction::kBackward)),
            (Strings{"a4", "a3", "a2"}));
}

}  // namespace
}  // namespace qiwang::store
