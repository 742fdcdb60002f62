// The shipped 2016 configuration and the configuration decisions (R1.1).
#include <functional>
#include <numeric>
#include <string>
#include <vector>

#include "absl/time/civil_time.h"
#include "base/timestamp.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/rules/tournament/calendar.h"
#include "tests/rules/tournament/pre_event_fixture.h"

namespace qiwang::rules::tournament {
namespace {

using ::testing::HasSubstr;

const v1::RankingCategory& Category(const v1::TournamentConfig& config,
                                    const std::string& id) {
  for (const v1::RankingCategory& category : config.ranking_categories()) {
    if (category.id() == id) return category;
  }
  ADD_FAILURE() << "no ranking category " << id;
  return config.ranking_categories(0);
}

// R1.1: the shipped file is a valid configuration for a new tournament.
TEST(Sichuan2016Config, CreatesATournament) {
  v1::CreateTournamentRequest create;
  *create.mutable_config() = Sichuan2016();
  absl::StatusOr<Events> events =
      DecideCreate(TournamentState(), create,
                   {Beijing(2016, 4, 16, 9, 0), Role::kOrganiser});
  ASSERT_TRUE(events.ok()) << events.status();
  ASSERT_EQ(events->size(), 1u);
  EXPECT_EQ(events->front().tournament_created().config().id(), "sichuan-2016");
}

// R2.1-R2.4, R4.1, R4.2: sections, dates and windows as the regulation sets.
TEST(Sichuan2016Config, EncodesSectionsAndDates) {
  const v1::TournamentConfig config = Sichuan2016();
  std::vector<std::string> ids;
  for (const v1::Section& section : config.sections()) {
    ids.push_back(section.id());
    EXPECT_EQ(section.time_control().base_minutes(), 40) << section.id();
    EXPECT_EQ(section.time_control().increment_seconds(), 10) << section.id();
    if (section.id() != "professional") {
      EXPECT_EQ(section.rounds(), 11) << section.id();
    }
  }
  EXPECT_THAT(ids, ::testing::ElementsAre(
                       "professional", "open-men", "open-women", "senior-men",
                       "senior-women", "junior-men", "junior-women",
                       "children-men", "children-women"));
  EXPECT_EQ(base::FromTimestamp(config.registration_deadline()),
            absl::FromCivil(absl::CivilSecond(2016, 9, 28, 9, 0, 0),
                            absl::UTCTimeZone()));
  EXPECT_EQ(base::FromTimestamp(config.check_in().opens()),
            Beijing(2016, 10, 13, 14, 0));
  EXPECT_EQ(base::FromTimestamp(config.check_in().closes()),
            Beijing(2016, 10, 13, 18, 0));
  ASSERT_EQ(config.schedule_size(), 11);
  EXPECT_EQ(base::FromTimestamp(config.schedule(0).starts()),
            Beijing(2016, 10, 14, 9, 30));
  EXPECT_EQ(base::FromTimestamp(config.schedule(3).starts()),
            Beijing(2016, 10, 14, 19, 0));
  EXPECT_EQ(base::FromTimestamp(config.schedule(10).starts()),
            Beijing(2016, 10, 16, 13, 30));
  EXPECT_EQ(config.appeal_window().seconds(), 30 * 60);
}

// R8.1, R8.2: prize tables, trophies and national-final places.
TEST(Sichuan2016Config, EncodesPrizesAndPlaces) {
  const v1::TournamentConfig config = Sichuan2016();
  const v1::RankingCategory& open_men = Category(config, "open-men");
  ASSERT_EQ(open_men.prize_yuan_size(), 32);
  EXPECT_EQ(std::accumulate(open_men.prize_yuan().begin(),
                            open_men.prize_yuan().end(), int64_t{0}),
            10000 + 5000 + 3000 + 1500 + 4 * 800 + 8 * 500 + 16 * 300);
  EXPECT_EQ(open_men.national_final_places(), 3);
  EXPECT_EQ(Category(config, "senior-men").national_final_places(), 2);
  EXPECT_EQ(Category(config, "senior-women").national_final_places(), 0);
  EXPECT_THAT(Category(config, "senior-women").prize_yuan(),
              ::testing::ElementsAre(500, 300, 200));
  const v1::RankingCategory& professional = Category(config, "professional");
  EXPECT_THAT(professional.prize_yuan(),
              ::testing::ElementsAre(10000, 4000, 2500, 500, 500, 500));
  ASSERT_EQ(professional.trophies_size(), 3);
  EXPECT_EQ(professional.trophies(0).name().zh(), "棋王奖杯");
  int places = 0;
  for (const v1::RankingCategory& category : config.ranking_categories()) {
    places += category.national_final_places();
  }
  EXPECT_EQ(places, 3 + 1 + 2 + 2 + 1 + 2 + 1);
}

// R1.1: malformed configurations are refused naming the field.
TEST(ConfigValidation, RefusesMalformedConfigurations) {
  struct Case {
    std::string field;
    std::function<void(v1::TournamentConfig&)> spoil;
  };
  const std::vector<Case> cases = {
      {"id: required", [](auto& c) { c.clear_id(); }},
      {"id: 'a b'", [](auto& c) { c.set_id("a b"); }},
      {"time_zone: unknown time zone 'Mars/Olympus'",
       [](auto& c) { c.set_time_zone("Mars/Olympus"); }},
      {"sections: none", [](auto& c) { c.clear_sections(); }},
      {"sections[2].id: duplicate 'open-men'",
       [](auto& c) { c.mutable_sections(2)->set_id("open-men"); }},
      {"sections[1].rounds",
       [](auto& c) { c.mutable_sections(1)->set_rounds(0); }},
      {"sections[0].max_players: 0 (10000) or 1..10000, got 10001",
       [](auto& c) { c.mutable_sections(0)->set_max_players(10'001); }},
      {"sections[0].max_players: 0 (10000) or 1..10000, got -1",
       [](auto& c) { c.mutable_sections(0)->set_max_players(-1); }},
      {"sections[1].eligibility.born_on_or_before: 2016-02-30",
       [](auto& c) {
         c.mutable_sections(1)
             ->mutable_eligibility()
             ->mutable_born_on_or_before()
             ->set_year(2016);
         c.mutable_sections(1)
             ->mutable_eligibility()
             ->mutable_born_on_or_before()
             ->set_month(2);
         c.mutable_sections(1)
             ->mutable_eligibility()
             ->mutable_born_on_or_before()
             ->set_day(30);
       }},
      {"ranking_categories[1].section_ids[0]: no section 'open'",
       [](auto& c) {
         c.mutable_ranking_categories(1)->set_section_ids(0, "open");
       }},
      {"stations[0].kind: no quota for STATION_KIND_CITY",
       [](auto& c) { c.mutable_station_quotas()->DeleteSubrange(0, 1); }},
      {"registration_deadline: required",
       [](auto& c) { c.clear_registration_deadline(); }},
      {"check_in.closes: not after check_in.opens",
       [](auto& c) {
         *c.mutable_check_in()->mutable_closes() = c.check_in().opens();
       }},
      {"schedule[0].section_ids[0]: no section 'nobody'",
       [](auto& c) { c.mutable_schedule(0)->add_section_ids("nobody"); }},
      {"scoring: needs win > loss", [](auto& c) { c.clear_scoring(); }},
      // 2011 rules 13.3: every value named, none negative, draws between
      // loss and win.
      {"scoring.bye: -2 is negative",
       [](auto& c) { c.mutable_scoring()->set_bye(-2); }},
      {"scoring.draw_as_black: -1 is negative",
       [](auto& c) { c.mutable_scoring()->set_draw_as_black(-1); }},
      {"scoring.draw_as_black: 3 is not between loss 0 and win 2",
       [](auto& c) { c.mutable_scoring()->set_draw_as_black(3); }},
      {"scoring.draw_as_red: 3 is not between loss 0 and win 2",
       [](auto& c) { c.mutable_scoring()->set_draw_as_red(3); }},
      {"scoring.draw: 3 is not between loss 0 and win 2",
       [](auto& c) { c.mutable_scoring()->set_draw(3); }},
      {"sections[1].round_robin_withdrawal: set on a Swiss section",
       [](auto& c) {
         c.mutable_sections(1)->set_round_robin_withdrawal(
             v1::ROUND_ROBIN_WITHDRAWAL_CANCEL_BELOW_HALF);
       }},
      {"sections[0].bye_in_opponents_score: unknown value 7",
       [](auto& c) {
         c.mutable_sections(0)->set_bye_in_opponents_score(
             static_cast<v1::ByeInOpponentsScore>(7));
       }},
      // N13.4: Swiss sections only, absolute for 0..rounds rounds.
      {"sections[0].same_unit_avoidance: set on a round robin section",
       [](auto& c) {
         c.mutable_sections(0)
             ->mutable_same_unit_avoidance()
             ->set_weak_in_later_rounds(true);
       }},
      {"sections[1].same_unit_avoidance.absolute_rounds: -1 is not 0..11",
       [](auto& c) {
         c.mutable_sections(1)
             ->mutable_same_unit_avoidance()
             ->set_absolute_rounds(-1);
       }},
      {"sections[1].same_unit_avoidance.absolute_rounds: 12 is not 0..11",
       [](auto& c) {
         c.mutable_sections(1)
             ->mutable_same_unit_avoidance()
             ->set_absolute_rounds(12);
       }},
      {"sections[2].previous_rounds: unknown reading 9",
       [](auto& c) {
         c.mutable_sections(2)->set_previous_rounds(
             static_cast<v1::PreviousRoundsReading>(9));
       }},
  };
  for (const Case& test_case : cases) {
    v1::CreateTournamentRequest create;
    *create.mutable_config() = Sichuan2016();
    test_case.spoil(*create.mutable_config());
    absl::StatusOr<Events> events =
        DecideCreate(TournamentState(), create, {Beijing(2016, 4, 16, 9, 0)});
    EXPECT_EQ(events.status().code(), absl::StatusCode::kInvalidArgument)
        << test_case.field;
    EXPECT_THAT(events.status().message(), HasSubstr(test_case.field));
  }
}

using ConfigDecisionTest = PreEventTest;

// R1.1: a tournament is created once.
TEST_F(ConfigDecisionTest, RefusesASecondCreation) {
  v1::CreateTournamentRequest create;
  *create.mutable_config() = Sichuan2016();
  absl::StatusOr<Events> events =
      Run(&DecideCreate, create, Beijing(2016, 4, 17, 9, 0));
  EXPECT_EQ(events.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(events.status().message(),
            "R1.1: tournament sichuan-2016 already exists");
}

// R1.1: an amendment says why, keeps the id, and then rules: a later
// deadline admits an entry the original one refused.
TEST_F(ConfigDecisionTest, AmendsWithAReasonAndKeepsTheId) {
  v1::AmendTournamentRequest amend;
  amend.set_tournament_id(kTournament);
  *amend.mutable_config() = Sichuan2016();
  amend.mutable_config()->mutable_registration_deadline()->set_seconds(
      absl::ToUnixSeconds(Beijing(2016, 9, 30, 17, 0)));
  const absl::Time now = Beijing(2016, 9, 20, 9, 0);

  EXPECT_THAT(Run(&DecideAmend, amend, now).status().message(),
              HasSubstr("reason: required"));
  amend.mutable_config()->set_id("sichuan-2017");
  amend.set_reason("deadline moved");
  absl::StatusOr<Events> renamed = Run(&DecideAmend, amend, now);
  EXPECT_EQ(renamed.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(renamed.status().message(), HasSubstr("config.id"));

  amend.mutable_config()->set_id(kTournament);
  ASSERT_TRUE(Run(&DecideAmend, amend, now).ok());
  ASSERT_TRUE(RecordStation("chengdu", v1::STATION_KIND_CITY, 2016, 5, 14,
                            Ranking("Chengdu", 12))
                  .ok());
  EXPECT_TRUE(
      Register(Entry(Ranking("Chengdu", 1)[0]), Beijing(2016, 9, 29, 10, 0))
          .ok());
}

// 2011 rules 13.3: an amendment with a draw worth more than a win is
// refused naming the field, and the scoring in force stays as it was.
TEST_F(ConfigDecisionTest, RefusedScoringAmendmentChangesNothing) {
  v1::AmendTournamentRequest amend;
  amend.set_tournament_id(kTournament);
  amend.set_reason("2011 rules 13.3 scale");
  *amend.mutable_config() = Sichuan2016();
  amend.mutable_config()->mutable_scoring()->set_win(3);
  amend.mutable_config()->mutable_scoring()->set_draw_as_black(4);
  const uint64_t version = state_.version();

  absl::StatusOr<Events> events =
      Run(&DecideAmend, amend, Beijing(2016, 9, 20, 9, 0));
  EXPECT_EQ(events.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(events.status().message(),
              HasSubstr("scoring.draw_as_black: 4 is not between loss 0 and "
                        "win 3"));
  EXPECT_EQ(state_.version(), version);
  EXPECT_EQ(state_.config().scoring().win(), 2);
  EXPECT_FALSE(state_.config().scoring().has_draw_as_black());
}

// R3: malformed station results are refused naming the field, and a station
// is recorded once.
TEST_F(ConfigDecisionTest, RefusesMalformedOrRepeatedStations) {
  std::vector<v1::Person> twice = Ranking("Twice", 2);
  twice.push_back(twice[0]);
  EXPECT_THAT(
      RecordStation("x", v1::STATION_KIND_CITY, 2016, 5, 1, twice).message(),
      HasSubstr("ranking[2]: Twice 1 (1980-01-01) is already ranked"));
  EXPECT_THAT(
      RecordStation("x", v1::STATION_KIND_CITY, 2016, 5, 1, {}).message(),
      HasSubstr("ranking: empty"));
  EXPECT_THAT(
      RecordStation("x", v1::STATION_KIND_CITY, 2016, 13, 1, Ranking("A", 1))
          .message(),
      HasSubstr("station.date"));
  EXPECT_THAT(RecordStation("x", v1::STATION_KIND_UNSPECIFIED, 2016, 5, 1,
                            Ranking("A", 1))
                  .message(),
              HasSubstr("station.kind"));
  EXPECT_THAT(RecordStation("chengdu", v1::STATION_KIND_CITY, 2016, 5, 15,
                            Ranking("A", 1))
                  .message(),
              HasSubstr("'chengdu' is configured as STATION_KIND_CITY on "
                        "2016-05-14"));
  std::vector<v1::Person> unnamed = Ranking("A", 1);
  unnamed[0].set_name(std::string(201, 'x'));
  EXPECT_THAT(
      RecordStation("x", v1::STATION_KIND_CITY, 2016, 5, 1, unnamed).message(),
      HasSubstr("ranking[0].name: 201 bytes, at most 200"));
  EXPECT_EQ(state_.stations().size(), 0u);

  ASSERT_TRUE(RecordStation("chengdu", v1::STATION_KIND_CITY, 2016, 5, 14,
                            Ranking("A", 3))
                  .ok());
  const absl::Status again = RecordStation("chengdu", v1::STATION_KIND_CITY,
                                           2016, 5, 14, Ranking("B", 3));
  EXPECT_EQ(again.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(again.message(), HasSubstr("chengdu is already recorded"));
}

}  // namespace
}  // namespace qiwang::rules::tournament
