// Station qualifiers and substitutes (R3.1, R3.2, R3.3).
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/rules/tournament/pre_event_fixture.h"

namespace qiwang::rules::tournament {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

// "name@station" for each counting qualifier, "name@station<-earlier" for a
// place skipped by R3.2, "name@station*" for a substitute.
std::vector<std::string> Describe(const v1::ListQualifiersResponse& list) {
  std::vector<std::string> out;
  for (const v1::Qualifier& q : list.qualifiers()) {
    std::string text = q.name() + "@" + q.station_id();
    if (!q.qualified_at_station_id().empty()) {
      text += "<-" + q.qualified_at_station_id();
    }
    if (q.substitute()) text += "*";
    out.push_back(text);
  }
  return out;
}

using QualificationTest = PreEventTest;

// R3.1: a city station qualifies its top 12, an enterprise station its top 8.
TEST_F(QualificationTest, QuotaByStationKind) {
  ASSERT_TRUE(RecordStation("chengdu", v1::STATION_KIND_CITY, 2016, 5, 14,
                            Ranking("C", 13))
                  .ok());
  ASSERT_TRUE(RecordStation("enterprise", v1::STATION_KIND_ENTERPRISE, 2016, 8,
                            6, Ranking("E", 9))
                  .ok());
  EXPECT_EQ(state_.ListQualifiers("chengdu").qualifiers_size(), 12);
  EXPECT_EQ(state_.ListQualifiers("enterprise").qualifiers_size(), 8);
  EXPECT_TRUE(Register(Entry(Ranking("C", 12)[11])).ok());
  EXPECT_TRUE(Register(Entry(Ranking("E", 8)[7])).ok());

  const absl::StatusOr<int64_t> thirteenth =
      Register(Entry(Ranking("C", 13)[12]));
  EXPECT_EQ(thirteenth.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(thirteenth.status().message(),
            "R3.1: section open-men needs a station qualification; C 13 "
            "(1980-01-13) is neither a qualifier nor an invited substitute "
            "(ranked 13 at chengdu)");
  EXPECT_THAT(Register(Entry(MakePerson("Nobody", 1980, 1, 1, v1::GENDER_MALE)))
                  .status()
                  .message(),
              HasSubstr("(played no recorded station)"));
}

// R3.2: a player qualified at two stations qualifies by the first played;
// the later station's quota moves down its ranking. The order of recording
// does not matter, only the station dates.
TEST_F(QualificationTest, LaterStationQuotaMovesDown) {
  std::vector<v1::Person> chengdu = Ranking("C", 12);
  std::vector<v1::Person> mianyang = Ranking("M", 13);
  const v1::Person both = mianyang[0];
  chengdu[1] = both;
  ASSERT_TRUE(
      RecordStation("mianyang", v1::STATION_KIND_CITY, 2016, 6, 12, mianyang)
          .ok());
  EXPECT_EQ(state_.ListQualifiers("mianyang").qualifiers_size(), 12);
  ASSERT_TRUE(
      RecordStation("chengdu", v1::STATION_KIND_CITY, 2016, 5, 14, chengdu)
          .ok());

  const v1::ListQualifiersResponse later = state_.ListQualifiers("mianyang");
  ASSERT_EQ(later.qualifiers_size(), 13);
  EXPECT_EQ(Describe(later)[0], "M 1@mianyang<-chengdu");
  EXPECT_EQ(Describe(later)[12], "M 13@mianyang");
  EXPECT_EQ(Describe(state_.ListQualifiers("chengdu"))[1], "M 1@chengdu");

  const absl::StatusOr<int64_t> player = Register(Entry(both));
  ASSERT_TRUE(player.ok()) << player.status();
  EXPECT_EQ(state_.FindPlayer(*player)->registration.qualifying_station_id(),
            "chengdu");
  EXPECT_TRUE(Register(Entry(mianyang[12])).ok());
}

// R3.2: identity across stations is the id number; without one, the name
// and birth date.
TEST_F(QualificationTest, IdentityByIdNumberElseNameAndBirthDate) {
  std::vector<v1::Person> chengdu = Ranking("C", 12);
  std::vector<v1::Person> mianyang = Ranking("M", 14);
  chengdu[0].set_id_number("510101198001010011");
  mianyang[0] = chengdu[0];
  mianyang[0].set_name("Other spelling");
  mianyang[1] = chengdu[1];
  mianyang[1].set_id_number("510101198001020022");
  ASSERT_TRUE(
      RecordStation("chengdu", v1::STATION_KIND_CITY, 2016, 5, 14, chengdu)
          .ok());
  ASSERT_TRUE(
      RecordStation("mianyang", v1::STATION_KIND_CITY, 2016, 6, 12, mianyang)
          .ok());
  const std::vector<std::string> later =
      Describe(state_.ListQualifiers("mianyang"));
  EXPECT_EQ(later[0], "Other spelling@mianyang<-chengdu");
  EXPECT_EQ(later[1], "C 2@mianyang<-chengdu");
  EXPECT_EQ(later.back(), "M 14@mianyang");
}

class SubstituteTest : public PreEventTest {
 protected:
  // chengdu (May) ranks C 1..16; mianyang (June) ranks C 13 first, so C 13
  // qualifies there. Players 1 and 2 are C 1 and C 2.
  void SetUp() override {
    PreEventTest::SetUp();
    chengdu_ = Ranking("C", 16);
    std::vector<v1::Person> mianyang = Ranking("M", 12);
    mianyang[0] = chengdu_[12];
    ASSERT_TRUE(
        RecordStation("chengdu", v1::STATION_KIND_CITY, 2016, 5, 14, chengdu_)
            .ok());
    ASSERT_TRUE(
        RecordStation("mianyang", v1::STATION_KIND_CITY, 2016, 6, 12, mianyang)
            .ok());
    ASSERT_TRUE(Register(Entry(chengdu_[0])).ok());
    ASSERT_TRUE(Register(Entry(chengdu_[1])).ok());
    ASSERT_TRUE(Register(Entry(chengdu_[2])).ok());
    ASSERT_TRUE(CheckInWithUsualDocuments(3).ok());
  }

  std::vector<v1::Person> chengdu_;
};

// R4.3, R3.3: no-shows are withdrawn naming their station, and each place
// goes down the station's ranking past those qualified elsewhere (C 13, at
// mianyang) and those already invited (C 14, for the first place).
TEST_F(SubstituteTest, NoShowsWithdrawnAndSubstitutesInCascade) {
  const absl::StatusOr<Events> closed = CloseCheckIn();
  ASSERT_TRUE(closed.ok()) << closed.status();
  ASSERT_EQ(closed->size(), 5u);
  EXPECT_TRUE((*closed)[0].has_check_in_closed());
  for (int i : {1, 2}) {
    const v1::PlayerWithdrawn& withdrawn = (*closed)[i].player_withdrawn();
    EXPECT_EQ(withdrawn.player_id(), i);
    EXPECT_EQ(withdrawn.kind(), v1::WITHDRAWAL_KIND_NO_SHOW);
    EXPECT_EQ(withdrawn.from_round(), 1);
    EXPECT_EQ(withdrawn.responsible_station_id(), "chengdu");
  }
  EXPECT_EQ((*closed)[3].substitute_invited().person().name(), "C 14");
  EXPECT_EQ((*closed)[3].substitute_invited().station_rank(), 14);
  EXPECT_EQ((*closed)[3].substitute_invited().replaces_player_id(), 1);
  EXPECT_EQ((*closed)[4].substitute_invited().person().name(), "C 15");
  EXPECT_EQ((*closed)[4].substitute_invited().replaces_player_id(), 2);

  EXPECT_THAT(Describe(state_.ListQualifiers("chengdu")),
              ::testing::Contains("C 15@chengdu*"));
  EXPECT_EQ(state_.FindPlayer(3)->status, v1::PLAYER_STATUS_CHECKED_IN);
}

// R3.3: an invited substitute enters (after the deadline, admitted by the
// chief arbiter, R4.1) in place of the no-show; nobody else below the quota
// may; and the substitute checks in at the desk after the window.
TEST_F(SubstituteTest, InvitedSubstituteRegistersInPlace) {
  ASSERT_TRUE(CloseCheckIn().ok());
  v1::RegisterPlayerRequest entry = Entry(chengdu_[13]);
  entry.set_late_admission(true);
  entry.set_reason("R3.3 substitute for player 1");
  const absl::Time late = Beijing(2016, 10, 13, 19, 0);
  const absl::StatusOr<int64_t> substitute =
      Register(entry, late, Role::kChiefArbiter);
  ASSERT_TRUE(substitute.ok()) << substitute.status();
  const v1::PlayerRegistered& registered =
      state_.FindPlayer(*substitute)->registration;
  EXPECT_EQ(registered.qualifying_station_id(), "chengdu");
  EXPECT_EQ(registered.substitute_for_player_id(), 1);

  v1::RegisterPlayerRequest uninvited = Entry(chengdu_[15]);
  uninvited.set_late_admission(true);
  uninvited.set_reason("wants to play");
  EXPECT_THAT(
      Register(uninvited, late, Role::kChiefArbiter).status().message(),
      HasSubstr("R3.1: section open-men needs a station qualification"));

  EXPECT_TRUE(CheckIn(*substitute,
                      {v1::CHECK_IN_DOCUMENT_IDENTITY_COPY,
                       v1::CHECK_IN_DOCUMENT_INSURANCE},
                      Beijing(2016, 10, 13, 19, 5))
                  .ok());
}

}  // namespace
}  // namespace qiwang::rules::tournament
