// The one shape of reads and commands: TournamentService refuses a call
// without tournament_id naming the field, as every other service does (in
// the caller's language too), and changes nothing.
#include <string>

#include "gmock/gmock.h"
#include "google/rpc/error_details.pb.h"
#include "google/rpc/status.pb.h"
#include "gtest/gtest.h"
#include "qiwang/v1/tournament_service.grpc.pb.h"
#include "tests/server/server_fixture.h"

namespace qiwang::server {
namespace {

using ::testing::StartsWith;

using TournamentIdTest = ServerTest;

void ExpectTournamentIdRequired(const grpc::Status& status) {
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), StartsWith("tournament_id: required"));
}

TEST_F(TournamentIdTest, EveryTournamentReadRefusesAnEmptyTournamentId) {
  auto tournaments = v1::TournamentService::NewStub(channel_);
  v1::GetTournamentResponse tournament;
  ExpectTournamentIdRequired(tournaments->GetTournament(
      NewCall().get(), v1::GetTournamentRequest(), &tournament));
  v1::ListPlayersResponse players;
  ExpectTournamentIdRequired(tournaments->ListPlayers(
      NewCall().get(), v1::ListPlayersRequest(), &players));
  v1::GetPlayerRequest player_request;
  player_request.set_player_id(1);
  v1::GetPlayerResponse player;
  ExpectTournamentIdRequired(
      tournaments->GetPlayer(NewCall().get(), player_request, &player));
  v1::ListQualifiersResponse qualifiers;
  ExpectTournamentIdRequired(tournaments->ListQualifiers(
      NewCall().get(), v1::ListQualifiersRequest(), &qualifiers));
  v1::GetCheckInStatusResponse check_in;
  ExpectTournamentIdRequired(tournaments->GetCheckInStatus(
      NewCall().get(), v1::GetCheckInStatusRequest(), &check_in));
  // Exactly the field, as the read services name it.
  const grpc::Status status = tournaments->GetTournament(
      NewCall().get(), v1::GetTournamentRequest(), &tournament);
  EXPECT_EQ(status.error_message(), "tournament_id: required");
}

TEST_F(TournamentIdTest, TheMissingFieldIsNamedInTheCallersLanguage) {
  auto tournaments = v1::TournamentService::NewStub(channel_);
  std::unique_ptr<grpc::ClientContext> call = NewCall();
  call->AddMetadata("lang", "zh");
  v1::GetTournamentResponse tournament;
  const grpc::Status status = tournaments->GetTournament(
      call.get(), v1::GetTournamentRequest(), &tournament);
  EXPECT_EQ(status.error_message(), "tournament_id: required");
  google::rpc::Status details;
  ASSERT_TRUE(details.ParseFromString(status.error_details()));
  ASSERT_EQ(details.details_size(), 2);
  google::rpc::ErrorInfo info;
  ASSERT_TRUE(details.details(0).UnpackTo(&info));
  EXPECT_EQ(info.metadata().at("refusal"), "field_required");
  EXPECT_EQ(info.metadata().at("field"), "tournament_id");
  google::rpc::LocalizedMessage localized;
  ASSERT_TRUE(details.details(1).UnpackTo(&localized));
  EXPECT_EQ(localized.message(), "请填写赛事。");
}

TEST_F(TournamentIdTest, ACommandWithoutTournamentIdAppendsNothing) {
  auto tournaments = v1::TournamentService::NewStub(channel_);
  v1::AmendTournamentRequest amend;
  amend.set_command_id("amend-nothing");
  amend.set_reason("no tournament named");
  v1::AmendTournamentResponse amended;
  ExpectTournamentIdRequired(
      tournaments->AmendTournament(NewCall().get(), amend, &amended));
  v1::CreateTournamentRequest create;
  create.set_command_id("create-nameless");
  v1::CreateTournamentResponse created;
  ExpectTournamentIdRequired(
      tournaments->CreateTournament(NewCall().get(), create, &created));
  EXPECT_TRUE(ReadAll().empty());
}

}  // namespace
}  // namespace qiwang::server
