// Issue 24: qiwangd restarted with the same --clock=manual:... value after
// the organiser moved the clock forward continues from its log: the clock it
// reports and the next event's time are not behind the log's last event.
#include <grpcpp/grpcpp.h>

#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "base/timestamp.h"
#include "gtest/gtest.h"
#include "qiwang/v1/admin_service.grpc.pb.h"
#include "qiwang/v1/tournament_service.grpc.pb.h"
#include "tests/faults/faults_fixture.h"

namespace qiwang::faults {
namespace {

class RestartClockTest : public FaultsTest {
 protected:
  void Register(int index) {
    v1::RegisterPlayerResponse response;
    const grpc::Status status =
        v1::TournamentService::NewStub(NewChannel())
            ->RegisterPlayer(Call(kRegistrarToken, absl::Seconds(30),
                                  /*wait_for_ready=*/true)
                                 .get(),
                             Registration(index, absl::StrCat("r", index)),
                             &response);
    ASSERT_TRUE(status.ok()) << status.error_message();
  }

  absl::Time LastEventTime() {
    const std::vector<v1::Event> log = ReadLog();
    EXPECT_FALSE(log.empty());
    return log.empty() ? absl::InfinitePast()
                       : base::FromTimestamp(log.back().server_time());
  }
};

TEST_F(RestartClockTest, ManualClockContinuesFromTheLog) {
  ASSERT_NO_FATAL_FAILURE(Start());
  ASSERT_NO_FATAL_FAILURE(CreateEvent(2));
  auto admin = v1::AdminService::NewStub(NewChannel());
  v1::SetClockRequest forward;
  *forward.mutable_time() = base::ToTimestamp(absl::FromCivil(
      absl::CivilMinute(2016, 9, 20, 9, 0), absl::FixedTimeZone(8 * 60 * 60)));
  v1::SetClockResponse moved;
  ASSERT_TRUE(
      admin->SetClock(Call(kOrganiserToken).get(), forward, &moved).ok());
  ASSERT_NO_FATAL_FAILURE(Register(0));
  const absl::Time last = LastEventTime();
  ASSERT_EQ(last, base::FromTimestamp(forward.time()));

  ASSERT_EQ(StopServer(), 0);
  ASSERT_NO_FATAL_FAILURE(Start(port_));  // the same --clock value

  v1::GetClockResponse clock;
  const grpc::Status read =
      v1::AdminService::NewStub(NewChannel())
          ->GetClock(
              Call(kOrganiserToken, absl::Seconds(30), /*wait_for_ready=*/true)
                  .get(),
              v1::GetClockRequest(), &clock);
  ASSERT_TRUE(read.ok()) << read.error_message();
  EXPECT_GE(base::FromTimestamp(clock.time()), last)
      << "the restarted clock runs behind the log";
  ASSERT_NO_FATAL_FAILURE(Register(1));
  EXPECT_GE(LastEventTime(), last) << "a new event is stamped before the last";
}

}  // namespace
}  // namespace qiwang::faults
