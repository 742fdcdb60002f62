// StandingsService through a real qiwangd: answers with as_of_position,
// reads the past (R7.5), waits for min_position, names the field of a bad
// request.
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/standings/standings_server_fixture.h"

namespace qiwang::standings {
namespace {

using ::testing::HasSubstr;

v1::GetStandingsRequest Standings(const std::string& ranking_id,
                                  int after_round = 0) {
  v1::GetStandingsRequest request;
  request.set_tournament_id(kTournamentId);
  request.set_ranking_id(ranking_id);
  request.set_after_round(after_round);
  return request;
}

// Before round 1 everyone checked in is ranked on 0 points, all sharing
// rank 1 (R7.3); the answer names the position it reflects.
TEST_F(StandingsServerTest, StandingsBeforeRoundOneWithoutAToken) {
  const uint64_t closed = EnterOpenMen(4);
  v1::GetStandingsRequest request = Standings("open-men");
  request.mutable_read()->set_min_position(closed);
  v1::GetStandingsResponse response;
  const grpc::Status status =
      standings_->GetStandings(Call().get(), request, &response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_EQ(response.as_of_position(), closed);
  EXPECT_EQ(response.ranking_id(), "open-men");
  EXPECT_EQ(response.after_round(), 0);
  ASSERT_EQ(response.rows_size(), 4);
  for (const v1::StandingRow& row : response.rows()) {
    EXPECT_EQ(row.rank(), 1);
    EXPECT_TRUE(row.shared_rank());
    EXPECT_EQ(row.score(), 0);
  }
}

// R7.5: as of the tournament's creation nobody is registered yet.
TEST_F(StandingsServerTest, AtPositionReadsThePast) {
  const uint64_t closed = EnterOpenMen(4);
  v1::GetStandingsRequest request = Standings("open-men");
  request.mutable_read()->set_min_position(closed);
  request.mutable_read()->set_at_position(1);
  v1::GetStandingsResponse response;
  const grpc::Status status =
      standings_->GetStandings(Call().get(), request, &response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_EQ(response.as_of_position(), 1u);
  EXPECT_EQ(response.rows_size(), 0);
}

// Issue 24: no write has made a position beyond the log's last one, so a
// read of it is refused at once (it once held a server thread until the
// deadline, and two of them froze every call).
TEST_F(StandingsServerTest, MinPositionBeyondTheLogIsRefusedAtOnce) {
  const uint64_t closed = EnterOpenMen(2);
  v1::GetStandingsRequest request = Standings("open-men");
  request.mutable_read()->set_min_position(closed + 1);
  v1::GetStandingsResponse response;
  const grpc::Status status = standings_->GetStandings(
      Call("", absl::Seconds(30)).get(), request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::OUT_OF_RANGE);
  EXPECT_THAT(status.error_message(),
              HasSubstr(absl::StrCat("last position ", closed)));
}

TEST_F(StandingsServerTest, BadRequestsNameTheField) {
  const uint64_t closed = EnterOpenMen(2);
  auto standings = [&](v1::GetStandingsRequest request) {
    request.mutable_read()->set_min_position(closed);
    v1::GetStandingsResponse response;
    return standings_->GetStandings(Call().get(), request, &response);
  };
  grpc::Status status = standings(Standings("open-mne"));
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_THAT(status.error_message(), HasSubstr("ranking_id"));
  EXPECT_THAT(status.error_message(), HasSubstr("open-mne"));

  status = standings(Standings("open-men", -1));
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("after_round"));

  v1::GetStandingsRequest no_tournament = Standings("open-men");
  no_tournament.clear_tournament_id();
  status = standings(no_tournament);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("tournament_id"));

  v1::GetStandingsRequest other = Standings("open-men");
  other.set_tournament_id("sichuan-2017");
  status = standings(other);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_THAT(status.error_message(), HasSubstr("sichuan-2017"));

  v1::GetCrosstableRequest crosstable;
  crosstable.set_tournament_id(kTournamentId);
  crosstable.set_section_id("open-mne");
  v1::GetCrosstableResponse table;
  status = standings_->GetCrosstable(Call().get(), crosstable, &table);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_THAT(status.error_message(), HasSubstr("section_id"));

  v1::GetPrizesRequest prizes;
  v1::GetPrizesResponse prize_list;
  status = standings_->GetPrizes(Call().get(), prizes, &prize_list);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("tournament_id"));
}

TEST_F(StandingsServerTest, UnknownTokenIsRefused) {
  EnterOpenMen(2);
  v1::GetStandingsResponse response;
  const grpc::Status status = standings_->GetStandings(
      Call("t-forged").get(), Standings("open-men"), &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAUTHENTICATED);
}

// Prizes before round 1: nothing is final, every category is listed.
TEST_F(StandingsServerTest, PrizesBeforeRoundOneAreProvisional) {
  const uint64_t closed = EnterOpenMen(2);
  v1::GetPrizesRequest request;
  request.set_tournament_id(kTournamentId);
  request.mutable_read()->set_min_position(closed);
  v1::GetPrizesResponse response;
  const grpc::Status status =
      standings_->GetPrizes(Call().get(), request, &response);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_EQ(response.as_of_position(), closed);
  EXPECT_EQ(response.categories_size(), 9);
  EXPECT_THAT(response.provisional_reason(),
              HasSubstr("open-men: no round played"));
}

}  // namespace
}  // namespace qiwang::standings
