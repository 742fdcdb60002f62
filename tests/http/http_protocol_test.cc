// HTTP's own rules at the front of a real qiwangd (issue 24, item 7): every
// method on every kind of path (probes, pages, SSE, Connect unary, Connect
// streaming), HEAD, request framing (smuggling), pipelining, content
// codings, malformed envelopes, and refusals in the form the path speaks.
// Spoken to with raw sockets (what curl will not send) and curl and gzip
// (codecs we did not write). Every refusal names the field or flag, changes
// nothing, and leaves the connection usable or closes it as HTTP requires.
#include <fstream>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "google/protobuf/struct.pb.h"
#include "google/protobuf/util/json_util.h"
#include "gtest/gtest.h"
#include "tests/e2e/subprocess.h"
#include "tests/http/http_client.h"
#include "tests/http/http_front_fixture.h"

namespace qiwang::http {
namespace {

using standings::kArbiter;
using ::testing::HasSubstr;
using ::testing::Not;

constexpr absl::string_view kStandings =
    "/qiwang.v1.StandingsService/GetStandings";
constexpr absl::string_view kWatch =
    "/qiwang.v1.StandingsService/WatchStandings";
constexpr absl::string_view kRecordPath = "/qiwang.v1.PlayService/RecordResult";
// A POST of GetStandings in JSON, up to its framing headers.
constexpr absl::string_view kStandingsPost =
    "POST /qiwang.v1.StandingsService/GetStandings HTTP/1.1\r\nHost: t\r\n"
    "Content-Type: application/json\r\n";
constexpr absl::string_view kStandingsJson =
    R"({"tournamentId":"sichuan-2016","rankingId":"open-men"})";

// The value of header `name` in a response's header block, or "".
std::string HeaderValue(absl::string_view response, absl::string_view name) {
  const absl::string_view head =
      response.substr(0, response.find("\r\n\r\n") + 2);
  for (absl::string_view line : absl::StrSplit(head, "\r\n")) {
    const size_t colon = line.find(':');
    if (colon != absl::string_view::npos &&
        absl::EqualsIgnoreCase(line.substr(0, colon), name)) {
      return std::string(absl::StripAsciiWhitespace(line.substr(colon + 1)));
    }
  }
  return "";
}

// What follows the first response's header block.
std::string AfterHeader(const std::string& response) {
  const size_t end = response.find("\r\n\r\n");
  return end == std::string::npos ? std::string() : response.substr(end + 4);
}

// A request with `headers` (each ending in CRLF) and a Content-Length body.
std::string RawRequest(absl::string_view method, absl::string_view target,
                       absl::string_view headers, absl::string_view body = "") {
  return absl::StrCat(
      method, " ", target, " HTTP/1.1\r\nHost: t\r\n", headers,
      body.empty() && method != "POST"
          ? ""
          : absl::StrCat("Content-Length: ", body.size(), "\r\n"),
      "\r\n", body);
}

// Whether `json` is JSON (protobuf's parser refuses invalid UTF-8 too).
bool IsJson(const std::string& json) {
  google::protobuf::Struct parsed;
  return google::protobuf::util::JsonStringToMessage(json, &parsed).ok();
}

class HttpProtocolTest : public HttpFrontTest {
 protected:
  // One raw exchange on a new connection: everything read until `until`.
  std::string Exchange(const std::string& request, const std::string& until) {
    RawConnection connection(front_->port());
    EXPECT_TRUE(connection.Send(request));
    return connection.ReadUntil(until, absl::Seconds(10));
  }

  // `request` on a new connection: everything the front wrote before it
  // closed the connection (a failure when it does not close it).
  std::string AnswerBeforeClose(const std::string& request) {
    RawConnection connection(front_->port());
    EXPECT_TRUE(connection.Send(request));
    EXPECT_TRUE(connection.ClosedByPeer(absl::Seconds(10)));
    return connection.ReadUntil("", absl::ZeroDuration());
  }

