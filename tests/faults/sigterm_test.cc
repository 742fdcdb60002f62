// Issue 7, SIGTERM: qiwangd stopped while 16 registrars send commands and a
// standings watch is open. It exits 0 within its grace period, commands in
// flight finish, every command is either answered (and then in the log after
// a restart) or refused with UNAVAILABLE or CANCELLED, and the watch ends
// with a status instead of hanging.
#include <grpcpp/grpcpp.h>
#include <signal.h>

#include <atomic>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "absl/synchronization/notification.h"
#include "absl/time/clock.h"
#include "gtest/gtest.h"
#include "qiwang/v1/standings_service.grpc.pb.h"
#include "qiwang/v1/tournament_service.grpc.pb.h"
#include "tests/faults/faults_fixture.h"

namespace qiwang::faults {
namespace {

constexpr int kSigtermClients = 16;
constexpr int kCommandsPerClient = 40;
// qiwangd's default --shutdown_grace.
constexpr absl::Duration kGrace = absl::Seconds(10);

// One command and how it ended.
struct Outcome {
  v1::RegisterPlayerRequest request;
  grpc::Status status;
  v1::RegisterPlayerResponse response;
  absl::Time answered_at;
};

class SigtermTest : public FaultsTest {};

TEST_F(SigtermTest, InFlightCommandsFinishWatchEndsAndExitIsZero) {
  ASSERT_NO_FATAL_FAILURE(Start());
  ASSERT_NO_FATAL_FAILURE(CreateEvent(kSigtermClients * kCommandsPerClient));

  // A watcher of the open-men standings, which change with every entry.
  grpc::ClientContext watch_call;
  watch_call.set_deadline(absl::ToChronoTime(absl::Now() + absl::Minutes(2)));
  v1::WatchStandingsRequest watch_request;
  watch_request.set_tournament_id(kTournamentId);
  watch_request.set_ranking_id("open-men");
  auto standings = v1::StandingsService::NewStub(NewChannel());
  std::atomic<int> watch_messages{0};
  grpc::Status watch_status;
  absl::Notification watch_started;
  absl::Notification watch_ended;
  std::thread watcher([&] {
    auto reader = standings->WatchStandings(&watch_call, watch_request);
    v1::WatchStandingsResponse message;
    while (reader->Read(&message)) {
      if (++watch_messages == 1) watch_started.Notify();
    }
    watch_status = reader->Finish();
    watch_ended.Notify();
  });
  // The watch is open (its first view arrived) before the burst and the
  // SIGTERM, however slow the machine.
  if (!watch_started.WaitForNotificationWithTimeout(absl::Seconds(60))) {
    watch_call.TryCancel();
    watcher.join();
    FAIL() << "the watch sent no first view";
  }

  // Each client registers until a command fails, then stops.
  absl::Mutex mutex;
  std::vector<Outcome> outcomes;
  int answered = 0;
  std::vector<std::thread> clients;
  for (int client = 0; client < kSigtermClients; ++client) {
    clients.emplace_back([&, client] {
      auto stub = v1::TournamentService::NewStub(NewChannel());
      for (int i = 0; i < kCommandsPerClient; ++i) {
        Outcome outcome{
            .request = Registration(client * kCommandsPerClient + i,
                                    absl::StrCat("c", client, "-", i)),
            .status = {},
            .response = {},
            .answered_at = {}};
        outcome.status =
            stub->RegisterPlayer(Call(kRegistrarToken, absl::Seconds(30)).get(),
                                 outcome.request, &outcome.response);
        outcome.answered_at = absl::Now();
        const bool ok = outcome.status.ok();
        absl::MutexLock lock(&mutex);
        outcomes.push_back(std::move(outcome));
        if (ok) ++answered;
        if (!ok) return;
      }
    });
  }
  {
    // Stop in the middle of the burst.
    absl::MutexLock lock(&mutex);
    ASSERT_TRUE(mutex.AwaitWithTimeout(
        absl::Condition(
            +[](int* count) { return *count >= kSigtermClients * 4; },
            &answered),
        absl::Seconds(60)));
  }
  const absl::Time signalled = absl::Now();
  const int exit_code = StopServer(SIGTERM);
  const absl::Duration stopping = absl::Now() - signalled;
  for (std::thread& client : clients) client.join();
  EXPECT_EQ(exit_code, 0);
  EXPECT_LT(stopping, kGrace + absl::Seconds(5));

  EXPECT_TRUE(watch_ended.WaitForNotificationWithTimeout(absl::Seconds(10)))
      << "the watch did not end";
  if (watch_ended.HasBeenNotified()) {
    watcher.join();
    EXPECT_GT(watch_messages.load(), 0);
    EXPECT_TRUE(watch_status.error_code() == grpc::StatusCode::UNAVAILABLE ||
                watch_status.error_code() == grpc::StatusCode::CANCELLED)
        << watch_status.error_code() << ": " << watch_status.error_message();
  } else {
    watch_call.TryCancel();
    watcher.join();
  }

  int finished_after_signal = 0;
  int refused = 0;
  for (const Outcome& outcome : outcomes) {
    if (outcome.status.ok()) {
      if (outcome.answered_at > signalled) ++finished_after_signal;
      continue;
    }
    ++refused;
    EXPECT_TRUE(outcome.status.error_code() == grpc::StatusCode::UNAVAILABLE ||
                outcome.status.error_code() == grpc::StatusCode::CANCELLED)
        << outcome.request.command_id() << ": " << outcome.status.error_code()
        << ": " << outcome.status.error_message();
  }
  std::printf(
      "stopped in %s; %d commands answered (%d after SIGTERM), %d "
      "refused\n",
      absl::FormatDuration(stopping).c_str(), answered, finished_after_signal,
      refused);
  EXPECT_GT(finished_after_signal, 0) << "no command in flight finished";

  // After a restart every answered command is in the log where it was
  // answered; a refused one, retried with its id, lands once.
  ASSERT_NO_FATAL_FAILURE(Start(port_));
  const std::vector<v1::Event> log = ReadLog();
  ASSERT_NO_FATAL_FAILURE(ExpectDense(log));
  std::map<std::string, std::vector<uint64_t>> positions_of;
  for (const v1::Event& event : log) {
    positions_of[event.command_id()].push_back(event.position());
  }
  auto stub = v1::TournamentService::NewStub(NewChannel());
  for (const Outcome& outcome : outcomes) {
    const std::string& id = outcome.request.command_id();
    if (outcome.status.ok()) {
      ASSERT_EQ(positions_of[id].size(), 1u) << id;
      EXPECT_EQ(positions_of[id][0], outcome.response.result().first_position())
          << id;
      continue;
    }
    v1::RegisterPlayerResponse retried;
    const grpc::Status status = stub->RegisterPlayer(
        Call(kRegistrarToken).get(), outcome.request, &retried);
    ASSERT_TRUE(status.ok()) << id << ": " << status.error_message();
    EXPECT_EQ(retried.result().replayed(), positions_of.contains(id)) << id;
  }
}

}  // namespace
}  // namespace qiwang::faults
