// The e2e fixture's real qiwangd (a child process over a data folder that
// outlives it, with one token per role) made to fail: killed (SIGKILL),
// stopped (SIGTERM) or starved of disk (a file-size limit), and started again
// on the same folder and port. Adds gRPC channels that reconnect quickly and
// the 2016 event set up for many registrations. Issue 7 runs against the
// single-process qiwangd: the ledger is killed with everything else in it.
// Not thread-safe except where a method says so.
#ifndef QIWANG_TESTS_FAULTS_FAULTS_FIXTURE_H_
#define QIWANG_TESTS_FAULTS_FAULTS_FIXTURE_H_

#include <grpcpp/channel.h>
#include <grpcpp/client_context.h>

#include <memory>
#include <string>
#include <vector>

#include "absl/time/time.h"
#include "qiwang/v1/event.pb.h"
#include "qiwang/v1/tournament_service.pb.h"
#include "services/rules/tournament/tournament_state.h"
#include "tests/e2e/e2e_fixture.h"

namespace qiwang::faults {

using e2e::kChiefToken;
using e2e::kOrganiserToken;
using e2e::kPairingToken;
using e2e::kRegistrarToken;

inline constexpr char kTournamentId[] = "sichuan-2016";
// Registration for the 2016 event is open at this time.
inline constexpr char kManualClock[] = "manual:2016-09-01T10:00:00+08:00";

class FaultsTest : public e2e::EndToEndTest {
 protected:
  void TearDown() override;

  // Starts qiwangd on the manual clock, on `port` (0: a free one; a restart
  // passes port_ so that clients find it again).
  void Start(int port = 0) { StartServer(kManualClock, port); }
  // Starts qiwangd on a free port under a file-size limit (RLIMIT_FSIZE, as
  // `ulimit -f`), so the disk refuses to grow any file past `bytes` (EFBIG).
  void StartWithFileSizeLimit(uint64_t bytes);
  // SIGKILLs qiwangd and reaps it; expects it died of the signal.
  void KillServer();

  // A channel that tries to reconnect every 50-200 ms, so a client notices a
  // restarted server at once. Thread-safe.
  std::shared_ptr<grpc::Channel> NewChannel() const;
  // A call with `token` (empty: none) and a deadline; with
  // `wait_for_ready`, it waits for the server to come (back) up instead of
  // failing at once. Thread-safe.
  static std::unique_ptr<grpc::ClientContext> Call(
      const std::string& token, absl::Duration timeout = absl::Seconds(30),
      bool wait_for_ready = false);

  // Creates the 2016 tournament with every station quota raised to
  // `players` and records the Chengdu station ranking of `players` open men
  // (Person(0)..), so each of them may register.
  void CreateEvent(int players);
  // The index-th open man of the station ranking (unique name, born
  // 1960 onwards, one week apart).
  static v1::Person Person(int index);
  // The registrar's RegisterPlayer of Person(index), section derived.
  static v1::RegisterPlayerRequest Registration(int index,
                                                const std::string& command_id);

  // The whole log (every stream), read as an official through
  // EventLogService.Read in pages; fails the test if a read fails.
  std::vector<v1::Event> ReadLog();
  // The tournament's events of `log`, folded afresh in position order.
  static rules::tournament::TournamentState Fold(
      const std::vector<v1::Event>& log);
};

// Expects positions 1, 2, 3, ... with no gap, in order.
void ExpectDense(const std::vector<v1::Event>& log);

}  // namespace qiwang::faults

#endif  // QIWANG_TESTS_FAULTS_FAULTS_FIXTURE_H_
