// Issue 7, kills: qiwangd (ledger, store and projection in one process; the
// split-process form does not exist yet) is SIGKILLed 20 times while 16
// registrars register players through TournamentService.RegisterPlayer (the
// ledger's blocking path), then 5 more times while 16 arbiters enter round
// 1's results through PlayService.RecordResult (its asynchronous path). Each
// client sends an unanswered command again with the same command id until it
// is answered. Afterwards: every answered command is in the log exactly once
// at the positions it was answered, a retry answers the same, positions are
// dense, and what the server shows (the ledger's ListPlayers, the
// projection's GetStandings, live and rebuilt after one more kill) equals a
// fresh fold of the log.
#include <grpcpp/grpcpp.h>
#include <signal.h>

#include <atomic>
#include <functional>
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
#include "qiwang/v1/play_service.grpc.pb.h"
#include "qiwang/v1/standings_service.grpc.pb.h"
#include "qiwang/v1/tournament_service.grpc.pb.h"
#include "services/views/standings_view.h"
#include "tests/faults/faults_fixture.h"

namespace qiwang::faults {
namespace {

using ::google::protobuf::util::MessageDifferencer;

constexpr int kKilledLedgerClients = 16;
constexpr int kRegistrationsPerClient = 60;
// New answers to wait for before each kill: right after a restart, after
// one, and after many, so kills land at varied points.
constexpr int kAnswersBeforeRegistrationKills[] = {
    0, 1, 2, 3, 5, 8, 13, 21, 34, 4, 0, 17, 9, 27, 1, 6, 40, 11, 2, 25};
constexpr int kAnswersBeforeResultKills[] = {2, 9, 0, 17, 5};
// Bounds each phase, so a server that never comes back fails the test.
constexpr absl::Duration kPhaseLimit = absl::Seconds(90);

bool Retryable(grpc::StatusCode code) {
  return code == grpc::StatusCode::UNAVAILABLE ||
         code == grpc::StatusCode::DEADLINE_EXCEEDED ||
         code == grpc::StatusCode::CANCELLED;
}

// What a client saw answered: where the command landed and, for an entry,
// the new player's id.
struct Answer {
  v1::CommandResult result;
  int64_t player_id = 0;
};

// One client command: its id, and how to send it once on a call.
struct Command {
  std::string id;
  std::function<grpc::Status(grpc::ClientContext&, Answer&)> send;
};

struct Answered {
  const Command* command = nullptr;
  Answer answer;
  int attempts = 0;
};

// What the clients report to the killer and the checks. Thread-safe.
class Board {
 public:
  void Record(Answered answered) {
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
    return answered_.size() >= wanted_ || clients_done_ == kKilledLedgerClients;
  }

  absl::Mutex mutex_;
  std::vector<Answered> answered_ ABSL_GUARDED_BY(mutex_);
  std::vector<std::string> failures_ ABSL_GUARDED_BY(mutex_);
  int clients_done_ ABSL_GUARDED_BY(mutex_) = 0;
  size_t wanted_ ABSL_GUARDED_BY(mutex_) = 0;
};

class KillLedgerTest : public FaultsTest {
 protected:
  // Runs kKilledLedgerClients clients over their `commands`, each sent until
  // answered, while qiwangd is killed and restarted once per entry of `kills`
  // (after that many new answers). With `stop_after_kills`, clients start no
  // new command after the last kill; otherwise every command is sent. Answers
  // what was answered; failures fail the test.
  std::vector<Answered> RunWithKills(
      const std::vector<std::vector<Command>>& commands,
      const std::vector<int>& kills, bool stop_after_kills) {
    Board board;
    std::atomic<bool> stop{false};
    const absl::Time give_up = absl::Now() + kPhaseLimit;
    std::vector<std::thread> clients;
    for (int client = 0; client < kKilledLedgerClients; ++client) {
      clients.emplace_back(
          [&, client] { RunClient(commands[client], stop, give_up, board); });
    }
    size_t killed = 0;
    for (const int wanted : kills) {
      if (!board.AwaitAnswers(board.answers() + wanted, absl::Seconds(30))) {
        ADD_FAILURE() << "no progress before kill " << killed + 1;
        break;
      }
      KillServer();
      ++killed;
      Start(port_);
      if (HasFatalFailure()) break;
    }
    if (stop_after_kills) stop = true;
    for (std::thread& client : clients) client.join();
    EXPECT_EQ(killed, kills.size());
    const std::vector<std::string> failures = board.failures();
    EXPECT_TRUE(failures.empty())
        << failures.size() << " failed, first: " << failures.front();
    const std::vector<Answered> answered = board.answered();
    int retried = 0;
    int replayed = 0;
    for (const Answered& one : answered) {
      if (one.attempts > 1) ++retried;
      if (one.answer.result.replayed()) ++replayed;
    }
    std::printf(
        "%zu kills; %zu commands answered, %d after a retry, %d of "
        "them as replays of an append the kill hid from the client\n",
        killed, answered.size(), retried, replayed);
    EXPECT_GT(retried, 0) << "no kill interrupted a command";
    return answered;
  }

