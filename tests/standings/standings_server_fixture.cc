#include "tests/standings/standings_server_fixture.h"

#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/time/civil_time.h"
#include "absl/time/clock.h"
#include "qiwang/v1/admin_service.grpc.pb.h"
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
  options.tokens = RoleTokens();
  clock_ = std::make_shared<ledger::ManualClock>(Beijing(2016, 9, 1, 10, 0));
  options.clock = clock_;
  absl::StatusOr<std::unique_ptr<server::Server>> server =
      server::Server::Start(options);
  ASSERT_TRUE(server.ok()) << server.status();
  server_ = *std::move(server);
  channel_ = grpc::CreateChannel(server_->address(),
                                 grpc::InsecureChannelCredentials());
  pairing_ = v1::PairingService::NewStub(channel_);
  play_ = v1::PlayService::NewStub(channel_);
  standings_ = v1::StandingsService::NewStub(channel_);
}

void StandingsServerTest::TearDown() {
  server_.reset();
  if (!temp_dir_.empty()) std::filesystem::remove_all(temp_dir_);
}

std::vector<server::TokenEntry> RoleTokens() {
  return {{kOrganiser, "olive", {Role::kOrganiser}},
          {kRegistrar, "rita", {Role::kRegistrar}},
          {kArbiter, "arthur", {Role::kArbiter}},
          {kChief, "chen", {Role::kChiefArbiter}},
          {kPairingOfficer, "pat", {Role::kPairingOfficer}},
          {kReplica, "reader-1", {Role::kReplica}}};
}

std::unique_ptr<grpc::ClientContext> NewCall(const std::string& token,
                                             absl::Duration timeout) {
  auto call = std::make_unique<grpc::ClientContext>();
  call->set_deadline(absl::ToChronoTime(absl::Now() + timeout));
  if (!token.empty()) {
    call->AddMetadata("authorization", absl::StrCat("Bearer ", token));
  }
  return call;
}

namespace {

// EnterOpenMen with the clock moved by `set_clock`.
uint64_t EnterOpenMenWithClock(
    const std::shared_ptr<grpc::Channel>& channel,
    const std::function<absl::Status(absl::Time)>& set_clock, int players,
    const std::string& name_prefix) {
  auto tournaments = v1::TournamentService::NewStub(channel);
  v1::CreateTournamentRequest create;
  create.set_command_id("create");
  *create.mutable_config() = rules::tournament::Sichuan2016();
  for (v1::StationQuota& quota :
       *create.mutable_config()->mutable_station_quotas()) {
    quota.set_qualifiers(players);
  }
  v1::CreateTournamentResponse created;
  grpc::Status status = tournaments->CreateTournament(NewCall(kOrganiser).get(),
                                                      create, &created);
  EXPECT_TRUE(status.ok()) << status.error_message();

  // Birthdays 60 days apart, closer for a large field, so that every player
  // is born by 1999-12-31 and in open-men (2016's men's section).
  const int days_apart = std::clamp(10900 / std::max(players, 1), 1, 60);
  std::vector<v1::Person> people;
  for (int i = 0; i < players; ++i) {
    const absl::CivilDay born = absl::CivilDay(1970, 1, 1) + days_apart * i;
    people.push_back(rules::tournament::MakePerson(
        absl::StrCat(name_prefix, i + 1), static_cast<int>(born.year()),
        born.month(), born.day(), v1::GENDER_MALE));
  }
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
  status = tournaments->RecordStationResults(NewCall(kRegistrar).get(), station,
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
    status = tournaments->RegisterPlayer(NewCall(kRegistrar).get(), entry,
                                         &registered);
    EXPECT_TRUE(status.ok()) << status.error_message();
  }
  EXPECT_TRUE(set_clock(Beijing(2016, 10, 13, 15, 0)).ok());
  for (int i = 1; i <= players; ++i) {
    v1::CheckInPlayerRequest check_in;
    check_in.set_command_id(absl::StrCat("check-in-", i));
    check_in.set_tournament_id(kTournamentId);
    check_in.set_player_id(i);
    check_in.add_documents(v1::CHECK_IN_DOCUMENT_IDENTITY_COPY);
    check_in.add_documents(v1::CHECK_IN_DOCUMENT_INSURANCE);
    v1::CheckInPlayerResponse checked_in;
    status = tournaments->CheckInPlayer(NewCall(kArbiter).get(), check_in,
                                        &checked_in);
    EXPECT_TRUE(status.ok()) << status.error_message();
  }
  EXPECT_TRUE(set_clock(Beijing(2016, 10, 13, 18, 30)).ok());
  v1::CloseCheckInRequest close;
  close.set_command_id("close");
  close.set_tournament_id(kTournamentId);
  close.set_reason("window over");
  v1::CloseCheckInResponse closed;
  status = tournaments->CloseCheckIn(NewCall(kChief).get(), close, &closed);
  EXPECT_TRUE(status.ok()) << status.error_message();
  return closed.result().last_position();
}

}  // namespace

uint64_t EnterOpenMen(const std::shared_ptr<grpc::Channel>& channel,
                      ledger::ManualClock& clock, int players,
                      const std::string& name_prefix) {
  return EnterOpenMenWithClock(
      channel, [&clock](absl::Time time) { return clock.Set(time); }, players,
      name_prefix);
}

uint64_t EnterOpenMen(const std::shared_ptr<grpc::Channel>& channel,
                      int players) {
  auto admin = v1::AdminService::NewStub(channel);
  return EnterOpenMenWithClock(
      channel,
      [&admin](absl::Time time) {
        v1::SetClockRequest request;
        const timespec spec = absl::ToTimespec(time);
        request.mutable_time()->set_seconds(spec.tv_sec);
        request.mutable_time()->set_nanos(static_cast<int32_t>(spec.tv_nsec));
        v1::SetClockResponse response;
        const grpc::Status status =
            admin->SetClock(NewCall(kOrganiser).get(), request, &response);
        return status.ok() ? absl::OkStatus()
                           : absl::InternalError(status.error_message());
      },
      players, "P ");
}

v1::PairRoundRequest OpenMenRound(int round) {
  v1::PairRoundRequest request;
  request.set_command_id(absl::StrCat("pair-", round));
  request.set_tournament_id(kTournamentId);
  request.set_section_id("open-men");
  request.set_round(round);
  request.set_lots_seed(2016);
  return request;
}

uint64_t StandingsServerTest::EnterOpenMen(int players,
                                           const std::string& name_prefix) {
  const uint64_t closed =
      standings::EnterOpenMen(channel_, *clock_, players, name_prefix);
  v1::GetStandingsRequest request;
  request.set_tournament_id(kTournamentId);
  request.set_ranking_id("open-men");
  request.mutable_read()->set_min_position(closed);
  v1::GetStandingsResponse response;
  const grpc::Status seen =
      standings_->GetStandings(Call().get(), request, &response);
  EXPECT_TRUE(seen.ok()) << seen.error_message();
  return closed;
}

v1::PairRoundResponse StandingsServerTest::PairRound(int round) {
  const v1::PairRoundRequest request = OpenMenRound(round);
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
