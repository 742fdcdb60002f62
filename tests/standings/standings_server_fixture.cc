#include "tests/standings/standings_server_fixture.h"

#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <stdlib.h>

#include <filesystem>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "tests/rules/tournament/pre_event_fixture.h"

namespace qiwang::standings {

using rules::Role;
using rules::tournament::Beijing;

void StandingsServerTest::SetUp() {
  std::string pattern =
      (std::filesystem::temp_directory_path() / "qiwang-standings-XXXXXX")
          .string();
  ASSERT_NE(mkdtemp(pattern.data()), nullptr);
  temp_dir_ = pattern;
  server::ServerOptions options;
  options.data_dir = temp_dir_ + "/log";
  options.tokens = {{kOrganiser, "olive", {Role::kOrganiser}},
                    {kRegistrar, "rita", {Role::kRegistrar}},
                    {kArbiter, "arthur", {Role::kArbiter}},
                    {kChief, "chen", {Role::kChiefArbiter}},
                    {kPairingOfficer, "pat", {Role::kPairingOfficer}}};
  clock_ = std::make_shared<ledger::ManualClock>(Beijing(2016, 9, 1, 10, 0));
  options.clock = clock_;
  absl::StatusOr<std::unique_ptr<server::Server>> server =
      server::Server::Start(options);
  ASSERT_TRUE(server.ok()) << server.status();
  server_ = *std::move(server);
  auto channel = grpc::CreateChannel(server_->address(),
                                     grpc::InsecureChannelCredentials());
  tournaments_ = v1::TournamentService::NewStub(channel);
  pairing_ = v1::PairingService::NewStub(channel);
  play_ = v1::PlayService::NewStub(channel);
  standings_ = v1::StandingsService::NewStub(channel);
}

void StandingsServerTest::TearDown() {
  server_.reset();
  if (!temp_dir_.empty()) std::filesystem::remove_all(temp_dir_);
}

std::unique_ptr<grpc::ClientContext> StandingsServerTest::Call(
    const std::string& token, absl::Duration timeout) {
  auto call = std::make_unique<grpc::ClientContext>();
  call->set_deadline(absl::ToChronoTime(absl::Now() + timeout));
  if (!token.empty()) {
    call->AddMetadata("authorization", absl::StrCat("Bearer ", token));
  }
  return call;
}

uint64_t StandingsServerTest::EnterOpenMen(int players) {
  v1::CreateTournamentRequest create;
  create.set_command_id("create");
  *create.mutable_config() = rules::tournament::Sichuan2016();
  v1::CreateTournamentResponse created;
  grpc::Status status =
      tournaments_->CreateTournament(Call(kOrganiser).get(), create, &created);
  EXPECT_TRUE(status.ok()) << status.error_message();

  const std::vector<v1::Person> people =
      rules::tournament::Ranking("P", players);
  v1::RecordStationResultsRequest station;
  station.set_command_id("station");
  station.set_tournament_id(kTournamentId);
  station.mutable_station()->set_id("chengdu");
  station.mutable_station()->set_kind(v1::STATION_KIND_CITY);
  station.mutable_station()->mutable_date()->set_year(2016);
  station.mutable_station()->mutable_date()->set_month(5);
  station.mutable_station()->mutable_date()->set_day(14);
  for (const v1::Person& person : people) *station.add_ranking() = person;
  v1::RecordStationResultsResponse recorded;
  status = tournaments_->RecordStationResults(Call(kRegistrar).get(), station,
                                              &recorded);
  EXPECT_TRUE(status.ok()) << status.error_message();

  for (int i = 0; i < players; ++i) {
    v1::RegisterPlayerRequest entry;
    entry.set_command_id(absl::StrCat("register-", i));
    entry.set_tournament_id(kTournamentId);
    *entry.mutable_person() = people[i];
    entry.set_title(v1::TITLE_NONE);
    entry.set_residency(v1::RESIDENCY_NATIVE);
    entry.set_insurance_confirmed(true);
    v1::RegisterPlayerResponse registered;
    status = tournaments_->RegisterPlayer(Call(kRegistrar).get(), entry,
                                          &registered);
    EXPECT_TRUE(status.ok()) << status.error_message();
  }
  EXPECT_TRUE(clock_->Set(Beijing(2016, 10, 13, 15, 0)).ok());
  for (int i = 1; i <= players; ++i) {
    v1::CheckInPlayerRequest check_in;
    check_in.set_command_id(absl::StrCat("check-in-", i));
    check_in.set_tournament_id(kTournamentId);
    check_in.set_player_id(i);
    check_in.add_documents(v1::CHECK_IN_DOCUMENT_IDENTITY_COPY);
    check_in.add_documents(v1::CHECK_IN_DOCUMENT_INSURANCE);
    v1::CheckInPlayerResponse checked_in;
    status = tournaments_->CheckInPlayer(Call(kArbiter).get(), check_in,
                                         &checked_in);
    EXPECT_TRUE(status.ok()) << status.error_message();
  }
  EXPECT_TRUE(clock_->Set(Beijing(2016, 10, 13, 18, 30)).ok());
  v1::CloseCheckInRequest close;
  close.set_command_id("close");
  close.set_tournament_id(kTournamentId);
  close.set_reason("window over");
  v1::CloseCheckInResponse closed;
  status = tournaments_->CloseCheckIn(Call(kChief).get(), close, &closed);
  EXPECT_TRUE(status.ok()) << status.error_message();
  return closed.result().last_position();
}

v1::PairRoundResponse StandingsServerTest::PairRound(int round) {
  v1::PairRoundRequest request;
  request.set_command_id(absl::StrCat("pair-", round));
  request.set_tournament_id(kTournamentId);
  request.set_section_id("open-men");
  request.set_round(round);
  request.set_lots_seed(2016);
  v1::PairRoundResponse response;
  const grpc::Status status =
      pairing_->PairRound(Call(kPairingOfficer).get(), request, &response);
  EXPECT_TRUE(status.ok()) << status.error_message();
  return response;
}

uint64_t StandingsServerTest::RecordResult(int round, int board,
                                           v1::GameResult result) {
  v1::RecordResultRequest request;
  request.set_command_id(absl::StrCat("result-", ++commands_));
  request.set_tournament_id(kTournamentId);
  request.set_section_id("open-men");
  request.set_round(round);
  request.set_board(board);
  request.set_result(result);
  v1::RecordResultResponse response;
  const grpc::Status status =
      play_->RecordResult(Call(kArbiter).get(), request, &response);
  EXPECT_TRUE(status.ok()) << status.error_message();
  return response.result().last_position();
}

}  // namespace qiwang::standings
