// RulingService through a real qiwangd (R7.3, R8.3, R9.2, R9.3, R7.5): the
// appeal lifecycle with every decision and remedy, the appeal window on the
// server's clock, the conflict of interest, a committee decision that moves
// a section's first prize while the standings as of before it still show
// the old winner, and refusals that change nothing in the log.
#include <grpcpp/client_context.h>
#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/time_util.h"
#include "gtest/gtest.h"
#include "qiwang/v1/event_log_service.grpc.pb.h"
#include "qiwang/v1/ruling_service.grpc.pb.h"
#include "tests/rules/tournament/pre_event_fixture.h"
#include "tests/standings/standings_server_fixture.h"

namespace qiwang::standings {
namespace {

using rules::Role;
using ::testing::HasSubstr;

constexpr char kCommittee[] = "t-committee";
// Arthur, who records results as the arbiter, also sits on the committee.
constexpr char kArthurOnCommittee[] = "t-arthur-committee";

class RulingServiceTest : public StandingsServerTest {
 protected:
  // The shared fixture's server, with two committee tokens more; four open
  // men in a one-round section, round 1 paired.
  void SetUp() override {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "qiwang-rulings-XXXXXX")
            .string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    temp_dir_ = pattern;
    server::ServerOptions options;
    options.data_dir = temp_dir_ + "/log";
    options.tokens = RoleTokens();
    options.tokens.push_back(
        {kCommittee, "cai", {Role::kArbitrationCommittee}});
    options.tokens.push_back(
        {kArthurOnCommittee, "arthur", {Role::kArbitrationCommittee}});
    clock_ = std::make_shared<ledger::ManualClock>(
        rules::tournament::Beijing(2016, 9, 1, 10, 0));
    options.clock = clock_;
    absl::StatusOr<std::unique_ptr<server::Server>> server =
        server::Server::Start(options);
    ASSERT_TRUE(server.ok()) << server.status();
    server_ = *std::move(server);
    channel_ = grpc::CreateChannel(server_->address(),
                                   grpc::InsecureChannelCredentials());
    pairing_ = v1::PairingService::NewStub(channel_);
    play_ = v1::PlayService::NewStub(channel_);
    standings_ = v1::StandingsService::NewStub(channel_);
    rulings_ = v1::RulingService::NewStub(channel_);
    tournaments_ = v1::TournamentService::NewStub(channel_);

    EnterOpenMen(4);
    v1::AmendTournamentRequest amend;
    amend.set_command_id("one-round");
    amend.set_tournament_id(kTournamentId);
    amend.set_reason("a one-round open men's section for the test");
    *amend.mutable_config() = Tournament().config();
    for (v1::Section& section : *amend.mutable_config()->mutable_sections()) {
      if (section.id() == "open-men") section.set_rounds(1);
    }
    v1::AmendTournamentResponse amended;
    ASSERT_TRUE(
        tournaments_->AmendTournament(Call(kOrganiser).get(), amend, &amended)
            .ok());
    round_ = PairRound(1);
    ASSERT_EQ(round_.rounds(0).boards_size(), 2);
  }

  v1::GetTournamentResponse Tournament() {
    v1::GetTournamentRequest request;
    request.set_tournament_id(kTournamentId);
    request.mutable_read()->set_min_position(written_);
    v1::GetTournamentResponse response;
    EXPECT_TRUE(
        tournaments_->GetTournament(Call(kChief).get(), request, &response)
            .ok());
    return response;
  }
  uint64_t Position() { return Tournament().as_of_position(); }

