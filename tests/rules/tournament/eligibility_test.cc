// Who may enter which section (R2.1, R2.2, R2.5) and malformed entries.
#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/rules/tournament/pre_event_fixture.h"

namespace qiwang::rules::tournament {
namespace {

using ::testing::HasSubstr;

class EligibilityTest : public PreEventTest {
 protected:
  // Records a one-person city station for `person` so that R3.1 holds, then
  // registers them.
  absl::StatusOr<int64_t> QualifyAndRegister(
      const v1::Person& person, const std::string& section_id = "") {
    EXPECT_TRUE(RecordStation(absl::StrCat("station-", ++stations_),
                              v1::STATION_KIND_CITY, 2016, 5, 1, {person})
                    .ok());
    return Register(Entry(person, section_id));
  }

  std::string SectionOf(int64_t player_id) const {
    return state_.FindPlayer(player_id)->registration.section_id();
  }

  int stations_ = 0;
};

// A section's max_players: the entry past it is refused naming the section
// and the setting, and appends nothing; another section still takes entries.
TEST_F(EligibilityTest, FullSectionRefusesTheNextEntry) {
  v1::AmendTournamentRequest amend;
  amend.set_tournament_id(kTournament);
  amend.set_reason("two tables for the open men");
  *amend.mutable_config() = state_.config();
  for (v1::Section& section : *amend.mutable_config()->mutable_sections()) {
    if (section.id() == "open-men") section.set_max_players(2);
  }
  ASSERT_TRUE(
      Run(&DecideAmend, amend, kBeforeDeadline(), Role::kOrganiser).ok());
  for (int i = 0; i < 2; ++i) {
    const v1::Person man =
        MakePerson(absl::StrCat("Man ", i), 1980, 1, 1 + i, v1::GENDER_MALE);
    ASSERT_TRUE(QualifyAndRegister(man, "open-men").ok());
  }
  const v1::Person third = MakePerson("Man 3", 1980, 1, 9, v1::GENDER_MALE);
  const absl::StatusOr<int64_t> refused = QualifyAndRegister(third, "open-men");
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(refused.status().message(),
            "section open-men is full: 2 players entered, the most it takes "
            "(its max_players)");
  EXPECT_EQ(state_.players().size(), 2u);
  const v1::Person woman = MakePerson("Woman", 1980, 1, 1, v1::GENDER_FEMALE);
  EXPECT_TRUE(QualifyAndRegister(woman, "open-women").ok());
}

// R2.2: the senior/open edge, 1955-12-31 / 1956-01-01.
TEST_F(EligibilityTest, SeniorOpenEdge) {
  const v1::Person senior = MakePerson("Lao", 1955, 12, 31, v1::GENDER_MALE);
  const absl::StatusOr<int64_t> refused =
      QualifyAndRegister(senior, "open-men");
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(refused.status().message(),
            "R2.2: born 1955-12-31, section open-men admits births "
            "1956-01-01..1999-12-31 (senior-men fits)");
  const absl::StatusOr<int64_t> derived = Register(Entry(senior));
  ASSERT_TRUE(derived.ok()) << derived.status();
  EXPECT_EQ(SectionOf(*derived), "senior-men");

  const absl::StatusOr<int64_t> open =
      QualifyAndRegister(MakePerson("Zhong", 1956, 1, 1, v1::GENDER_MALE));
  ASSERT_TRUE(open.ok()) << open.status();
  EXPECT_EQ(SectionOf(*open), "open-men");
}

// R2.2: the open/junior edge, 1999-12-31 / 2000-01-01.
TEST_F(EligibilityTest, OpenJuniorEdge) {
  const absl::StatusOr<int64_t> open =
      QualifyAndRegister(MakePerson("Qing", 1999, 12, 31, v1::GENDER_FEMALE));
  ASSERT_TRUE(open.ok()) << open.status();
  EXPECT_EQ(SectionOf(*open), "open-women");
  const v1::Person junior = MakePerson("Shao", 2000, 1, 1, v1::GENDER_FEMALE);
  EXPECT_THAT(QualifyAndRegister(junior, "open-women").status().message(),
              HasSubstr("R2.2: born 2000-01-01, section open-women admits "
                        "births 1956-01-01..1999-12-31 (junior-women fits)"));
  const absl::StatusOr<int64_t> derived = Register(Entry(junior));
  ASSERT_TRUE(derived.ok()) << derived.status();
  EXPECT_EQ(SectionOf(*derived), "junior-women");
}

// R2.2: the junior/children edge, 2004-12-31 / 2005-01-01.
TEST_F(EligibilityTest, JuniorChildrenEdge) {
  const absl::StatusOr<int64_t> junior =
      QualifyAndRegister(MakePerson("Da", 2004, 12, 31, v1::GENDER_MALE));
  ASSERT_TRUE(junior.ok()) << junior.status();
  EXPECT_EQ(SectionOf(*junior), "junior-men");
  const v1::Person child = MakePerson("Xiao", 2005, 1, 1, v1::GENDER_MALE);
  EXPECT_THAT(QualifyAndRegister(child, "junior-men").status().message(),
              HasSubstr("admits births 2000-01-01..2004-12-31 (children-men "
                        "fits)"));
  const absl::StatusOr<int64_t> derived = Register(Entry(child));
  ASSERT_TRUE(derived.ok()) << derived.status();
  EXPECT_EQ(SectionOf(*derived), "children-men");
}

// R2.2: a national master may not enter an amateur section; a provincial-team
// master may.
TEST_F(EligibilityTest, NationalMasterRefusedInAmateurSection) {
  const v1::Person master = MakePerson("Dashi", 1980, 3, 3, v1::GENDER_MALE);
  ASSERT_TRUE(
      RecordStation("chengdu", v1::STATION_KIND_CITY, 2016, 5, 14, {master})
          .ok());
  v1::RegisterPlayerRequest entry = Entry(master, "open-men");
  entry.set_title(v1::TITLE_NATIONAL_MASTER);
  const absl::StatusOr<int64_t> refused = Register(entry);
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(refused.status().message(),
            "R2.2: section open-men admits only titles below "
            "TITLE_NATIONAL_MASTER; the entrant holds TITLE_NATIONAL_MASTER");
  entry.set_title(v1::TITLE_PROVINCIAL_TEAM_MASTER);
  EXPECT_TRUE(Register(entry).ok());
}

// R2.3: each amateur age group is ranked apart for men and women, so a
// section of one gender refuses the other under R2.3, not the professional
// section's R2.1.
TEST_F(EligibilityTest, R2_3_AnAmateurSectionOfOneGenderRefusesTheOther) {
  const absl::StatusOr<int64_t> refused = Register(
      Entry(MakePerson("Lan", 1980, 5, 1, v1::GENDER_FEMALE), "open-men"));
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(refused.status().message(),
            "R2.3: section open-men admits men only");
}

// R2.1: the professional section is for men holding the provincial-team
// master title or above, with no qualification needed.
TEST_F(EligibilityTest, ProfessionalSectionMenWithTitleOnly) {
  v1::RegisterPlayerRequest woman =
      Entry(MakePerson("Nv", 1985, 6, 6, v1::GENDER_FEMALE), "professional");
  woman.set_title(v1::TITLE_GRANDMASTER);
  const absl::StatusOr<int64_t> refused = Register(woman);
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(refused.status().message(),
            "R2.1: section professional admits men only");

  v1::RegisterPlayerRequest untitled =
      Entry(MakePerson("Nan", 1985, 6, 6, v1::GENDER_MALE), "professional");
  EXPECT_THAT(Register(untitled).status().message(),
              HasSubstr("R2.1: section professional needs the title "
                        "TITLE_PROVINCIAL_TEAM_MASTER or above"));
  untitled.set_title(v1::TITLE_PROVINCIAL_TEAM_MASTER);
  const absl::StatusOr<int64_t> admitted = Register(untitled);
  ASSERT_TRUE(admitted.ok()) << admitted.status();
  EXPECT_EQ(state_.FindPlayer(*admitted)->registration.qualifying_station_id(),
            "");
}

// R2.5: natives or workers of the region, with insurance confirmed.
TEST_F(EligibilityTest, ResidencyAndInsurance) {
  const v1::Person outsider = MakePerson("Wai", 1980, 1, 1, v1::GENDER_MALE);
  ASSERT_TRUE(
      RecordStation("chengdu", v1::STATION_KIND_CITY, 2016, 5, 14, {outsider})
          .ok());
  v1::RegisterPlayerRequest entry = Entry(outsider);
  entry.set_residency(v1::RESIDENCY_NONE);
  EXPECT_EQ(Register(entry).status().message(),
            "R2.5: section open-men admits only natives of or workers in "
            "Sichuan");
  entry.set_residency(v1::RESIDENCY_WORKER);
  entry.set_insurance_confirmed(false);
  EXPECT_EQ(Register(entry).status().message(),
            "R2.5: personal accident insurance not confirmed");
  entry.set_insurance_confirmed(true);
  EXPECT_TRUE(Register(entry).ok());
}

// R3.2: the same person is not admitted twice, matched by id number.
TEST_F(EligibilityTest, NoDoubleRegistration) {
  const v1::Person first = MakePerson("Zhang San", 1980, 1, 1, v1::GENDER_MALE,
                                      "510101198001010011");
  ASSERT_TRUE(QualifyAndRegister(first).ok());
  v1::Person respelled = first;
  respelled.set_name("ZHANG San");
  const absl::StatusOr<int64_t> again = Register(Entry(respelled));
  EXPECT_EQ(again.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(again.status().message(),
              HasSubstr("R3.2: no double admission: ZHANG San (1980-01-01) "
                        "is already registered as player 1 in open-men"));
}

// R2, R4.1: malformed entries are INVALID_ARGUMENT naming the field and
// register nobody.
TEST_F(EligibilityTest, MalformedEntriesNameTheField) {
  const v1::Person person = MakePerson("Ok", 1980, 1, 1, v1::GENDER_MALE);
  struct Case {
    std::string message;
    std::function<void(v1::RegisterPlayerRequest&)> spoil;
  };
  const std::vector<Case> cases = {
      {"section_id: no section 'open'",
       [](auto& r) { r.set_section_id("open"); }},
      {"person.birth_date: 1980-02-30 is not a calendar date",
       [](auto& r) {
         r.mutable_person()->mutable_birth_date()->set_month(2);
         r.mutable_person()->mutable_birth_date()->set_day(30);
       }},
      {"person.name: required",
       [](auto& r) { r.mutable_person()->clear_name(); }},
      {"person.name: 201 bytes, at most 200",
       [](auto& r) { r.mutable_person()->set_name(std::string(201, 'n')); }},
      {"person.id_number: 201 bytes",
       [](auto& r) {
         r.mutable_person()->set_id_number(std::string(201, '1'));
       }},
      {"person.gender: required",
       [](auto& r) { r.mutable_person()->clear_gender(); }},
      {"title: required", [](auto& r) { r.clear_title(); }},
      {"residency: required", [](auto& r) { r.clear_residency(); }},
      {"tournament_id: 'other' is not this tournament",
       [](auto& r) { r.set_tournament_id("other"); }},
      {"tournament_id: required", [](auto& r) { r.clear_tournament_id(); }},
      {"reason: 2001 bytes, at most 2000",
       [](auto& r) { r.set_reason(std::string(2001, 'r')); }},
  };
  for (const Case& test_case : cases) {
    v1::RegisterPlayerRequest entry = Entry(person);
    test_case.spoil(entry);
    const absl::StatusOr<int64_t> refused = Register(entry);
    EXPECT_EQ(refused.status().code(), absl::StatusCode::kInvalidArgument)
        << test_case.message;
    EXPECT_THAT(refused.status().message(), HasSubstr(test_case.message));
  }
  EXPECT_TRUE(state_.players().empty());
}

// The Latin name (for TRF exports) is kept as given and shown with the name;
// one that a fixed-column file cannot hold is refused naming the field.
TEST_F(EligibilityTest, LatinNameIsKeptAndMustFitTheTrfNameField) {
  v1::Person person = MakePerson("王天一", 1988, 6, 1, v1::GENDER_MALE);
  person.set_latin_name("Wang Tianyi");
  const absl::StatusOr<int64_t> id = QualifyAndRegister(person, "open-men");
  ASSERT_TRUE(id.ok()) << id.status();
  const absl::StatusOr<v1::GetPlayerResponse> read =
      state_.GetPlayer(*id, /*official=*/false);
  ASSERT_TRUE(read.ok()) << read.status();
  EXPECT_EQ(read->player().name(), "王天一");
  EXPECT_EQ(read->player().latin_name(), "Wang Tianyi");

  v1::Person chinese = MakePerson("许银川", 1975, 8, 13, v1::GENDER_MALE);
  chinese.set_latin_name("许银川");
  v1::RegisterPlayerRequest entry = Entry(chinese, "open-men");
  absl::StatusOr<int64_t> refused = Register(entry);
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(refused.status().message(),
              HasSubstr("person.latin_name: printable Latin letters only"));
  entry.mutable_person()->set_latin_name(std::string(34, 'x'));
  refused = Register(entry);
  EXPECT_THAT(refused.status().message(),
              HasSubstr("person.latin_name: at most 33 characters (got 34)"));
  EXPECT_EQ(state_.players().size(), 1u);
}

}  // namespace
}  // namespace qiwang::rules::tournament
