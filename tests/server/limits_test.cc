// Issue 7, limits with clear errors, through a real Server on 127.0.0.1: a
// request larger than --max_message_bytes is refused RESOURCE_EXHAUSTED and
// appends nothing; a client holding --max_watches_per_client watch streams
// (WatchStandings and WatchPairings together) gets RESOURCE_EXHAUSTED naming
// the limit for the next one, and a slot freed by a closed stream is taken
// again.
#include <grpcpp/client_context.h>
#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <stdlib.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "absl/time/clock.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "qiwang/v1/event_log_service.grpc.pb.h"
#include "qiwang/v1/pairing_service.grpc.pb.h"
#include "qiwang/v1/standings_service.grpc.pb.h"
#include "services/ledger/clock.h"
#include "services/server/server.h"
#include "services/server/watch_limiter.h"
#include "tests/rules/tournament/pre_event_fixture.h"
#include "tests/standings/standings_server_fixture.h"

namespace qiwang::server {
namespace {

using ::testing::HasSubstr;

constexpr int kMaxMessageBytes = 64 * 1024;
constexpr int kMaxWatches = 2;

class LimitsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "qiwang-limits-XXXXXX")
            .string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    temp_dir_ = pattern;
    ServerOptions options;
    options.data_dir = temp_dir_ + "/log";
    options.tokens = standings::RoleTokens();
    clock_ = std::make_shared<ledger::ManualClock>(
        rules::tournament::Beijing(2016, 9, 1, 10, 0));
    options.clock = clock_;
    options.max_message_bytes = kMaxMessageBytes;
    options.max_watches_per_client = kMaxWatches;
    absl::StatusOr<std::unique_ptr<Server>> server = Server::Start(options);
    ASSERT_TRUE(server.ok()) << server.status();
    server_ = *std::move(server);
    channel_ = grpc::CreateChannel(server_->address(),
                                   grpc::InsecureChannelCredentials());
  }
  void TearDown() override {
    server_.reset();
    std::filesystem::remove_all(temp_dir_);
  }

  grpc::Status AppendNote(const std::string& text, const std::string& id) {
    v1::AppendRequest request;
    request.set_stream("notes/hall");
    request.mutable_expected_version()->set_kind(v1::ExpectedVersion::KIND_ANY);
    request.set_command_id(id);
    request.add_events()->mutable_log_note()->set_text(text);
    v1::AppendResponse response;
    return v1::EventLogService::NewStub(channel_)->Append(
        standings::NewCall(standings::kOrganiser).get(), request, &response);
  }
  int EventsInLog() {
    auto call = standings::NewCall(standings::kOrganiser);
    auto reader = v1::EventLogService::NewStub(channel_)->Read(
        call.get(), v1::ReadRequest());
    v1::ReadResponse response;
    int events = 0;
    while (reader->Read(&response)) events += response.has_event();
    EXPECT_TRUE(reader->Finish().ok());
    return events;
  }

  std::string temp_dir_;
  std::shared_ptr<ledger::ManualClock> clock_;
  std::unique_ptr<Server> server_;
  std::shared_ptr<grpc::Channel> channel_;
};

TEST_F(LimitsTest, RequestOverTheMessageLimitIsRefusedAndAppendsNothing) {
  ASSERT_TRUE(AppendNote("hall opens", "n-1").ok());
  const grpc::Status refused =
      AppendNote(std::string(kMaxMessageBytes + 1, 'x'), "n-2");
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED)
      << refused.error_message();
  EXPECT_THAT(refused.error_message(), HasSubstr("larger than max"));
  EXPECT_EQ(EventsInLog(), 1);
  // Just under the limit is taken.
  EXPECT_TRUE(AppendNote(std::string(kMaxMessageBytes / 2, 'y'), "n-3").ok());
  EXPECT_EQ(EventsInLog(), 2);
}

// One open watch stream: its first message read.
struct OpenWatch {
  std::unique_ptr<grpc::ClientContext> call;
  std::unique_ptr<grpc::ClientReader<v1::WatchStandingsResponse>> reader;
};

TEST_F(LimitsTest, WatchStreamsPerClientAreLimitedAndFreedOnClose) {
  standings::EnterOpenMen(channel_, *clock_, 4);
  auto standings_stub = v1::StandingsService::NewStub(channel_);
  v1::WatchStandingsRequest watch;
  watch.set_tournament_id(standings::kTournamentId);
  watch.set_ranking_id("open-men");
  // Opens a watch and reads its first message; false when refused, with the
  // refusal in `status`.
  auto open = [&](OpenWatch& opened, grpc::Status& status) {
    opened.call = standings::NewCall("", absl::Seconds(30));
    opened.reader = standings_stub->WatchStandings(opened.call.get(), watch);
    v1::WatchStandingsResponse first;
    if (opened.reader->Read(&first)) return true;
    status = opened.reader->Finish();
    return false;
  };

  std::vector<OpenWatch> open_watches(kMaxWatches);
  grpc::Status status;
  for (OpenWatch& one : open_watches) {
    ASSERT_TRUE(open(one, status)) << status.error_message();
  }
  OpenWatch refused;
  ASSERT_FALSE(open(refused, status));
  EXPECT_EQ(status.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED);
  EXPECT_THAT(status.error_message(), HasSubstr("max_watches_per_client"));
  EXPECT_THAT(status.error_message(), HasSubstr("127.0.0.1"));

  // The limit counts pairing watches too.
  auto pairing_stub = v1::PairingService::NewStub(channel_);
  v1::WatchPairingsRequest pairings;
  pairings.set_tournament_id(standings::kTournamentId);
  auto call = standings::NewCall("", absl::Seconds(30));
  auto pairing_reader = pairing_stub->WatchPairings(call.get(), pairings);
  v1::WatchPairingsResponse ignored;
  while (pairing_reader->Read(&ignored)) {
  }
  EXPECT_EQ(pairing_reader->Finish().error_code(),
            grpc::StatusCode::RESOURCE_EXHAUSTED);

  // A closed stream frees its slot once the server has ended it.
  open_watches[0].call->TryCancel();
  open_watches[0].reader->Finish();
  const absl::Time give_up = absl::Now() + absl::Seconds(10);
  bool admitted = false;
  while (!admitted && absl::Now() < give_up) {
    admitted = open(open_watches[0], status);
    if (!admitted) {
      ASSERT_EQ(status.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED)
          << status.error_message();
    }
  }
  EXPECT_TRUE(admitted) << "the closed stream's slot never came back";
  for (OpenWatch& one : open_watches) one.call->TryCancel();
  for (OpenWatch& one : open_watches) one.reader->Finish();
}

TEST(WatchLimiterTest, ClientIsThePeerWithoutItsPort) {
  EXPECT_EQ(WatchLimiter::ClientOf("ipv4:10.0.0.7:53122"), "ipv4:10.0.0.7");
  EXPECT_EQ(WatchLimiter::ClientOf("ipv6:[::1]:53122"), "ipv6:[::1]");
  EXPECT_EQ(WatchLimiter::ClientOf("unix:/run/qiwang.sock"),
            "unix:/run/qiwang.sock");
}

}  // namespace
}  // namespace qiwang::server
