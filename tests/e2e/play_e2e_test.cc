// Playing an event end to end (issue 5): the real qiwangd on a manual clock,
// driven by `qiwang demo` (registration, check-in with no-shows, Swiss
// rounds and a round robin, results from four arbiter threads at once), with
// a restart of qiwangd in the middle. The test then reads the log through
// EventLogService.Read, folds its own TournamentState and checks, with the
// rules libraries and independently of the services: every published Swiss
// pairing is legal (R6.3) and as good as the engine's optimum (R6.5), the
// round robin meets everyone once, every board has exactly one result, and
// every standing equals the ranking library's (R7), now, after a round and
// as of a past position (R7.5).
#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/time/clock.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/message_differencer.h"
#include "gtest/gtest.h"
#include "qiwang/v1/event_log_service.grpc.pb.h"
#include "qiwang/v1/pairing_service.grpc.pb.h"
#include "qiwang/v1/standings_service.grpc.pb.h"
#include "services/rules/ranking/ranking.h"
#include "services/rules/swiss/checker.h"
#include "services/rules/swiss/swiss_pairer.h"
#include "services/rules/tournament/section_records.h"
#include "services/rules/tournament/tournament_state.h"
#include "tests/e2e/e2e_fixture.h"
#include "tests/test_paths.h"

