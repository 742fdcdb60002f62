// Standings after results recorded through qiwangd's PlayService: read your
// writes with min_position, the past with at_position (R7.5), and
// WatchStandings: new standings within a second of a result, resuming from
// the last position seen, UNAVAILABLE at shutdown.
#include <grpcpp/generic/generic_stub.h>

#include <memory>
#include <string>

#include "absl/time/clock.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/standings/standings_server_fixture.h"

namespace qiwang::standings {
namespace {

using ::testing::HasSubstr;

v1::GetStandingsResponse MustGetStandings(v1::StandingsService::Stub& stub,
                                          uint64_t min_position,
                                          uint64_t at_position = 0,
                                          int after_round = 0) {
  v1::GetStandingsRequest request;
  request.set_tournament_id(kTournamentId);
  request.set_ranking_id("open-men");
  request.set_after_round(after_round);
  request.mutable_read()->set_min_position(min_position);
  request.mutable_read()->set_at_position(at_position);
  v1::GetStandingsResponse response;
  auto call = std::make_unique<grpc::ClientContext>();
  call->set_deadline(absl::ToChronoTime(absl::Now() + absl::Seconds(30)));
  const grpc::Status status = stub.GetStandings(call.get(), request, &response);
  EXPECT_TRUE(status.ok()) << status.error_message();
  return response;
}

// `Standings`: GetStandingsResponse or its wire twin WatchStandingsResponse.
template <typename Standings>
const v1::StandingRow* Row(const Standings& standings, int64_t player) {
  for (const v1::StandingRow& row : standings.rows()) {
    if (row.player_id() == player) return &row;
  }
  ADD_FAILURE() << "player " << player << " not in the standings";
  return &standings.rows(0);
}

class StandingsWatchTest : public StandingsServerTest {
 protected:
  void SetUp() override {
    StandingsServerTest::SetUp();
    if (HasFatalFailure()) return;
    EnterOpenMen(4);
    const v1::PairRoundResponse paired = PairRound(1);
    ASSERT_EQ(paired.rounds_size(), 1);
    ASSERT_EQ(paired.rounds(0).boards_size(), 2);
    board1_ = paired.rounds(0).boards(0);
    board2_ = paired.rounds(0).boards(1);
    paired_position_ = paired.result().last_position();
  }

  std::unique_ptr<grpc::ClientReader<v1::WatchStandingsResponse>> Watch(
      grpc::ClientContext& call, const std::string& ranking_id,
      uint64_t after_position) {
    v1::WatchStandingsRequest request;
    request.set_tournament_id(kTournamentId);
    request.set_ranking_id(ranking_id);
    request.set_after_position(after_position);
    return standings_->WatchStandings(&call, request);
  }

