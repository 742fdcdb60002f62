// Issue 7, kills: qiwangd (ledger, store and projection in one process; the
// split-process form does not exist yet) is SIGKILLed 20 times while 16
// registrars register players through TournamentService.RegisterPlayer, the
// ledger's batched path. Each client retries an unanswered command with the
// same command id until it is answered. Afterwards: every answered command is
// in the log exactly once at the positions it was answered, a retry answers
// the same, positions are dense, and what the server shows (the ledger's
// ListPlayers; the projection's GetStandings once round 1 is paired, live and
// rebuilt after one more kill) equals a fresh fold of the log.
#include <grpcpp/grpcpp.h>
#include <signal.h>

#include <atomic>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/clock.h"
#include "google/protobuf/util/message_differencer.h"
#include "google/protobuf/util/time_util.h"
#include "gtest/gtest.h"
#include "qiwang/v1/admin_service.grpc.pb.h"
#include "qiwang/v1/pairing_service.grpc.pb.h"
#include "qiwang/v1/standings_service.grpc.pb.h"
#include "qiwang/v1/tournament_service.grpc.pb.h"
#include "services/standings/standings_view.h"
#include "tests/faults/faults_fixture.h"

namespace qiwang::faults {
namespace {

using ::google::protobuf::util::MessageDifferencer;

constexpr int kClients = 16;
constexpr int kCommandsPerClient = 60;
// New answers to wait for before each of the 20 kills: right after a
// restart, after one, and after many, so kills land at varied points.
constexpr int kAnswersBeforeKill[] = {0, 1, 2, 3,  5, 8,  13, 21, 34, 4,
                                      0, 17, 9, 27, 1, 6, 40, 11, 2,  25};
// Bounds the whole run, so a server that never comes back fails the test.
constexpr absl::Duration kRunLimit = absl::Seconds(120);

bool Retryable(grpc::StatusCode code) {
  return code == grpc::StatusCode::UNAVAILABLE ||
         code == grpc::StatusCode::DEADLINE_EXCEEDED ||
         code == grpc::StatusCode::CANCELLED;
}

// One command as its client saw it answered.
struct Answered {
  v1::RegisterPlayerRequest request;
  v1::RegisterPlayerResponse response;
  int attempts = 0;
};

// What the clients report to the killer and the checks. Thread-safe.
class Board {
 public:
  void Answer(Answered answered) {
    absl::MutexLock lock(&mutex_);
    answered_.push_back(std::move(answered));
  }
  void Fail(std::string failure) {
    absl::MutexLock lock(&mutex_);
    failures_.push_back(std::move(failure));
  }
  void ClientDone() {
    absl::MutexLock lock(&mutex_);
    ++clients_done_;
  }
  size_t answers() {
    absl::MutexLock lock(&mutex_);
    return answered_.size();
  }
  // Waits until `count` commands are answered or every client has ended.
  bool AwaitAnswers(size_t count, absl::Duration timeout) {
    absl::MutexLock lock(&mutex_);
    wanted_ = count;
    return mutex_.AwaitWithTimeout(absl::Condition(this, &Board::Reached),
                                   timeout);
  }
  std::vector<Answered> answered() {
    absl::MutexLock lock(&mutex_);
    return answered_;
  }
  std::vector<std::string> failures() {
    absl::MutexLock lock(&mutex_);
    return failures_;
  }

 private:
  bool Reached() const ABSL_EXCLUSIVE_LOCKS_REQUIRED(mutex_) {
    return answered_.size() >= wanted_ || clients_done_ == kClients;
  }

  absl::Mutex mutex_;
  std::vector<Answered> answered_ ABSL_GUARDED_BY(mutex_);
  std::vector<std::string> failures_ ABSL_GUARDED_BY(mutex_);
  int clients_done_ ABSL_GUARDED_BY(mutex_) = 0;
  size_t wanted_ ABSL_GUARDED_BY(mutex_) = 0;
};

class KillLedgerTest : public FaultsTest {
 protected:
  // Moves the manual clock into check-in, checks in `players`, closes
  // check-in and publishes round 1 of open-men (lots drawn).
  void PairRoundOne(const v1::ListPlayersResponse& players) {
    auto channel = NewChannel();
    auto admin = v1::AdminService::NewStub(channel);
    auto tournaments = v1::TournamentService::NewStub(channel);
    SetClock(*admin, "2016-10-13T07:00:00Z");  // 15:00 in Chengdu
    for (const v1::PlayerView& player : players.players()) {
      v1::CheckInPlayerRequest request;
      request.set_command_id(absl::StrCat("check-in-", player.player_id()));
      request.set_tournament_id(kTournamentId);
      request.set_player_id(player.player_id());
      request.add_documents(v1::CHECK_IN_DOCUMENT_IDENTITY_COPY);
      request.add_documents(v1::CHECK_IN_DOCUMENT_INSURANCE);
      v1::CheckInPlayerResponse response;
      const grpc::Status status = tournaments->CheckInPlayer(
          Call(kRegistrarToken).get(), request, &response);
      ASSERT_TRUE(status.ok()) << status.error_message();
    }
    SetClock(*admin, "2016-10-13T10:30:00Z");  // 18:30, check-in closed
    v1::CloseCheckInRequest close;
    close.set_command_id("close");
    close.set_tournament_id(kTournamentId);
    close.set_reason("window over");
    v1::CloseCheckInResponse closed;
    grpc::Status status =
        tournaments->CloseCheckIn(Call(kChiefToken).get(), close, &closed);
    ASSERT_TRUE(status.ok()) << status.error_message();
    v1::PairRoundRequest pair;
    pair.set_command_id("pair-1");
    pair.set_tournament_id(kTournamentId);
    pair.set_section_id("open-men");
    pair.set_round(1);
    pair.set_lots_seed(2016);
    v1::PairRoundResponse paired;
    status = v1::PairingService::NewStub(channel)->PairRound(
        Call(kPairingToken).get(), pair, &paired);
    ASSERT_TRUE(status.ok()) << status.error_message();
  }

