// AmendPairing through a real server (R6.6, R6.3): round 2 of six players
// after a complete round 1.
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/pairing/pairing_server_fixture.h"

namespace qiwang::pairing {
namespace {

using standings::kArbiter;
using standings::kChief;
using standings::kPairingOfficer;
using standings::kTournamentId;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;

class AmendPairingTest : public PairingServerTest {
 protected:
  void SetUp() override {
    PairingServerTest::SetUp();
    EnterOpenMen(6);
    v1::PairRoundResponse paired;
    ASSERT_TRUE(Pair(PairRequest(1), paired).ok());
    round_one_ = paired.rounds(0);
    CompleteRound(1);
    ASSERT_TRUE(Pair(PairRequest(2), paired).ok());
    round_two_ = paired.rounds(0);
  }

  // Round 2 as round 1 with colours reversed: every board a rematch.
  v1::AmendPairingRequest Rematches() const {
    v1::AmendPairingRequest request = Amendment("rematch");
    for (const v1::BoardView& board : round_one_.boards()) {
      v1::Board& out = *request.add_boards();
      out.set_number(board.number());
      out.set_red_player_id(board.black().player_id());
      out.set_black_player_id(board.red().player_id());
    }
    return request;
  }

  // Round 2 as published with board 1's colours swapped: legal under R6.3.
  v1::AmendPairingRequest ColoursSwappedOnBoardOne() const {
    v1::AmendPairingRequest request = Amendment("swap");
    for (const v1::BoardView& board : round_two_.boards()) {
      const bool swap = board.number() == 1;
      v1::Board& out = *request.add_boards();
      out.set_number(board.number());
      out.set_red_player_id(swap ? board.black().player_id()
                                 : board.red().player_id());
      out.set_black_player_id(swap ? board.red().player_id()
                                   : board.black().player_id());
    }
    return request;
  }

  grpc::Status Amend(const v1::AmendPairingRequest& request,
                     const std::string& token,
                     v1::AmendPairingResponse& response) {
    return pairing_->AmendPairing(Call(token).get(), request, &response);
  }

  // Round 2 once the projection has applied `position` (read-your-writes).
  v1::RoundView RoundTwoAfter(uint64_t position = 0) {
    v1::ReadOptions read;
    read.set_min_position(position);
    v1::ListPairingsResponse response;
    EXPECT_TRUE(List(2, response, read).ok());
    return response.rounds_size() == 1 ? response.rounds(0) : v1::RoundView();
  }

  v1::RoundView round_one_;
  v1::RoundView round_two_;

 private:
  static v1::AmendPairingRequest Amendment(const std::string& command_id) {
    v1::AmendPairingRequest request;
    request.set_command_id(command_id);
    request.set_tournament_id(kTournamentId);
    request.set_section_id(kOpenMen);
    request.set_round(2);
    request.set_reason("players asked to be moved");
    return request;
  }
};

TEST_F(AmendPairingTest, AnR63ViolationIsRefusedAndChangesNothing) {
  const size_t events = StreamEvents().size();
  v1::AmendPairingResponse response;
  const grpc::Status status = Amend(Rematches(), kPairingOfficer, response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_THAT(status.error_message(), HasSubstr("R6.3"));
  EXPECT_EQ(StreamEvents().size(), events);
  EXPECT_FALSE(RoundTwoAfter().amended());
}

TEST_F(AmendPairingTest, OnlyTheChiefArbiterMayOverrideR63) {
  v1::AmendPairingRequest request = Rematches();
  request.set_override_r63(true);
  v1::AmendPairingResponse response;
  grpc::Status status = Amend(request, kPairingOfficer, response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::PERMISSION_DENIED);

  status = Amend(request, kChief, response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_THAT(response.r63_violations(), Not(IsEmpty()));
  const v1::RoundView now = RoundTwoAfter(response.result().last_position());
  EXPECT_TRUE(now.amended());
  ASSERT_EQ(now.boards_size(), request.boards_size());
  EXPECT_EQ(now.boards(0).red().player_id(), request.boards(0).red_player_id());
  EXPECT_EQ(now.published_position(), response.result().last_position());
}

TEST_F(AmendPairingTest, AReasonIsRequired) {
  v1::AmendPairingRequest request = ColoursSwappedOnBoardOne();
  request.clear_reason();
  v1::AmendPairingResponse response;
  const grpc::Status status = Amend(request, kPairingOfficer, response);
  EXPECT_FALSE(status.ok());
  EXPECT_THAT(status.error_message(), HasSubstr("reason"));
  EXPECT_FALSE(RoundTwoAfter().amended());
}

TEST_F(AmendPairingTest, ALegalChangeNeedsNoOverride) {
  const v1::AmendPairingRequest request = ColoursSwappedOnBoardOne();
  v1::AmendPairingResponse response;
  const grpc::Status status = Amend(request, kPairingOfficer, response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_THAT(response.r63_violations(), IsEmpty());
  const v1::RoundView now = RoundTwoAfter(response.result().last_position());
  EXPECT_TRUE(now.amended());
  EXPECT_EQ(now.boards(0).red().player_id(),
            round_two_.boards(0).black().player_id());
}

TEST_F(AmendPairingTest, RefusedOnceTheRoundHasStarted) {
  RecordResult(2, 1, v1::GAME_RESULT_DRAW);
  v1::AmendPairingResponse response;
  const grpc::Status status =
      Amend(ColoursSwappedOnBoardOne(), kPairingOfficer, response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_THAT(status.error_message(), HasSubstr("R6.6"));
}

TEST_F(AmendPairingTest, ArbitersMayNotAmend) {
  v1::AmendPairingResponse response;
  EXPECT_EQ(Amend(ColoursSwappedOnBoardOne(), kArbiter, response).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(Amend(ColoursSwappedOnBoardOne(), "", response).error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_FALSE(RoundTwoAfter().amended());
}

}  // namespace
}  // namespace qiwang::pairing
