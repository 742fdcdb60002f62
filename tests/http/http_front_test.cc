// The HTTP front of a real qiwangd (StandingsServerTest's server on a
// RocksDB log in a temp folder) on 127.0.0.1 with a free port, spoken to by
// clients we did not write: curl for the Connect protocol, raw sockets for
// what curl will not send. Every refusal names what is wrong, appends
// nothing, and the front keeps serving others.
#include "services/http/http_front.h"

#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "gmock/gmock.h"
#include "google/protobuf/descriptor.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "qiwang/v1/event_log_service.grpc.pb.h"
#include "qiwang/v1/standings_service.grpc.pb.h"
#include "services/http/broadcast_feed.h"
#include "services/http/line_patch.h"
#include "tests/http/http_client.h"
#include "tests/http/http_front_fixture.h"
#include "tests/http/live_route.h"
#include "tests/standings/standings_server_fixture.h"

namespace qiwang::http {
namespace {

using standings::kArbiter;
using standings::kRegistrar;
using standings::kTournamentId;
using ::testing::HasSubstr;
using ::testing::Not;

TEST_F(HttpFrontTest, UnaryJsonAnswersWhatGrpcAnswers) {
  EnterOpenMen(4);
  PairRound(1);
  RecordResult(1, 1, v1::GAME_RESULT_RED_WIN);
  const CurlAnswer answer =
      PostJson("StandingsService/GetStandings",
               R"({"tournamentId":"sichuan-2016","rankingId":"open-men"})");
  ASSERT_EQ(answer.status, 200) << answer.body;
  EXPECT_THAT(answer.headers, HasSubstr("application/json"));
  v1::GetStandingsResponse over_http;
  ASSERT_TRUE(
      google::protobuf::util::JsonStringToMessage(answer.body, &over_http)
          .ok());
  const v1::GetStandingsResponse over_grpc =
      StandingsOverGrpc(over_http.as_of_position());
  ASSERT_EQ(over_http.rows_size(), 4);
  EXPECT_EQ(over_http.SerializeAsString(), over_grpc.SerializeAsString());
}

TEST_F(HttpFrontTest, UnaryBinaryAndGetOfReads) {
  const uint64_t entered = EnterOpenMen(4);
  v1::GetStandingsRequest request;
  request.set_tournament_id(kTournamentId);
  request.set_ranking_id("open-men");
  request.mutable_read()->set_min_position(entered);
  const std::string path = absl::StrCat(temp_dir_, "/request.bin");
  std::ofstream(path, std::ios::binary) << request.SerializeAsString();
  CurlAnswer answer =
      Curl(absl::StrCat(base_, "/qiwang.v1.StandingsService/GetStandings"),
           {"-H", "Content-Type: application/proto", "--data-binary",
            absl::StrCat("@", path)});
  ASSERT_EQ(answer.status, 200);
  v1::GetStandingsResponse binary;
  ASSERT_TRUE(binary.ParseFromString(answer.body));
  EXPECT_EQ(binary.rows_size(), 4);

  // GET for a read marked NO_SIDE_EFFECTS, so a cache may keep it.
  answer = Curl(
      absl::StrCat(base_, "/qiwang.v1.StandingsService/GetStandings"),
      {"-G", "--data-urlencode", "connect=v1", "--data-urlencode",
       "encoding=json", "--data-urlencode",
       R"(message={"tournamentId":"sichuan-2016","rankingId":"open-men"})"});
  ASSERT_EQ(answer.status, 200) << answer.body;
  EXPECT_THAT(answer.headers, HasSubstr("Cache-Control: public"));
  v1::GetStandingsResponse got;
  ASSERT_TRUE(
      google::protobuf::util::JsonStringToMessage(answer.body, &got).ok());
  EXPECT_EQ(got.rows_size(), 4);

  // GET of a write is refused: it changes state.
  answer = Curl(absl::StrCat(base_, "/qiwang.v1.PlayService/RecordResult"),
                {"-G", "--data-urlencode", "connect=v1", "--data-urlencode",
                 "encoding=json", "--data-urlencode", "message={}"});
  EXPECT_EQ(answer.status, 405);
  EXPECT_THAT(answer.body, HasSubstr("changes state"));
}

// R1.2: the token goes through the same access table, and the event's actor
// is the token's user.
TEST_F(HttpFrontTest, R1_2_WritesCarryTheTokensActorAndRefusalsTheirCodes) {
  EnterOpenMen(4);
  PairRound(1);
  const std::string record =
      R"({"commandId":"http-1","tournamentId":"sichuan-2016","sectionId":"open-men","round":1,"board":1,"result":"GAME_RESULT_RED_WIN"})";
  CurlAnswer answer = PostJson("PlayService/RecordResult", record);
  EXPECT_EQ(answer.status, 401) << answer.body;
  EXPECT_THAT(answer.body, HasSubstr(R"("code":"unauthenticated")"));
  answer = PostJson("PlayService/RecordResult", record, kRegistrar);
  EXPECT_EQ(answer.status, 403) << answer.body;
  EXPECT_THAT(answer.body, HasSubstr(R"("code":"permission_denied")"));

  answer = PostJson("PlayService/RecordResult", record, kArbiter);
  ASSERT_EQ(answer.status, 200) << answer.body;
  const v1::Event event = LastEvent();
  EXPECT_EQ(event.actor().user(), "arthur");
  EXPECT_EQ(event.actor().role(), "arbiter");
  const uint64_t position = event.position();

  // The same command id with other content: already_exists (409).
  std::string other = record;
  other.replace(other.find("RED_WIN"), 7, "DRAW");
  answer = PostJson("PlayService/RecordResult", other, kArbiter);
  EXPECT_EQ(answer.status, 409) << answer.body;
  EXPECT_THAT(answer.body, HasSubstr(R"("code":"already_exists")"));
  // Another command on the recorded board: R5.3, failed_precondition (400).
  other.replace(other.find("http-1"), 6, "http-2");
  answer = PostJson("PlayService/RecordResult", other, kArbiter);
  EXPECT_EQ(answer.status, 400) << answer.body;
  EXPECT_THAT(answer.body, HasSubstr(R"("code":"failed_precondition")"));
  EXPECT_THAT(answer.body, HasSubstr("R5.3"));
  // Not found (404) and invalid argument (400) name what is wrong.
  answer = PostJson("StandingsService/GetStandings",
                    R"({"tournamentId":"nowhere","rankingId":"open-men"})");
  EXPECT_EQ(answer.status, 404);
  EXPECT_THAT(answer.body, HasSubstr("nowhere"));
  answer = PostJson("StandingsService/GetStandings", R"({"rankingId":"x"})");
  EXPECT_EQ(answer.status, 400);
  EXPECT_THAT(answer.body, HasSubstr("tournament_id"));
  EXPECT_EQ(LastEvent().position(), position);  // nothing appended
}

TEST_F(HttpFrontTest, ConnectTimeoutBecomesTheCallsDeadline) {
  EnterOpenMen(2);
  // A watch runs until its deadline: the header's.
  const CurlAnswer watched =
      Curl(absl::StrCat(base_, "/qiwang.v1.StandingsService/WatchStandings"),
           {"-H", "Content-Type: application/connect+json", "-H",
            "Connect-Timeout-Ms: 300", "--data-binary",
            BodyFile(Enveloped(
                R"({"tournamentId":"sichuan-2016","rankingId":"open-men"})"))});
  EXPECT_EQ(watched.status, 200) << watched.body;
  EXPECT_THAT(watched.body, HasSubstr(R"("code":"deadline_exceeded")"));
}

// No code per RPC: every method of every qiwang.v1 service answers over
// Connect (with a Connect error for a request that says nothing), none is
// missing or unreadable.
TEST_F(HttpFrontTest, EveryMethodOfEveryServiceAnswersOverConnect) {
  const google::protobuf::DescriptorPool* pool =
      v1::GetStandingsRequest::descriptor()->file()->pool();
  int methods = 0;
  for (const char* name :
       {"AdminService", "AuditService", "EventLogService", "ExportService",
        "ImportService", "PairingService", "PlayService", "RulingService",
        "StandingsService", "TournamentService"}) {
    const google::protobuf::ServiceDescriptor* service =
        pool->FindServiceByName(absl::StrCat("qiwang.v1.", name));
    ASSERT_NE(service, nullptr) << name;
    for (int i = 0; i < service->method_count(); ++i) {
      const google::protobuf::MethodDescriptor* method = service->method(i);
      SCOPED_TRACE(method->full_name());
      ++methods;
      const std::string url =
          absl::StrCat(base_, "/", service->full_name(), "/", method->name());
      if (method->server_streaming()) {
        // An empty message in an envelope: a stream of envelopes (a
        // subscription of the whole log keeps going; curl stops it).
        const CurlAnswer answer =
            Curl(url,
                 {"-H", "Content-Type: application/connect+json", "-H",
                  absl::StrCat("Authorization: Bearer ", kArbiter),
                  "--data-binary", BodyFile(Enveloped("{}"))},
                 absl::Seconds(2));
        EXPECT_THAT(answer.headers, HasSubstr("200 OK"));
        ASSERT_FALSE(answer.body.empty());
        EXPECT_TRUE(answer.body[0] == 0 || answer.body[0] == 2) << answer.body;
        EXPECT_THAT(answer.body, ::testing::Not(HasSubstr("unimplemented")));
        continue;
      }
      const CurlAnswer answer =
          PostJson(absl::StrCat(name, "/", method->name()), "{}", kArbiter);
      EXPECT_NE(answer.status, 0);
      EXPECT_NE(answer.status, 404);
      EXPECT_LT(answer.status, 500) << answer.body;
      EXPECT_THAT(answer.body, ::testing::StartsWith("{"));
    }
  }
  EXPECT_GE(methods, 40);
}

TEST_F(HttpFrontTest, StreamsInBothCodecsEndWithTheStatus) {
  EnterOpenMen(4);
  PairRound(1);
  v1::WatchStandingsRequest watch;
  watch.set_tournament_id(kTournamentId);
  watch.set_ranking_id("open-men");
  for (const bool json : {true, false}) {
    SCOPED_TRACE(json ? "connect+json" : "connect+proto");
    std::string message;
    if (json) {
      ASSERT_TRUE(
          google::protobuf::util::MessageToJsonString(watch, &message).ok());
    } else {
      message = watch.SerializeAsString();
    }
    const std::string body = Enveloped(message);
    RawConnection connection(front_->port());
    ASSERT_TRUE(connection.Send(absl::StrCat(
        "POST /qiwang.v1.StandingsService/WatchStandings HTTP/1.1\r\n"
        "Host: t\r\nContent-Type: application/connect+",
        json ? "json" : "proto", "\r\nContent-Length: ", body.size(),
        "\r\n\r\n", body)));
    // The first message: the standings now; a result brings the next.
    std::string seen = connection.ReadUntil("open-men", absl::Seconds(10));
    ASSERT_EQ(StatusOf(seen), 200) << seen;
    const uint64_t recorded =
        RecordResult(1, json ? 1 : 2, v1::GAME_RESULT_DRAW);
    v1::WatchStandingsResponse last;
    const absl::Time deadline = absl::Now() + absl::Seconds(10);
    while (last.as_of_position() < recorded && absl::Now() < deadline) {
      seen = connection.ReadUntil("\x01\x02\x03never", absl::Milliseconds(200));
      for (const Envelope& envelope : EnvelopesOf(seen)) {
        ASSERT_EQ(envelope.flags, 0);
        if (json) {
          ASSERT_TRUE(google::protobuf::util::JsonStringToMessage(
                          envelope.payload, &last)
                          .ok());
        } else {
          ASSERT_TRUE(last.ParseFromString(envelope.payload));
        }
      }
    }
    EXPECT_GE(last.as_of_position(), recorded);
    EXPECT_EQ(last.rows_size(), 4);
  }
  // A watch of an unknown ranking ends at once with the error in the
  // end-of-stream message.
  const CurlAnswer ended = Curl(
      absl::StrCat(base_, "/qiwang.v1.StandingsService/WatchStandings"),
      {"-H", "Content-Type: application/connect+json", "--data-binary",
       BodyFile(
           Enveloped(R"({"tournamentId":"sichuan-2016","rankingId":"xy"})"))});
  EXPECT_EQ(ended.status, 200);
  EXPECT_THAT(ended.body, HasSubstr(R"("code":"not_found")"));
}

TEST_F(HttpFrontTest, BadRequestsGetClearStatusesAndChangeNothing) {
  EnterOpenMen(2);
  const uint64_t before = LastEvent().position();
  struct Case {
    std::string request;
    int status;
    std::string says;
  };
  const std::string rpc = "/qiwang.v1.PlayService/RecordResult";
  const std::vector<Case> cases = {
      {absl::StrCat("POST ", rpc,
                    " HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                    "Content-Length: 9\r\n\r\n{\"round\":"),
       400, "invalid_argument"},
      {absl::StrCat("POST ", rpc,
                    " HTTP/1.1\r\nHost: t\r\nContent-Type: text/plain\r\n"
                    "Content-Length: 2\r\n\r\n{}"),
       415, "Content-Type"},
      {absl::StrCat("PUT ", rpc,
                    " HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                    "Content-Length: 2\r\n\r\n{}"),
       405, "POST"},
      {absl::StrCat("POST ", rpc,
                    " HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                    "Content-Length: 100000\r\n\r\n"),
       413, "--http_max_body_bytes"},
      {absl::StrCat("GET /healthz HTTP/1.1\r\nHost: t\r\nX-Big: ",
                    std::string(8000, 'a'), "\r\n\r\n"),
       431, "--http_max_header_bytes"},
      {"GET /static/../../etc/passwd HTTP/1.1\r\nHost: t\r\n\r\n", 404,
       "no page"},
      {"GET /%2e%2e/etc/passwd HTTP/1.1\r\nHost: t\r\n\r\n", 404, "no page"},
      {"GET /qiwang.v1.NoService/Nothing HTTP/1.1\r\nHost: t\r\n\r\n", 404,
       "no RPC"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.request.substr(0, 60));
    RawConnection connection(front_->port());
    ASSERT_TRUE(connection.connected());
    connection.Send(c.request);
    const std::string response =
        connection.ReadUntil(c.says, absl::Seconds(10));
    EXPECT_EQ(StatusOf(response), c.status) << response;
    EXPECT_THAT(response, HasSubstr(c.says));
  }
  // A request with an unknown field names it.
  const CurlAnswer unknown =
      PostJson("PlayService/RecordResult", R"({"boardd":1})", kArbiter);
  EXPECT_EQ(unknown.status, 400);
  EXPECT_THAT(unknown.body, HasSubstr("boardd"));
  EXPECT_EQ(LastEvent().position(), before);
  EXPECT_EQ(Curl(absl::StrCat(base_, "/healthz"), {}).status, 200);
}

// A slowloris client (headers that never end) is closed after
// --http_request_timeout; others are served meanwhile.
TEST_F(HttpFrontTest, SlowClientIsClosedWhileOthersAreServed) {
  RawConnection slow(front_->port());
  ASSERT_TRUE(slow.Send("GET /healthz HTTP/1.1\r\nHost: t\r\nX-A: "));
  const CurlAnswer other = Curl(absl::StrCat(base_, "/healthz"), {});
  EXPECT_EQ(other.status, 200);
  EXPECT_TRUE(slow.ClosedByPeer(absl::Seconds(10)));
}

TEST_F(HttpFrontTest, StreamsPerClientAddressAreLimited) {
  EnterOpenMen(2);
  const std::string body =
      Enveloped(R"({"tournamentId":"sichuan-2016","rankingId":"open-men"})");
  const std::string request = absl::StrCat(
      "POST /qiwang.v1.StandingsService/WatchStandings HTTP/1.1\r\nHost: t\r\n"
      "Content-Type: application/connect+json\r\nContent-Length: ",
      body.size(), "\r\n\r\n", body);
  RawConnection first(front_->port());
  RawConnection second(front_->port());
  ASSERT_TRUE(first.Send(request));
  ASSERT_TRUE(second.Send(request));
  EXPECT_EQ(StatusOf(first.ReadUntil("\r\n\r\n", absl::Seconds(10))), 200);
  EXPECT_EQ(StatusOf(second.ReadUntil("\r\n\r\n", absl::Seconds(10))), 200);
  RawConnection third(front_->port());
  ASSERT_TRUE(third.Send(request));
  const std::string refused =
      third.ReadUntil("--http_max_streams_per_client", absl::Seconds(10));
  EXPECT_EQ(StatusOf(refused), 429) << refused;
  EXPECT_THAT(refused, HasSubstr("--http_max_streams_per_client"));
  // Connect's error, before any stream starts (issue 24 item 7c).
  EXPECT_THAT(refused, HasSubstr("Content-Type: application/json"));
  EXPECT_THAT(refused, HasSubstr(R"("code":"resource_exhausted")"));
}

// SSE: each event's id is the log position; a browser reconnecting with
// Last-Event-ID gets only what is newer.
TEST_F(HttpFrontTest, SseCarriesPositionsAndResumesAfterLastEventId) {
  routes_.feed->Publish(StandingsAt(7, "<p>seven</p>\n<p>two lines</p>"));
  RawConnection browser(front_->port());
  ASSERT_TRUE(browser.Send("GET /live HTTP/1.1\r\nHost: t\r\n\r\n"));
  std::string seen = browser.ReadUntil("two lines", absl::Seconds(10));
  EXPECT_EQ(StatusOf(seen), 200);
  EXPECT_THAT(seen, HasSubstr("text/event-stream"));
  EXPECT_THAT(seen, HasSubstr("id: 7\nevent: standings\ndata: <p>seven</p>\n"
                              "data: <p>two lines</p>\n\n"));
  routes_.feed->Publish(StandingsAt(9, "nine"));
  seen = browser.ReadUntil("data: nine", absl::Seconds(10));
  EXPECT_THAT(seen, HasSubstr("id: 9\n"));

  RawConnection resumed(front_->port());
  ASSERT_TRUE(resumed.Send(
      "GET /live HTTP/1.1\r\nHost: t\r\nLast-Event-ID: 9\r\n\r\n"));
  routes_.feed->Publish(StandingsAt(12, "twelve"));
  seen = resumed.ReadUntil("data: twelve", absl::Seconds(10));
  EXPECT_THAT(seen, HasSubstr("id: 12\n"));
  EXPECT_THAT(seen, ::testing::Not(HasSubstr("data: nine")));
}

// The data of the SSE event `id: position` / `event: event` in `stream`, its
// lines joined as a browser joins them; nullopt when it is not there.
std::optional<std::string> SseData(const std::string& stream, int position,
                                   const std::string& event) {
  const std::string head = absl::StrCat("id: ", position, "\nevent: ", event);
  const size_t at = stream.find(head + "\n");
  if (at == std::string::npos) return std::nullopt;
  const size_t end = stream.find("\n\n", at);
  if (end == std::string::npos) return std::nullopt;
  std::vector<std::string> data;
  for (absl::string_view line :
       absl::StrSplit(absl::string_view(stream).substr(at, end - at), '\n')) {
    if (absl::ConsumePrefix(&line, "data: ")) data.emplace_back(line);
  }
  return absl::StrJoin(data, "\n");
}

// Reads `stream` until that event has come whole (10 s at most).
std::optional<std::string> NextSseData(RawConnection& stream, int position,
                                       const std::string& event) {
  const absl::Time deadline = absl::Now() + absl::Seconds(10);
  while (true) {
    if (auto data = SseData(stream.read(), position, event)) return data;
    if (absl::Now() > deadline) return std::nullopt;
    stream.ReadAtLeast(stream.read().size() + 1, deadline - absl::Now());
  }
}

std::string Standings(int changed_row) {
  std::vector<std::string> rows;
  for (int row = 0; row < 200; ++row) {
    rows.push_back(absl::StrCat("<tr><td>", row, "</td><td>",
                                row == changed_row ? "6" : "4", "</td></tr>"));
  }
  return absl::StrJoin(rows, "\n");
}

// A stream that asks for line patches (live.js does) and holds the message
// a patch starts from gets the patch, from which it rebuilds the new
// message exactly; every other stream gets the whole message.
// A stream of /live?patch=lines resuming after `last_event_id`, once the
// front has let go of the client's earlier streams (two at most here).
std::unique_ptr<RawConnection> ResumedStream(int port, int last_event_id) {
  const absl::Time deadline = absl::Now() + absl::Seconds(10);
  while (true) {
    auto stream = std::make_unique<RawConnection>(port);
    EXPECT_TRUE(stream->Send(absl::StrCat(
        "GET /live?patch=lines HTTP/1.1\r\nHost: t\r\nLast-Event-ID: ",
        last_event_id, "\r\n\r\n")));
    if (StatusOf(stream->ReadUntil("\r\n\r\n", absl::Seconds(10))) != 429 ||
        absl::Now() > deadline) {
      return stream;
    }
  }
}

// A stream that asks for line patches (live.js does) and holds the message
// a patch starts from gets the patch, from which it rebuilds the new
// message exactly; every other stream gets the whole message.
TEST_F(HttpFrontTest, SsePatchesGoOnlyToStreamsThatAskAndHoldTheirBase) {
  routes_.feed->Publish(StandingsAt(7, Standings(-1)));
  std::optional<std::string> patch;
  {
    RawConnection patched(front_->port());
    ASSERT_TRUE(
        patched.Send("GET /live?patch=lines HTTP/1.1\r\nHost: t\r\n\r\n"));
    RawConnection whole(front_->port());
    ASSERT_TRUE(whole.Send("GET /live HTTP/1.1\r\nHost: t\r\n\r\n"));
    // The first message of a stream is whole, patches or not.
    EXPECT_EQ(NextSseData(patched, 7, "standings"), Standings(-1));
    EXPECT_EQ(NextSseData(whole, 7, "standings"), Standings(-1));

    routes_.feed->Publish(StandingsAt(8, Standings(57)));
    patch = NextSseData(patched, 8, "patch");
    ASSERT_TRUE(patch.has_value()) << patched.read();
    EXPECT_THAT(*patch, HasSubstr("base 7\n"));
    EXPECT_THAT(*patch, Not(HasSubstr("<tr><td>58</td>")));
    EXPECT_EQ(ApplyLinePatch(Standings(-1), *patch).value_or("refused"),
              Standings(57));
    EXPECT_EQ(NextSseData(whole, 8, "standings"), Standings(57));
    EXPECT_FALSE(SseData(whole.read(), 8, "patch").has_value());
  }

  // Reconnecting from the patch's base: the patch; from an older position
  // than any patch starts from: the whole message.
  std::unique_ptr<RawConnection> resumed = ResumedStream(front_->port(), 7);
  EXPECT_EQ(NextSseData(*resumed, 8, "patch"), patch);
  resumed.reset();
  std::unique_ptr<RawConnection> behind = ResumedStream(front_->port(), 5);
  EXPECT_EQ(NextSseData(*behind, 8, "standings"), Standings(57));
  behind.reset();

  // Two messages behind: the two patches, in order, rebuild the newest.
  routes_.feed->Publish(StandingsAt(9, Standings(120)));
  std::unique_ptr<RawConnection> two_behind = ResumedStream(front_->port(), 7);
  const std::optional<std::string> second =
      NextSseData(*two_behind, 9, "patch");
  ASSERT_TRUE(second.has_value()) << two_behind->read();
  EXPECT_EQ(SseData(two_behind->read(), 8, "patch"), patch);
  EXPECT_LT(two_behind->read().find("id: 8\n"),
            two_behind->read().find("id: 9\n"));
  EXPECT_FALSE(SseData(two_behind->read(), 9, "standings").has_value());
  EXPECT_EQ(ApplyLinePatch(Standings(57), *second).value_or("refused"),
            Standings(120));
}

// The value of the sample named `name` (with its labels) in a Prometheus
// text exposition; -1 when absent.
double MetricValue(const std::string& exposition, const std::string& name) {
  for (absl::string_view line : absl::StrSplit(exposition, '\n')) {
    if (absl::ConsumePrefix(&line, name) && absl::ConsumePrefix(&line, " ")) {
      double value = 0;
      if (absl::SimpleAtod(line, &value)) return value;
    }
  }
  return -1;
}

TEST_F(HttpFrontTest, ProbesAndMetrics) {
  EXPECT_EQ(Curl(absl::StrCat(base_, "/healthz"), {}).status, 200);
  // Ready once the projection has caught up (the fixture's server is new).
  int ready = 0;
  for (const absl::Time deadline = absl::Now() + absl::Seconds(10);
       ready != 200 && absl::Now() < deadline;) {
    ready = Curl(absl::StrCat(base_, "/readyz"), {}).status;
  }
  EXPECT_EQ(ready, 200);
  PostJson("StandingsService/GetStandings", R"({"rankingId":"x"})");
  const CurlAnswer metrics = Curl(absl::StrCat(base_, "/metrics"), {});
  ASSERT_EQ(metrics.status, 200);
  EXPECT_THAT(metrics.body,
              HasSubstr("qiwang_http_requests_total{code=\"400\",method="
                        "\"qiwang.v1.StandingsService.GetStandings\"} 1"));
  EXPECT_THAT(metrics.body, HasSubstr("qiwang_projection_lag_positions 0"));
  EXPECT_THAT(metrics.body, HasSubstr("qiwang_http_open_streams"));
  // The allocator's figures are there (zero under ASan, whose allocator
  // glibc's mallinfo2 does not see).
  EXPECT_GE(MetricValue(metrics.body, "qiwang_malloc_in_use_bytes"), 0);
  EXPECT_GE(MetricValue(metrics.body, "qiwang_malloc_free_held_bytes"), 0);

  // The ledger's group commit: commands sent one after another are one
  // append each, so the appends and the commands they carried grow alike.
  EXPECT_THAT(metrics.body,
              HasSubstr("# TYPE qiwang_ledger_batch_commands histogram"));
  const double appends_before =
      MetricValue(metrics.body, "qiwang_ledger_batch_commands_count");
  const double commands_before =
      MetricValue(metrics.body, "qiwang_ledger_batch_commands_sum");
  EnterOpenMen(4);
  const std::string after = Curl(absl::StrCat(base_, "/metrics"), {}).body;
  const double appends =
      MetricValue(after, "qiwang_ledger_batch_commands_count") - appends_before;
  EXPECT_GE(appends, 5);  // the tournament and four players at least
  EXPECT_EQ(
      MetricValue(after, "qiwang_ledger_batch_commands_sum") - commands_before,
      appends);
  EXPECT_EQ(MetricValue(after, "qiwang_ledger_batch_commands_bucket{le=\"1\"}"),
            MetricValue(after, "qiwang_ledger_batch_commands_count"));
}

TEST(HttpFrontStartTest, PlaintextOffLoopbackIsRefusedNamingTheFlag) {
  HttpFrontOptions options;
  options.listen_address = "0.0.0.0:0";
  absl::StatusOr<std::unique_ptr<HttpFront>> front =
      HttpFront::Start(options, {});
  EXPECT_EQ(front.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(front.status().message(), HasSubstr("--allow_plaintext_remote"));
}

}  // namespace
}  // namespace qiwang::http