  void SetClock(v1::AdminService::Stub& admin, const std::string& time) {
    v1::SetClockRequest request;
    ASSERT_TRUE(google::protobuf::util::TimeUtil::FromString(
        time, request.mutable_time()));
    v1::SetClockResponse response;
    const grpc::Status status =
        admin.SetClock(Call(kOrganiserToken).get(), request, &response);
    ASSERT_TRUE(status.ok()) << status.error_message();
  }

  // The projection's open-men standings at the log's head equal the
  // standings view of a fresh fold of the log, with `players` rows.
  void ExpectStandingsEqualFold(int players) {
    const std::vector<v1::Event> log = ReadLog();
    v1::GetStandingsRequest request;
    request.set_tournament_id(kTournamentId);
    request.set_ranking_id("open-men");
    request.mutable_read()->set_min_position(log.size());
    v1::GetStandingsResponse served;
    const grpc::Status status =
        v1::StandingsService::NewStub(NewChannel())
            ->GetStandings(Call("").get(), request, &served);
    ASSERT_TRUE(status.ok()) << status.error_message();
    absl::StatusOr<v1::GetStandingsResponse> folded =
        standings::StandingsView(Fold(log), "open-men", 0);
    ASSERT_TRUE(folded.ok()) << folded.status();
    folded->set_as_of_position(log.size());
    EXPECT_TRUE(MessageDifferencer::Equals(served, *folded))
        << "the projection's standings differ from a fresh fold";
    EXPECT_EQ(served.rows_size(), players);
  }

