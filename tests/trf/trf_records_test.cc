// A TRF as the Swiss engine's inputs (trf_records.h): the six-player Swiss
// of tests/standings, played to round 4 (a forfeit, a withdrawal, a double
// forfeit, two byes), exported as TRF-2026 and read back gives the records
// the server folded from its log, the stated point system and the file's
// own pairing of a round; files the engine cannot use are refused naming
// the field.
#include "services/trf/trf_records.h"

#include <set>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/rules/ranking/ranking_scope.h"
#include "services/rules/swiss/swiss_pairer.h"
#include "services/rules/tournament/ranked_scope.h"
#include "services/trf/trf_format.h"
#include "services/trf/trf_reader.h"
#include "services/trf/trf_tournament.h"
#include "services/trf/trf_writer.h"
#include "tests/standings/six_player_event.h"
#include "tests/trf/simulated_trf.h"

namespace qiwang::exports {
namespace {

using ::testing::HasSubstr;

class TrfRecordsTest : public standings::SixPlayerEventTest {
 protected:
  void SetUp() override {
    SixPlayerEventTest::SetUp();
    Pair(4, {{3, 1}, {5, 6}}, /*bye=*/2);
    Result(4, 1, v1::GAME_RESULT_DOUBLE_FORFEIT);
    Result(4, 2, v1::GAME_RESULT_RED_WIN);
    absl::StatusOr<TrfDocument> document = ReadTrf(FormatTrf(
        *TrfOfSection(state_, standings::kOpenMen, TrfVersion::kTrf2026)));
    ASSERT_TRUE(document.ok()) << document.status();
    document_ = *document;
  }

  TrfDocument document_;
};

TEST_F(TrfRecordsTest, R5_3_RecordsAreTheFoldedOnesByStartingRank) {
  absl::StatusOr<rules::tournament::RankedScope> scope =
      rules::tournament::RankScope(
          state_,
          rules::RankingScope{
              standings::kOpenMen, {}, {standings::kOpenMen}, {}},
          0);
  ASSERT_TRUE(scope.ok()) << scope.status();
  absl::flat_hash_map<rules::PlayerId, int> start_of;
  for (const rules::PlayerRecord& record : scope->pool) {
    start_of[record.id] = record.pairing_number;
  }

  absl::StatusOr<TrfPairingInput> input = TrfPairingInputOf(document_, 5);
  ASSERT_TRUE(input.ok()) << input.status();
  EXPECT_EQ(input->config.scoring.win, 2);
  EXPECT_EQ(input->config.scoring.draw, 1);
  EXPECT_EQ(input->config.scoring.bye, 2);
  EXPECT_EQ(input->config.colour_seed, 1u);  // 152 B
  EXPECT_FALSE(input->pairing.has_value());  // round 5 not in the file
  ASSERT_EQ(input->players.size(), scope->pool.size());
  for (const rules::PlayerRecord& folded : scope->pool) {
    const rules::PlayerRecord& read = input->players[folded.pairing_number - 1];
    SCOPED_TRACE(folded.pairing_number);
    EXPECT_EQ(read.id, folded.pairing_number);
    EXPECT_EQ(read.withdrawn, folded.withdrawn);
    ASSERT_EQ(read.rounds.size(), folded.rounds.size());
    for (size_t r = 0; r < read.rounds.size(); ++r) {
      const rules::RoundRecord& a = read.rounds[r];
      const rules::RoundRecord& b = folded.rounds[r];
      EXPECT_EQ(a.outcome, b.outcome) << "round " << r + 1;
      EXPECT_EQ(a.colour, b.colour) << "round " << r + 1;
      EXPECT_EQ(a.opponent,
                b.opponent == rules::kNoPlayer ? 0 : start_of[b.opponent])
          << "round " << r + 1;
    }
    EXPECT_EQ(read.Score(input->config.scoring),
              folded.Score(input->config.scoring));
  }
}

TEST_F(TrfRecordsTest, R6_4_TheFilesPairingOfARound) {
  absl::StatusOr<TrfPairingInput> input = TrfPairingInputOf(document_, 4);
  ASSERT_TRUE(input.ok()) << input.status();
  ASSERT_TRUE(input->pairing.has_value());
  // Starting numbers: P2=1, P1=2, P4=3, P3=4, P6=5, P5=6. Round 4: P3 (4)
  // red v P1 (2), P5 (6) red v P6 (5), P2 (1) the bye; P4 (3) withdrawn.
  EXPECT_EQ(input->pairing->bye, 1);
  ASSERT_EQ(input->pairing->boards.size(), 2u);
  EXPECT_EQ(input->pairing->boards[0].red, 4);
  EXPECT_EQ(input->pairing->boards[0].black, 2);
  EXPECT_EQ(input->pairing->boards[1].red, 6);
  EXPECT_EQ(input->pairing->boards[1].black, 5);
  EXPECT_TRUE(input->players[2].withdrawn);
  EXPECT_EQ(input->players[2].rounds.size(), 3u);
}

TEST_F(TrfRecordsTest, FilesTheEngineCannotUseAreRefusedNamingTheField) {
  absl::StatusOr<TrfPairingInput> refused = TrfPairingInputOf(document_, 6);
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(refused.status().message(),
              HasSubstr("round: 6 is not 1 to 5 (the file has 4 rounds)"));

  TrfDocument halves = document_;
  halves.point_system = {{'W', 10}, {'D', 5}};
  refused = TrfPairingInputOf(halves, 2);
  EXPECT_THAT(refused.status().message(),
              HasSubstr("162 D: 0.5 is not a whole number of points"));

  TrfDocument none = document_;
  none.point_system.clear();
  refused = TrfPairingInputOf(none, 2);
  EXPECT_THAT(refused.status().message(),
              HasSubstr("162: the file states no point system"));

  TrfDocument disagree = document_;
  disagree.players[0].rounds[0].opponent = 3;
  refused = TrfPairingInputOf(disagree, 2);
  EXPECT_THAT(refused.status().message(),
              HasSubstr("player 1, round 1: plays 3, whose line says"));
}

}  // namespace
}  // namespace qiwang::exports