namespace qiwang::e2e {
namespace {

using ::google::protobuf::util::MessageDifferencer;
using ::testing::HasSubstr;

constexpr char kPlayClock[] = "manual:2016-09-01T10:00:00+08:00";
constexpr char kTournamentId[] = "sichuan-2016";

// What the public sees at one moment: every pairing and every standing.
struct Snapshot {
  v1::ListPairingsResponse pairings;
  std::map<std::string, v1::GetStandingsResponse> standings;
};

// Runs against qiwangd in one process and split in three.
class PlayEndToEndTest : public EndToEndTest,
                         public ::testing::WithParamInterface<Form> {
 protected:
  void SetUp() override {
    EndToEndTest::SetUp();
    form_ = GetParam();
  }

  // The CI-sized demo: two Swiss sections (20 and 17 players, one of each
  // a no-show), five rounds, and a six-player round robin.
  ProcessResult Demo(
      const std::vector<std::string>& extra = {},
      const std::string& config = test_paths::Sichuan2016Json()) {
    std::vector<std::string> args = {
        "demo",
        "--tokens=" + TokensFile(),
        "--config=" + config,
        std::string("--tournament=") + kTournamentId,
        "--sizes=open-men=20,open-women=17,professional=6",
        "--rounds=5",
        "--arbiters=4",
        "--rows=0"};
    args.insert(args.end(), extra.begin(), extra.end());
    return Cli(args);
  }

  std::unique_ptr<grpc::ClientContext> Call(const std::string& token = "") {
    auto call = std::make_unique<grpc::ClientContext>();
    call->set_deadline(absl::ToChronoTime(absl::Now() + absl::Seconds(30)));
    if (!token.empty()) call->AddMetadata("authorization", "Bearer " + token);
    return call;
  }

  // The ledger, or in the split form the process serving `port`'s reads.
  std::shared_ptr<grpc::Channel> Channel(int read_port = 0) {
    const std::string address = form_ == Form::kSplit && read_port != 0
                                    ? absl::StrCat("127.0.0.1:", read_port)
                                    : address_;
    return grpc::CreateChannel(address, grpc::InsecureChannelCredentials());
  }

  // The tournament's whole stream, read as an official.
  std::vector<v1::Event> ReadLog() {
    auto stub = v1::EventLogService::NewStub(Channel());
    std::vector<v1::Event> events;
    for (uint64_t from = 1;;) {
      v1::ReadRequest request;
      request.set_stream(kTournamentId);
      request.set_from(from);
      request.set_limit(1000);
      auto call = Call(kOrganiserToken);
      auto reader = stub->Read(call.get(), request);
      v1::ReadResponse response;
      size_t read = 0;
      while (reader->Read(&response)) {
        events.push_back(response.event());
        ++read;
      }
      const grpc::Status status = reader->Finish();
      EXPECT_TRUE(status.ok()) << status.error_message();
      if (!status.ok() || read < 1000) break;
      from += read;
    }
    return events;
  }

  v1::GetStandingsResponse Standings(const std::string& ranking,
                                     v1::ReadOptions read,
                                     int after_round = 0) {
    v1::GetStandingsRequest request;
    request.set_tournament_id(kTournamentId);
    request.set_ranking_id(ranking);
    request.set_after_round(after_round);
    *request.mutable_read() = read;
    v1::GetStandingsResponse response;
    const grpc::Status status =
        v1::StandingsService::NewStub(Channel(reads_port_))
            ->GetStandings(Call().get(), request, &response);
    EXPECT_TRUE(status.ok()) << ranking << ": " << status.error_message();
    return response;
  }

  Snapshot Read(uint64_t min_position) {
    v1::ReadOptions read;
    read.set_min_position(min_position);
    Snapshot snapshot;
    v1::ListPairingsRequest request;
    request.set_tournament_id(kTournamentId);
    *request.mutable_read() = read;
    const grpc::Status status =
        v1::PairingService::NewStub(Channel(pairing_port_))
            ->ListPairings(Call().get(), request, &snapshot.pairings);
    EXPECT_TRUE(status.ok()) << status.error_message();
    for (const char* ranking : {"open-men", "open-women", "professional"}) {
      snapshot.standings[ranking] = Standings(ranking, read);
    }
    return snapshot;
  }

  static uint64_t Head(const std::vector<v1::Event>& log) {
    return log.empty() ? 0 : log.back().position();
  }
};

// R6.3, R6.5: every Swiss round the service published, checked against the
// state folded up to just before it; R2.1: the round robin meets everyone
// once. Also: no board ever got a second ResultRecorded (the fold refuses
// one), and at the end every board has its result.
void CheckPairings(const std::vector<v1::Event>& log,
                   rules::tournament::TournamentState& state) {
  int swiss_rounds = 0;
  std::set<std::pair<int64_t, int64_t>> robin_pairs;
  int robin_boards = 0;
  for (const v1::Event& event : log) {
    if (event.has_round_paired()) {
      const v1::RoundPaired& paired = event.round_paired();
      const v1::Section* section = state.FindSection(paired.section_id());
      ASSERT_NE(section, nullptr) << paired.section_id();
      if (section->pairing_system() == v1::PAIRING_SYSTEM_SWISS) {
        absl::StatusOr<std::vector<rules::PlayerRecord>> records =
            rules::tournament::SectionRecords(state, paired.section_id());
        ASSERT_TRUE(records.ok()) << records.status();
        const rules::swiss::SwissConfig config =
            rules::tournament::SwissConfigOf(state.config(), *section);
        rules::swiss::RoundPairing pairing;
        for (const v1::Board& board : paired.boards()) {
          pairing.boards.push_back(
              {board.red_player_id(), board.black_player_id()});
        }
        pairing.bye = paired.bye_player_id();
        absl::StatusOr<rules::swiss::PairingCheck> check =
            rules::swiss::CheckPairing(*records, paired.round(), config,
                                       pairing);
        ASSERT_TRUE(check.ok()) << check.status();
        std::vector<std::string> violations;
        for (const auto& violation : check->violations) {
          violations.push_back(violation.message);
        }
        EXPECT_TRUE(check->legal())
            << paired.section_id() << " round " << paired.round() << ": "
            << absl::StrJoin(violations, "; ");
        absl::StatusOr<rules::swiss::PairedRound> best =
            rules::swiss::PairSwissRound(*records, paired.round(), config);
        ASSERT_TRUE(best.ok()) << best.status();
        EXPECT_EQ(check->cost, best->cost)
            << paired.section_id() << " round " << paired.round()
            << ": published " << check->cost.ToString() << ", optimum "
            << best->cost.ToString();
        ++swiss_rounds;
      } else {
        for (const v1::Board& board : paired.boards()) {
          ++robin_boards;
          robin_pairs.insert(
              std::minmax(board.red_player_id(), board.black_player_id()));
        }
      }
    }
    const absl::Status applied = state.Apply(event);
    ASSERT_TRUE(applied.ok())
        << "position " << event.position() << ": " << applied;
  }
  EXPECT_EQ(swiss_rounds, 2 * 5);
  // Six players: 5 rounds of 3 boards, each of the 15 pairs once.
  EXPECT_EQ(robin_boards, 15);
  EXPECT_EQ(robin_pairs.size(), 15u);
  for (const rules::tournament::SectionPlay& play : state.section_plays()) {
    for (const rules::tournament::RoundEntry& round : play.rounds) {
      EXPECT_TRUE(round.complete())
          << play.section_id << " round " << round.round;
    }
  }
}

// R7: the service's standings row by row against the ranking library run on
// the records of the test's own fold.
void ExpectStandingsMatch(const rules::tournament::TournamentState& state,
                          const std::string& ranking,
                          const v1::GetStandingsResponse& served,
                          int after_round = 0) {
  absl::StatusOr<std::vector<rules::PlayerRecord>> records =
      rules::tournament::SectionRecords(state, ranking, after_round);
  ASSERT_TRUE(records.ok()) << records.status();
  absl::StatusOr<rules::RankingConfig> config =
      rules::tournament::RankingConfigOf(state.config(), ranking);
  ASSERT_TRUE(config.ok()) << config.status();
  absl::StatusOr<rules::Standings> expected = rules::Rank(*records, *config);
  ASSERT_TRUE(expected.ok()) << expected.status();
  ASSERT_EQ(served.rows_size(), static_cast<int>(expected->rows.size()))
      << ranking;
  for (int i = 0; i < served.rows_size(); ++i) {
    const v1::StandingRow& row = served.rows(i);
    const rules::Standing& want = expected->rows[i];
    SCOPED_TRACE(
        absl::StrCat(ranking, " after round ", after_round, " row ", i + 1));
    EXPECT_EQ(row.player_id(), want.player);
    EXPECT_EQ(row.rank(), want.rank);
    EXPECT_EQ(row.score(), want.score);
    ASSERT_EQ(row.tie_breaks_size(), static_cast<int>(expected->chain.size()));
    for (int k = 0; k < row.tie_breaks_size(); ++k) {
      const rules::TieBreakValue value = expected->TieBreakAt(i, k);
      EXPECT_EQ(row.tie_breaks(k).value(), value.value);
      EXPECT_THAT(row.tie_breaks(k).sequence(),
                  ::testing::ElementsAreArray(value.sequence));
    }
  }
}

TEST_P(PlayEndToEndTest, DemoPlaysThroughARestartAndEveryViewChecksOut) {
  StartServer(kPlayClock);

  // Rounds 1-2, then qiwangd stops and starts again on the same data.
  const ProcessResult first = Demo({"--stop-after-round=2"});
  ASSERT_EQ(first.exit_code, 0) << first.out << first.err;
  EXPECT_THAT(first.out, HasSubstr("stopped after round 2"));
  EXPECT_THAT(first.out, HasSubstr("1 conflicting entries refused"));
  const uint64_t middle = Head(ReadLog());
  const Snapshot before = Read(middle);
  EXPECT_EQ(before.pairings.as_of_position(), middle);
  ASSERT_EQ(StopServer(), 0) << ReadFile(ServerLog());
  StartServer(kPlayClock);
  const Snapshot after = Read(middle);
  EXPECT_EQ(after.pairings.as_of_position(), middle);
  EXPECT_TRUE(MessageDifferencer::Equals(before.pairings, after.pairings))
      << before.pairings.DebugString() << "\nafter restart:\n"
      << after.pairings.DebugString();
  for (const auto& [ranking, standings] : before.standings) {
    EXPECT_EQ(standings.as_of_position(), middle);
    EXPECT_TRUE(
        MessageDifferencer::Equals(standings, after.standings.at(ranking)))
        << ranking;
  }

  // The rest of the event, resumed by the same command.
  const ProcessResult rest = Demo();
  ASSERT_EQ(rest.exit_code, 0) << rest.out << rest.err;
  EXPECT_THAT(rest.out, HasSubstr("resuming play"));
  EXPECT_THAT(rest.out, HasSubstr("round 5:"));

  const std::vector<v1::Event> log = ReadLog();
  rules::tournament::TournamentState state;
  CheckPairings(log, state);
  v1::ReadOptions now;
  now.set_min_position(Head(log));
  for (const char* ranking : {"open-men", "open-women", "professional"}) {
    const v1::GetStandingsResponse served = Standings(ranking, now);
    EXPECT_EQ(served.as_of_position(), Head(log));
    ExpectStandingsMatch(state, ranking, served);
    ExpectStandingsMatch(state, ranking, Standings(ranking, now, 3), 3);
    // R7.5: as of the position before the restart, the standings then.
    v1::ReadOptions past;
    past.set_at_position(middle);
    v1::GetStandingsResponse then = Standings(ranking, past);
    EXPECT_EQ(then.as_of_position(), middle);
    EXPECT_TRUE(MessageDifferencer::Equals(then, before.standings.at(ranking)))
        << ranking << " as of " << middle << ":\n"
        << then.DebugString() << "\nthen:\n"
        << before.standings.at(ranking).DebugString();
  }
}

// Issue 26: the demo plays the 2011 rules' configuration (N13.4 same-unit
// avoidance in the Swiss sections, the 14.3.2 and 14.1 chains, N14.4 byes):
// every published round is legal and optimal under those criteria, and
// every standing equals the ranking library's under that chain.
TEST_P(PlayEndToEndTest, DemoPlaysThe2011RulesConfiguration) {
  StartServer(kPlayClock);
  const ProcessResult played = Demo({}, test_paths::Rules2011Json());
  ASSERT_EQ(played.exit_code, 0) << played.out << played.err;

  const std::vector<v1::Event> log = ReadLog();
  rules::tournament::TournamentState state;
  CheckPairings(log, state);
  const v1::Section* open_men = state.FindSection("open-men");
  ASSERT_NE(open_men, nullptr);
  EXPECT_GT(open_men->same_unit_avoidance().absolute_rounds(), 0)
      << "the 2011 configuration should avoid same-unit boards";
  v1::ReadOptions now;
  now.set_min_position(Head(log));
  for (const char* ranking : {"open-men", "open-women", "professional"}) {
    ExpectStandingsMatch(state, ranking, Standings(ranking, now));
  }
}

INSTANTIATE_TEST_SUITE_P(Forms, PlayEndToEndTest,
                         ::testing::Values(Form::kOneProcess, Form::kSplit),
                         FormName);

}  // namespace
}  // namespace qiwang::e2e
