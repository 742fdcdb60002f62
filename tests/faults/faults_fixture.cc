#include "tests/faults/faults_fixture.h"

#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <grpcpp/support/channel_arguments.h>
#include <signal.h>
#include <sys/resource.h>

#include <cstdio>

#include "absl/strings/str_cat.h"
#include "absl/time/civil_time.h"
#include "qiwang/v1/event_log_service.grpc.pb.h"
#include "qiwang/v1/tournament_service.grpc.pb.h"
#include "tests/rules/tournament/pre_event_fixture.h"

namespace qiwang::faults {

void FaultsTest::TearDown() {
  if (HasFailure()) {
    std::fprintf(stderr, "--- qiwangd's output ---\n%s\n",
                 e2e::ReadFile(ServerLog()).c_str());
  }
  EndToEndTest::TearDown();
}

void FaultsTest::StartWithFileSizeLimit(uint64_t bytes) {
  // The child inherits the limit at fork; this process holds it only until
  // qiwangd listens, and writes no file meanwhile.
  rlimit saved;
  ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &saved), 0);
  rlimit limited = saved;
  limited.rlim_cur = bytes;
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &limited), 0);
  Start();
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &saved), 0);
}

void FaultsTest::KillServer() {
  EXPECT_EQ(StopServer(SIGKILL), 128 + SIGKILL);
  server_.reset();
}

std::shared_ptr<grpc::Channel> FaultsTest::NewChannel() const {
  grpc::ChannelArguments arguments;
  arguments.SetInt(GRPC_ARG_INITIAL_RECONNECT_BACKOFF_MS, 50);
  // Not GRPC_ARG_MIN_RECONNECT_BACKOFF_MS: gRPC takes it as the connect
  // timeout too, and a 50 ms handshake on a loaded machine failed calls.
  arguments.SetInt(GRPC_ARG_MAX_RECONNECT_BACKOFF_MS, 200);
  // One connection per channel, so the clients' calls really run side by side.
  arguments.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
  return grpc::CreateCustomChannel(address_, grpc::InsecureChannelCredentials(),
                                   arguments);
}

std::unique_ptr<grpc::ClientContext> FaultsTest::Call(const std::string& token,
                                                      absl::Duration timeout,
                                                      bool wait_for_ready) {
  auto call = std::make_unique<grpc::ClientContext>();
  call->set_deadline(absl::ToChronoTime(absl::Now() + timeout));
  call->set_wait_for_ready(wait_for_ready);
  if (!token.empty()) call->AddMetadata("authorization", "Bearer " + token);
  return call;
}

v1::Person FaultsTest::Person(int index) {
  const absl::CivilDay born = absl::CivilDay(1960, 1, 1) + 7 * index;
  return rules::tournament::MakePerson(
      absl::StrCat("Player ", index), static_cast<int>(born.year()),
      born.month(), born.day(), v1::GENDER_MALE);
}

v1::RegisterPlayerRequest FaultsTest::Registration(
    int index, const std::string& command_id) {
  v1::RegisterPlayerRequest request;
  request.set_command_id(command_id);
  request.set_tournament_id(kTournamentId);
  *request.mutable_person() = Person(index);
  request.set_title(v1::TITLE_NONE);
  request.set_residency(v1::RESIDENCY_NATIVE);
  request.set_insurance_confirmed(true);
  return request;
}

void FaultsTest::CreateEvent(int players) {
  auto stub = v1::TournamentService::NewStub(NewChannel());
  v1::CreateTournamentRequest create;
  create.set_command_id("create");
  *create.mutable_config() = rules::tournament::Sichuan2016();
  for (v1::StationQuota& quota :
       *create.mutable_config()->mutable_station_quotas()) {
    quota.set_qualifiers(players);
  }
  v1::CreateTournamentResponse created;
  grpc::Status status =
      stub->CreateTournament(Call(kOrganiserToken).get(), create, &created);
  ASSERT_TRUE(status.ok()) << status.error_message();

  v1::RecordStationResultsRequest station;
  station.set_command_id("station");
  station.set_tournament_id(kTournamentId);
  station.mutable_station()->set_id("chengdu");
  station.mutable_station()->set_kind(v1::STATION_KIND_CITY);
  station.mutable_station()->mutable_date()->set_year(2016);
  station.mutable_station()->mutable_date()->set_month(5);
  station.mutable_station()->mutable_date()->set_day(14);
  for (int i = 0; i < players; ++i) *station.add_ranking() = Person(i);
  v1::RecordStationResultsResponse recorded;
  status = stub->RecordStationResults(Call(kRegistrarToken).get(), station,
                                      &recorded);
  ASSERT_TRUE(status.ok()) << status.error_message();
}

std::vector<v1::Event> FaultsTest::ReadLog() {
  constexpr uint32_t kPage = 1000;
  auto stub = v1::EventLogService::NewStub(NewChannel());
  std::vector<v1::Event> events;
  for (uint64_t from = 1;;) {
    v1::ReadRequest request;
    request.set_from(from);
    request.set_limit(kPage);
    // Often the first call after a restart: it waits for the connection
    // (up to the deadline) rather than failing on a first refused attempt.
    auto call =
        Call(kOrganiserToken, absl::Seconds(30), /*wait_for_ready=*/true);
    auto reader = stub->Read(call.get(), request);
    v1::ReadResponse response;
    uint32_t read = 0;
    while (reader->Read(&response)) {
      events.push_back(response.event());
      ++read;
    }
    const grpc::Status status = reader->Finish();
    EXPECT_TRUE(status.ok())
        << "read from " << from << ": " << status.error_message();
    if (!status.ok() || read < kPage) return events;
    from = events.back().position() + 1;
  }
}

rules::tournament::TournamentState FaultsTest::Fold(
    const std::vector<v1::Event>& log) {
  rules::tournament::TournamentState state;
  for (const v1::Event& event : log) {
    if (event.stream() != kTournamentId) continue;
    const absl::Status applied = state.Apply(event);
    EXPECT_TRUE(applied.ok())
        << "position " << event.position() << ": " << applied;
  }
  return state;
}

void ExpectDense(const std::vector<v1::Event>& log) {
  for (size_t i = 0; i < log.size(); ++i) {
    ASSERT_EQ(log[i].position(), i + 1) << "a gap or a reordering in the log";
  }
}

}  // namespace qiwang::faults
