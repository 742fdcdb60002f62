// PairRound and ProposeRound through a real server (R4.3, R6, R6.1).
#include <algorithm>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/pairing/pairing_server_fixture.h"
#include "tests/rules/tournament/pre_event_fixture.h"

namespace qiwang::pairing {
namespace {

using standings::kArbiter;
using standings::kChief;
using standings::kPairingOfficer;
using standings::kTournamentId;
using ::testing::HasSubstr;

TEST_F(PairingServerTest, RoundOneDrawsRecordedLotsThenPublishesTheBoards) {
  EnterOpenMen(6);
  const size_t before = StreamEvents().size();
  v1::PairRoundResponse response;
  const grpc::Status status = Pair(PairRequest(1, 2016), response);
  ASSERT_TRUE(status.ok()) << status.error_message();

  const std::vector<v1::Event> events = StreamEvents();
  ASSERT_EQ(events.size(), before + 2);
  const v1::Event& lots = events[before];
  ASSERT_TRUE(lots.has_lots_drawn());
  EXPECT_EQ(lots.lots_drawn().seed(), 2016u);
  EXPECT_EQ(lots.lots_drawn().player_ids_size(), 6);
  const v1::Event& paired = events[before + 1];
  ASSERT_TRUE(paired.has_round_paired());
  EXPECT_EQ(paired.round_paired().round(), 1);
  EXPECT_EQ(paired.round_paired().boards_size(), 3);
  EXPECT_EQ(paired.round_paired().paired_on_version(),
            lots.stream_version() - 1);
  EXPECT_EQ(response.result().last_position(), paired.position());

  ASSERT_EQ(response.rounds_size(), 1);
  const v1::RoundView& round = response.rounds(0);
  EXPECT_EQ(round.round(), 1);
  EXPECT_EQ(round.published_position(), paired.position());
  EXPECT_FALSE(round.complete());
  std::vector<int> numbers;
  for (const v1::BoardView& board : round.boards()) {
    EXPECT_EQ(board.result(), v1::GAME_RESULT_UNSPECIFIED);
    for (const v1::PlayerRef& player : {board.red(), board.black()}) {
      EXPECT_THAT(player.name(), HasSubstr("P "));
      EXPECT_EQ(player.score_before(), 0);
      numbers.push_back(player.pairing_number());
    }
  }
  std::sort(numbers.begin(), numbers.end());
  EXPECT_EQ(numbers, (std::vector<int>{1, 2, 3, 4, 5, 6}));
}

TEST_F(PairingServerTest, WithoutASeedTheServiceDrawsOneAndRecordsIt) {
  EnterOpenMen(4);
  v1::PairRoundResponse response;
  ASSERT_TRUE(Pair(PairRequest(1, /*seed=*/0), response).ok());
  uint64_t seed = 0;
  for (const v1::Event& event : StreamEvents()) {
    if (event.has_lots_drawn()) seed = event.lots_drawn().seed();
  }
  EXPECT_NE(seed, 0u);
}

TEST_F(PairingServerTest, ARetryAnswersTheFirstPublication) {
  EnterOpenMen(4);
  v1::PairRoundResponse first;
  ASSERT_TRUE(Pair(PairRequest(1), first).ok());
  const size_t events = StreamEvents().size();
  v1::PairRoundResponse again;
  const grpc::Status status = Pair(PairRequest(1), again);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_TRUE(again.result().replayed());
  EXPECT_EQ(again.result().last_position(), first.result().last_position());
  EXPECT_EQ(StreamEvents().size(), events);
}

TEST_F(PairingServerTest, RefusedBeforeCheckInIsClosed) {
  v1::CreateTournamentRequest create;
  create.set_command_id("create");
  *create.mutable_config() = rules::tournament::Sichuan2016();
  v1::CreateTournamentResponse created;
  ASSERT_TRUE(v1::TournamentService::NewStub(channel_)
                  ->CreateTournament(Call(standings::kOrganiser).get(), create,
                                     &created)
                  .ok());
  v1::PairRoundResponse response;
  const grpc::Status status = Pair(PairRequest(1), response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_THAT(status.error_message(), HasSubstr("R4.3"));
  EXPECT_EQ(StreamEvents().size(), 1u);
}

TEST_F(PairingServerTest, RefusedWhileThePreviousRoundHasNoResult) {
  EnterOpenMen(6);
  v1::PairRoundResponse response;
  ASSERT_TRUE(Pair(PairRequest(1), response).ok());
  RecordResult(1, 1, v1::GAME_RESULT_DRAW);
  const size_t events = StreamEvents().size();
  const grpc::Status status = Pair(PairRequest(2), response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_THAT(status.error_message(), HasSubstr("R6"));
  EXPECT_THAT(status.error_message(), HasSubstr("incomplete"));
  EXPECT_EQ(StreamEvents().size(), events);
}

TEST_F(PairingServerTest, RoundTwoFollowsACompleteRoundWithScoresBefore) {
  EnterOpenMen(6);
  v1::PairRoundResponse response;
  ASSERT_TRUE(Pair(PairRequest(1), response).ok());
  CompleteRound(1);
  const grpc::Status status = Pair(PairRequest(2), response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  ASSERT_EQ(response.rounds_size(), 1);
  int total = 0;
  for (const v1::BoardView& board : response.rounds(0).boards()) {
    total += board.red().score_before() + board.black().score_before();
  }
  EXPECT_EQ(total, 3 * 2);  // three red wins of 2 points before round 2
}

TEST_F(PairingServerTest, TheRequestMustNameTheNextRound) {
  EnterOpenMen(4);
  v1::PairRoundResponse response;
  grpc::Status status = Pair(PairRequest(2), response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_THAT(status.error_message(),
              HasSubstr("the next round of section 'open-men' is 1, not 2"));
  ASSERT_TRUE(Pair(PairRequest(1), response).ok());
  v1::PairRoundRequest twice = PairRequest(1);
  twice.set_command_id("double-click");
  status = Pair(twice, response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_THAT(status.error_message(), HasSubstr("published already"));
}

TEST_F(PairingServerTest, MalformedRequestsNameTheField) {
  EnterOpenMen(4);
  v1::PairRoundResponse response;
  v1::PairRoundRequest request = PairRequest(1);
  request.clear_section_id();
  grpc::Status status = Pair(request, response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("section_id"));
  request = PairRequest(0);
  status = Pair(request, response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("round"));
  request = PairRequest(1);
  request.clear_command_id();
  status = Pair(request, response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("command_id"));
  request = PairRequest(1);
  request.set_section_id("no-such-section");
  status = Pair(request, response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
  request = PairRequest(1);
  request.set_tournament_id("no-such-tournament");
  status = Pair(request, response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
}

TEST_F(PairingServerTest, OnlyThePairingOfficerPublishes) {
  EnterOpenMen(4);
  const size_t events = StreamEvents().size();
  v1::PairRoundResponse response;
  EXPECT_EQ(Pair(PairRequest(1), response, kArbiter).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(Pair(PairRequest(1), response, kChief).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(Pair(PairRequest(1), response, "").error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(Pair(PairRequest(1), response, "forged").error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(StreamEvents().size(), events);
}

TEST_F(PairingServerTest, ProposeRoundShowsTheNextRoundAndPublishesNothing) {
  EnterOpenMen(5);
  const size_t events = StreamEvents().size();
  v1::ProposeRoundRequest request;
  request.set_tournament_id(kTournamentId);
  request.set_section_id(kOpenMen);
  v1::ProposeRoundResponse response;
  grpc::Status status =
      pairing_->ProposeRound(Call(kChief).get(), request, &response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_EQ(response.proposal().round(), 1);
  EXPECT_EQ(response.proposal().boards_size(), 2);
  EXPECT_NE(response.proposal().bye().player_id(), 0);  // five players
  EXPECT_THAT(response.cost(), testing::Contains(HasSubstr("seed")));
  EXPECT_GT(response.as_of_position(), 0u);
  EXPECT_EQ(StreamEvents().size(), events);

  status =
      pairing_->ProposeRound(Call(kPairingOfficer).get(), request, &response);
  EXPECT_TRUE(status.ok()) << status.error_message();
  status = pairing_->ProposeRound(Call(kArbiter).get(), request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::PERMISSION_DENIED);
}

TEST_F(PairingServerTest, ProposeRoundIsRefusedLikeThePairing) {
  EnterOpenMen(4);
  v1::PairRoundResponse paired;
  ASSERT_TRUE(Pair(PairRequest(1), paired).ok());
  v1::ProposeRoundRequest request;
  request.set_tournament_id(kTournamentId);
  request.set_section_id(kOpenMen);
  v1::ProposeRoundResponse response;
  const grpc::Status status =
      pairing_->ProposeRound(Call(kChief).get(), request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_THAT(status.error_message(), HasSubstr("incomplete"));
}

TEST_F(PairingServerTest, ProposeRoundNamesAMissingSection) {
  EnterOpenMen(4);
  v1::ProposeRoundRequest request;
  request.set_tournament_id(kTournamentId);
  v1::ProposeRoundResponse response;
  grpc::Status status =
      pairing_->ProposeRound(Call(kChief).get(), request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("section_id"));
  request.set_section_id("no-such-section");
  status = pairing_->ProposeRound(Call(kChief).get(), request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
}

}  // namespace
}  // namespace qiwang::pairing