  // The event id (ruling id) of the tournament's event at `stream_version`.
  std::string EventIdAt(uint64_t stream_version) {
    auto log = v1::EventLogService::NewStub(channel_);
    v1::ReadRequest read;
    read.set_stream(kTournamentId);
    read.set_from(stream_version);
    read.set_limit(1);
    std::unique_ptr<grpc::ClientContext> call = Call(kChief);
    auto reader = log->Read(call.get(), read);
    v1::ReadResponse response;
    std::string id;
    while (reader->Read(&response)) id = response.event().event_id();
    EXPECT_TRUE(reader->Finish().ok());
    return id;
  }
  int64_t Red(int board) const {
    return round_.rounds(0).boards(board - 1).red().player_id();
  }
  int64_t Black(int board) const {
    return round_.rounds(0).boards(board - 1).black().player_id();
  }
  // Records as arthur; answers the ruling id.
  std::string Result(int board, v1::GameResult result) {
    v1::RecordResultRequest request;
    request.set_command_id(absl::StrCat("result-", ++commands_));
    request.set_tournament_id(kTournamentId);
    request.set_section_id("open-men");
    request.set_round(1);
    request.set_board(board);
    request.set_result(result);
    v1::RecordResultResponse response;
    const grpc::Status status =
        play_->RecordResult(Call(kArbiter).get(), request, &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
    Wrote(response.result());
    return EventIdAt(response.result().stream_version());
  }
  std::string Foul(int64_t player_id) {
    v1::RecordFoulRequest request;
    request.set_command_id(absl::StrCat("foul-", ++commands_));
    request.set_tournament_id(kTournamentId);
    request.set_player_id(player_id);
    request.set_round(1);
    request.set_kind(v1::FOUL_KIND_CONDUCT);
    request.set_note("phone rang during play");
    v1::RecordFoulResponse response;
    const grpc::Status status =
        play_->RecordFoul(Call(kArbiter).get(), request, &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
    Wrote(response.result());
    return EventIdAt(response.result().stream_version());
  }

  grpc::Status File(const std::string& ruling_id, int64_t appellant,
                    v1::FileAppealResponse* response,
                    const std::string& token = kArbiter) {
    v1::FileAppealRequest request;
    request.set_command_id(absl::StrCat("appeal-", ++commands_));
    request.set_tournament_id(kTournamentId);
    request.set_ruling_id(ruling_id);
    request.set_appellant_player_id(appellant);
    request.set_grounds("the arbiter did not see the clock");
    const grpc::Status status =
        rulings_->FileAppeal(Call(token).get(), request, response);
    if (status.ok()) Wrote(response->result());
    return status;
  }
  // Files and expects success; answers the appeal number.
  int MustFile(const std::string& ruling_id, int64_t appellant) {
    v1::FileAppealResponse response;
    const grpc::Status status = File(ruling_id, appellant, &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return response.appeal_number();
  }
  v1::DecideAppealRequest Decision(int number, v1::AppealDecision decision,
                                   v1::RemedyKind remedy) {
    v1::DecideAppealRequest request;
    request.set_command_id(absl::StrCat("decide-", ++commands_));
    request.set_tournament_id(kTournamentId);
    request.set_appeal_number(number);
    request.set_decision(decision);
    request.mutable_remedy()->set_kind(remedy);
    const bool upheld = decision == v1::APPEAL_DECISION_UPHELD;
    request.mutable_votes()->set_uphold(upheld ? 4 : 1);
    request.mutable_votes()->set_dismiss(upheld ? 1 : 4);
    request.set_reasoning("heard both players and the arbiter");
    return request;
  }
  grpc::Status Decide(const v1::DecideAppealRequest& request,
                      const std::string& token = kCommittee) {
    v1::DecideAppealResponse response;
    const grpc::Status status =
        rulings_->DecideAppeal(Call(token).get(), request, &response);
    if (status.ok()) Wrote(response.result());
    return status;
  }
  // Reads below wait until the projections have applied this test's last
  // acknowledged write (read-your-writes through min_position).
  void Wrote(const v1::CommandResult& result) {
    written_ = std::max(written_, result.last_position());
  }

  v1::GetStandingsResponse Standings(uint64_t at_position = 0) {
    v1::GetStandingsRequest request;
    request.set_tournament_id(kTournamentId);
    request.set_ranking_id("open-men");
    request.mutable_read()->set_at_position(at_position);
    if (at_position == 0) request.mutable_read()->set_min_position(written_);
    v1::GetStandingsResponse response;
    const grpc::Status status =
        standings_->GetStandings(Call(kChief).get(), request, &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return response;
  }
  // The open men's first prize winner.
  int64_t FirstPrize() {
    v1::GetPrizesRequest request;
    request.set_tournament_id(kTournamentId);
    request.mutable_read()->set_min_position(written_);
    v1::GetPrizesResponse response;
    const grpc::Status status =
        standings_->GetPrizes(Call(kChief).get(), request, &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
    for (const v1::CategoryPrizes& category : response.categories()) {
      if (category.ranking_id() != "open-men") continue;
      for (const v1::PrizeAward& award : category.awards()) {
        if (award.rank() == 1) return award.player_id();
      }
    }
    return 0;
  }

  v1::PairRoundResponse round_;
  uint64_t written_ = 0;
  std::unique_ptr<v1::RulingService::Stub> rulings_;
  std::unique_ptr<v1::TournamentService::Stub> tournaments_;
};

// R9.3, R7.5: the committee changes board 1's result; the first prize moves
// to the other player, and the standings as of before the decision still
// show the old winner.
TEST_F(RulingServiceTest,
       R9_3_ResultChangedMovesTheFirstPrizeR7_5KeepsThePast) {
  const std::string ruling = Result(1, v1::GAME_RESULT_RED_WIN);
  Result(2, v1::GAME_RESULT_DRAW);
  ASSERT_EQ(FirstPrize(), Red(1));
  EXPECT_EQ(MustFile(ruling, Black(1)), 1);
  const uint64_t before = Position();

  v1::DecideAppealRequest request =
      Decision(1, v1::APPEAL_DECISION_UPHELD, v1::REMEDY_KIND_RESULT_CHANGED);
  request.mutable_remedy()->set_result(v1::GAME_RESULT_BLACK_WIN);
  const grpc::Status decided = Decide(request);
  ASSERT_TRUE(decided.ok()) << decided.error_message();

  EXPECT_EQ(FirstPrize(), Black(1));
  EXPECT_EQ(Standings().rows(0).player_id(), Black(1));
  const v1::GetStandingsResponse past = Standings(before);
  EXPECT_EQ(past.as_of_position(), before);
  EXPECT_EQ(past.rows(0).player_id(), Red(1));
}

// R9.3: the member who made the ruling may not decide its appeal; the
// refusal appends nothing.
TEST_F(RulingServiceTest, R9_3_ConflictOfInterestIsRefused) {
  const std::string ruling = Result(1, v1::GAME_RESULT_RED_WIN);
  MustFile(ruling, Black(1));
  const uint64_t before = Position();
  const grpc::Status own = Decide(
      Decision(1, v1::APPEAL_DECISION_DISMISSED, v1::REMEDY_KIND_UNSPECIFIED),
      kArthurOnCommittee);
  EXPECT_EQ(own.error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_THAT(own.error_message(),
              HasSubstr(absl::StrCat("R9.3: arthur made ruling ", ruling)));
  EXPECT_EQ(Position(), before);
  // Another member may.
  EXPECT_TRUE(Decide(Decision(1, v1::APPEAL_DECISION_DISMISSED,
                              v1::REMEDY_KIND_UNSPECIFIED))
                  .ok());
  EXPECT_EQ(Position(), before + 1);
}

// R9.2: on the server's clock, an appeal at exactly the window's end (30
// minutes in the 2016 configuration) is in time, one second later it is
// refused and nothing is appended.
TEST_F(RulingServiceTest, R9_2_WindowEdgesOnTheServerClock) {
  const absl::Time ruled = clock_->Now();
  const std::string ruling = Result(1, v1::GAME_RESULT_RED_WIN);
  ASSERT_TRUE(clock_->Set(ruled + absl::Minutes(30)).ok());
  EXPECT_EQ(MustFile(ruling, Black(1)), 1);
  ASSERT_TRUE(clock_->Set(ruled + absl::Minutes(30) + absl::Seconds(1)).ok());
  const uint64_t before = Position();
  v1::FileAppealResponse late;
  const grpc::Status status = File(ruling, Red(1), &late);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_THAT(status.error_message(), HasSubstr("R9.2"));
  EXPECT_THAT(status.error_message(), HasSubstr("late by 1s"));
  EXPECT_EQ(Position(), before);
}

// R9.3: a replayed game voids the result until the replay's result is
// recorded like any other.
TEST_F(RulingServiceTest, R9_3_GameReplayedThenTheReplayIsRecorded) {
  const std::string ruling = Result(1, v1::GAME_RESULT_RED_WIN);
  MustFile(ruling, Black(1));
  v1::DecideAppealRequest request =
      Decision(1, v1::APPEAL_DECISION_UPHELD, v1::REMEDY_KIND_GAME_REPLAYED);
  *request.mutable_remedy()->mutable_replay_at() =
      google::protobuf::util::TimeUtil::SecondsToTimestamp(
          absl::ToUnixSeconds(clock_->Now() + absl::Hours(2)));
  request.mutable_remedy()->set_replay_place("table 1");
  const grpc::Status decided = Decide(request);
  ASSERT_TRUE(decided.ok()) << decided.error_message();
  EXPECT_EQ(Standings().rows(0).score(), 0) << "no game result counts yet";

  Result(1, v1::GAME_RESULT_BLACK_WIN);
  EXPECT_EQ(Standings().rows(0).player_id(), Black(1));
}

// R9.3, R7.1: a removed foul no longer counts in the fouls tie-break.
TEST_F(RulingServiceTest, R9_3_FoulRemovedNoLongerCounts) {
  Result(1, v1::GAME_RESULT_DRAW);
  Result(2, v1::GAME_RESULT_DRAW);
  const std::string foul = Foul(Black(1));
  auto fouls_of = [&](int64_t player) {
    const v1::GetStandingsResponse standings = Standings();
    for (const v1::StandingRow& row : standings.rows()) {
      if (row.player_id() != player) continue;
      for (const v1::TieBreakScore& score : row.tie_breaks()) {
        if (score.kind() == v1::TIE_BREAK_KIND_FEWER_FOULS) {
          return score.value();
        }
      }
    }
    return int64_t{-1};
  };
  ASSERT_EQ(fouls_of(Black(1)), 1);
  MustFile(foul, Black(1));
  ASSERT_TRUE(Decide(Decision(1, v1::APPEAL_DECISION_UPHELD,
                              v1::REMEDY_KIND_FOUL_REMOVED))
                  .ok());
  EXPECT_EQ(fouls_of(Black(1)), 0);
}

// R9.3: NO_STATE_CHANGE and a dismissal leave the result; the decision is
// final, so a further appeal on the ruling is refused.
TEST_F(RulingServiceTest, R9_3_NoStateChangeAndDismissalAreFinal) {
  const std::string ruling = Result(1, v1::GAME_RESULT_RED_WIN);
  Result(2, v1::GAME_RESULT_DRAW);
  MustFile(ruling, Black(1));
  MustFile(ruling, Red(1));
  ASSERT_TRUE(Decide(Decision(1, v1::APPEAL_DECISION_UPHELD,
                              v1::REMEDY_KIND_NO_STATE_CHANGE))
                  .ok());
  const uint64_t before = Position();
  const grpc::Status twice = Decide(
      Decision(1, v1::APPEAL_DECISION_DISMISSED, v1::REMEDY_KIND_UNSPECIFIED));
  EXPECT_EQ(twice.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_THAT(twice.error_message(), HasSubstr("final"));
  EXPECT_EQ(Position(), before);
  ASSERT_TRUE(Decide(Decision(2, v1::APPEAL_DECISION_DISMISSED,
                              v1::REMEDY_KIND_UNSPECIFIED))
                  .ok());
  EXPECT_EQ(FirstPrize(), Red(1));

  v1::FileAppealResponse again;
  const grpc::Status refused = File(ruling, 0, &again, kChief);
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_THAT(refused.error_message(), HasSubstr("decision is final"));
}

// R9.2, R9.3: who may call what (the access table), and a retried command
// answers its first result.
TEST_F(RulingServiceTest, R9_3_RolesAndRetries) {
  const std::string ruling = Result(1, v1::GAME_RESULT_RED_WIN);
  v1::FileAppealResponse response;
  EXPECT_EQ(File(ruling, Black(1), &response, kCommittee).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(File(ruling, Black(1), &response, "").error_code(),
            grpc::StatusCode::UNAUTHENTICATED);

  v1::FileAppealRequest request;
  request.set_command_id("appeal-once");
  request.set_tournament_id(kTournamentId);
  request.set_ruling_id(ruling);
  request.set_appellant_player_id(Black(1));
  request.set_grounds("clock");
  v1::FileAppealResponse first;
  ASSERT_TRUE(rulings_->FileAppeal(Call(kArbiter).get(), request, &first).ok());
  v1::FileAppealResponse retried;
  ASSERT_TRUE(
      rulings_->FileAppeal(Call(kArbiter).get(), request, &retried).ok());
  EXPECT_TRUE(retried.result().replayed());
  EXPECT_EQ(retried.appeal_number(), first.appeal_number());

  EXPECT_EQ(Decide(Decision(1, v1::APPEAL_DECISION_DISMISSED,
                            v1::REMEDY_KIND_UNSPECIFIED),
                   kArbiter)
                .error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
}

// R7.3: with every round played, the chief arbiter draws lots among players
// who share a rank; players who do not share one are refused naming ranks.
TEST_F(RulingServiceTest, R7_3_TieLotsAmongPlayersWhoShareARank) {
  v1::DrawTieLotsRequest request;
  request.set_command_id("lots");
  request.set_tournament_id(kTournamentId);
  request.set_ranking_id("open-men");
  request.add_player_ids(Black(1));
  request.add_player_ids(Black(2));
  request.set_reason("tied on every tie-break");
  v1::DrawTieLotsResponse response;
  EXPECT_EQ(rulings_->DrawTieLots(Call(kChief).get(), request, &response)
                .error_code(),
            grpc::StatusCode::FAILED_PRECONDITION)
      << "round 1 has no results yet";

  // Two draws: both black players score 1 with one black game each.
  Result(1, v1::GAME_RESULT_DRAW);
  Result(2, v1::GAME_RESULT_DRAW);
  v1::DrawTieLotsRequest apart = request;
  apart.set_command_id("lots-apart");
  apart.set_player_ids(1, Red(1));
  const uint64_t before = Position();
  const grpc::Status refused =
      rulings_->DrawTieLots(Call(kChief).get(), apart, &response);
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_THAT(refused.error_message(), HasSubstr("R7.3"));
  EXPECT_THAT(refused.error_message(),
              HasSubstr(absl::StrCat("player ", Red(1), " rank 3")));
  EXPECT_EQ(Position(), before);

  const grpc::Status drawn =
      rulings_->DrawTieLots(Call(kChief).get(), request, &response);
  ASSERT_TRUE(drawn.ok()) << drawn.error_message();
  Wrote(response.result());
  EXPECT_NE(response.seed(), 0u);
  ASSERT_EQ(response.drawn_order_size(), 2);
  EXPECT_EQ(Position(), before + 1);
}

// R8.3: the chief arbiter records a declined national-final place once.
TEST_F(RulingServiceTest, R8_3_DeclineFinalPlaceOnce) {
  v1::DeclineFinalPlaceRequest request;
  request.set_command_id("decline");
  request.set_tournament_id(kTournamentId);
  request.set_ranking_id("open-men");
  request.set_player_id(Red(1));
  request.set_reason("declined in writing");
  v1::DeclineFinalPlaceResponse response;
  ASSERT_TRUE(
      rulings_->DeclineFinalPlace(Call(kChief).get(), request, &response).ok());
  Wrote(response.result());
  const uint64_t before = Position();
  request.set_command_id("decline-again");
  const grpc::Status again =
      rulings_->DeclineFinalPlace(Call(kChief).get(), request, &response);
  EXPECT_EQ(again.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_THAT(again.error_message(), HasSubstr("R8.3"));
  EXPECT_EQ(Position(), before);
  EXPECT_EQ(
      rulings_->DeclineFinalPlace(Call(kArbiter).get(), request, &response)
          .error_code(),
      grpc::StatusCode::PERMISSION_DENIED);
}

}  // namespace
}  // namespace qiwang::standings