  // Registers this client's players one after the other until `stop`;
  // each command is sent again with its command id until it is answered.
  void RunClient(int client, const std::atomic<bool>& stop,
                 absl::Time give_up, Board& board) {
    auto stub = v1::TournamentService::NewStub(NewChannel());
    for (int i = 0; i < kCommandsPerClient && !stop.load(); ++i) {
      const int person = client * kCommandsPerClient + i;
      Answered answered{
          .request = Registration(person, absl::StrCat("c", client, "-", i)),
          .response = {},
          .attempts = 0};
      while (true) {
        if (absl::Now() > give_up) {
          board.Fail(absl::StrCat(answered.request.command_id(),
                                  ": never answered"));
          board.ClientDone();
          return;
        }
        ++answered.attempts;
        auto call = Call(kRegistrarToken, absl::Seconds(5),
                         /*wait_for_ready=*/true);
        const grpc::Status status = stub->RegisterPlayer(
            call.get(), answered.request, &answered.response);
        if (status.ok()) break;
        if (!Retryable(status.error_code())) {
          board.Fail(absl::StrCat(answered.request.command_id(), ": code ",
                                  status.error_code(), ": ",
                                  status.error_message()));
          board.ClientDone();
          return;
        }
      }
      board.Answer(std::move(answered));
    }
    board.ClientDone();
  }
};

TEST_F(KillLedgerTest, AnsweredCommandsSurviveTwentyKillsExactlyOnce) {
  ASSERT_NO_FATAL_FAILURE(Start());
  ASSERT_NO_FATAL_FAILURE(CreateEvent(kClients * kCommandsPerClient));

  Board board;
  std::atomic<bool> stop{false};
  const absl::Time give_up = absl::Now() + kRunLimit;
  std::vector<std::thread> clients;
  for (int client = 0; client < kClients; ++client) {
    clients.emplace_back([&, client] {
      RunClient(client, stop, give_up, board);
    });
  }
  int kills = 0;
  for (const int wanted : kAnswersBeforeKill) {
    if (!board.AwaitAnswers(board.answers() + wanted, absl::Seconds(30))) {
      ADD_FAILURE() << "no progress before kill " << kills + 1;
      break;
    }
    KillServer();
    ++kills;
    ASSERT_NO_FATAL_FAILURE(Start(port_));
  }
  stop = true;
  for (std::thread& client : clients) client.join();
  EXPECT_EQ(kills, 20);
  EXPECT_TRUE(board.failures().empty())
      << board.failures().size() << " failed, first: "
      << board.failures().front();

  const std::vector<Answered> answered = board.answered();
  int retried = 0;
  int replayed = 0;
  for (const Answered& one : answered) {
    if (one.attempts > 1) ++retried;
    if (one.response.result().replayed()) ++replayed;
  }
  std::printf("%d kills; %zu commands answered, %d after a retry, %d of them "
              "as replays of an append the kill hid from the client\n",
              kills, answered.size(), retried, replayed);
  EXPECT_GT(retried, 0) << "no kill interrupted a command";

  // Exactly once, where answered: the log's events of each command id are
  // the positions its answer named, and nothing else holds that id.
  const std::vector<v1::Event> log = ReadLog();
  ASSERT_NO_FATAL_FAILURE(ExpectDense(log));
  std::map<std::string, std::vector<uint64_t>> positions_of;
  for (const v1::Event& event : log) {
    if (!event.command_id().empty()) {
      positions_of[event.command_id()].push_back(event.position());
    }
  }
  std::set<int64_t> player_ids;
  for (const Answered& one : answered) {
    const v1::CommandResult& result = one.response.result();
    const std::string& id = one.request.command_id();
    std::vector<uint64_t> expected;
    for (uint64_t p = result.first_position(); p <= result.last_position();
         ++p) {
      expected.push_back(p);
    }
    EXPECT_EQ(positions_of[id], expected) << id;
    ASSERT_GE(result.first_position(), 1u) << id;
    ASSERT_LE(result.last_position(), log.size()) << id;
    const v1::Event& event = log[result.first_position() - 1];
    EXPECT_EQ(event.player_registered().player_id(), one.response.player_id())
        << id;
    EXPECT_EQ(event.player_registered().person().name(),
              one.request.person().name())
        << id;
    EXPECT_TRUE(player_ids.insert(one.response.player_id()).second)
        << id << ": player id " << one.response.player_id() << " twice";
  }
  // Every command a client sent was answered, so no other command id of a
  // client is in the log (create and station are the setup's).
  EXPECT_EQ(positions_of.size(), answered.size() + 2);

  // A retry of any answered command answers the original positions.
  auto stub = v1::TournamentService::NewStub(NewChannel());
  for (const Answered& one : answered) {
    v1::RegisterPlayerResponse again;
    const grpc::Status status = stub->RegisterPlayer(
        Call(kRegistrarToken).get(), one.request, &again);
    ASSERT_TRUE(status.ok()) << status.error_message();
    EXPECT_TRUE(again.result().replayed());
    EXPECT_EQ(again.result().first_position(),
              one.response.result().first_position());
    EXPECT_EQ(again.result().last_position(),
              one.response.result().last_position());
    EXPECT_EQ(again.result().stream_version(),
              one.response.result().stream_version());
    EXPECT_EQ(again.player_id(), one.response.player_id());
    EXPECT_EQ(again.section_id(), one.response.section_id());
  }
  ASSERT_EQ(ReadLog().size(), log.size()) << "a retry appended";

  // What the ledger shows equals a fresh fold of the log it now holds.
  const rules::tournament::TournamentState fold = Fold(log);
  v1::ListPlayersRequest list;
  list.set_tournament_id(kTournamentId);
  list.mutable_read()->set_min_position(log.size());
  v1::ListPlayersResponse listed;
  const grpc::Status status =
      stub->ListPlayers(Call(kRegistrarToken).get(), list, &listed);
  ASSERT_TRUE(status.ok()) << status.error_message();
  v1::ListPlayersResponse folded = fold.ListPlayers("", true);
  folded.set_as_of_position(log.size());
  EXPECT_TRUE(MessageDifferencer::Equals(listed, folded))
      << "the ledger's players differ from a fresh fold";
  EXPECT_EQ(listed.players_size(), static_cast<int>(answered.size()));

  // The projection's standings list paired players only: check everyone in
  // and pair round 1, then compare with a fresh fold, live and once more
  // after a kill (the projection rebuilt from the log).
  ASSERT_NO_FATAL_FAILURE(PairRoundOne(listed));
  ExpectStandingsEqualFold(static_cast<int>(answered.size()));
  KillServer();
  ASSERT_NO_FATAL_FAILURE(Start(port_));
  ExpectStandingsEqualFold(static_cast<int>(answered.size()));
}

}  // namespace
}  // namespace qiwang::faults
