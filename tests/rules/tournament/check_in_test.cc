// Check-in, excused absences, the close of check-in and withdrawals (R4.2,
// R4.3, R4.4), and what public readers see of players.
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/rules/tournament/pre_event_fixture.h"

namespace qiwang::rules::tournament {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

constexpr v1::CheckInDocument kIdentity = v1::CHECK_IN_DOCUMENT_IDENTITY_COPY;
constexpr v1::CheckInDocument kInsurance = v1::CHECK_IN_DOCUMENT_INSURANCE;
constexpr v1::CheckInDocument kWork = v1::CHECK_IN_DOCUMENT_WORK_CERTIFICATE;
constexpr v1::CheckInDocument kCompanion = v1::CHECK_IN_DOCUMENT_COMPANION;

class CheckInTest : public PreEventTest {
 protected:
  // Registers `person` after making them a one-person station's qualifier.
  int64_t Enter(const v1::Person& person,
                v1::Residency residency = v1::RESIDENCY_NATIVE) {
    EXPECT_TRUE(RecordStation("station-" + person.name(), v1::STATION_KIND_CITY,
                              2016, 5, 1, {person})
                    .ok());
    v1::RegisterPlayerRequest entry = Entry(person);
    entry.set_residency(residency);
    absl::StatusOr<int64_t> id = Register(entry);
    EXPECT_TRUE(id.ok()) << id.status();
    return id.value_or(0);
  }
  int64_t EnterSomeone(const std::string& name) {
    return Enter(MakePerson(name, 1980, 1, 1, v1::GENDER_MALE));
  }
  v1::WithdrawPlayerRequest Withdrawal(int64_t player_id) const {
    v1::WithdrawPlayerRequest request;
    request.set_tournament_id(kTournament);
    request.set_player_id(player_id);
    request.set_reason("family emergency");
    return request;
  }
  v1::ExcuseAbsenceRequest Excuse(int64_t player_id) const {
    v1::ExcuseAbsenceRequest request;
    request.set_tournament_id(kTournament);
    request.set_player_id(player_id);
    request.set_note("phoned at 17:40: arrives at 08:00 tomorrow");
    return request;
  }
};

// R4.2: the window is [14:00, 18:00] on 2016-10-13, both ends included.
TEST_F(CheckInTest, WindowIncludesBothEnds) {
  const int64_t a = EnterSomeone("A");
  const int64_t b = EnterSomeone("B");
  const absl::StatusOr<Events> early =
      CheckIn(a, {kIdentity, kInsurance}, Beijing(2016, 10, 13, 13, 59, 59));
  EXPECT_EQ(early.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(early.status().message(),
              HasSubstr("R4.2: check-in is open 2016-10-13 14:00 "
                        "Asia/Shanghai .. 2016-10-13 18:00 Asia/Shanghai"));
  EXPECT_TRUE(
      CheckIn(a, {kIdentity, kInsurance}, Beijing(2016, 10, 13, 14, 0)).ok());
  EXPECT_THAT(
      CheckIn(b, {kIdentity, kInsurance}, Beijing(2016, 10, 13, 18, 0, 1))
          .status()
          .message(),
      HasSubstr("R4.2: check-in is open"));
  EXPECT_TRUE(
      CheckIn(b, {kIdentity, kInsurance}, Beijing(2016, 10, 13, 18, 0)).ok());
  EXPECT_THAT(CheckInWithUsualDocuments(b).status().message(),
              HasSubstr("has already checked in"));
}

// R4.2, R2.5: a worker from elsewhere brings a work certificate.
TEST_F(CheckInTest, WorkerNeedsWorkCertificate) {
  const int64_t worker = Enter(MakePerson("Gong", 1980, 1, 1, v1::GENDER_MALE),
                               v1::RESIDENCY_WORKER);
  const absl::StatusOr<Events> refused = CheckInWithUsualDocuments(worker);
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_EQ(refused.status().message(),
            "R4.2: player 1 (Gong) lacks: work certificate (R2.5)");
  EXPECT_TRUE(CheckIn(worker, {kIdentity, kWork, kInsurance}).ok());
}

// R4.2, R2.5: 70 or older on the first round's day (2016-10-14) needs a
// companion; one day younger does not. Every entrant shows identity and
// insurance.
TEST_F(CheckInTest, CompanionFromSeventyOnRoundOneDay) {
  const int64_t seventy =
      Enter(MakePerson("Qi", 1946, 10, 14, v1::GENDER_MALE));
  const int64_t sixty_nine =
      Enter(MakePerson("Jiu", 1946, 10, 15, v1::GENDER_MALE));
  EXPECT_EQ(CheckIn(seventy, {kInsurance}).status().message(),
            "R4.2: player 1 (Qi) lacks: identity document copy, family "
            "companion (R2.5)");
  EXPECT_TRUE(CheckIn(seventy, {kIdentity, kInsurance, kCompanion}).ok());
  EXPECT_TRUE(CheckInWithUsualDocuments(sixty_nine).ok());
}

// R4.2: malformed check-ins are INVALID_ARGUMENT or NOT_FOUND.
TEST_F(CheckInTest, MalformedCheckIns) {
  const int64_t a = EnterSomeone("A");
  EXPECT_EQ(CheckIn(a, {kIdentity, v1::CHECK_IN_DOCUMENT_UNSPECIFIED})
                .status()
                .message(),
            "documents[1]: unspecified");
  const absl::StatusOr<Events> unknown = CheckIn(7, {kIdentity});
  EXPECT_EQ(unknown.status().code(), absl::StatusCode::kNotFound);
  EXPECT_EQ(unknown.status().message(),
            "player_id: no player 7 in tournament 'sichuan-2016'");
}

// R4.3: only the chief arbiter closes check-in, only once the window has
// ended, and only once; an excused player is not withdrawn and a late
// check-in is refused.
TEST_F(CheckInTest, CloseCheckIn) {
  const int64_t present = EnterSomeone("Present");
  const int64_t excused = EnterSomeone("Excused");
  const int64_t absent = EnterSomeone("Absent");
  ASSERT_TRUE(CheckInWithUsualDocuments(present).ok());
  v1::ExcuseAbsenceRequest no_note = Excuse(excused);
  no_note.clear_note();
  EXPECT_EQ(Run(&DecideExcuse, no_note, kDuringCheckIn()).status().message(),
            "note: required");
  ASSERT_TRUE(Run(&DecideExcuse, Excuse(excused), kDuringCheckIn()).ok());

  const absl::StatusOr<Events> by_arbiter =
      CloseCheckIn(kAfterCheckIn(), Role::kArbiter);
  EXPECT_EQ(by_arbiter.status().code(), absl::StatusCode::kPermissionDenied);
  EXPECT_THAT(by_arbiter.status().message(), HasSubstr("R4.3"));
  EXPECT_EQ(CloseCheckIn(Beijing(2016, 10, 13, 17, 59, 59)).status().message(),
            "R4.3: check-in cannot close before its window ends at "
            "2016-10-13 18:00 Asia/Shanghai");

  const absl::StatusOr<Events> closed =
      CloseCheckIn(Beijing(2016, 10, 13, 18, 0));
  ASSERT_TRUE(closed.ok()) << closed.status();
  ASSERT_EQ(closed->size(), 2u);
  EXPECT_EQ((*closed)[1].player_withdrawn().player_id(), absent);
  EXPECT_EQ((*closed)[1].player_withdrawn().responsible_station_id(),
            "station-Absent");
  EXPECT_THAT((*closed)[1].reason(),
              HasSubstr("R4.3: neither checked in by 2016-10-13 18:00"));
  EXPECT_EQ(state_.FindPlayer(excused)->status, v1::PLAYER_STATUS_EXCUSED);

  EXPECT_EQ(CloseCheckIn().status().message(),
            "R4.3: check-in is already closed");
  EXPECT_THAT(CheckInWithUsualDocuments(excused).status().message(),
              HasSubstr("R4.3: check-in is closed"));
  const v1::GetCheckInStatusResponse status = state_.CheckInStatus(true);
  EXPECT_TRUE(status.closed());
  EXPECT_EQ(status.registered(), 3);
  EXPECT_EQ(status.checked_in(), 1);
  EXPECT_EQ(status.excused(), 1);
  EXPECT_EQ(status.withdrawn(), 1);
}

// R4.4: a withdrawal by request, with a reason, from the next unpaired round.
TEST_F(CheckInTest, WithdrawalByRequest) {
  const int64_t player = EnterSomeone("Leaving");
  v1::WithdrawPlayerRequest no_reason = Withdrawal(player);
  no_reason.clear_reason();
  EXPECT_EQ(Run(&DecideWithdraw, no_reason, kDuringCheckIn()).status().code(),
            absl::StatusCode::kInvalidArgument);
  const absl::StatusOr<Events> withdrawn =
      Run(&DecideWithdraw, Withdrawal(player), kDuringCheckIn());
  ASSERT_TRUE(withdrawn.ok()) << withdrawn.status();
  EXPECT_EQ(withdrawn->front().player_withdrawn().kind(),
            v1::WITHDRAWAL_KIND_REQUEST);
  EXPECT_EQ(withdrawn->front().player_withdrawn().from_round(), 1);
  EXPECT_EQ(withdrawn->front().reason(), "family emergency");
  EXPECT_EQ(state_.FindPlayer(player)->status, v1::PLAYER_STATUS_WITHDRAWN);
  EXPECT_EQ(Run(&DecideWithdraw, Withdrawal(player), kDuringCheckIn())
                .status()
                .message(),
            "R4.4: player 1 (Leaving) is already withdrawn from round 1");
  EXPECT_THAT(CheckInWithUsualDocuments(player).status().message(),
              HasSubstr("R4.4: player 1 (Leaving) is withdrawn"));
}

// Public readers see neither id numbers nor full birth dates; officials do,
// and see what a pending player must bring (R4.2).
TEST_F(CheckInTest, PublicReadsHidePrivateFields) {
  Enter(MakePerson("Li", 1946, 3, 4, v1::GENDER_MALE, "510101194603040011"),
        v1::RESIDENCY_WORKER);
  const v1::PlayerView shown = state_.GetPlayer(1, false)->player();
  EXPECT_EQ(shown.name(), "Li");
  EXPECT_EQ(shown.birth_year(), 1946);
  EXPECT_EQ(shown.id_number(), "");
  EXPECT_FALSE(shown.has_birth_date());
  EXPECT_EQ(shown.residency(), v1::RESIDENCY_UNSPECIFIED);
  const v1::PlayerView official =
      state_.ListPlayers("senior-men", true).players(0);
  EXPECT_EQ(official.id_number(), "510101194603040011");
  EXPECT_EQ(official.birth_date().day(), 4);
  EXPECT_THAT(state_.CheckInStatus(true).pending(0).documents(),
              ElementsAre(kIdentity, kWork, kInsurance, kCompanion));
  EXPECT_TRUE(state_.CheckInStatus(false).pending(0).documents().empty());
  EXPECT_EQ(state_.ListPlayers("open-men", false).players_size(), 0);
  EXPECT_EQ(state_.GetPlayer(2, false).status().code(),
            absl::StatusCode::kNotFound);
}

}  // namespace
}  // namespace qiwang::rules::tournament
