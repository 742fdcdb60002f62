// R1.1: an amendment may not drop a section, station or ranking category the
// log refers to; the refusal names it and what refers to it, and appends
// nothing. What nobody refers to may still be dropped.
#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/rules/tournament/decide_ruling.h"
#include "tests/rules/tournament/play_fixture.h"

namespace qiwang::rules::tournament {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;

class DroppedReferencesTest : public PlayTest {
 protected:
  // The current configuration without the section, station or ranking
  // category `id` of the kinds asked for.
  v1::AmendTournamentRequest Without(const std::string& id, bool section,
                                     bool station, bool category) const {
    v1::AmendTournamentRequest amend;
    amend.set_tournament_id(kTournament);
    amend.set_reason("the hall is smaller");
    *amend.mutable_config() = state_.config();
    v1::TournamentConfig& config = *amend.mutable_config();
    auto drop = [&](auto& items) {
      for (int i = 0; i < items.size(); ++i) {
        if (items[i].id() == id) {
          items.DeleteSubrange(i, 1);
          return;
        }
      }
      ADD_FAILURE() << "no '" << id << "' to drop";
    };
    if (section) drop(*config.mutable_sections());
    if (station) drop(*config.mutable_stations());
    if (category) drop(*config.mutable_ranking_categories());
    return amend;
  }
  absl::StatusOr<Events> Amend(const v1::AmendTournamentRequest& amend) {
    return As(&DecideAmend, amend, Role::kOrganiser);
  }
  void ExpectRefused(const absl::StatusOr<Events>& amended,
                     const std::string& field, const std::string& what,
                     const std::string& why) {
    EXPECT_EQ(amended.status().code(), absl::StatusCode::kFailedPrecondition);
    EXPECT_THAT(amended.status().message(),
                AllOf(HasSubstr(absl::StrCat("R1.1: ", field)), HasSubstr(what),
                      HasSubstr(why)));
  }
};

TEST_F(DroppedReferencesTest, R1_1_ASectionWithPlayersStays) {
  const std::vector<int64_t> open = EnterOpenMen(3);
  const uint64_t version = state_.version();
  ExpectRefused(
      Amend(Without(kOpen, true, false, true)), "config.sections",
      "section 'open-men'",
      absl::StrCat("3 registered players in it (first: player ", open[0], ")"));
  EXPECT_EQ(state_.version(), version);
  EXPECT_NE(state_.FindSection(kOpen), nullptr);
  // A section nobody entered goes.
  ASSERT_TRUE(Amend(Without("children-women", true, false, true)).ok());
  EXPECT_EQ(state_.FindSection("children-women"), nullptr);
}

TEST_F(DroppedReferencesTest, R1_1_AStationWithRecordedResultsStays) {
  ASSERT_TRUE(RecordStation("chengdu", v1::STATION_KIND_CITY, 2016, 5, 14,
                            Ranking("Chengdu", 12))
                  .ok());
  absl::StatusOr<int64_t> qualified =
      Register(Entry(Ranking("Chengdu", 1)[0], kOpen));
  ASSERT_TRUE(qualified.ok()) << qualified.status();
  const uint64_t version = state_.version();
  ExpectRefused(Amend(Without("chengdu", false, true, false)),
                "config.stations", "station 'chengdu'",
                absl::StrCat("its results are recorded (12 ranked); 1 "
                             "registered player qualified through it (first: "
                             "player ",
                             *qualified, ")"));
  EXPECT_EQ(state_.version(), version);
  // A station not yet played goes.
  ASSERT_TRUE(Amend(Without("leshan", false, true, false)).ok());
  EXPECT_EQ(state_.config().stations_size(), 4);
}

TEST_F(DroppedReferencesTest, R1_1_ARankingCategoryWithADeclineStays) {
  const std::vector<int64_t> open = EnterOpenMen(2);
  ASSERT_TRUE(DeclineFinalPlace(kOpen, open[1]).ok());
  const uint64_t version = state_.version();
  ExpectRefused(
      Amend(Without(kOpen, false, false, true)), "config.ranking_categories",
      "ranking category 'open-men'",
      absl::StrCat("player ", open[1], " declined a final place at position"));
  EXPECT_EQ(state_.version(), version);
  // A category nobody refers to goes; its section stays.
  ASSERT_TRUE(Amend(Without("senior-men", false, false, true)).ok());
  EXPECT_NE(state_.FindSection("senior-men"), nullptr);
}

TEST_F(DroppedReferencesTest, R1_1_ARankingCategoryWithTieLotsStays) {
  const std::vector<int64_t> pros = EnterProfessionals(4);
  ASSERT_TRUE(CloseCheckIn().ok());
  ASSERT_TRUE(PairNext(kPro).ok());
  for (int round = 1; round <= 3; ++round) {
    for (const BoardEntry& board : Play(kPro).FindRound(round)->boards) {
      ASSERT_TRUE(
          Record(kPro, round, board.board.number(), v1::GAME_RESULT_DRAW).ok());
    }
  }
  // Every game drawn: the first and the last share rank 1 (R7.1).
  v1::DrawTieLotsRequest lots;
  lots.set_tournament_id(kTournament);
  lots.set_ranking_id(kPro);
  lots.add_player_ids(pros[0]);
  lots.add_player_ids(pros[3]);
  lots.set_reason("tied on every tie-break");
  absl::StatusOr<Events> drawn = DecideTieLots(
      state_, lots, 5, {.now = kRoundDay(), .role = Role::kChiefArbiter});
  ASSERT_TRUE(drawn.ok()) << drawn.status();
  CommitAs(*drawn, kRoundDay(), Role::kChiefArbiter, "chief");
  ExpectRefused(Amend(Without(kPro, false, false, true)),
                "config.ranking_categories", "ranking category 'professional'",
                absl::StrCat("R7.3 tie lots at position ",
                             state_.tie_lots()[0].position));
}

}  // namespace
}  // namespace qiwang::rules::tournament
