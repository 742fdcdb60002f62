#include "tests/web/pages_fixture.h"

#include "clients/web/public_pages.h"

namespace qiwang::web {

void PagesTest::SetUp() {
  StandingsServerTest::SetUp();
  EnterOpenMen(8);
  const v1::PairRoundResponse paired = PairRound(1);
  ASSERT_EQ(paired.rounds_size(), 1);
  round_one_ = paired.rounds(0);
  paired_position_ = paired.result().last_position();
  RecordResult(1, 1, v1::GAME_RESULT_RED_WIN);
  const uint64_t last = RecordResult(1, 2, v1::GAME_RESULT_DRAW);
  AwaitProjection(last);
  // As qiwangd serves them: whole pages cached by the projection's position.
  server::Server* server = server_.get();
  pages_ = MakePublicPages(
      channel_, {.tournament_ids = {"sichuan-2016"}, .log_position = [server] {
                   return server->applied_position();
                 }});
}

void PagesTest::AwaitProjection(uint64_t position) {
  v1::GetStandingsRequest caught_up;
  caught_up.set_tournament_id(standings::kTournamentId);
  caught_up.set_ranking_id("open-men");
  caught_up.mutable_read()->set_min_position(position);
  v1::GetStandingsResponse ignored;
  const grpc::Status waited =
      standings_->GetStandings(Call().get(), caught_up, &ignored);
  ASSERT_TRUE(waited.ok()) << waited.error_message();
}

void PagesTest::TearDown() {
  pages_.reset();
  StandingsServerTest::TearDown();
}

std::optional<http::Reply> PagesTest::Handle(http::Request request) {
  return pages_->Handle(request);
}

http::Response PagesTest::Get(
    const std::string& path,
    std::vector<std::pair<std::string, std::string>> query,
    std::vector<std::pair<std::string, std::string>> headers) {
  http::Request request;
  request.method = "GET";
  request.path = path;
  for (auto& [name, value] : query) request.query[name] = value;
  for (auto& [name, value] : headers) request.headers[name] = value;
  request.client_address = "127.0.0.1";
  std::optional<http::Reply> reply = pages_->Handle(request);
  EXPECT_TRUE(reply.has_value()) << path;
  if (!reply.has_value()) return {};
  EXPECT_TRUE(reply->response.has_value()) << path;
  return reply->response.value_or(http::Response{});
}

std::string HeaderOf(const http::Response& response, const std::string& name) {
  for (const auto& [key, value] : response.headers) {
    if (key == name) return value;
  }
  return "";
}

}  // namespace qiwang::web
