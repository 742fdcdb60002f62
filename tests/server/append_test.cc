// EventLogService.Append through a real channel: expected versions, statuses,
// idempotent retries, refused input, and the envelope the server stamps.
#include <set>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/time/clock.h"
#include "gtest/gtest.h"
#include "tests/server/server_fixture.h"

namespace qiwang::server {
namespace {

using AppendTest = ServerTest;

// DESIGN.md "Errors": a lost race (stale expected version) is ABORTED.
TEST_F(AppendTest, NoStreamCreatesTheStreamOnceThenAborts) {
  const v1::AppendResponse created =
      MustAppend(NotesRequest("notes/t-2016", NoStream(), {"one", "two"}));
  EXPECT_EQ(created.first_position(), 1u);
  EXPECT_EQ(created.last_position(), 2u);
  EXPECT_EQ(created.stream_version(), 2u);
  EXPECT_FALSE(created.replayed());

  v1::AppendResponse response;
  const grpc::Status again =
      Append(NotesRequest("notes/t-2016", NoStream(), {"three"}), &response);
  EXPECT_EQ(again.error_code(), grpc::StatusCode::ABORTED)
      << again.error_message();
  EXPECT_EQ(ReadAll().size(), 2u);
}

// DESIGN.md "Errors": ABORTED for a stale expected version; the exact one wins.
TEST_F(AppendTest, ExactVersionMustMatchTheStream) {
  MustAppend(NotesRequest("notes/t-2016", NoStream(), {"one"}));

  v1::AppendResponse response;
  const grpc::Status stale = Append(
      NotesRequest("notes/t-2016", ExactVersion(0), {"late"}), &response);
  EXPECT_EQ(stale.error_code(), grpc::StatusCode::ABORTED);
  const grpc::Status ahead = Append(
      NotesRequest("notes/t-2016", ExactVersion(5), {"early"}), &response);
  EXPECT_EQ(ahead.error_code(), grpc::StatusCode::ABORTED);

  const v1::AppendResponse next =
      MustAppend(NotesRequest("notes/t-2016", ExactVersion(1), {"two"}));
  EXPECT_EQ(next.first_position(), 2u);
  EXPECT_EQ(next.stream_version(), 2u);
  EXPECT_EQ(ReadAll().size(), 2u);
}

TEST_F(AppendTest, AnyAppendsToNewAndExistingStreams) {
  EXPECT_EQ(
      MustAppend(NotesRequest("notes/a", AnyVersion(), {"1"})).stream_version(),
      1u);
  EXPECT_EQ(
      MustAppend(NotesRequest("notes/b", AnyVersion(), {"1"})).stream_version(),
      1u);
  const v1::AppendResponse third =
      MustAppend(NotesRequest("notes/a", AnyVersion(), {"2"}));
  EXPECT_EQ(third.first_position(), 3u);
  EXPECT_EQ(third.stream_version(), 2u);
}

// R9.5: a retried command is answered from the log, never written twice.
TEST_F(AppendTest, RetryWithSameCommandAndContentReplaysTheOriginal) {
  const v1::AppendRequest request =
      NotesRequest("notes/t-2016", NoStream(), {"one", "two"}, "cmd-1");
  const v1::AppendResponse first = MustAppend(request);
  const std::vector<v1::Event> stored = ReadAll();

  const v1::AppendResponse retry = MustAppend(request);
  EXPECT_TRUE(retry.replayed());
  EXPECT_EQ(retry.first_position(), first.first_position());
  EXPECT_EQ(retry.last_position(), first.last_position());
  EXPECT_EQ(retry.stream_version(), first.stream_version());

  const std::vector<v1::Event> after = ReadAll();
  ASSERT_EQ(after.size(), stored.size());
  for (size_t i = 0; i < after.size(); ++i) {
    EXPECT_EQ(after[i].event_id(), stored[i].event_id());
  }
}

// DESIGN.md "Errors": ALREADY_EXISTS for a replayed command with other content.
TEST_F(AppendTest, RetryWithSameCommandButOtherContentIsAlreadyExists) {
  MustAppend(NotesRequest("notes/t-2016", AnyVersion(), {"one"}, "cmd-1"));
  v1::AppendResponse response;
  const grpc::Status other = Append(
      NotesRequest("notes/t-2016", AnyVersion(), {"something else"}, "cmd-1"),
      &response);
  EXPECT_EQ(other.error_code(), grpc::StatusCode::ALREADY_EXISTS)
      << other.error_message();
  EXPECT_EQ(ReadAll().size(), 1u);
}

struct BadAppend {
  std::string name;
  v1::AppendRequest request;
  std::string field_named;  // the message must name this field
};

std::vector<BadAppend> BadAppends() {
  std::vector<BadAppend> cases;
  v1::AppendRequest unspecified = NotesRequest("notes/t", AnyVersion(), {"x"});
  unspecified.mutable_expected_version()->set_kind(
      v1::ExpectedVersion::KIND_UNSPECIFIED);
  cases.push_back({"unspecified kind", unspecified, "expected_version.kind"});

  v1::AppendRequest unknown = NotesRequest("notes/t", AnyVersion(), {"x"});
  unknown.mutable_expected_version()->set_kind(
      static_cast<v1::ExpectedVersion::Kind>(42));
  cases.push_back({"unknown kind", unknown, "expected_version.kind"});

  v1::AppendRequest version_with_any =
      NotesRequest("notes/t", AnyVersion(), {"x"});
  version_with_any.mutable_expected_version()->set_version(3);
  cases.push_back(
      {"version without exact", version_with_any, "expected_version.version"});

  cases.push_back(
      {"no events", NotesRequest("notes/t", AnyVersion(), {}), "events"});

  v1::AppendRequest no_payload =
      NotesRequest("notes/t", AnyVersion(), {"x", "y"});
  no_payload.mutable_events(1)->clear_log_note();
  cases.push_back({"event without payload", no_payload, "events[1].payload"});

  cases.push_back(
      {"empty stream", NotesRequest("", AnyVersion(), {"x"}), "stream"});
  return cases;
}

// DESIGN.md "Errors": malformed input is INVALID_ARGUMENT, names the field and
// appends nothing.
TEST_F(AppendTest, BadInputIsInvalidArgumentNamingTheFieldAndAppendsNothing) {
  for (const BadAppend& bad : BadAppends()) {
    SCOPED_TRACE(bad.name);
    v1::AppendResponse response;
    const grpc::Status status = Append(bad.request, &response);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
    EXPECT_TRUE(absl::StrContains(status.error_message(), bad.field_named))
        << status.error_message();
  }
  EXPECT_TRUE(ReadAll().empty());
}

// R9.1: every event says who (actor), when (server time), why (reason) and
// which command caused it.
TEST_F(AppendTest, StoredEventsCarryTheEnvelopeTheServerStamped) {
  const absl::Time before = absl::Now();
  v1::AppendRequest request =
      NotesRequest("notes/t-2016", NoStream(), {"第一轮", "second"}, "cmd-7");
  request.mutable_events(0)->set_reason("round 1 published");
  MustAppend(request);
  const absl::Time after = absl::Now();

  const std::vector<v1::Event> events = ReadAll();
  ASSERT_EQ(events.size(), 2u);
  std::set<std::string> event_ids;
  for (size_t i = 0; i < events.size(); ++i) {
    const v1::Event& event = events[i];
    EXPECT_EQ(event.position(), i + 1);
    EXPECT_EQ(event.stream(), "notes/t-2016");
    EXPECT_EQ(event.stream_version(), i + 1);
    EXPECT_EQ(event.command_id(), "cmd-7");
    EXPECT_EQ(event.actor().user(), "olive");
    EXPECT_EQ(event.actor().role(), "organiser");
    EXPECT_EQ(event.event_id().size(), 32u);
    event_ids.insert(event.event_id());
    const absl::Time stamped =
        absl::FromUnixSeconds(event.server_time().seconds()) +
        absl::Nanoseconds(event.server_time().nanos());
    EXPECT_GE(stamped, before);
    EXPECT_LE(stamped, after);
  }
  EXPECT_EQ(event_ids.size(), 2u);
  EXPECT_EQ(events[0].reason(), "round 1 published");
  EXPECT_EQ(events[0].log_note().text(), "第一轮");
  EXPECT_EQ(events[1].reason(), "test");
  EXPECT_EQ(events[1].log_note().text(), "second");
}

// R9.1: tournament events come only from the ledger, so a raw append can
// neither forge one nor write to a tournament's stream.
TEST_F(AppendTest, RawAppendsOutsideNotesStreamsAreRefused) {
  v1::AppendResponse response;
  const grpc::Status status =
      Append(NotesRequest("sichuan-2016", AnyVersion(), {"x"}), &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_TRUE(absl::StrContains(status.error_message(), "notes/"))
      << status.error_message();
  EXPECT_TRUE(ReadAll().empty());
}

}  // namespace
}  // namespace qiwang::server