  // `bytes` compressed by the gzip tool.
  std::string GzipOf(const std::string& bytes) {
    const std::string path = absl::StrCat(temp_dir_, "/plain-", ++bodies_);
    std::ofstream(path, std::ios::binary) << bytes;
    const e2e::ProcessResult run =
        e2e::RunProcess({"/usr/bin/gzip", "-c", "-n", path});
    EXPECT_EQ(run.exit_code, 0) << run.err;
    return run.out;
  }

  // Waits until every stream has ended and let go of its client's count
  // (the open-streams gauge is 0), so the next may start.
  void AwaitNoOpenStreams() {
    const absl::Time deadline = absl::Now() + absl::Seconds(10);
    while (absl::Now() < deadline) {
      const std::string metrics =
          Curl(absl::StrCat(base_, "/metrics"), {}).body;
      if (absl::StrContains(metrics, "\nqiwang_http_open_streams 0\n")) return;
    }
    ADD_FAILURE() << "streams still open after 10 s";
  }

  // A stream's request and its whole answer, once it has let go.
  std::string StreamExchange(const std::string& request) {
    const std::string seen = Exchange(request, "0\r\n\r\n");
    AwaitNoOpenStreams();
    return seen;
  }
};

// RFC 9110 9.3.2: HEAD answers GET's header, Content-Length included, and
// no body, so the pipelined request after it is read as a response.
TEST_F(HttpProtocolTest, HeadAnswersTheGetHeaderWithoutABody) {
  EnterOpenMen(2);
  const std::string read =
      absl::StrCat(kStandings,
                   "?connect=v1&encoding=json&message=%7B%22tournamentId%22%3A%"
                   "22sichuan-2016%22%2C%22rankingId%22%3A%22open-men%22%7D");
  for (const std::string& target :
       {std::string("/healthz"), std::string("/page"), read}) {
    SCOPED_TRACE(target);
    RawConnection connection(front_->port());
    ASSERT_TRUE(connection.Send(absl::StrCat(RawRequest("HEAD", target, ""),
                                             RawRequest("GET", target, ""))));
    std::string seen = connection.ReadUntil("\r\n\r\n", absl::Seconds(10));
    const size_t head_end = seen.find("\r\n\r\n") + 4;
    // The GET's header, right after the HEAD's.
    while (seen.find("\r\n\r\n", head_end) == std::string::npos) {
      const std::string more =
          connection.ReadAtLeast(seen.size() + 1, absl::Seconds(10));
      if (more.size() == seen.size()) break;
      seen = more;
    }
    const std::string head = seen.substr(0, head_end);
    const std::string get = seen.substr(head_end);
    ASSERT_TRUE(absl::StartsWith(get, "HTTP/1.1 ")) << seen;
    size_t length = 0;
    ASSERT_TRUE(absl::SimpleAtoi(HeaderValue(get, "Content-Length"), &length))
        << get;
    const size_t get_end = seen.find("\r\n\r\n", head_end) + 4;
    seen = connection.ReadAtLeast(get_end + length, absl::Seconds(10));
    EXPECT_EQ(seen.size(), get_end + length);
    EXPECT_EQ(StatusOf(head), StatusOf(get));
    EXPECT_EQ(HeaderValue(head, "Content-Type"),
              HeaderValue(get, "Content-Type"));
    EXPECT_EQ(HeaderValue(head, "Content-Length"), absl::StrCat(length));
    EXPECT_GT(length, 0u);
  }
  // HEAD of a live view: the stream's header, no stream; the connection
  // goes on.
  RawConnection browser(front_->port());
  ASSERT_TRUE(browser.Send(absl::StrCat(RawRequest("HEAD", "/live", ""),
                                        RawRequest("GET", "/healthz", ""))));
  const std::string seen = browser.ReadUntil("ok\n", absl::Seconds(10));
  EXPECT_EQ(StatusOf(seen), 200) << seen;
  EXPECT_EQ(HeaderValue(seen, "Content-Type"), "text/event-stream");
  EXPECT_TRUE(absl::StartsWith(AfterHeader(seen), "HTTP/1.1 200")) << seen;
  EXPECT_THAT(seen, Not(HasSubstr("qiwang live view")));
}

// RFC 9112 6.1 and 6.3: a body framed any other way than by exactly one of
// Content-Length or "Transfer-Encoding: chunked" is refused with 400 and
// the connection closed, so what it carries is never read as a request.
TEST_F(HttpProtocolTest, BodyFramingOtherThanChunkedOrLengthIsRefused) {
  const std::string smuggled = "GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n";
  for (const std::string framing :
       {"Transfer-Encoding: xchunked\r\n", "Transfer-Encoding: gzip\r\n",
        "Transfer-Encoding: chunked, identity\r\n",
        "Transfer-Encoding: identity\r\n",
        "Transfer-Encoding: gzip\r\nContent-Length: 5\r\n",
        "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n"}) {
    SCOPED_TRACE(framing);
    const std::string all = AnswerBeforeClose(absl::StrCat(
        "POST /healthz HTTP/1.1\r\nHost: t\r\n", framing, "\r\n", smuggled));
    EXPECT_EQ(StatusOf(all), 400) << all;
    EXPECT_THAT(all, HasSubstr("Transfer-Encoding"));
    EXPECT_THAT(all, Not(HasSubstr("HTTP/1.1 200")));
  }
  // Chunked alone is a body like any other, and the connection goes on.
  const std::string body(kStandingsJson);
  RawConnection connection(front_->port());
  ASSERT_TRUE(connection.Send(
      absl::StrCat(kStandingsPost, "Transfer-Encoding: chunked\r\n\r\n",
                   absl::Hex(body.size()), "\r\n", body, "\r\n0\r\n\r\n",
                   RawRequest("GET", "/healthz", ""))));
  const std::string seen = connection.ReadUntil("ok\n", absl::Seconds(10));
  EXPECT_THAT(seen, HasSubstr("application/json"));
  EXPECT_THAT(seen, HasSubstr("ok\n"));
}

// RFC 9112 3.2: an HTTP/1.1 request names exactly one Host (HTTP/1.0 may
// name none); RFC 9110 10.1.1: Expect 100-continue is met before the body
// is read, any other expectation is 417. Each refusal closes the
// connection: the body that may follow is never read as a request.
TEST_F(HttpProtocolTest, HostAndExpectFollowHttp11) {
  for (const std::string request :
       {"GET /healthz HTTP/1.1\r\n\r\n",
        "GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
        "POST /healthz HTTP/1.1\r\nHost: t\r\nExpect: 200-ok\r\n"
        "Content-Length: 34\r\n\r\nGET /healthz HTTP/1.1\r\nHost: t\r\n\r\n"}) {
    SCOPED_TRACE(request);
    const std::string all = AnswerBeforeClose(request);
    EXPECT_THAT(StatusOf(all), ::testing::AnyOf(400, 417)) << all;
    EXPECT_THAT(all, ::testing::ContainsRegex("Host|Expect"));
    EXPECT_THAT(all, Not(HasSubstr("ok\n")));
  }
  EXPECT_EQ(StatusOf(Exchange("GET /healthz HTTP/1.0\r\n\r\n", "\r\n\r\n")),
            200);

  EnterOpenMen(2);
  const std::string body(kStandingsJson);
  RawConnection connection(front_->port());
  ASSERT_TRUE(connection.Send(absl::StrCat(
      kStandingsPost, "Expect: 100-continue\r\nContent-Length: ", body.size(),
      "\r\n\r\n")));
  const std::string go_on =
      connection.ReadUntil("100 Continue\r\n\r\n", absl::Seconds(10));
  ASSERT_EQ(StatusOf(go_on), 100) << go_on;
  ASSERT_TRUE(connection.Send(body));
  const std::string answer =
      connection.ReadUntil("HTTP/1.1 200", absl::Seconds(10));
  EXPECT_THAT(answer, HasSubstr("HTTP/1.1 200")) << answer;
}

// Limits refused on a Connect path speak Connect (error JSON naming the
// flag); pages keep their text.
TEST_F(HttpProtocolTest, ConnectRefusalsAreConnectErrorsNamingTheFlag) {
  EnterOpenMen(2);
  struct Case {
    std::string request;
    int status;
    std::string code;
    std::string says;
  };
  const std::vector<Case> cases = {
      {absl::StrCat("POST ", kRecordPath,
                    " HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                    "Content-Length: 100000\r\n\r\n"),
       413, "resource_exhausted", "--http_max_body_bytes"},
      {RawRequest("POST", kRecordPath, "Content-Type: text/plain\r\n", "{}"),
       415, "unimplemented", "Content-Type"},
      {RawRequest("PUT", kRecordPath, "Content-Type: application/json\r\n",
                  "{}"),
       405, "unimplemented", "POST"},
      {RawRequest("POST", kWatch, "Content-Type: application/json\r\n", "{}"),
       415, "unimplemented", "application/connect+json"},
      {RawRequest("POST", kRecordPath,
                  absl::StrCat("X-Big: ", std::string(8000, 'a'), "\r\n"),
                  "{}"),
       431, "resource_exhausted", "--http_max_header_bytes"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.request.substr(0, 60));
    const std::string seen = Exchange(c.request, "}");
    EXPECT_EQ(StatusOf(seen), c.status) << seen;
    EXPECT_EQ(HeaderValue(seen, "Content-Type"), "application/json");
    const std::string body = AfterHeader(seen);
    EXPECT_TRUE(IsJson(body)) << body;
    EXPECT_THAT(body, HasSubstr(absl::StrCat(R"("code":")", c.code, R"(")")));
    EXPECT_THAT(body, HasSubstr(c.says));
  }
  // A page's refusal stays text.
  const std::string page =
      Exchange(absl::StrCat("POST /page HTTP/1.1\r\nHost: t\r\n"
                            "Content-Length: 100000\r\n\r\n"),
               "--http_max_body_bytes");
  EXPECT_EQ(StatusOf(page), 413);
  EXPECT_THAT(HeaderValue(page, "Content-Type"), HasSubstr("text/plain"));
}

// Content-Encoding gzip (unary), Connect-Content-Encoding gzip (envelope
// flag 0x01), gzip answers to Accept-Encoding; any other coding is
// unimplemented; a zip bomb is bounded by --http_max_body_bytes.
TEST_F(HttpProtocolTest, GzipBodiesAreReadAndAnsweredWithinTheBodyLimit) {
  EnterOpenMen(4);
  const std::string url = absl::StrCat(base_, kStandings);
  CurlAnswer answer =
      Curl(url, {"-H", "Content-Type: application/json", "-H",
                 "Content-Encoding: gzip", "--compressed", "--data-binary",
                 BodyFile(GzipOf(std::string(kStandingsJson)))});
  ASSERT_EQ(answer.status, 200) << answer.body;
  EXPECT_THAT(answer.headers, HasSubstr("Content-Encoding: gzip"));
  v1::GetStandingsResponse got;
  ASSERT_TRUE(
      google::protobuf::util::JsonStringToMessage(answer.body, &got).ok())
      << answer.body;
  EXPECT_EQ(got.rows_size(), 4);

  answer = Curl(url, {"-H", "Content-Type: application/json", "-H",
                      "Content-Encoding: br", "--data-binary", "{}"});
  EXPECT_EQ(answer.status, 501) << answer.body;
  EXPECT_THAT(answer.body, HasSubstr(R"("code":"unimplemented")"));
  EXPECT_THAT(answer.body, HasSubstr("Content-Encoding"));

  const std::string bomb = GzipOf(std::string(1 << 20, ' '));
  ASSERT_LT(bomb.size(), 64u << 10);
  answer =
      Curl(url, {"-H", "Content-Type: application/json", "-H",
                 "Content-Encoding: gzip", "--data-binary", BodyFile(bomb)});
  EXPECT_EQ(answer.status, 413) << answer.body;
  EXPECT_THAT(answer.body, HasSubstr(R"("code":"resource_exhausted")"));
  EXPECT_THAT(answer.body, HasSubstr("--http_max_body_bytes"));

  // A stream's request envelope compressed (flag 0x01).
  const std::string watch = absl::StrCat(base_, kWatch);
  answer = Curl(watch,
                {"-H", "Content-Type: application/connect+json", "-H",
                 "Connect-Content-Encoding: gzip", "--data-binary",
                 BodyFile(Enveloped(GzipOf(R"({"tournamentId":"sichuan-2016",)"
                                           R"("rankingId":"xy"})"),
                                    0x01))});
  EXPECT_EQ(answer.status, 200);
  EXPECT_THAT(answer.body, HasSubstr(R"("code":"not_found")"));
  EXPECT_THAT(answer.body, HasSubstr("xy"));
  AwaitNoOpenStreams();
  answer = Curl(watch, {"-H", "Content-Type: application/connect+json", "-H",
                        "Connect-Content-Encoding: br", "--data-binary",
                        BodyFile(Enveloped("{}"))});
  EXPECT_EQ(answer.status, 501) << answer.body;
  EXPECT_THAT(answer.body, HasSubstr(R"("code":"unimplemented")"));
  EXPECT_THAT(answer.body, HasSubstr("Connect-Content-Encoding"));
  answer = Curl(watch, {"-H", "Content-Type: application/connect+json",
                        "--data-binary", BodyFile(Enveloped("{}", 0x01))});
  EXPECT_EQ(answer.status, 200);
  EXPECT_THAT(answer.body, HasSubstr(R"("code":"invalid_argument")"));
  EXPECT_THAT(answer.body, HasSubstr("Connect-Content-Encoding"));
}

// An error that echoes bytes which are not UTF-8 is still valid UTF-8 JSON.
TEST_F(HttpProtocolTest, ErrorJsonIsValidUtf8WhateverTheRequestEchoes) {
  std::string seen =
      Exchange(RawRequest("GET", "/qiwang.v1.No%FF%01Service/X", ""), "}");
  EXPECT_EQ(StatusOf(seen), 404) << seen;
  std::string body = AfterHeader(seen);
  EXPECT_TRUE(IsJson(body)) << body;
  EXPECT_THAT(body, HasSubstr("No\xEF\xBF\xBD\\u0001Service"));
  // Well-formed UTF-8 is echoed as it is.
  seen = Exchange(RawRequest("GET", "/qiwang.v1.%E7%8E%8B/X", ""), "}");
  EXPECT_EQ(StatusOf(seen), 404) << seen;
  EXPECT_THAT(AfterHeader(seen), HasSubstr("/qiwang.v1.王/X"));

  seen = Exchange(
      RawRequest("POST", kRecordPath, "Content-Type: application/json\r\n",
                 "{\"\xff\xfe\":1, \"round\":\"\xc3\"}"),
      "}");
  EXPECT_EQ(StatusOf(seen), 400) << seen;
  body = AfterHeader(seen);
  EXPECT_TRUE(IsJson(body)) << body;
  EXPECT_THAT(body, HasSubstr(R"("code":"invalid_argument")"));
}

// Probes take GET and HEAD; TRACE is refused everywhere and never echoed;
// OPTIONS says what a path takes. A refused method leaves the connection
// usable.
TEST_F(HttpProtocolTest, EachPathTakesItsMethodsOnly) {
  struct Case {
    std::string target;
    std::string allow;
  };
  const std::vector<Case> cases = {
      {"/healthz", "GET, HEAD, OPTIONS"},
      {"/readyz", "GET, HEAD, OPTIONS"},
      {"/metrics", "GET, HEAD, OPTIONS"},
      {"/page", "GET, HEAD, OPTIONS"},
      {"/live", "GET, HEAD, OPTIONS"},
      {"/officials/t/registrar/ranking", "GET, HEAD, POST, OPTIONS"},
      {std::string(kStandings), "GET, HEAD, POST, OPTIONS"},
      {std::string(kRecordPath), "POST, OPTIONS"},
      {std::string(kWatch), "POST, OPTIONS"},
  };
  for (const Case& c : cases) {
    for (const std::string method : {"TRACE", "PUT", "DELETE", "PATCH"}) {
      SCOPED_TRACE(absl::StrCat(method, " ", c.target));
      RawConnection connection(front_->port());
      ASSERT_TRUE(connection.Send(
          absl::StrCat(RawRequest(method, c.target, "X-Secret: s3cret\r\n"),
                       RawRequest("GET", "/healthz", ""))));
      const std::string seen = connection.ReadUntil("ok\n", absl::Seconds(10));
      EXPECT_EQ(StatusOf(seen), 405) << seen;
      EXPECT_EQ(HeaderValue(seen, "Allow"), c.allow);
      EXPECT_THAT(seen, Not(HasSubstr("s3cret")));
      EXPECT_THAT(seen, HasSubstr("ok\n"));  // the next request is answered
    }
    SCOPED_TRACE(absl::StrCat("OPTIONS ", c.target));
    const std::string options =
        Exchange(RawRequest("OPTIONS", c.target, ""), "\r\n\r\n");
    EXPECT_EQ(StatusOf(options), 204) << options;
    EXPECT_EQ(HeaderValue(options, "Allow"), c.allow);
  }
}

// RFC 9112 3.2.2 and 3.2.4: a target in absolute form is served as its
// path; "*" is for OPTIONS only.
TEST_F(HttpProtocolTest, AbsoluteAndAsteriskTargetsAreUnderstood) {
  std::string seen =
      Exchange("GET http://t/healthz HTTP/1.1\r\nHost: t\r\n\r\n", "ok\n");
  EXPECT_EQ(StatusOf(seen), 200) << seen;
  seen = Exchange("OPTIONS * HTTP/1.1\r\nHost: t\r\n\r\n", "\r\n\r\n");
  EXPECT_EQ(StatusOf(seen), 204) << seen;
  EXPECT_EQ(HeaderValue(seen, "Allow"), "GET, HEAD, POST, OPTIONS");
  seen = Exchange("GET * HTTP/1.1\r\nHost: t\r\n\r\n", "OPTIONS");
  EXPECT_EQ(StatusOf(seen), 400) << seen;
  EXPECT_THAT(seen, HasSubstr("target '*'"));
}

// A GET of a streaming method says it streams and how to call it, not that
// it changes state.
TEST_F(HttpProtocolTest, GetOfAStreamingMethodSaysHowToCallIt) {
  const std::string seen = Exchange(
      RawRequest("GET", absl::StrCat(kWatch, "?encoding=json&message=%7B%7D"),
                 ""),
      "}");
  EXPECT_EQ(StatusOf(seen), 405) << seen;
  EXPECT_EQ(HeaderValue(seen, "Allow"), "POST, OPTIONS");
  EXPECT_THAT(seen, HasSubstr("WatchStandings streams"));
  EXPECT_THAT(seen, HasSubstr("application/connect+json"));
  EXPECT_THAT(seen, Not(HasSubstr("changes state")));
}

// Requests sent back to back on one connection are answered in order.
TEST_F(HttpProtocolTest, PipelinedRequestsAreAnsweredInOrder) {
  EnterOpenMen(2);
  RawConnection connection(front_->port());
  ASSERT_TRUE(connection.Send(absl::StrCat(
      RawRequest("GET", "/healthz", ""), RawRequest("GET", "/page", ""),
      RawRequest("POST", kStandings, "Content-Type: application/json\r\n",
                 kStandingsJson),
      RawRequest("GET", "/readyz", ""))));
  const std::string seen = connection.ReadUntil("ready\n", absl::Seconds(10));
  const size_t ok = seen.find("ok\n");
  const size_t page = seen.find("<p>page</p>");
  const size_t standings = seen.find("application/json");
  const size_t ready = seen.find("ready\n");
  ASSERT_NE(ok, std::string::npos) << seen;
  ASSERT_NE(page, std::string::npos) << seen;
  ASSERT_NE(standings, std::string::npos) << seen;
  ASSERT_NE(ready, std::string::npos) << seen;
  EXPECT_LT(ok, page);
  EXPECT_LT(page, standings);
  EXPECT_LT(standings, ready);
}

// A stream's request is one envelope; anything else ends the stream with
// invalid_argument naming the body, and nothing is called.
TEST_F(HttpProtocolTest, MalformedEnvelopesEndTheStreamNamingTheBody) {
  const std::string message(kStandingsJson);
  struct Case {
    std::string name;
    std::string body;
    std::string says;
  };
  std::string longer = Enveloped(message);
  longer[4] = static_cast<char>(longer[4] + 1);
  const std::vector<Case> cases = {
      {"empty", "", "5-byte prefix"},
      {"short prefix", std::string(3, '\0'), "5-byte prefix"},
      {"end-of-stream flag", Enveloped(message, 0x02), "0x02"},
      {"unknown flag", Enveloped(message, 0x80), "0x80"},
      {"length over the body", longer, "follow"},
      {"two envelopes", Enveloped(message) + Enveloped(message),
       "one enveloped message"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string seen = StreamExchange(RawRequest(
        "POST", kWatch, "Content-Type: application/connect+json\r\n", c.body));
    EXPECT_EQ(StatusOf(seen), 200) << seen;
    const std::vector<Envelope> envelopes = EnvelopesOf(seen);
    ASSERT_EQ(envelopes.size(), 1u) << seen;
    EXPECT_EQ(envelopes[0].flags, 2);
    EXPECT_TRUE(IsJson(envelopes[0].payload)) << envelopes[0].payload;
    EXPECT_THAT(envelopes[0].payload, HasSubstr("invalid_argument"));
    EXPECT_THAT(envelopes[0].payload, HasSubstr("body:"));
    EXPECT_THAT(envelopes[0].payload, HasSubstr(c.says));
  }
}

// An empty unary body is the empty message, in either codec.
TEST_F(HttpProtocolTest, EmptyUnaryBodiesAreTheEmptyMessage) {
  for (const std::string type : {"application/json", "application/proto"}) {
    SCOPED_TRACE(type);
    const std::string seen =
        Exchange(RawRequest("POST", kStandings,
                            absl::StrCat("Content-Type: ", type, "\r\n")),
                 "}");
    EXPECT_EQ(StatusOf(seen), 400) << seen;
    EXPECT_THAT(seen, HasSubstr(R"("code":"invalid_argument")"));
    EXPECT_THAT(seen, HasSubstr("tournament_id"));
  }
}

// Connect-Timeout-Ms is at most 10 digits (Connect's rule): longer or not a
// number is refused naming the header and nothing is appended; 10 digits is
// a deadline like any other.
TEST_F(HttpProtocolTest, ConnectTimeoutOverTenDigitsIsRefusedNamingIt) {
  EnterOpenMen(2);
  const uint64_t before = LastEvent().position();
  for (const std::string timeout : {"99999999999", "-1", "soon"}) {
    SCOPED_TRACE(timeout);
    const CurlAnswer answer =
        Curl(absl::StrCat(base_, kRecordPath),
             {"-H", "Content-Type: application/json", "-H",
              absl::StrCat("Authorization: Bearer ", kArbiter), "-H",
              absl::StrCat("Connect-Timeout-Ms: ", timeout), "--data-binary",
              R"({"commandId":"t-1","tournamentId":"sichuan-2016"})"});
    EXPECT_EQ(answer.status, 400) << answer.body;
    EXPECT_THAT(answer.body, HasSubstr(R"("code":"invalid_argument")"));
    EXPECT_THAT(answer.body, HasSubstr("Connect-Timeout-Ms"));
  }
  EXPECT_EQ(LastEvent().position(), before);
  const CurlAnswer answer =
      Curl(absl::StrCat(base_, kStandings),
           {"-H", "Content-Type: application/json", "-H",
            "Connect-Timeout-Ms: 9999999999", "--data-binary",
            std::string(kStandingsJson)});
  EXPECT_EQ(answer.status, 200) << answer.body;
}

}  // namespace
}  // namespace qiwang::http
