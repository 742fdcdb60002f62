// ListPairings and GetSchedule through a real server: views with names,
// pairing numbers and results, read now, after min_position or at a past
// position (R7.5).
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/pairing/pairing_server_fixture.h"

namespace qiwang::pairing {
namespace {

using standings::kTournamentId;
using ::testing::HasSubstr;

class PairingReadsTest : public PairingServerTest {
 protected:
  void SetUp() override {
    PairingServerTest::SetUp();
    before_pairing_ = EnterOpenMen(5);
    v1::PairRoundResponse paired;
    ASSERT_TRUE(Pair(PairRequest(1), paired).ok());
    round_one_ = paired.rounds(0);
  }

  grpc::Status Schedule(int64_t player_id, v1::GetScheduleResponse& response,
                        uint64_t min_position = 0) {
    v1::GetScheduleRequest request;
    request.mutable_read()->set_min_position(min_position);
    request.set_tournament_id(kTournamentId);
    request.set_player_id(player_id);
    return pairing_->GetSchedule(Call().get(), request, &response);
  }

  uint64_t before_pairing_ = 0;
  v1::RoundView round_one_;
};

TEST_F(PairingReadsTest, ListShowsResultsAndCompletionAfterMinPosition) {
  const uint64_t first = RecordResult(1, 1, v1::GAME_RESULT_BLACK_WIN);
  v1::ReadOptions read;
  read.set_min_position(first);
  v1::ListPairingsResponse response;
  ASSERT_TRUE(List(1, response, read).ok());
  EXPECT_GE(response.as_of_position(), first);
  ASSERT_EQ(response.rounds_size(), 1);
  EXPECT_EQ(response.rounds(0).boards(0).result(), v1::GAME_RESULT_BLACK_WIN);
  EXPECT_FALSE(response.rounds(0).complete());

  read.set_min_position(RecordResult(1, 2, v1::GAME_RESULT_DRAW));
  ASSERT_TRUE(List(1, response, read).ok());
  EXPECT_TRUE(response.rounds(0).complete());
  EXPECT_EQ(response.rounds(0).bye().name().empty(), false);
}

TEST_F(PairingReadsTest, AtPositionShowsThePast) {
  v1::ReadOptions read;
  read.set_at_position(before_pairing_);
  v1::ListPairingsResponse response;
  ASSERT_TRUE(List(0, response, read).ok());
  EXPECT_EQ(response.as_of_position(), before_pairing_);
  EXPECT_EQ(response.rounds_size(), 0);
}

TEST_F(PairingReadsTest, UnknownSectionsAndRoundsAreRefused) {
  v1::ListPairingsResponse response;
  grpc::Status status = List(2, response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_THAT(status.error_message(), HasSubstr("1 rounds published"));
  status = List(-1, response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  v1::ListPairingsRequest request;
  request.set_tournament_id(kTournamentId);
  request.set_section_id("no-such-section");
  status = pairing_->ListPairings(Call().get(), request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_THAT(status.error_message(), HasSubstr("section_id"));
  request.set_tournament_id("no-such-tournament");
  status = pairing_->ListPairings(Call().get(), request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
}

TEST_F(PairingReadsTest, EverySectionWhenNoneIsNamed) {
  v1::ListPairingsRequest request;
  request.set_tournament_id(kTournamentId);
  v1::ListPairingsResponse response;
  ASSERT_TRUE(pairing_->ListPairings(Call().get(), request, &response).ok());
  ASSERT_EQ(response.rounds_size(), 1);
  EXPECT_EQ(response.rounds(0).section_id(), kOpenMen);
}

TEST_F(PairingReadsTest, ScheduleShowsBoardColourOpponentAndResult) {
  const v1::BoardView& board = round_one_.boards(0);
  const uint64_t result =
      RecordResult(1, board.number(), v1::GAME_RESULT_RED_WIN);
  v1::GetScheduleResponse response;
  grpc::Status status = Schedule(board.black().player_id(), response, result);
  ASSERT_TRUE(status.ok()) << status.error_message();
  ASSERT_EQ(response.entries_size(), 1);
  const v1::ScheduleEntry& entry = response.entries(0);
  EXPECT_EQ(entry.section_id(), kOpenMen);
  EXPECT_EQ(entry.round(), 1);
  EXPECT_EQ(entry.board(), board.number());
  EXPECT_FALSE(entry.red());
  EXPECT_EQ(entry.opponent().player_id(), board.red().player_id());
  EXPECT_EQ(entry.opponent().name(), board.red().name());
  EXPECT_EQ(entry.result(), v1::GAME_RESULT_RED_WIN);
  EXPECT_GT(response.as_of_position(), 0u);

  status = Schedule(round_one_.bye().player_id(), response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  ASSERT_EQ(response.entries_size(), 1);
  EXPECT_EQ(response.entries(0).board(), 0);
  EXPECT_FALSE(response.entries(0).has_opponent());

  status = Schedule(99, response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_THAT(status.error_message(), HasSubstr("player_id"));
}

}  // namespace
}  // namespace qiwang::pairing
