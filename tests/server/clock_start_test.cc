// Issue 24: a restarted server's clock never reads behind the last event of
// its log, so no new event is stamped before the ones already written. The
// log here was written while the clock said 2100; the server restarted on
// the machine's clock (behind it) holds at the log's time.
#include <memory>
#include <string>

#include "absl/time/time.h"
#include "base/timestamp.h"
#include "gtest/gtest.h"
#include "qiwang/v1/admin_service.grpc.pb.h"
#include "services/ledger/clock.h"
#include "tests/server/in_process_server.h"
#include "tests/server/server_fixture.h"

namespace qiwang::server {
namespace {

const absl::Time kFuture = absl::FromCivil(
    absl::CivilSecond(2100, 1, 1, 9, 0, 0), absl::UTCTimeZone());

class ClockStartTest : public ServerTest {
 protected:
  ServerOptions Options() const override {
    ServerOptions options = ServerTest::Options();
    options.clock = std::make_shared<ledger::ManualClock>(kFuture);
    return options;
  }

  // The last event's server time, written by the first server; then that
  // server stops and a second starts over a copy of its log with `options`.
  absl::Time RestartWith(ServerOptions options) {
    MustAppend(NotesRequest("notes/hall", NoStream(), {"the clock said 2100"}));
    const absl::Time last = base::FromTimestamp(ReadAll().back().server_time());
    server_->Shutdown(absl::Seconds(5));
    absl::StatusOr<std::unique_ptr<InProcessServer>> restarted =
        InProcessServer::Start(std::move(options), temp_dir_ + "/log");
    EXPECT_TRUE(restarted.ok()) << restarted.status();
    if (restarted.ok()) restarted_ = *std::move(restarted);
    return last;
  }

  v1::GetClockResponse ClockOfRestarted() {
    v1::GetClockResponse response;
    const grpc::Status status =
        v1::AdminService::NewStub(restarted_->channel())
            ->GetClock(NewCall().get(), v1::GetClockRequest(), &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return response;
  }

  std::unique_ptr<InProcessServer> restarted_;
};

TEST_F(ClockStartTest, SystemClockBehindTheLogHoldsAtTheLastEvent) {
  ServerOptions system = ServerTest::Options();  // no clock: the system's
  const absl::Time last = RestartWith(system);
  ASSERT_NE(restarted_, nullptr);

  const v1::GetClockResponse clock = ClockOfRestarted();
  EXPECT_FALSE(clock.manual());
  EXPECT_GE(base::FromTimestamp(clock.time()), last);

  v1::AppendResponse appended;
  auto stub = v1::EventLogService::NewStub(restarted_->channel());
  ASSERT_TRUE(stub->Append(NewCall().get(),
                           NotesRequest("notes/hall", AnyVersion(), {"after"}),
                           &appended)
                  .ok());
  v1::ReadRequest read;
  read.set_from(appended.first_position());
  read.set_limit(1);
  std::unique_ptr<grpc::ClientContext> call = NewCall();
  auto reader = stub->Read(call.get(), read);
  v1::ReadResponse event;
  int events = 0;
  while (reader->Read(&event)) ++events;
  const grpc::Status finished = reader->Finish();
  ASSERT_TRUE(finished.ok()) << finished.error_message();
  ASSERT_EQ(events, 1);
  EXPECT_GE(base::FromTimestamp(event.event().server_time()), last)
      << "a new event is stamped before the log's last one";
}

TEST_F(ClockStartTest, ManualClockStartsAtTheLogNotAtTheFlag) {
  ServerOptions manual = ServerTest::Options();
  manual.clock =
      std::make_shared<ledger::ManualClock>(kFuture - absl::Hours(72));
  const absl::Time last = RestartWith(manual);
  ASSERT_NE(restarted_, nullptr);

  const v1::GetClockResponse clock = ClockOfRestarted();
  EXPECT_TRUE(clock.manual());
  EXPECT_EQ(base::FromTimestamp(clock.time()), last);
}

// The machine's clock as NTP or an operator may set it: to any time, also
// back. Single-threaded tests only.
class SteppingClock final : public ledger::Clock {
 public:
  explicit SteppingClock(absl::Time now) : now_(now) {}
  absl::Time Now() const override { return now_; }
  absl::Status Set(absl::Time time) override {
    now_ = time;
    return absl::OkStatus();
  }
  bool manual() const override { return false; }

 private:
  absl::Time now_;
};

TEST(MonotonicClockTest, ClockSetBackWhileServingDoesNotTurnTimeBack) {
  auto machine = std::make_shared<SteppingClock>(kFuture);
  ledger::MonotonicClock clock(machine, absl::InfinitePast());
  ASSERT_EQ(clock.Now(), kFuture);

  ASSERT_TRUE(machine->Set(kFuture - absl::Minutes(5)).ok());
  EXPECT_EQ(clock.Now(), kFuture);

  ASSERT_TRUE(machine->Set(kFuture + absl::Minutes(1)).ok());
  EXPECT_EQ(clock.Now(), kFuture + absl::Minutes(1));
}

}  // namespace
}  // namespace qiwang::server
