#include "tests/http/http_front_fixture.h"

#include <fstream>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

namespace qiwang::http {

using standings::kReplica;
using standings::kTournamentId;

void HttpFrontTest::SetUp() {
  StandingsServerTest::SetUp();
  HttpFrontOptions options;
  options.max_body_bytes = 64 << 10;
  options.max_header_bytes = 4 << 10;
  options.request_timeout = absl::Seconds(1);
  options.max_streams_per_client = 2;
  server::Server* server = server_.get();
  absl::StatusOr<std::unique_ptr<HttpFront>> front = HttpFront::Start(
      options, {server->InProcessChannel(), &routes_,
                [server] { return server->serving(); },
                [server] { return server->projection_lag(); },
                [server] { return server->batch_sizes()->Read(); }});
  ASSERT_TRUE(front.ok()) << front.status();
  front_ = *std::move(front);
  base_ = absl::StrCat("http://127.0.0.1:", front_->port());
}

void HttpFrontTest::TearDown() {
  front_.reset();
  StandingsServerTest::TearDown();
}

CurlAnswer HttpFrontTest::PostJson(const std::string& rpc,
                                   const std::string& json,
                                   const std::string& token,
                                   const std::vector<std::string>& headers) {
  std::vector<std::string> args = {"-H", "Content-Type: application/json",
                                   "--data-binary", json};
  for (const std::string& header : headers) {
    args.insert(args.end(), {"-H", header});
  }
  if (!token.empty()) {
    args.insert(args.end(),
                {"-H", absl::StrCat("Authorization: Bearer ", token)});
  }
  return Curl(absl::StrCat(base_, "/qiwang.v1.", rpc), args);
}

std::string HttpFrontTest::BodyFile(const std::string& bytes) {
  const std::string path = absl::StrCat(temp_dir_, "/body-", ++bodies_, ".bin");
  std::ofstream(path, std::ios::binary) << bytes;
  return absl::StrCat("@", path);
}

v1::Event HttpFrontTest::LastEvent() {
  v1::ReadRequest request;
  request.set_backwards(true);
  request.set_limit(1);
  auto log = v1::EventLogService::NewStub(channel_);
  auto call = Call(kReplica);
  auto reader = log->Read(call.get(), request);
  v1::ReadResponse response;
  v1::Event last;
  while (reader->Read(&response)) last = response.event();
  EXPECT_TRUE(reader->Finish().ok());
  return last;
}

v1::GetStandingsResponse HttpFrontTest::StandingsOverGrpc(
    uint64_t at_position) {
  v1::GetStandingsRequest request;
  request.set_tournament_id(kTournamentId);
  request.set_ranking_id("open-men");
  request.mutable_read()->set_at_position(at_position);
  v1::GetStandingsResponse response;
  EXPECT_TRUE(standings_->GetStandings(Call().get(), request, &response).ok());
  return response;
}

}  // namespace qiwang::http
