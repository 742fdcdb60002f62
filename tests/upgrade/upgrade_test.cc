// Upgrades keep data: the folder in data/ was written by qiwangd at f5a1f7a
// (generate.sh); this version folds it to the state that version answered,
// verifies the same log digest, and answers each stored command id as that
// version did: the same request replays its original result, another
// request under the same id is ALREADY_EXISTS. A change that breaks old logs
// or the stored idempotency fingerprints fails here.
#include <fstream>
#include <sstream>
#include <string>

#include "gmock/gmock.h"
#include "google/protobuf/util/json_util.h"
#include "google/protobuf/util/message_differencer.h"
#include "gtest/gtest.h"
#include "qiwang/v1/audit_service.grpc.pb.h"
#include "qiwang/v1/export_service.grpc.pb.h"
#include "qiwang/v1/play_service.grpc.pb.h"
#include "qiwang/v1/ruling_service.grpc.pb.h"
#include "qiwang/v1/standings_service.grpc.pb.h"
#include "qiwang/v1/tournament_service.grpc.pb.h"
#include "tests/server/server_fixture.h"
#include "tests/test_paths.h"

namespace qiwang::server {
namespace {

using ::google::protobuf::util::MessageDifferencer;

constexpr char kTournament[] = "sichuan-2016";
constexpr char kChief[] = "upgrade-chief-token";
constexpr char kArbiter[] = "upgrade-arbiter-token";

std::string Expected(const std::string& name) {
  std::ifstream file(test_paths::SourcePath("tests/upgrade/data") +
                     "/expected/" + name);
  EXPECT_TRUE(file.good()) << name;
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

template <typename Message>
Message ExpectedMessage(const std::string& name) {
  Message message;
  const auto parsed =
      google::protobuf::util::JsonStringToMessage(Expected(name), &message);
  EXPECT_TRUE(parsed.ok()) << name << ": " << parsed.ToString();
  return message;
}

std::unique_ptr<grpc::ClientContext> As(const std::string& token) {
  auto call = std::make_unique<grpc::ClientContext>();
  call->set_deadline(absl::ToChronoTime(absl::Now() + absl::Seconds(30)));
  call->AddMetadata("authorization", absl::StrCat("Bearer ", token));
  return call;
}

class UpgradeTest : public ServerTest {
 protected:
  void SetUp() override {
    seed_data_dir_ = test_paths::SourcePath("tests/upgrade/data") + "/data";
    ServerTest::SetUp();
  }
  ServerOptions Options() const override {
    ServerOptions options = ServerTest::Options();
    options.tokens = {
        {kChief, "chen", {rules::Role::kChiefArbiter, rules::Role::kRegistrar}},
        {kArbiter, "arthur", {rules::Role::kArbiter}}};
    return options;
  }

  // Sends the stored command `name` again as `token`: its original answer,
  // now marked replayed; then the same id with `changed` applied to the
  // request: ALREADY_EXISTS.
  template <typename Request, typename Response, typename Call>
  void ExpectRetryReplays(const std::string& name, const std::string& token,
                          Call call, void (*changed)(Request&)) {
    SCOPED_TRACE(name);
    const Request request = ExpectedMessage<Request>(name + ".request.json");
    Response expected = ExpectedMessage<Response>(name + ".answer.json");
    ASSERT_FALSE(expected.result().replayed());
    expected.mutable_result()->set_replayed(true);
    Response retried;
    const grpc::Status status = call(As(token).get(), request, &retried);
    ASSERT_TRUE(status.ok()) << status.error_message();
    EXPECT_TRUE(MessageDifferencer::Equals(retried, expected))
        << retried.DebugString() << "\nexpected:\n"
        << expected.DebugString();

    Request other = request;
    changed(other);
    Response refused;
    const grpc::Status conflict = call(As(token).get(), other, &refused);
    EXPECT_EQ(conflict.error_code(), grpc::StatusCode::ALREADY_EXISTS)
        << conflict.error_message();
  }
};

TEST_F(UpgradeTest, TheOldLogFoldsToTheStateTheOldVersionAnswered) {
  v1::ListPlayersRequest players_request;
  players_request.set_tournament_id(kTournament);
  v1::ListPlayersResponse players;
  grpc::Status status = v1::TournamentService::NewStub(channel_)->ListPlayers(
      As(kChief).get(), players_request, &players);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_TRUE(MessageDifferencer::Equals(
      players, ExpectedMessage<v1::ListPlayersResponse>("players.json")))
      << players.DebugString();

  for (const std::string ranking : {"open-men", "professional"}) {
    SCOPED_TRACE(ranking);
    v1::GetStandingsRequest request;
    request.set_tournament_id(kTournament);
    request.set_ranking_id(ranking);
    v1::GetStandingsResponse standings;
    status = v1::StandingsService::NewStub(channel_)->GetStandings(
        As(kChief).get(), request, &standings);
    ASSERT_TRUE(status.ok()) << status.error_message();
    EXPECT_TRUE(MessageDifferencer::Equals(
        standings, ExpectedMessage<v1::GetStandingsResponse>(
                       "standings-" + ranking + ".json")))
        << standings.DebugString();
  }

  v1::ExportTrfRequest trf_request;
  trf_request.set_tournament_id(kTournament);
  trf_request.set_section_id("open-men");
  v1::ExportTrfResponse trf;
  status = v1::ExportService::NewStub(channel_)->ExportTrf(As(kChief).get(),
                                                           trf_request, &trf);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_TRUE(MessageDifferencer::Equals(
      trf, ExpectedMessage<v1::ExportTrfResponse>("trf-open-men.json")))
      << trf.trf();

  v1::VerifyLogResponse verified;
  status = v1::AuditService::NewStub(channel_)->VerifyLog(
      As(kChief).get(), v1::VerifyLogRequest(), &verified);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_TRUE(MessageDifferencer::Equals(
      verified, ExpectedMessage<v1::VerifyLogResponse>("verify.json")))
      << verified.DebugString();
}

TEST_F(UpgradeTest, StoredCommandIdsAnswerAsTheOldVersionDid) {
  auto play = v1::PlayService::NewStub(channel_);
  ExpectRetryReplays<v1::RecordFoulRequest, v1::RecordFoulResponse>(
      "foul", kArbiter,
      [&](grpc::ClientContext* call, const v1::RecordFoulRequest& request,
          v1::RecordFoulResponse* response) {
        return play->RecordFoul(call, request, response);
      },
      [](v1::RecordFoulRequest& request) { request.set_note("another"); });

  auto tournaments = v1::TournamentService::NewStub(channel_);
  ExpectRetryReplays<v1::WithdrawPlayerRequest, v1::WithdrawPlayerResponse>(
      "withdraw", kChief,
      [&](grpc::ClientContext* call, const v1::WithdrawPlayerRequest& request,
          v1::WithdrawPlayerResponse* response) {
        return tournaments->WithdrawPlayer(call, request, response);
      },
      [](v1::WithdrawPlayerRequest& request) { request.set_player_id(4); });

  auto rulings = v1::RulingService::NewStub(channel_);
  ExpectRetryReplays<v1::FileAppealRequest, v1::FileAppealResponse>(
      "appeal", kChief,
      [&](grpc::ClientContext* call, const v1::FileAppealRequest& request,
          v1::FileAppealResponse* response) {
        return rulings->FileAppeal(call, request, response);
      },
      [](v1::FileAppealRequest& request) { request.set_grounds("other"); });
}

}  // namespace
}  // namespace qiwang::server