  v1::BoardView board1_;
  v1::BoardView board2_;
  uint64_t paired_position_ = 0;
};

// R5.3: the red winner of board 1 leads alone on 2 points as soon as the
// result's position is applied; the draw of board 2 gives both players 1.
TEST_F(StandingsWatchTest, ReadsItsOwnResults) {
  RecordResult(1, 1, v1::GAME_RESULT_RED_WIN);
  const uint64_t drawn = RecordResult(1, 2, v1::GAME_RESULT_DRAW);
  const v1::GetStandingsResponse standings =
      MustGetStandings(*standings_, drawn);
  EXPECT_GE(standings.as_of_position(), drawn);
  EXPECT_EQ(standings.after_round(), 1);
  ASSERT_EQ(standings.rows_size(), 4);
  EXPECT_EQ(standings.rows(0).player_id(), board1_.red().player_id());
  EXPECT_EQ(standings.rows(0).rank(), 1);
  EXPECT_FALSE(standings.rows(0).shared_rank());
  EXPECT_EQ(standings.rows(0).score(), 2);
  EXPECT_EQ(Row(standings, board2_.red().player_id())->score(), 1);
  EXPECT_EQ(Row(standings, board2_.black().player_id())->score(), 1);
  EXPECT_EQ(Row(standings, board1_.black().player_id())->score(), 0);
  EXPECT_EQ(Row(standings, board1_.black().player_id())->rank(), 4);
}

// R7.5: as of the pairing's position nobody has a point; counting round 1
// only after round 2's first result gives round 1's standings.
TEST_F(StandingsWatchTest, AtPositionAndAfterRoundGiveThePast) {
  RecordResult(1, 1, v1::GAME_RESULT_RED_WIN);
  const uint64_t round_one = RecordResult(1, 2, v1::GAME_RESULT_DRAW);
  const v1::GetStandingsResponse before =
      MustGetStandings(*standings_, round_one, paired_position_);
  EXPECT_EQ(before.as_of_position(), paired_position_);
  for (const v1::StandingRow& row : before.rows()) EXPECT_EQ(row.score(), 0);

  PairRound(2);
  const uint64_t later = RecordResult(2, 1, v1::GAME_RESULT_BLACK_WIN);
  const v1::GetStandingsResponse then =
      MustGetStandings(*standings_, later, round_one);
  const v1::GetStandingsResponse counted =
      MustGetStandings(*standings_, later, 0, /*after_round=*/1);
  EXPECT_EQ(then.as_of_position(), round_one);
  EXPECT_EQ(counted.after_round(), 1);
  ASSERT_EQ(then.rows_size(), counted.rows_size());
  for (int i = 0; i < then.rows_size(); ++i) {
    EXPECT_EQ(then.rows(i).player_id(), counted.rows(i).player_id());
    EXPECT_EQ(then.rows(i).score(), counted.rows(i).score());
    EXPECT_EQ(then.rows(i).rank(), counted.rows(i).rank());
  }
}

// The crosstable and the prize list read the same results: board 1's red
// player won (W against the loser's L), board 2 has no result yet (*), and
// the winner leads the open men's prizes, provisionally.
TEST_F(StandingsWatchTest, CrosstableAndPrizesAfterAResult) {
  const uint64_t won = RecordResult(1, 1, v1::GAME_RESULT_RED_WIN);
  v1::GetCrosstableRequest request;
  request.set_tournament_id(kTournamentId);
  request.set_section_id("open-men");
  request.mutable_read()->set_min_position(won);
  v1::GetCrosstableResponse table;
  grpc::Status status =
      standings_->GetCrosstable(Call().get(), request, &table);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_GE(table.as_of_position(), won);
  ASSERT_EQ(table.rows_size(), 4);
  for (const v1::CrosstableRow& row : table.rows()) {
    ASSERT_EQ(row.cells_size(), 1);
    const int64_t id = row.player_id();
    const std::string expected = id == board1_.red().player_id()     ? "W"
                                 : id == board1_.black().player_id() ? "L"
                                                                     : "*";
    EXPECT_EQ(row.cells(0).outcome(), expected) << "player " << id;
  }

  v1::GetPrizesRequest prizes_request;
  prizes_request.set_tournament_id(kTournamentId);
  prizes_request.mutable_read()->set_min_position(won);
  v1::GetPrizesResponse prizes;
  status = standings_->GetPrizes(Call().get(), prizes_request, &prizes);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_THAT(prizes.provisional_reason(),
              HasSubstr("open-men: round 1 has games without a result"));
  for (const v1::CategoryPrizes& category : prizes.categories()) {
    if (category.ranking_id() != "open-men") continue;
    ASSERT_GT(category.awards_size(), 0);
    EXPECT_EQ(category.awards(0).player_id(), board1_.red().player_id());
    EXPECT_EQ(category.awards(0).money_yuan(), 10000);
  }
}

// The watch sends the standings at once, then the new standings within a
// second of each result, read by waiting on the stream.
TEST_F(StandingsWatchTest, WatchSeesANewResultWithinASecond) {
  grpc::ClientContext call;
  auto reader = Watch(call, "open-men", 0);
  v1::WatchStandingsResponse standings;
  ASSERT_TRUE(reader->Read(&standings));
  EXPECT_GE(standings.as_of_position(), paired_position_);
  EXPECT_EQ(standings.rows(0).score(), 0);

  const uint64_t position = RecordResult(1, 1, v1::GAME_RESULT_BLACK_WIN);
  const absl::Time recorded = absl::Now();
  ASSERT_TRUE(reader->Read(&standings));
  EXPECT_LT(absl::Now() - recorded, absl::Seconds(1));
  EXPECT_EQ(standings.as_of_position(), position);
  EXPECT_EQ(standings.rows(0).player_id(), board1_.black().player_id());
  EXPECT_EQ(standings.rows(0).score(), 2);

  call.TryCancel();
  while (reader->Read(&standings)) {
  }
  EXPECT_EQ(reader->Finish().error_code(), grpc::StatusCode::CANCELLED);
}

// A client that reconnects with the last as_of_position it saw gets
// nothing stale: its first message is the next change. One that missed
// events gets the current standings at once.
TEST_F(StandingsWatchTest, WatchResumesFromTheLastPositionSeen) {
  const uint64_t first = RecordResult(1, 1, v1::GAME_RESULT_RED_WIN);
  {
    grpc::ClientContext call;
    auto reader = Watch(call, "open-men", first);
    const uint64_t second = RecordResult(1, 2, v1::GAME_RESULT_RED_WIN);
    v1::WatchStandingsResponse standings;
    ASSERT_TRUE(reader->Read(&standings));
    EXPECT_EQ(standings.as_of_position(), second);
    EXPECT_EQ(Row(standings, board2_.red().player_id())->score(), 2);
    call.TryCancel();
    while (reader->Read(&standings)) {
    }
    reader->Finish();
  }
  grpc::ClientContext call;
  auto reader = Watch(call, "open-men", first);
  v1::WatchStandingsResponse standings;
  ASSERT_TRUE(reader->Read(&standings));
  EXPECT_GT(standings.as_of_position(), first);
  EXPECT_EQ(Row(standings, board2_.red().player_id())->score(), 2);
  call.TryCancel();
  while (reader->Read(&standings)) {
  }
  reader->Finish();
}

TEST_F(StandingsWatchTest, WatchEndsWithUnavailableAtShutdown) {
  grpc::ClientContext call;
  auto reader = Watch(call, "open-men", 0);
  v1::WatchStandingsResponse standings;
  ASSERT_TRUE(reader->Read(&standings));
  server_->Shutdown(absl::Seconds(5));
  while (reader->Read(&standings)) {
  }
  EXPECT_EQ(reader->Finish().error_code(), grpc::StatusCode::UNAVAILABLE);
}

TEST_F(StandingsWatchTest, WatchOfAnUnknownRankingEndsNamingIt) {
  grpc::ClientContext call;
  auto reader = Watch(call, "open-mne", 0);
  v1::WatchStandingsResponse standings;
  EXPECT_FALSE(reader->Read(&standings));
  const grpc::Status status = reader->Finish();
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_THAT(status.error_message(), HasSubstr("open-mne"));

  grpc::ClientContext empty_call;
  auto refused = Watch(empty_call, "", 0);
  EXPECT_FALSE(refused->Read(&standings));
  const grpc::Status refused_status = refused->Finish();
  EXPECT_EQ(refused_status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(refused_status.error_message(), HasSubstr("ranking_id"));
}

TEST_F(StandingsWatchTest, WatchOfAnUnknownOrMissingTournamentEnds) {
  v1::WatchStandingsResponse standings;
  for (const std::string tournament : {"", "sichuan-2017"}) {
    grpc::ClientContext call;
    v1::WatchStandingsRequest request;
    request.set_tournament_id(tournament);
    request.set_ranking_id("open-men");
    auto reader = standings_->WatchStandings(&call, request);
    EXPECT_FALSE(reader->Read(&standings));
    const grpc::Status status = reader->Finish();
    if (tournament.empty()) {
      EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
      EXPECT_THAT(status.error_message(), HasSubstr("tournament_id"));
    } else {
      EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
      EXPECT_THAT(status.error_message(), HasSubstr("sichuan-2017"));
    }
  }
}

// The Watch methods take their request as bytes (their streams send bytes
// serialized once for every watcher): bytes that are no request are refused
// naming the message, as gRPC refuses them for other methods.
TEST_F(StandingsWatchTest, WatchOfBytesThatAreNoRequestIsRefusedNamingIt) {
  grpc::GenericStub generic(channel_);
  grpc::ClientContext call;
  grpc::CompletionQueue queue;
  grpc::Slice garbage(std::string("\xff\xff\xff"));
  grpc::ByteBuffer request(&garbage, 1);
  std::unique_ptr<grpc::GenericClientAsyncReaderWriter> stream =
      generic.PrepareCall(&call, "/qiwang.v1.StandingsService/WatchStandings",
                          &queue);
  void* tag = nullptr;
  bool ok = false;
  stream->StartCall(reinterpret_cast<void*>(1));
  ASSERT_TRUE(queue.Next(&tag, &ok));
  stream->Write(request, reinterpret_cast<void*>(2));
  ASSERT_TRUE(queue.Next(&tag, &ok));
  stream->WritesDone(reinterpret_cast<void*>(3));
  ASSERT_TRUE(queue.Next(&tag, &ok));
  grpc::Status status;
  stream->Finish(&status, reinterpret_cast<void*>(4));
  while (queue.Next(&tag, &ok) && tag != reinterpret_cast<void*>(4)) {
  }
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(),
              HasSubstr("qiwang.v1.WatchStandingsRequest"));
  queue.Shutdown();
  while (queue.Next(&tag, &ok)) {
  }
}

TEST_F(StandingsWatchTest, WatchWithAnUnknownTokenIsRefused) {
  grpc::ClientContext call;
  call.AddMetadata("authorization", "Bearer t-forged");
  auto reader = Watch(call, "open-men", 0);
  v1::WatchStandingsResponse standings;
  EXPECT_FALSE(reader->Read(&standings));
  EXPECT_EQ(reader->Finish().error_code(), grpc::StatusCode::UNAUTHENTICATED);
}

}  // namespace
}  // namespace qiwang::standings
