// The second shipped configuration, deploy/examples/sichuan-2016-rules2011.
// json: the 2016 event ranked by the 2011 national rules' article 14, and
// how the configuration's 2011 options reach the ranking engine.
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/rules/tournament/section_records.h"
#include "tests/rules/tournament/pre_event_fixture.h"
#include "tests/test_paths.h"

namespace qiwang::rules::tournament {
namespace {

using ::testing::ElementsAre;

v1::TournamentConfig Rules2011() {
  return ConfigFromJsonFile(test_paths::Rules2011Json());
}

TEST(Rules2011Config, CreatesATournament) {
  v1::CreateTournamentRequest create;
  *create.mutable_config() = Rules2011();
  absl::StatusOr<Events> events =
      DecideCreate(TournamentState(), create,
                   {Beijing(2016, 4, 16, 9, 0), Role::kOrganiser});
  ASSERT_TRUE(events.ok()) << events.status();
  EXPECT_EQ(events->front().tournament_created().config().id(),
            "sichuan-2016-rules2011");
}

// 2011 rules 14.3.2 and 14.4 in every Swiss section.
TEST(Rules2011Config, SwissSectionsRankBy1432) {
  absl::StatusOr<RankingConfig> ranking =
      RankingConfigOf(Rules2011(), "open-men");
  ASSERT_TRUE(ranking.ok()) << ranking.status();
  EXPECT_THAT(ranking->tie_breaks,
              ElementsAre(TieBreak::kCumulativeScore, TieBreak::kWins,
                          TieBreak::kFewerFouls, TieBreak::kGamesWithBlack,
                          TieBreak::kPreviousRounds));
  EXPECT_EQ(ranking->previous_rounds,
            PreviousRoundsReading::kCumulativeWithoutFirstRounds);
  EXPECT_EQ(ranking->bye_in_opponents_score,
            ByeInOpponentsScore::kLowestWithPoints);
  EXPECT_EQ(ranking->scoring.bye, 2);  // 14.4: a bye scores a win
}

// 2011 rules 14.1 in the round-robin section.
TEST(Rules2011Config, RoundRobinRanksBy141) {
  absl::StatusOr<RankingConfig> ranking =
      RankingConfigOf(Rules2011(), "professional");
  ASSERT_TRUE(ranking.ok()) << ranking.status();
  EXPECT_THAT(ranking->tie_breaks,
              ElementsAre(TieBreak::kSonnebornBerger, TieBreak::kWins,
                          TieBreak::kDirectEncounter, TieBreak::kFewerFouls,
                          TieBreak::kGamesWithBlack));
}

// R5.1: the 2016 file keeps today's readings: 2/1/0 for both colours, a
// bye adds nothing to 对手分, R7.2 by the scores after earlier rounds.
TEST(Rules2011Config, The2016FileKeepsTheDefaults) {
  absl::StatusOr<RankingConfig> ranking =
      RankingConfigOf(Sichuan2016(), "open-men");
  ASSERT_TRUE(ranking.ok()) << ranking.status();
  EXPECT_EQ(ranking->bye_in_opponents_score, ByeInOpponentsScore::kNothing);
  EXPECT_EQ(ranking->previous_rounds, PreviousRoundsReading::kCumulativeScores);
  const RoundRecord black_draw = {7, Colour::kBlack, Outcome::kDraw};
  EXPECT_EQ(ranking->scoring.Points(black_draw), 1);
}

// 2011 rules 13.3: the colour-specific draw points reach the scoring; an
// unset colour keeps `draw`.
TEST(Rules2011Config, ColourDrawPointsReachTheScoring) {
  v1::TournamentConfig config = Sichuan2016();
  config.mutable_scoring()->set_win(3);
  config.mutable_scoring()->set_draw_as_black(2);
  const Scoring scoring = ScoringOf(config);
  EXPECT_EQ(scoring.Points({7, Colour::kBlack, Outcome::kDraw}), 2);
  EXPECT_EQ(scoring.Points({7, Colour::kRed, Outcome::kDraw}), 1);
  EXPECT_EQ(scoring.Points({7, Colour::kRed, Outcome::kWin}), 3);
}

// N13.4: every Swiss section of the 2011 file keeps one unit's players
// apart, absolutely in rounds 1-3 and as the weak criterion after; the 2016
// file pairs units like anyone else.
TEST(Rules2011Config, SwissSectionsAvoidSameUnitN13_4) {
  const v1::TournamentConfig rules2011 = Rules2011();
  for (const v1::Section& section : rules2011.sections()) {
    if (section.pairing_system() != v1::PAIRING_SYSTEM_SWISS) continue;
    const swiss::SwissConfig config = SwissConfigOf(rules2011, section);
    EXPECT_EQ(config.same_unit.absolute_rounds, 3) << section.id();
    EXPECT_TRUE(config.same_unit.weak_in_later_rounds) << section.id();
    EXPECT_EQ(swiss::SameUnitRuleFor(config.same_unit, 3),
              swiss::SameUnitRule::kForbidden);
    EXPECT_EQ(swiss::SameUnitRuleFor(config.same_unit, 4),
              swiss::SameUnitRule::kWeak);
  }
  const v1::TournamentConfig sichuan2016 = Sichuan2016();
  for (const v1::Section& section : sichuan2016.sections()) {
    const swiss::SwissConfig config = SwissConfigOf(sichuan2016, section);
    EXPECT_EQ(swiss::SameUnitRuleFor(config.same_unit, 1),
              swiss::SameUnitRule::kNone)
        << section.id();
  }
}

}  // namespace
}  // namespace qiwang::rules::tournament