namespace qiwang::exports {
namespace {

// Issue 26 §3, R6.4: 301 players, the one with round 3's bye written as
// absent ("0000 - Z") instead. Absent in the file's last round alone, he is
// paired in round 4 (150 boards and the bye cover all 301), and the import
// keeps him in; a "0000 - Z" in round 4's column leaves him out of both.
TEST(TrfPairingInputTest, Issue26_AbsentInTheLastRoundAloneIsPairedAgain) {
  rules::sim::SimulationParams params = EventfulParams(26, 301, 3);
  params.withdrawal_ppm = 0;
  params.late_entry_ppm = 0;
  TrfDocument document = SimulatedTrf(params);
  int absent = 0;
  for (TrfPlayer& player : document.players) {
    if (player.rounds.size() == 3 && player.rounds[2].result == 'U') {
      player.rounds[2].result = 'Z';
      player.points_tenths -= 20;
      absent = player.start_number;
    }
  }
  ASSERT_NE(absent, 0);
  absl::StatusOr<TrfTournament> read = ReadTrfTournament(FormatTrf(document));
  ASSERT_TRUE(read.ok()) << read.status();
  absl::StatusOr<TrfPairingInput> input = TrfPairingInputOf(read->document, 4);
  ASSERT_TRUE(input.ok()) << input.status();
  absl::StatusOr<rules::swiss::PairedRound> paired =
      rules::swiss::PairSwissRound(input->players, 4, input->config);
  ASSERT_TRUE(paired.ok()) << paired.status();
  EXPECT_EQ(paired->pairing.boards.size(), 150u);
  EXPECT_NE(paired->pairing.bye, rules::kNoPlayer);
  std::set<rules::PlayerId> seen = {paired->pairing.bye};
  for (const rules::swiss::Board& board : paired->pairing.boards) {
    seen.insert(board.red);
    seen.insert(board.black);
  }
  EXPECT_EQ(seen.size(), 301u);
  EXPECT_TRUE(seen.contains(absent));
  absl::StatusOr<rules::tournament::Events> events =
      DecideImport(ImportRequest(FormatTrf(document)));
  ASSERT_TRUE(events.ok()) << events.status();
  for (const v1::Event& event : *events) {
    EXPECT_FALSE(event.has_player_withdrawn()) << event.DebugString();
  }

  document.players[absent - 1].rounds.push_back({0, '-', 'Z'});
  input = TrfPairingInputOf(document, 4);
  ASSERT_TRUE(input.ok()) << input.status();
  EXPECT_TRUE(input->players[absent - 1].withdrawn);
  events = DecideImport(ImportRequest(FormatTrf(document)));
  ASSERT_TRUE(events.ok()) << events.status();
  const v1::Event& last = events->back();
  ASSERT_TRUE(last.has_player_withdrawn());
  EXPECT_EQ(last.player_withdrawn().player_id(), absent);
  EXPECT_EQ(last.player_withdrawn().from_round(), 3);
}

}  // namespace
}  // namespace qiwang::exports
