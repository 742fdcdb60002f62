#include "tests/load/bad_requests.h"

#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "tests/http/http_client.h"

namespace qiwang::load {
namespace {

constexpr char kRecordResult[] = "/qiwang.v1.PlayService/RecordResult";
constexpr char kGetStandings[] = "/qiwang.v1.StandingsService/GetStandings";
constexpr char kWatchStandings[] = "/qiwang.v1.StandingsService/WatchStandings";
// A board that does not exist: even a write that got through by mistake
// would be refused by the rules rather than appended.
constexpr char kNoBoard[] =
    R"({"commandId":"bad-1","tournamentId":"sichuan-2016",)"
    R"("sectionId":"open-men","round":99,"board":1,)"
    R"("result":"GAME_RESULT_DRAW"})";

std::string Post(const std::string& path, const std::string& content_type,
                 const std::string& headers, const std::string& body) {
  return absl::StrCat("POST ", path,
                      " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                      "Content-Type: ",
                      content_type, "\r\n", headers,
                      "Content-Length: ", body.size(), "\r\n\r\n", body);
}

std::string Bare(const std::string& method, const std::string& target) {
  return absl::StrCat(method, " ", target,
                      " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                      "\r\n");
}

}  // namespace

BadRequests::BadRequests(int http_port, std::string write_token)
    : http_port_(http_port) {
  const std::string bearer =
      absl::StrCat("Authorization: Bearer ", write_token, "\r\n");
  const std::string json = "application/json";
  const std::string watch =
      Post(kWatchStandings, "application/connect+json", "",
           http::Enveloped(
               R"({"tournamentId":"sichuan-2016","rankingId":"open-men"})"));
  kinds_ = {
      {"malformed-json", Post(kRecordResult, json, bearer, R"({"round":)")},
      {"unknown-field", Post(kRecordResult, json, bearer, R"({"boardd":1})")},
      {"oversize-body",
       absl::StrCat("POST ", kRecordResult,
                    " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                    "Content-Type: application/json\r\n",
                    bearer, "Content-Length: 100000000\r\n\r\n{")},
      {"bad-content-type", Post(kRecordResult, "text/plain", bearer, "{}")},
      {"invalid-utf8",
       Post(kRecordResult, json, bearer,
            "{\"commandId\":\"bad-\xff\xfe\",\"tournamentId\":\"sichuan-2016\","
            "\"sectionId\":\"open-men\",\"round\":99,\"board\":1}")},
      {"beyond-head-read",
       Post(kGetStandings, json, "",
            R"({"tournamentId":"sichuan-2016","rankingId":"open-men",)"
            R"("read":{"minPosition":"1000000000000"}})")},
      {"unknown-path", Bare("GET", "/no/such/page")},
      {"unknown-rpc", Post("/qiwang.v1.NoService/Nothing", json, "", "{}")},
      {"traversal", Bare("GET", "/static/../../etc/passwd")},
      {"traversal-encoded", Bare("GET", "/%2e%2e/%2e%2e/etc/passwd")},
      {"head-rpc", Bare("HEAD", kRecordResult)},
      {"put-rpc", Bare("PUT", kRecordResult)},
      {"trace-rpc", Bare("TRACE", kRecordResult)},
      {"unauthenticated-write", Post(kRecordResult, json, "", kNoBoard)},
      {"bad-token-write",
       Post(kRecordResult, json, "Authorization: Bearer not-a-token\r\n",
            kNoBoard)},
      {"stream-cut-midway", watch, watch.size() - 20},
      {"stream-dropped-midway", watch, 0, true},
  };
}

BadAnswer BadRequests::Send(int kind, absl::Duration timeout) const {
  const Kind& k = kinds_[kind];
  const absl::Time start = absl::Now();
  http::RawConnection connection(http_port_);
  if (!connection.connected()) return BadAnswer::kOther;
  if (k.cut_at > 0) {
    connection.Send(k.request.substr(0, k.cut_at));
    return BadAnswer::kLeft;
  }
  // An oversize body may be refused before it is all sent; the answer says.
  connection.Send(k.request);
  const std::string answer = connection.ReadUntil("\r\n\r\n", timeout);
  const int status = http::StatusOf(answer);
  if (status == 0) {
    return absl::Now() - start >= timeout ? BadAnswer::kTimeout
                                          : BadAnswer::kOther;
  }
  if (status >= 500) return BadAnswer::k5xx;
  if (status >= 400) return BadAnswer::k4xx;
  return k.drop_after_status && status == 200 ? BadAnswer::kLeft
                                              : BadAnswer::kOther;
}

}  // namespace qiwang::load