  void RunClient(const std::vector<Command>& commands,
                 const std::atomic<bool>& stop, absl::Time give_up,
                 Board& board) {
    for (const Command& command : commands) {
      if (stop.load()) break;
      Answered answered{.command = &command, .answer = {}, .attempts = 0};
      while (true) {
        if (absl::Now() > give_up) {
          board.Fail(absl::StrCat(command.id, ": never answered"));
          board.ClientDone();
          return;
        }
        ++answered.attempts;
        auto call = Call("", absl::Seconds(5), /*wait_for_ready=*/true);
        const grpc::Status status = command.send(*call, answered.answer);
        if (status.ok()) break;
        if (!Retryable(status.error_code())) {
          board.Fail(absl::StrCat(command.id, ": code ", status.error_code(),
                                  ": ", status.error_message()));
          board.ClientDone();
          return;
        }
      }
      board.Record(std::move(answered));
    }
    board.ClientDone();
  }

  // Each client's registrations of its own players.
  std::vector<std::vector<Command>> Registrations() {
    std::vector<std::vector<Command>> commands(kKilledLedgerClients);
    for (int client = 0; client < kKilledLedgerClients; ++client) {
      auto stub = std::shared_ptr<v1::TournamentService::Stub>(
          v1::TournamentService::NewStub(NewChannel()));
      for (int i = 0; i < kRegistrationsPerClient; ++i) {
        const std::string id = absl::StrCat("c", client, "-", i);
        const v1::RegisterPlayerRequest request =
            Registration(client * kRegistrationsPerClient + i, id);
        commands[client].push_back(
            {id, [stub, request](grpc::ClientContext& call, Answer& answer) {
               call.AddMetadata("authorization",
                                absl::StrCat("Bearer ", kRegistrarToken));
               v1::RegisterPlayerResponse response;
               grpc::Status status =
                   stub->RegisterPlayer(&call, request, &response);
               answer = {response.result(), response.player_id()};
               return status;
             }});
      }
    }
    return commands;
  }

  // Round 1 of open-men's results, board b entered by client b mod
  // kKilledLedgerClients: red wins, black wins and draws in turn.
  std::vector<std::vector<Command>> Results(int boards) {
    constexpr v1::GameResult kResults[] = {v1::GAME_RESULT_RED_WIN,
                                           v1::GAME_RESULT_BLACK_WIN,
                                           v1::GAME_RESULT_DRAW};
    std::vector<std::vector<Command>> commands(kKilledLedgerClients);
    std::vector<std::shared_ptr<v1::PlayService::Stub>> stubs;
    for (int client = 0; client < kKilledLedgerClients; ++client) {
      stubs.push_back(v1::PlayService::NewStub(NewChannel()));
    }
    for (int board = 1; board <= boards; ++board) {
      v1::RecordResultRequest request;
      request.set_command_id(absl::StrCat("result-", board));
      request.set_tournament_id(kTournamentId);
      request.set_section_id("open-men");
      request.set_round(1);
      request.set_board(board);
      request.set_result(kResults[board % 3]);
      auto stub = stubs[board % kKilledLedgerClients];
      commands[board % kKilledLedgerClients].push_back(
          {request.command_id(),
           [stub, request](grpc::ClientContext& call, Answer& answer) {
             call.AddMetadata("authorization",
                              absl::StrCat("Bearer ", e2e::kArbiterToken));
             v1::RecordResultResponse response;
             grpc::Status status =
                 stub->RecordResult(&call, request, &response);
             answer = {response.result(), 0};
             return status;
           }});
    }
    return commands;
  }

  // Exactly once, where answered: the log's events carrying each answered
  // command id are the positions its answer named, every other command id
  // in the log is one of `others`, and a retry answers the same.
  void ExpectExactlyOnce(const std::vector<Answered>& answered,
                         const std::set<std::string>& others) {
    const std::vector<v1::Event> log = ReadLog();
    ASSERT_NO_FATAL_FAILURE(ExpectDense(log));
    std::map<std::string, std::vector<uint64_t>> positions_of;
    for (const v1::Event& event : log) {
      if (!event.command_id().empty()) {
        positions_of[event.command_id()].push_back(event.position());
      }
    }
    std::set<std::string> answered_ids;
    for (const Answered& one : answered) {
      const std::string& id = one.command->id;
      answered_ids.insert(id);
      std::vector<uint64_t> expected;
      for (uint64_t p = one.answer.result.first_position();
           p <= one.answer.result.last_position(); ++p) {
        expected.push_back(p);
      }
      EXPECT_FALSE(expected.empty()) << id;
      EXPECT_EQ(positions_of[id], expected) << id;
    }
    for (const auto& [id, positions] : positions_of) {
      EXPECT_TRUE(answered_ids.contains(id) || others.contains(id))
          << id << " is in the log but was never answered";
    }
    for (const Answered& one : answered) {
      Answer again;
      const grpc::Status status = one.command->send(*Call(""), again);
      ASSERT_TRUE(status.ok())
          << one.command->id << ": " << status.error_message();
      EXPECT_TRUE(again.result.replayed()) << one.command->id;
      EXPECT_EQ(again.result.first_position(),
                one.answer.result.first_position());
      EXPECT_EQ(again.result.last_position(),
                one.answer.result.last_position());
      EXPECT_EQ(again.result.stream_version(),
                one.answer.result.stream_version());
      EXPECT_EQ(again.player_id, one.answer.player_id);
    }
    ASSERT_EQ(ReadLog().size(), log.size()) << "a retry appended";
  }

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

