// Issue 7, the split form, in process: a Server with only the ledger and a
// Server with the read services following it over EventLogService.Subscribe,
// both real, on 127.0.0.1. The read side answers what one process answers
// over the same log, keeps its state while the ledger is down and resumes
// after it returns, waits for min_position, refuses writes naming the
// ledger, and stops with the ledger's answer when the ledger refuses it.
#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/message_differencer.h"
#include "gtest/gtest.h"
#include "qiwang/v1/audit_service.grpc.pb.h"
#include "qiwang/v1/event_log_service.grpc.pb.h"
#include "qiwang/v1/pairing_service.grpc.pb.h"
#include "qiwang/v1/play_service.grpc.pb.h"
#include "qiwang/v1/standings_service.grpc.pb.h"
#include "qiwang/v1/tournament_service.grpc.pb.h"
#include "services/remote/remote_event_log.h"
#include "services/server/server.h"
#include "services/server/service_set.h"
#include "tests/rules/tournament/pre_event_fixture.h"
#include "tests/server/server_fixture.h"
#include "tests/standings/standings_server_fixture.h"

namespace qiwang::server {
namespace {

using ::google::protobuf::util::MessageDifferencer;
using standings::kArbiter;
using standings::kChief;
using standings::kOrganiser;
using standings::kPairingOfficer;
using standings::kReplica;
using standings::kTournamentId;
using ::testing::HasSubstr;

std::unique_ptr<grpc::ClientContext> Call(
    const std::string& token = "", absl::Duration timeout = absl::Seconds(30)) {
  return standings::NewCall(token, timeout);
}

constexpr ServiceSet kLedgerOnly{true, false, false, false};
constexpr ServiceSet kReadOnly{false, true, true, true};

std::shared_ptr<grpc::Channel> ChannelTo(const Server& server) {
  return grpc::CreateChannel(server.address(),
                             grpc::InsecureChannelCredentials());
}

v1::GetStandingsRequest OpenMen(uint64_t min_position) {
  v1::GetStandingsRequest request;
  request.set_tournament_id(kTournamentId);
  request.set_ranking_id("open-men");
  request.mutable_read()->set_min_position(min_position);
  return request;
}

class SplitFormTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "qiwang-split-XXXXXX")
            .string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    temp_dir_ = pattern;
    clock_ = std::make_shared<ledger::ManualClock>(
        rules::tournament::Beijing(2016, 9, 1, 10, 0));
    StartLedger(kLedgerOnly);
  }
  void TearDown() override {
    reader_.reset();
    ledger_.reset();
    std::filesystem::remove_all(temp_dir_);
  }

  ServerOptions Options(const ServiceSet& services) {
    ServerOptions options;
    options.services = services;
    options.tokens = standings::RoleTokens();
    options.clock = clock_;
    return options;
  }
  // On the port it had before, if any, so that the reader finds it again.
  void StartLedger(const ServiceSet& services) {
    ServerOptions options = Options(services);
    options.data_dir = temp_dir_ + "/log";
    options.listen_address = absl::StrCat("127.0.0.1:", ledger_port_);
    absl::StatusOr<std::unique_ptr<Server>> started = Server::Start(options);
    ASSERT_TRUE(started.ok()) << started.status();
    ledger_ = *std::move(started);
    ledger_port_ = ledger_->port();
    ledger_channel_ = ChannelTo(*ledger_);
  }
  void StartReader(const std::string& ledger_token = kReplica) {
    ServerOptions options = Options(kReadOnly);
    options.ledger_address = absl::StrCat("127.0.0.1:", ledger_port_);
    options.ledger_token = ledger_token;
    absl::StatusOr<std::unique_ptr<Server>> started = Server::Start(options);
    ASSERT_TRUE(started.ok()) << started.status();
    reader_ = *std::move(started);
    reader_channel_ = ChannelTo(*reader_);
  }

  // Eight open men entered, round 1 paired, the first `results` boards
  // played; answers the position of the last event.
  uint64_t PlayPartOfRoundOne(int results) {
    uint64_t last = standings::EnterOpenMen(ledger_channel_, *clock_, 8);
    v1::PairRoundResponse paired;
    grpc::Status status = v1::PairingService::NewStub(ledger_channel_)
                              ->PairRound(Call(kPairingOfficer).get(),
                                          standings::OpenMenRound(1), &paired);
    EXPECT_TRUE(status.ok()) << status.error_message();
    last = paired.result().last_position();
    for (int board = 1; board <= results; ++board) {
      last = RecordResult(ledger_channel_, board);
    }
    return last;
  }
  uint64_t RecordResult(const std::shared_ptr<grpc::Channel>& channel,
                        int board) {
    v1::RecordResultRequest request;
    request.set_command_id(absl::StrCat("result-", board));
    request.set_tournament_id(kTournamentId);
    request.set_section_id("open-men");
    request.set_round(1);
    request.set_board(board);
    request.set_result(board % 2 == 0 ? v1::GAME_RESULT_RED_WIN
                                      : v1::GAME_RESULT_DRAW);
    v1::RecordResultResponse response;
    const grpc::Status status = v1::PlayService::NewStub(channel)->RecordResult(
        Call(kArbiter).get(), request, &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return response.result().last_position();
  }

  static v1::GetStandingsResponse Standings(
      const std::shared_ptr<grpc::Channel>& channel, uint64_t min_position) {
    v1::GetStandingsResponse response;
    const grpc::Status status =
        v1::StandingsService::NewStub(channel)->GetStandings(
            Call().get(), OpenMen(min_position), &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return response;
  }
  static v1::VerifyLogResponse Verify(
      const std::shared_ptr<grpc::Channel>& channel) {
    v1::VerifyLogResponse response;
    const grpc::Status status = v1::AuditService::NewStub(channel)->VerifyLog(
        Call(kChief).get(), v1::VerifyLogRequest(), &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return response;
  }
  static uint64_t LastPosition(const std::shared_ptr<grpc::Channel>& channel,
                               const std::string& token = kOrganiser) {
    v1::ReadRequest request;
    request.set_backwards(true);
    request.set_limit(1);
    auto call = Call(token);
    auto reader =
        v1::EventLogService::NewStub(channel)->Read(call.get(), request);
    v1::ReadResponse response;
    uint64_t last = 0;
    while (reader->Read(&response)) last = response.event().position();
    EXPECT_TRUE(reader->Finish().ok());
    return last;
  }

  std::string temp_dir_;
  std::shared_ptr<ledger::ManualClock> clock_;
  int ledger_port_ = 0;
  std::unique_ptr<Server> ledger_;
  std::shared_ptr<grpc::Channel> ledger_channel_;
  std::unique_ptr<Server> reader_;
  std::shared_ptr<grpc::Channel> reader_channel_;
};

// The read side's standings, pairings and log digest equal those of one
// process over the same log; with the ledger down it still answers what it
// had applied; once a ledger is back it resumes from there and applies the
// events written meanwhile, each once.
TEST_F(SplitFormTest, ReadProcessAnswersWhatOneProcessAnswersAcrossARestart) {
  StartReader();
  const uint64_t played = PlayPartOfRoundOne(2);
  const v1::GetStandingsResponse split = Standings(reader_channel_, played);
  EXPECT_EQ(split.as_of_position(), played);
  const v1::VerifyLogResponse split_digest = Verify(reader_channel_);
  EXPECT_TRUE(split_digest.ok());
  EXPECT_EQ(split_digest.last_position(), played);

  ledger_.reset();
  const v1::GetStandingsResponse while_down = Standings(reader_channel_, 0);
  EXPECT_TRUE(MessageDifferencer::Equals(while_down, split))
      << while_down.DebugString();

  StartLedger(ServiceSet::All());  // one process over the same log
  const v1::GetStandingsResponse whole = Standings(ledger_channel_, played);
  EXPECT_TRUE(MessageDifferencer::Equals(whole, split))
      << whole.DebugString() << "\nsplit:\n"
      << split.DebugString();
  EXPECT_EQ(Verify(ledger_channel_).digest_sha256(),
            split_digest.digest_sha256());

  const uint64_t later = RecordResult(ledger_channel_, 3);
  ASSERT_GT(later, played);
  const v1::GetStandingsResponse resumed = Standings(reader_channel_, later);
  EXPECT_EQ(resumed.as_of_position(), later);
  EXPECT_TRUE(
      MessageDifferencer::Equals(resumed, Standings(ledger_channel_, later)))
      << resumed.DebugString();
  EXPECT_FALSE(MessageDifferencer::Equals(resumed, split));
}

// A read process started while the ledger is down answers nothing stale: it
// reports that it is catching up, then answers once the ledger is back.
TEST_F(SplitFormTest, AReaderStartedBeforeItsLedgerWaitsForIt) {
  const uint64_t played = PlayPartOfRoundOne(1);
  ledger_.reset();
  StartReader();
  v1::GetStandingsResponse response;
  const grpc::Status early =
      v1::StandingsService::NewStub(reader_channel_)
          ->GetStandings(Call("", absl::Milliseconds(500)).get(), OpenMen(0),
                         &response);
  EXPECT_EQ(early.error_code(), grpc::StatusCode::DEADLINE_EXCEEDED);
  EXPECT_THAT(early.error_message(), HasSubstr("catching up"));

  StartLedger(kLedgerOnly);
  EXPECT_EQ(Standings(reader_channel_, 0).as_of_position(), played);
}

// Health: a reader reports NOT_SERVING while its ledger is out of reach, so
// a load balancer sends it nothing that would only wait, and SERVING once its
// projection has caught up with the ledger's log.
TEST_F(SplitFormTest, AReaderIsNotServingUntilItHasCaughtUpWithItsLedger) {
  const uint64_t played = PlayPartOfRoundOne(1);
  ledger_.reset();
  StartReader();
  EXPECT_EQ(HealthNow(reader_channel_),
            grpc::health::v1::HealthCheckResponse::NOT_SERVING);

  StartLedger(kLedgerOnly);
  ASSERT_TRUE(AwaitServing(reader_channel_));
  v1::GetStandingsResponse response;
  const grpc::Status status =
      v1::StandingsService::NewStub(reader_channel_)
          ->GetStandings(Call("", absl::Milliseconds(500)).get(), OpenMen(0),
                         &response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_EQ(response.as_of_position(), played);
}

// A reader whose projection the ledger refused never reports SERVING.
TEST_F(SplitFormTest, AReaderTheLedgerRefusesStaysNotServing) {
  PlayPartOfRoundOne(0);
  StartReader("not-a-token");
  EXPECT_FALSE(AwaitServing(reader_channel_, absl::Seconds(2)));
  EXPECT_EQ(HealthNow(reader_channel_),
            grpc::health::v1::HealthCheckResponse::NOT_SERVING);
}

// The replica role follows the log and may do nothing else (R1.2).
TEST_F(SplitFormTest, TheReplicaTokenFollowsTheLogAndIsRefusedEverythingElse) {
  const uint64_t played = PlayPartOfRoundOne(0);
  EXPECT_EQ(LastPosition(ledger_channel_, kReplica), played);
  v1::RecordResultResponse recorded;
  v1::RecordResultRequest result;
  result.set_command_id("replica-result");
  result.set_tournament_id(kTournamentId);
  result.set_section_id("open-men");
  result.set_round(1);
  result.set_board(1);
  result.set_result(v1::GAME_RESULT_DRAW);
  const grpc::Status write =
      v1::PlayService::NewStub(ledger_channel_)
          ->RecordResult(Call(kReplica).get(), result, &recorded);
  EXPECT_EQ(write.error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_THAT(write.error_message(), HasSubstr("R1.2: RecordResult admits"));
  EXPECT_THAT(write.error_message(), HasSubstr("you are replica"));
  v1::GetTournamentRequest tournament;
  tournament.set_tournament_id(kTournamentId);
  v1::GetTournamentResponse got;
  const grpc::Status read =
      v1::TournamentService::NewStub(ledger_channel_)
          ->GetTournament(Call(kReplica).get(), tournament, &got);
  EXPECT_EQ(read.error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_THAT(read.error_message(), HasSubstr("R1.2: GetTournament admits"));
  EXPECT_EQ(LastPosition(ledger_channel_), played);
}

// A read process cannot tell a position its ledger has not written from one
// it has written but not yet sent: it waits for it, bounded by the call, and
// never refuses a position that may exist (a stale head, e.g. with the ledger
// down, once refused a write another client had just been answered for).
TEST_F(SplitFormTest, MinPositionBeyondWhatTheReaderKnowsWaitsOnlyForTheCall) {
  StartReader();
  const uint64_t played = PlayPartOfRoundOne(0);
  auto read_beyond = [&] {
    v1::GetStandingsResponse response;
    return v1::StandingsService::NewStub(reader_channel_)
        ->GetStandings(Call("", absl::Milliseconds(300)).get(),
                       OpenMen(played + 1), &response);
  };
  const grpc::Status with_ledger = read_beyond();
  EXPECT_EQ(with_ledger.error_code(), grpc::StatusCode::DEADLINE_EXCEEDED)
      << with_ledger.error_message();

  ledger_.reset();
  const grpc::Status without_ledger = read_beyond();
  EXPECT_EQ(without_ledger.error_code(), grpc::StatusCode::DEADLINE_EXCEEDED)
      << without_ledger.error_message();

  StartLedger(kLedgerOnly);
  const uint64_t later = RecordResult(ledger_channel_, 3);
  EXPECT_EQ(Standings(reader_channel_, later).as_of_position(), later);
}

// Writes sent to the read side, and reads sent to the ledger, are refused
// UNIMPLEMENTED naming where they go; nothing is appended.
TEST_F(SplitFormTest, EachProcessNamesWhereTheCallsItDoesNotServeGo) {
  StartReader();
  const uint64_t played = PlayPartOfRoundOne(0);
  const std::string ledger_address = absl::StrCat("127.0.0.1:", ledger_port_);

  v1::PairRoundRequest pair;
  pair.set_command_id("pair-2");
  pair.set_tournament_id(kTournamentId);
  pair.set_section_id("open-men");
  pair.set_round(2);
  v1::PairRoundResponse paired;
  grpc::Status status =
      v1::PairingService::NewStub(reader_channel_)
          ->PairRound(Call(kPairingOfficer).get(), pair, &paired);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::UNIMPLEMENTED);
  EXPECT_THAT(status.error_message(), HasSubstr(ledger_address));

  v1::RecordResultRequest result;
  result.set_command_id("result-1");
  result.set_tournament_id(kTournamentId);
  result.set_section_id("open-men");
  result.set_round(1);
  result.set_board(1);
  result.set_result(v1::GAME_RESULT_DRAW);
  v1::RecordResultResponse recorded;
  status = v1::PlayService::NewStub(reader_channel_)
               ->RecordResult(Call(kArbiter).get(), result, &recorded);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::UNIMPLEMENTED);
  EXPECT_THAT(status.error_message(),
              HasSubstr("PlayService is served by a qiwangd with "
                        "--services=ledger, the ledger at " +
                        ledger_address));

  v1::GetStandingsResponse standings;
  status = v1::StandingsService::NewStub(ledger_channel_)
               ->GetStandings(Call().get(), OpenMen(0), &standings);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::UNIMPLEMENTED);
  EXPECT_THAT(status.error_message(),
              HasSubstr("this qiwangd runs --services=ledger; "
                        "StandingsService is served by a qiwangd with "
                        "--services=standings"));

  EXPECT_EQ(LastPosition(ledger_channel_), played);
}

// A token the ledger does not know stops the read side's projection; every
// read then answers the ledger's refusal, naming it.
TEST_F(SplitFormTest, ALedgerThatRefusesTheTokenStopsTheReaderWithItsAnswer) {
  PlayPartOfRoundOne(0);
  StartReader("not-a-token");
  v1::GetStandingsResponse response;
  const grpc::Status status =
      v1::StandingsService::NewStub(reader_channel_)
          ->GetStandings(Call("", absl::Seconds(10)).get(), OpenMen(0),
                         &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_THAT(status.error_message(),
              HasSubstr(absl::StrCat("projection stopped: ledger at 127.0.0.1:",
                                     ledger_port_, ": Subscribe: ")));
}

// RemoteEventLog, what the read side reads through: reads larger than one
// EventLogService.Read call (10,000 events) come back whole, in order, both
// ways; the heads match; writes are refused naming the ledger.
TEST_F(SplitFormTest, TheRemoteLogReadsPastOneCallAndNeverWrites) {
  constexpr int kNotes = 10'050;
  auto log_service = v1::EventLogService::NewStub(ledger_channel_);
  for (int first = 0; first < kNotes;) {
    const int count = std::min(10'000, kNotes - first);
    v1::AppendRequest append;
    append.set_stream("notes/hall");
    append.mutable_expected_version()->set_kind(v1::ExpectedVersion::KIND_ANY);
    append.set_command_id(absl::StrCat("notes-", first));
    for (int i = 0; i < count; ++i) {
      append.add_events()->mutable_log_note()->set_text(
          absl::StrCat("note ", first + i + 1));
    }
    v1::AppendResponse appended;
    const grpc::Status status = log_service->Append(
        Call(kOrganiser, absl::Seconds(60)).get(), append, &appended);
    ASSERT_TRUE(status.ok()) << status.error_message();
    first += count;
  }
  remote::RemoteLogOptions options;
  options.address = absl::StrCat("127.0.0.1:", ledger_port_);
  options.token = kOrganiser;
  options.call_timeout = absl::Seconds(60);
  std::unique_ptr<remote::RemoteEventLog> log =
      remote::RemoteEventLog::Connect(options);

  store::ReadRequest forward;
  forward.limit = 20'000;
  absl::StatusOr<std::vector<store::Record>> all = log->Read(forward);
  ASSERT_TRUE(all.ok()) << all.status();
  ASSERT_EQ(all->size(), static_cast<size_t>(kNotes));
  for (int i = 0; i < kNotes; ++i) {
    ASSERT_EQ((*all)[i].position, static_cast<uint64_t>(i + 1));
  }
  store::ReadRequest backward;
  backward.from = store::ReadRequest::kEnd;
  backward.direction = store::Direction::kBackward;
  backward.stream = "notes/hall";
  backward.limit = 10'020;
  absl::StatusOr<std::vector<store::Record>> tail = log->Read(backward);
  ASSERT_TRUE(tail.ok()) << tail.status();
  ASSERT_EQ(tail->size(), 10'020u);
  EXPECT_EQ(tail->front().stream_version, static_cast<uint64_t>(kNotes));
  EXPECT_EQ(tail->back().stream_version,
            static_cast<uint64_t>(kNotes - 10'019));
  EXPECT_EQ(tail->back().data, (*all)[kNotes - 10'020].data);

  EXPECT_EQ(log->LastPosition(), static_cast<uint64_t>(kNotes));
  EXPECT_EQ(*log->StreamVersion("notes/hall"), static_cast<uint64_t>(kNotes));
  EXPECT_EQ(*log->StreamVersion("notes/none"), 0u);

  store::AppendRequest write;
  write.stream = "notes/hall";
  write.events = {"x"};
  const absl::StatusOr<store::AppendResult> refused = log->Append(write);
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kUnimplemented);
  EXPECT_THAT(refused.status().message(), HasSubstr(options.address));
  EXPECT_EQ(LastPosition(ledger_channel_), static_cast<uint64_t>(kNotes));
}

TEST(ServiceSetTest, StartRefusesAPartWithNoLogToFollowOrTwoLogs) {
  ServerOptions reader;
  reader.services = kReadOnly;
  absl::StatusOr<std::unique_ptr<Server>> started = Server::Start(reader);
  EXPECT_EQ(started.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(started.status().message(),
              HasSubstr("--ledger: required with "
                        "--services=pairing,standings,audit"));

  ServerOptions ledger;
  ledger.data_dir = "/nonexistent/never-opened";
  ledger.ledger_address = "127.0.0.1:1";
  started = Server::Start(ledger);
  EXPECT_EQ(started.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(started.status().message(),
              HasSubstr("--ledger: only for a process without the ledger"));
}

TEST(ServiceSetTest, ParsesTheFourPartsAndNamesWhatItRefuses) {
  absl::StatusOr<ServiceSet> parsed = ParseServiceSet("standings, audit");
  ASSERT_TRUE(parsed.ok()) << parsed.status();
  EXPECT_EQ(parsed->ToString(), "standings,audit");
  EXPECT_EQ(ServiceSet::All().ToString(), "ledger,pairing,standings,audit");

  for (const auto& [text, message] :
       std::vector<std::pair<std::string, std::string>>{
           {"ledger,bogus", "--services: unknown service 'bogus'"},
           {"audit,audit", "--services: audit is named twice"},
           {"", "--services: empty"}}) {
    parsed = ParseServiceSet(text);
    EXPECT_EQ(parsed.status().code(), absl::StatusCode::kInvalidArgument)
        << text;
    EXPECT_THAT(parsed.status().message(), HasSubstr(message)) << text;
  }
}

}  // namespace
}  // namespace qiwang::server
