// Lateness through a real qiwangd (2011 rules, docs/rules.md NL.1, NL.2):
// the forfeit for lateness is checked against the server's clock as the
// ledger stamps the command, refused before the round's start plus
// late_forfeit_minutes (appending nothing) and recorded with its ground
// after; a retry answers the standing entry.
#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>

#include <memory>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "qiwang/v1/event_log_service.grpc.pb.h"
#include "tests/rules/tournament/pre_event_fixture.h"
#include "tests/standings/standings_server_fixture.h"

namespace qiwang::standings {
namespace {

using rules::tournament::Beijing;
using ::testing::HasSubstr;

class LatenessServerTest : public StandingsServerTest {
 protected:
  void SetUp() override {
    StandingsServerTest::SetUp();
    tournaments_ = v1::TournamentService::NewStub(channel_);
    EnterOpenMen(4);
  }

  // AmendTournament by the organiser: the standing configuration with
  // late_forfeit_minutes set.
  grpc::Status SetLateForfeitMinutes(int minutes) {
    v1::GetTournamentRequest get;
    get.set_tournament_id(kTournamentId);
    v1::GetTournamentResponse got;
    const grpc::Status read =
        tournaments_->GetTournament(Call().get(), get, &got);
    if (!read.ok()) return read;
    v1::AmendTournamentRequest amend;
    amend.set_command_id("late-forfeit-minutes");
    amend.set_tournament_id(kTournamentId);
    amend.set_reason("2011 rules: lateness after 10 minutes");
    *amend.mutable_config() = got.config();
    amend.mutable_config()->set_late_forfeit_minutes(minutes);
    v1::AmendTournamentResponse amended;
    return tournaments_->AmendTournament(Call(kOrganiser).get(), amend,
                                         &amended);
  }

  static v1::RecordResultRequest Late(const std::string& command_id) {
    v1::RecordResultRequest request;
    request.set_command_id(command_id);
    request.set_tournament_id(kTournamentId);
    request.set_section_id("open-men");
    request.set_round(1);
    request.set_board(1);
    request.set_result(v1::GAME_RESULT_RED_WIN_BY_FORFEIT);
    request.set_ground(v1::RESULT_GROUND_LATENESS);
    return request;
  }

  // The ResultRecorded events of the log.
  std::vector<v1::ResultRecorded> RecordedResults() {
    auto log = v1::EventLogService::NewStub(channel_);
    v1::ReadRequest read;
    read.set_stream(kTournamentId);
    read.set_limit(10000);
    std::unique_ptr<grpc::ClientContext> call = Call(kChief);
    auto reader = log->Read(call.get(), read);
    std::vector<v1::ResultRecorded> results;
    v1::ReadResponse response;
    while (reader->Read(&response)) {
      if (response.event().has_result_recorded()) {
        results.push_back(response.event().result_recorded());
      }
    }
    const grpc::Status status = reader->Finish();
    EXPECT_TRUE(status.ok()) << status.error_message();
    return results;
  }

  std::unique_ptr<v1::TournamentService::Stub> tournaments_;
};

// NL.1: round 1 starts at 09:30; with 10 minutes configured, the server's
// clock at 09:39 refuses the forfeit naming the start and 09:40, and at
// 09:40 records it with its ground; the retry answers that entry (NL.2).
TEST_F(LatenessServerTest, NL1_TheServersClockDecidesWhenLatenessIsRuled) {
  ASSERT_TRUE(SetLateForfeitMinutes(10).ok());
  PairRound(1);
  ASSERT_TRUE(clock_->Set(Beijing(2016, 10, 14, 9, 39)).ok());
  v1::RecordResultResponse early;
  const grpc::Status refused =
      play_->RecordResult(Call(kArbiter).get(), Late("early"), &early);
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_THAT(refused.error_message(),
              HasSubstr("scheduled to start at 2016-10-14 09:30 "
                        "Asia/Shanghai, may be ruled from 2016-10-14 09:40 "
                        "Asia/Shanghai"));
  EXPECT_THAT(refused.error_message(),
              HasSubstr("the server's time is 2016-10-14 09:39 "
                        "Asia/Shanghai"));
  EXPECT_TRUE(RecordedResults().empty());

  ASSERT_TRUE(clock_->Set(Beijing(2016, 10, 14, 9, 40)).ok());
  v1::RecordResultResponse ruled;
  const grpc::Status status =
      play_->RecordResult(Call(kArbiter).get(), Late("ruled"), &ruled);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_FALSE(ruled.result().replayed());
  const std::vector<v1::ResultRecorded> results = RecordedResults();
  ASSERT_EQ(results.size(), 1u);
  EXPECT_EQ(results[0].result(), v1::GAME_RESULT_RED_WIN_BY_FORFEIT);
  EXPECT_EQ(results[0].ground(), v1::RESULT_GROUND_LATENESS);

  v1::RecordResultResponse retry;
  ASSERT_TRUE(
      play_->RecordResult(Call(kChief).get(), Late("second-arbiter"), &retry)
          .ok());
  EXPECT_TRUE(retry.result().replayed());
  EXPECT_EQ(retry.recorded_by().user(), "arthur");
  EXPECT_EQ(retry.recorded_by().position(), ruled.recorded_by().position());
  EXPECT_EQ(RecordedResults().size(), 1u);
}

}  // namespace
}  // namespace qiwang::standings