  // The ledger's players at the log's head equal a fresh fold's.
  v1::ListPlayersResponse ExpectPlayersEqualFold() {
    const std::vector<v1::Event> log = ReadLog();
    v1::ListPlayersRequest request;
    request.set_tournament_id(kTournamentId);
    request.mutable_read()->set_min_position(log.size());
    v1::ListPlayersResponse listed;
    const grpc::Status status =
        v1::TournamentService::NewStub(NewChannel())
            ->ListPlayers(Call(kRegistrarToken, absl::Seconds(30),
                               /*wait_for_ready=*/true)
                              .get(),
                          request, &listed);
    EXPECT_TRUE(status.ok()) << status.error_message();
    v1::ListPlayersResponse folded = Fold(log).ListPlayers("", true);
    folded.set_as_of_position(log.size());
    EXPECT_TRUE(MessageDifferencer::Equals(listed, folded))
        << "the ledger's players differ from a fresh fold";
    return listed;
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
            ->GetStandings(
                Call("", absl::Seconds(30), /*wait_for_ready=*/true).get(),
                request, &served);
    ASSERT_TRUE(status.ok()) << status.error_message();
    absl::StatusOr<v1::GetStandingsResponse> folded =
        views::StandingsView(Fold(log), "open-men", 0);
    ASSERT_TRUE(folded.ok()) << folded.status();
    folded->set_as_of_position(log.size());
    EXPECT_TRUE(MessageDifferencer::Equals(served, *folded))
        << "the projection's standings differ from a fresh fold";
    EXPECT_EQ(served.rows_size(), players);
  }
};

TEST_F(KillLedgerTest, AnsweredCommandsSurviveTwentyFiveKillsExactlyOnce) {
  ASSERT_NO_FATAL_FAILURE(Start());
  ASSERT_NO_FATAL_FAILURE(
      CreateEvent(kKilledLedgerClients * kRegistrationsPerClient));

  // Entries under 20 kills.
  const std::vector<std::vector<Command>> registrations = Registrations();
  const std::vector<Answered> entered =
      RunWithKills(registrations,
                   {std::begin(kAnswersBeforeRegistrationKills),
                    std::end(kAnswersBeforeRegistrationKills)},
                   /*stop_after_kills=*/true);
  ASSERT_FALSE(HasFatalFailure());
  ASSERT_NO_FATAL_FAILURE(ExpectExactlyOnce(entered, {"create", "station"}));
  std::set<int64_t> player_ids;
  for (const Answered& one : entered) {
    EXPECT_TRUE(player_ids.insert(one.answer.player_id).second)
        << one.command->id << ": player id " << one.answer.player_id
        << " twice";
  }
  const v1::ListPlayersResponse players = ExpectPlayersEqualFold();
  const int entries = static_cast<int>(entered.size());
  EXPECT_EQ(players.players_size(), entries);

  // The projection lists paired players only: pair round 1, then enter its
  // results under 5 more kills.
  ASSERT_NO_FATAL_FAILURE(PairRoundOne(players));
  ExpectStandingsEqualFold(entries);
  const std::vector<std::vector<Command>> results = Results(entries / 2);
  const std::vector<Answered> recorded =
      RunWithKills(results,
                   {std::begin(kAnswersBeforeResultKills),
                    std::end(kAnswersBeforeResultKills)},
                   /*stop_after_kills=*/false);
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_EQ(static_cast<int>(recorded.size()), entries / 2);
  std::set<std::string> setup = {"create", "station", "close", "pair-1"};
  for (const Answered& one : entered) setup.insert(one.command->id);
  for (const v1::PlayerView& player : players.players()) {
    setup.insert(absl::StrCat("check-in-", player.player_id()));
  }
  ASSERT_NO_FATAL_FAILURE(ExpectExactlyOnce(recorded, setup));

  // Every result counted once: the projection, live and rebuilt after one
  // more kill, shows the standings of a fresh fold.
  ExpectStandingsEqualFold(entries);
  KillServer();
  ASSERT_NO_FATAL_FAILURE(Start(port_));
  ExpectStandingsEqualFold(entries);
  ExpectPlayersEqualFold();
}

}  // namespace
}  // namespace qiwang::faults
