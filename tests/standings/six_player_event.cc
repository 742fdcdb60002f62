#include "tests/standings/six_player_event.h"

#include "absl/strings/str_cat.h"

namespace qiwang::standings {

using rules::tournament::Beijing;
using rules::tournament::Events;
using rules::tournament::TournamentState;

void SixPlayerEventTest::SetUp() {
  PreEventTest::SetUp();
  const std::vector<v1::Person> people = rules::tournament::Ranking("P", 6);
  ASSERT_TRUE(
      RecordStation("chengdu", v1::STATION_KIND_CITY, 2016, 5, 14, people)
          .ok());
  for (int i = 0; i < 6; ++i) {
    absl::StatusOr<int64_t> id = Register(Entry(people[i]));
    ASSERT_TRUE(id.ok()) << id.status();
    ASSERT_EQ(*id, i + 1);  // Pn is player id n
    ASSERT_TRUE(CheckInWithUsualDocuments(*id).ok());
  }
  ASSERT_TRUE(CloseCheckIn().ok());

  DrawLots({2, 1, 4, 3, 6, 5});
  Pair(1, {{1, 4}, {5, 2}, {3, 6}});
  Result(1, 1, v1::GAME_RESULT_RED_WIN);
  Result(1, 2, v1::GAME_RESULT_DRAW);
  Result(1, 3, v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT);
  Foul(2, 1);
  positions_after_round_[1] = log_.size();

  Pair(2, {{6, 1}, {2, 3}, {4, 5}});
  Result(2, 1, v1::GAME_RESULT_DRAW);
  Result(2, 2, v1::GAME_RESULT_RED_WIN);
  Result(2, 3, v1::GAME_RESULT_BLACK_WIN);
  positions_after_round_[2] = log_.size();
  Withdraw(4);

  Pair(3, {{1, 5}, {2, 6}}, /*bye=*/3);
  Result(3, 1, v1::GAME_RESULT_DRAW);
  Result(3, 2, v1::GAME_RESULT_BLACK_WIN);
  positions_after_round_[3] = log_.size();
}

TournamentState SixPlayerEventTest::FoldUpTo(uint64_t position) const {
  TournamentState state;
  for (uint64_t i = 0; i < position; ++i) {
    const absl::Status status = state.Apply(log_[i]);
    EXPECT_TRUE(status.ok()) << status;
  }
  return state;
}

void SixPlayerEventTest::Play(v1::Event event) {
  event.set_reason("test");
  Commit({std::move(event)}, Beijing(2016, 10, 14, 9, 0));
}

void SixPlayerEventTest::DrawLots(const std::vector<int64_t>& player_ids) {
  v1::Event event;
  v1::LotsDrawn& lots = *event.mutable_lots_drawn();
  lots.set_section_id(kOpenMen);
  lots.set_seed(2016);
  for (int64_t id : player_ids) lots.add_player_ids(id);
  Play(std::move(event));
}

void SixPlayerEventTest::Pair(int round,
                              const std::vector<std::array<int64_t, 2>>& boards,
                              int64_t bye) {
  v1::Event event;
  v1::RoundPaired& paired = *event.mutable_round_paired();
  paired.set_section_id(kOpenMen);
  paired.set_round(round);
  for (size_t i = 0; i < boards.size(); ++i) {
    v1::Board& board = *paired.add_boards();
    board.set_number(static_cast<int>(i) + 1);
    board.set_red_player_id(boards[i][0]);
    board.set_black_player_id(boards[i][1]);
  }
  paired.set_bye_player_id(bye);
  paired.set_paired_on_version(state_.version());
  Play(std::move(event));
}

void SixPlayerEventTest::Result(int round, int board, v1::GameResult result) {
  v1::Event event;
  v1::ResultRecorded& recorded = *event.mutable_result_recorded();
  recorded.set_section_id(kOpenMen);
  recorded.set_round(round);
  recorded.set_board(board);
  recorded.set_result(result);
  Play(std::move(event));
}

void SixPlayerEventTest::Foul(int64_t player, int round) {
  v1::Event event;
  v1::FoulRecorded& foul = *event.mutable_foul_recorded();
  foul.set_player_id(player);
  foul.set_section_id(kOpenMen);
  foul.set_round(round);
  foul.set_kind(v1::FOUL_KIND_CONDUCT);
  foul.set_note("phone rang");
  Play(std::move(event));
}

void SixPlayerEventTest::Withdraw(int64_t player) {
  v1::WithdrawPlayerRequest request;
  request.set_tournament_id(kTournament);
  request.set_player_id(player);
  request.set_reason("family emergency");
  absl::StatusOr<Events> events =
      Run(&rules::tournament::DecideWithdraw, request,
          Beijing(2016, 10, 14, 16, 0), rules::Role::kChiefArbiter);
  ASSERT_TRUE(events.ok()) << events.status();
  ASSERT_EQ(events->front().player_withdrawn().from_round(), 3);
}

}  // namespace qiwang::standings
