// EventLogService.Read: forwards, backwards, by stream, limits.
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/server/server_fixture.h"

namespace qiwang::server {
namespace {

using ::testing::ElementsAre;

class ReadTest : public ServerTest {
 protected:
  // Positions 1, 2: stream a versions 1, 2; 3: b version 1; 4: a version 3.
  void SetUp() override {
    ServerTest::SetUp();
    MustAppend(NotesRequest("notes/a", NoStream(), {"a1", "a2"}));
    MustAppend(NotesRequest("notes/b", NoStream(), {"b1"}));
    MustAppend(NotesRequest("notes/a", ExactVersion(2), {"a3"}));
  }

  static v1::ReadRequest Request(const std::string& stream, uint64_t from,
                                 bool backwards, uint32_t limit = 0) {
    v1::ReadRequest request;
    request.set_stream(stream);
    request.set_from(from);
    request.set_backwards(backwards);
    request.set_limit(limit);
    return request;
  }

  static std::vector<std::string> Notes(const ReadResult& result) {
    std::vector<std::string> notes;
    for (const v1::Event& event : result.events) {
      notes.push_back(event.log_note().text());
    }
    return notes;
  }
};

// R7.5: the whole log can be read back from any position.
TEST_F(ReadTest, WholeLogForwardsFromStartOrPosition) {
  const ReadResult all = Read(Request("", 0, false));
  ASSERT_TRUE(all.status.ok()) << all.status.error_message();
  EXPECT_THAT(Positions(all.events), ElementsAre(1, 2, 3, 4));
  EXPECT_THAT(Notes(all), ElementsAre("a1", "a2", "b1", "a3"));

  EXPECT_THAT(Positions(Read(Request("", 3, false)).events), ElementsAre(3, 4));
}

TEST_F(ReadTest, WholeLogBackwardsFromEndOrPosition) {
  EXPECT_THAT(Positions(Read(Request("", 0, true)).events),
              ElementsAre(4, 3, 2, 1));
  EXPECT_THAT(Positions(Read(Request("", 2, true)).events), ElementsAre(2, 1));
}

TEST_F(ReadTest, OneStreamByVersionBothWays) {
  const ReadResult forwards = Read(Request("notes/a", 0, false));
  EXPECT_THAT(Notes(forwards), ElementsAre("a1", "a2", "a3"));
  EXPECT_THAT(Positions(forwards.events), ElementsAre(1, 2, 4));
  EXPECT_EQ(forwards.events.back().stream_version(), 3u);

  EXPECT_THAT(Notes(Read(Request("notes/a", 2, false))),
              ElementsAre("a2", "a3"));
  EXPECT_THAT(Notes(Read(Request("notes/a", 0, true))),
              ElementsAre("a3", "a2", "a1"));
  EXPECT_THAT(Notes(Read(Request("notes/b", 0, false))), ElementsAre("b1"));
}

TEST_F(ReadTest, UnknownStreamReadsNothing) {
  for (bool backwards : {false, true}) {
    const ReadResult result = Read(Request("notes/nobody", 0, backwards));
    EXPECT_TRUE(result.status.ok()) << result.status.error_message();
    EXPECT_TRUE(result.events.empty());
  }
}

TEST_F(ReadTest, LimitCapsTheAnswerAndAboveMaximumIsRefused) {
  EXPECT_THAT(Positions(Read(Request("", 0, false, 2)).events),
              ElementsAre(1, 2));
  EXPECT_THAT(Positions(Read(Request("", 0, true, 1)).events), ElementsAre(4));

  const ReadResult too_many = Read(Request("", 0, false, 10001));
  EXPECT_EQ(too_many.status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_TRUE(absl::StrContains(too_many.status.error_message(), "limit"))
      << too_many.status.error_message();
  EXPECT_TRUE(too_many.events.empty());
}

TEST_F(ReadTest, DefaultLimitIsOneThousand) {
  MustAppend(NotesRequest("notes/bulk", NoStream(),
                          std::vector<std::string>(1200, "n")));
  const ReadResult result = Read(Request("", 0, false));
  ASSERT_TRUE(result.status.ok());
  EXPECT_EQ(result.events.size(), 1000u);
  EXPECT_EQ(Read(Request("", 0, false, 10000)).events.size(), 1204u);
}

}  // namespace
}  // namespace qiwang::server
