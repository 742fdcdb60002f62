// A real Server on 127.0.0.1:0 over a fresh event log in a temporary folder,
// on a manual clock, with one token per role, and stubs on a real channel;
// helpers that run the 2016 pre-event workflow and play through the RPCs an
// operator would call.
#ifndef QIWANG_TESTS_STANDINGS_STANDINGS_SERVER_FIXTURE_H_
#define QIWANG_TESTS_STANDINGS_STANDINGS_SERVER_FIXTURE_H_

#include <grpcpp/client_context.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/time/time.h"
#include "gtest/gtest.h"
#include "qiwang/v1/pairing_service.grpc.pb.h"
#include "qiwang/v1/play_service.grpc.pb.h"
#include "qiwang/v1/standings_service.grpc.pb.h"
#include "qiwang/v1/tournament_service.grpc.pb.h"
#include "services/ledger/clock.h"
#include "services/server/server.h"

namespace qiwang::standings {

inline constexpr char kTournamentId[] = "sichuan-2016";
inline constexpr char kOrganiser[] = "t-organiser";
inline constexpr char kRegistrar[] = "t-registrar";
inline constexpr char kArbiter[] = "t-arbiter";
inline constexpr char kChief[] = "t-chief";
inline constexpr char kPairingOfficer[] = "t-pairing";
// A read process of the split form following the ledger (replica role).
inline constexpr char kReplica[] = "t-replica";

// One token per role above.
std::vector<server::TokenEntry> RoleTokens();

// A call with `token` (empty: none) and a deadline of `timeout`.
std::unique_ptr<grpc::ClientContext> NewCall(
    const std::string& token = "", absl::Duration timeout = absl::Seconds(30));

// Through `channel`: creates the 2016 tournament with every station quota
// raised to `players` (R3.1 quotas are configuration), records one station
// ranking `players` open men (`name_prefix` 1.., "P 1".. by default, born
// 1970-1999: up to 10,900 players), registers them,
// checks them all in and closes check-in, moving `clock` into and past the
// check-in window. Answers the position of the close.
uint64_t EnterOpenMen(const std::shared_ptr<grpc::Channel>& channel,
                      ledger::ManualClock& clock, int players,
                      const std::string& name_prefix = "P ");
// The same against a qiwangd of another process started with
// --clock=manual:..., moving its clock as the organiser through
// AdminService.SetClock on `channel`.
uint64_t EnterOpenMen(const std::shared_ptr<grpc::Channel>& channel,
                      int players);

// PairRound of open-men round `round`, lots drawn with seed 2016, with a
// command id of its own per round.
v1::PairRoundRequest OpenMenRound(int round);

class StandingsServerTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;

  static std::unique_ptr<grpc::ClientContext> Call(
      const std::string& token = "",
      absl::Duration timeout = absl::Seconds(30)) {
    return NewCall(token, timeout);
  }
  // standings::EnterOpenMen on this server, answered once the standings
  // projection holds the close, so that a read naming no position (a page,
  // a raw Connect request) sees the players too.
  uint64_t EnterOpenMen(int players, const std::string& name_prefix = "P ");
  // Pairs the next round of open-men; answers the response.
  v1::PairRoundResponse PairRound(int round);
  // Records a result as the arbiter; answers the position of the event.
  uint64_t RecordResult(int round, int board, v1::GameResult result);

  std::string temp_dir_;
  std::shared_ptr<ledger::ManualClock> clock_;
  std::unique_ptr<server::Server> server_;
  std::shared_ptr<grpc::Channel> channel_;
  std::unique_ptr<v1::PairingService::Stub> pairing_;
  std::unique_ptr<v1::PlayService::Stub> play_;
  std::unique_ptr<v1::StandingsService::Stub> standings_;
  int commands_ = 0;
};

}  // namespace qiwang::standings

#endif  // QIWANG_TESTS_STANDINGS_STANDINGS_SERVER_FIXTURE_H_
