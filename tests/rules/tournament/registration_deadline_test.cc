// The registration deadline and late admission (R4.1).
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/rules/tournament/pre_event_fixture.h"

namespace qiwang::rules::tournament {
namespace {

using ::testing::HasSubstr;

class DeadlineTest : public PreEventTest {
 protected:
  void SetUp() override {
    PreEventTest::SetUp();
    ASSERT_TRUE(RecordStation("chengdu", v1::STATION_KIND_CITY, 2016, 5, 14,
                              Ranking("C", 12))
                    .ok());
  }
  v1::RegisterPlayerRequest Late(int rank) const {
    v1::RegisterPlayerRequest entry = Entry(Ranking("C", 12)[rank - 1]);
    entry.set_late_admission(true);
    entry.set_reason("train delayed by the flood");
    return entry;
  }
};

// R4.1: open until 16:59:59, closed from 17:00:00 in Asia/Shanghai.
TEST_F(DeadlineTest, ClosesToTheSecond) {
  EXPECT_TRUE(
      Register(Entry(Ranking("C", 1)[0]), Beijing(2016, 9, 28, 16, 59, 59))
          .ok());
  const absl::StatusOr<int64_t> refused =
      Register(Entry(Ranking("C", 2)[1]), Beijing(2016, 9, 28, 17, 0, 0));
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(refused.status().message(),
              HasSubstr("R4.1: registration closed at 2016-09-28 17:00 "
                        "Asia/Shanghai"));
  EXPECT_EQ(state_.players().size(), 1u);
}

// R4.1: the chief arbiter admits a late entry with a reason, which the event
// keeps.
TEST_F(DeadlineTest, ChiefArbiterAdmitsLateEntry) {
  const absl::StatusOr<Events> events =
      Run(&DecideRegister, Late(3), Beijing(2016, 9, 29, 9, 0),
          Role::kChiefArbiter);
  ASSERT_TRUE(events.ok()) << events.status();
  EXPECT_TRUE(events->front().player_registered().late_admission());
  EXPECT_EQ(events->front().reason(), "train delayed by the flood");
  EXPECT_EQ(events->front().player_registered().player_id(), 1);
}

// R4.1: a registrar may not admit a late entry.
TEST_F(DeadlineTest, RegistrarMayNotAdmitLateEntry) {
  const absl::StatusOr<int64_t> refused =
      Register(Late(3), Beijing(2016, 9, 29, 9, 0), Role::kRegistrar);
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kPermissionDenied);
  EXPECT_THAT(refused.status().message(),
              HasSubstr("R4.1: registration closed at 2016-09-28 17:00 "
                        "Asia/Shanghai; a late admission is the chief "
                        "arbiter's, not the registrar's"));
}

// R4.1, R9.1: a late admission needs its reason; before the deadline there
// is nothing to admit late.
TEST_F(DeadlineTest, LateAdmissionNeedsReasonAndLateness) {
  v1::RegisterPlayerRequest no_reason = Late(3);
  no_reason.clear_reason();
  const absl::StatusOr<int64_t> refused =
      Register(no_reason, Beijing(2016, 9, 29, 9, 0), Role::kChiefArbiter);
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(refused.status().message(), "reason: required");
  EXPECT_THAT(
      Register(Late(3), Beijing(2016, 9, 28, 16, 0), Role::kChiefArbiter)
          .status()
          .message(),
      HasSubstr("R4.1: registration is open until 2016-09-28 17:00 "
                "Asia/Shanghai"));
}

// R4.1: player ids are dense from 1 in the order of registration.
TEST_F(DeadlineTest, PlayerIdsAreDense) {
  for (int rank = 1; rank <= 4; ++rank) {
    const absl::StatusOr<int64_t> id =
        Register(Entry(Ranking("C", 4)[rank - 1]));
    ASSERT_TRUE(id.ok()) << id.status();
    EXPECT_EQ(*id, rank);
  }
}

}  // namespace
}  // namespace qiwang::rules::tournament
