// The crosstable of the hand-worked six-player event (six_player_event.h).
#include "services/views/crosstable_view.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/standings/six_player_event.h"

namespace qiwang::views {

using standings::kOpenMen;
using standings::SixPlayerEventTest;

namespace {

using ::testing::HasSubstr;

// "opponent's pairing number, colour (r/b, - for none), letter" per round.
std::vector<std::string> Cells(const v1::CrosstableRow& row) {
  std::vector<std::string> cells;
  for (const v1::CrosstableCell& cell : row.cells()) {
    const char* colour =
        cell.opponent_pairing_number() == 0 ? "-" : (cell.red() ? "r" : "b");
    cells.push_back(std::to_string(cell.opponent_pairing_number()) + colour +
                    cell.outcome());
  }
  return cells;
}

using CrosstableViewTest = SixPlayerEventTest;

// Rows by pairing number (lots: P2=1, P1=2, P4=3, P3=4, P6=5, P5=6);
// opponents by pairing number; ranks as in the final standings
// (P6, P1, P5, P2, P3, P4).
TEST_F(CrosstableViewTest, RowsByPairingNumberWithEveryRound) {
  absl::StatusOr<v1::GetCrosstableResponse> table =
      CrosstableView(state_, kOpenMen);
  ASSERT_TRUE(table.ok()) << table.status();
  EXPECT_EQ(table->section_id(), kOpenMen);
  ASSERT_EQ(table->rows_size(), 6);
  struct Expected {
    int64_t player;
    std::vector<std::string> cells;
    int score;
    int rank;
  };
  const std::vector<Expected> expected = {
      {2, {"6bD", "4rW", "5rL"}, 3, 4},  // P2
      {1, {"3rW", "5bD", "6rD"}, 4, 2},  // P1
      {4, {"2bL", "6rL", "0-."}, 0, 6},  // P4: withdrawn from round 3
      {3, {"5r-", "1bL", "0-B"}, 2, 5},  // P3: forfeit as red, then the bye
      {6, {"4b+", "2rD", "1bW"}, 5, 1},  // P6
      {5, {"1rD", "3bW", "2bD"}, 4, 3},  // P5
  };
  for (int i = 0; i < 6; ++i) {
    const v1::CrosstableRow& row = table->rows(i);
    SCOPED_TRACE(testing::Message() << "pairing number " << i + 1);
    EXPECT_EQ(row.pairing_number(), i + 1);
    EXPECT_EQ(row.player_id(), expected[i].player);
    EXPECT_EQ(row.name(), "P " + std::to_string(expected[i].player));
    EXPECT_EQ(Cells(row), expected[i].cells);
    EXPECT_EQ(row.score(), expected[i].score);
    EXPECT_EQ(row.rank(), expected[i].rank);
    for (int r = 0; r < row.cells_size(); ++r) {
      EXPECT_EQ(row.cells(r).round(), r + 1);
    }
  }
}

// A round published without results shows its games as pending.
TEST_F(CrosstableViewTest, PendingGamesAreStars) {
  Pair(4, {{6, 5}, {1, 3}}, /*bye=*/2);
  absl::StatusOr<v1::GetCrosstableResponse> table =
      CrosstableView(state_, kOpenMen);
  ASSERT_TRUE(table.ok()) << table.status();
  // P6 (pairing number 5) is red against P5 (6), no result yet.
  EXPECT_EQ(Cells(table->rows(4)).back(), "6r*");
  EXPECT_EQ(Cells(table->rows(0)).back(), "0-B");  // P2's bye scores at once
}

TEST_F(CrosstableViewTest, UnknownSectionIsNotFoundNamingTheField) {
  absl::StatusOr<v1::GetCrosstableResponse> table =
      CrosstableView(state_, "open-mne");
  EXPECT_EQ(table.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(table.status().message(), HasSubstr("section_id"));
  EXPECT_THAT(table.status().message(), HasSubstr("open-mne"));
}

}  // namespace
}  // namespace qiwang::views
