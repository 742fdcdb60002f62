// Forgetting a player's personal data (issue 18): the retention period, who
// may not be forgotten, and what the fold keeps of a forgotten player.
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/rules/tournament/person.h"
#include "tests/rules/tournament/pre_event_fixture.h"

namespace qiwang::rules::tournament {
namespace {

using ::testing::HasSubstr;

class ForgetTest : public PreEventTest {
 protected:
  int64_t EnterWithIdNumber() {
    v1::Person person =
        MakePerson("Li Lai", 1980, 3, 4, v1::GENDER_MALE, "510104198003040011");
    EXPECT_TRUE(RecordStation("station-Li Lai", v1::STATION_KIND_CITY, 2016, 5,
                              1, {person})
                    .ok());
    absl::StatusOr<int64_t> id = Register(Entry(person));
    EXPECT_TRUE(id.ok()) << id.status();
    return id.value_or(0);
  }
  v1::ForgetPersonRequest Forget(int64_t player_id) const {
    v1::ForgetPersonRequest request;
    request.set_tournament_id(kTournament);
    request.set_player_id(player_id);
    request.set_reason("retention period over");
    return request;
  }
};

// The 2016 schedule's last round starts 2016-10-16; 180 days later is
// 2017-04-14 in the tournament's zone.
TEST_F(ForgetTest, RefusedUntilTheRetentionPeriodEndsNamingTheDay) {
  const int64_t id = EnterWithIdNumber();
  const absl::StatusOr<Events> early =
      Run(&DecideForget, Forget(id), Beijing(2017, 4, 13, 23, 59),
          Role::kOrganiser);
  EXPECT_EQ(early.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(early.status().message(), HasSubstr("2017-04-14"));
  const absl::StatusOr<Events> forgotten = Run(
      &DecideForget, Forget(id), Beijing(2017, 4, 14, 0, 0), Role::kOrganiser);
  ASSERT_TRUE(forgotten.ok()) << forgotten.status();
  ASSERT_EQ(forgotten->size(), 1u);
  EXPECT_EQ(forgotten->front().person_forgotten().player_id(), id);
}

TEST_F(ForgetTest, TheConfigurationSetsTheRetentionPeriod) {
  v1::TournamentConfig config = state_.config();
  config.set_retention_days(30);
  v1::AmendTournamentRequest amend;
  amend.set_tournament_id(kTournament);
  amend.set_reason("retention agreed with the players");
  *amend.mutable_config() = config;
  ASSERT_TRUE(
      Run(&DecideAmend, amend, kBeforeDeadline(), Role::kOrganiser).ok());
  const int64_t id = EnterWithIdNumber();
  EXPECT_THAT(Run(&DecideForget, Forget(id), Beijing(2016, 11, 1, 12, 0),
                  Role::kOrganiser)
                  .status()
                  .message(),
              HasSubstr("2016-11-15"));
  EXPECT_TRUE(Run(&DecideForget, Forget(id), Beijing(2016, 11, 15, 12, 0),
                  Role::kOrganiser)
                  .ok());
  config.set_retention_days(-1);
  *amend.mutable_config() = config;
  const absl::Status negative =
      Run(&DecideAmend, amend, kBeforeDeadline(), Role::kOrganiser).status();
  EXPECT_EQ(negative.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(negative.message(), HasSubstr("retention_days"));
}

TEST_F(ForgetTest, AForgottenPlayerKeepsNameAndYearButNoPrivateField) {
  const int64_t id = EnterWithIdNumber();
  ASSERT_TRUE(Run(&DecideForget, Forget(id), Beijing(2017, 5, 1, 9, 0),
                  Role::kOrganiser)
                  .ok());
  const v1::PlayerView official = state_.GetPlayer(id, true)->player();
  EXPECT_EQ(official.id_number(), "");
  EXPECT_FALSE(official.has_birth_date());
  EXPECT_EQ(official.birth_year(), 1980);
  EXPECT_EQ(official.name(), "Li Lai");
  EXPECT_EQ(official.forgotten().reason(), "retention period over");
  EXPECT_TRUE(official.forgotten().has_time());

  const absl::StatusOr<Events> again = Run(
      &DecideForget, Forget(id), Beijing(2017, 5, 2, 9, 0), Role::kOrganiser);
  EXPECT_EQ(again.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(again.status().message(), HasSubstr("forgotten already"));
  EXPECT_EQ(Run(&DecideForget, Forget(99), Beijing(2017, 5, 2, 9, 0),
                Role::kOrganiser)
                .status()
                .code(),
            absl::StatusCode::kNotFound);
  v1::ForgetPersonRequest no_reason = Forget(id);
  no_reason.clear_reason();
  EXPECT_EQ(
      Run(&DecideForget, no_reason, Beijing(2017, 5, 2, 9, 0), Role::kOrganiser)
          .status()
          .code(),
      absl::StatusCode::kInvalidArgument);
}

// R3 / issue 18: the ledger folds opened events, so its state holds the
// person's station entry in clear too; forgetting clears it there (and in the
// qualification table) as well, and leaves the other persons as they were.
TEST_F(ForgetTest, ForgettingClearsTheSamePersonsStationEntries) {
  const v1::Person li =
      MakePerson("Li Lai", 1980, 3, 4, v1::GENDER_MALE, "510104198003040011");
  const v1::Person wang =
      MakePerson("Wang Bo", 1981, 5, 6, v1::GENDER_MALE, "510104198105060022");
  ASSERT_TRUE(RecordStation("station-two", v1::STATION_KIND_CITY, 2016, 5, 1,
                            {li, wang})
                  .ok());
  absl::StatusOr<int64_t> id = Register(Entry(li));
  ASSERT_TRUE(id.ok()) << id.status();
  ASSERT_TRUE(Run(&DecideForget, Forget(*id), Beijing(2017, 5, 1, 9, 0),
                  Role::kOrganiser)
                  .ok());

  int seen = 0;
  for (const v1::StationResultsRecorded& station : state_.stations()) {
    for (const v1::Person& person : station.ranking()) {
      ++seen;
      if (person.name() == "Li Lai") {
        EXPECT_EQ(person.id_number(), "");
        EXPECT_FALSE(person.has_birth_date());
        EXPECT_EQ(person.birth_year(), 1980);
      } else {
        EXPECT_EQ(person.id_number(), "510104198105060022");
        EXPECT_EQ(person.birth_date().day(), 6);
      }
    }
  }
  EXPECT_EQ(seen, 2);
  int li_places = 0;
  for (const StationPlace& place : state_.qualification().places()) {
    if (place.person.name() == "Li Lai") {
      ++li_places;
      EXPECT_EQ(place.person.id_number(), "");
    } else {
      EXPECT_EQ(place.person.id_number(), "510104198105060022");
    }
  }
  EXPECT_GE(li_places, 1);
}

// A fold without the master key sees sealed persons: the keyed hash of the
// ID number, or the keyed hash of name and birth date.
TEST(SamePersonTest, ComparesHashesWhereNumbersAndDatesAreSealed) {
  v1::Person a;
  a.set_name("Li Lai");
  a.set_identity_hash("h1");
  v1::Person b = a;
  EXPECT_TRUE(SamePerson(a, b));
  b.set_identity_hash("h2");
  EXPECT_FALSE(SamePerson(a, b));
  a.clear_identity_hash();
  a.set_name_birth_hash("n1");
  b.set_name_birth_hash("n1");
  EXPECT_TRUE(SamePerson(a, b));
  b.set_name_birth_hash("n2");
  EXPECT_FALSE(SamePerson(a, b));
  // Key ids name keys, not persons: the same key id alone matches nothing.
  b.clear_name_birth_hash();
  a.mutable_sealed()->set_key_id("k1");
  b.mutable_sealed()->set_key_id("k1");
  b.set_name("Li Laiming");
  EXPECT_FALSE(SamePerson(a, b));
}

}  // namespace
}  // namespace qiwang::rules::tournament
