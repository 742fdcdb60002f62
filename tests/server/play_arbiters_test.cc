// Many arbiters entering one round at once through a real qiwangd (R5.3):
// every board ends with exactly one result, an equal second entry answers
// whose entry stands, a conflicting one is refused naming it, and nothing is
// lost or doubled in the log. Also who may call each PlayService RPC (R1.2).
#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>

#include <map>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "qiwang/v1/event_log_service.grpc.pb.h"
#include "tests/standings/standings_server_fixture.h"

namespace qiwang::standings {
namespace {

using ::testing::HasSubstr;

// One station qualifies 12 (R3.1), the most the shared fixture enters.
constexpr int kPlayers = 12;
constexpr int kArbiters = 8;

// The result each board really had.
v1::GameResult TrueResult(int board) {
  static constexpr v1::GameResult kResults[] = {
      v1::GAME_RESULT_RED_WIN, v1::GAME_RESULT_BLACK_WIN, v1::GAME_RESULT_DRAW};
  return kResults[board % 3];
}

v1::GameResult OtherResult(v1::GameResult result) {
  return result == v1::GAME_RESULT_DRAW ? v1::GAME_RESULT_RED_WIN
                                        : v1::GAME_RESULT_DRAW;
}

struct Entry {
  int arbiter = 0;
  int board = 0;
  v1::GameResult result = v1::GAME_RESULT_UNSPECIFIED;
  grpc::Status status;
  v1::RecordResultResponse response;
};

class PlayArbitersTest : public StandingsServerTest {
 protected:
  v1::RecordResultRequest ResultRequest(const std::string& command_id,
                                        int board, v1::GameResult result) {
    v1::RecordResultRequest request;
    request.set_command_id(command_id);
    request.set_tournament_id(kTournamentId);
    request.set_section_id("open-men");
    request.set_round(1);
    request.set_board(board);
    request.set_result(result);
    return request;
  }

  // The ResultRecorded events of the log, by board.
  std::multimap<int, v1::Event> RecordedResults() {
    auto log = v1::EventLogService::NewStub(grpc::CreateChannel(
        server_->address(), grpc::InsecureChannelCredentials()));
    v1::ReadRequest read;
    read.set_stream(kTournamentId);
    read.set_limit(10000);
    std::unique_ptr<grpc::ClientContext> call = Call(kChief);
    auto reader = log->Read(call.get(), read);
    std::multimap<int, v1::Event> results;
    v1::ReadResponse response;
    while (reader->Read(&response)) {
      if (response.event().has_result_recorded()) {
        results.emplace(response.event().result_recorded().board(),
                        response.event());
      }
    }
    const grpc::Status status = reader->Finish();
    EXPECT_TRUE(status.ok()) << status.error_message();
    return results;
  }

  uint64_t LastPosition() {
    v1::GetTournamentRequest request;
    request.set_tournament_id(kTournamentId);
    v1::GetTournamentResponse response;
    auto tournaments = v1::TournamentService::NewStub(grpc::CreateChannel(
        server_->address(), grpc::InsecureChannelCredentials()));
    EXPECT_TRUE(
        tournaments->GetTournament(Call().get(), request, &response).ok());
    return response.as_of_position();
  }
};

// 8 arbiters (two users), each on its own channel, enter the whole round at
// once, three entries a board: whichever lands first stands, equal ones
// answer it, different ones are refused naming it.
TEST_F(PlayArbitersTest, EightArbitersEnterOneRoundAtOnce) {
  EnterOpenMen(kPlayers);
  const v1::PairRoundResponse paired = PairRound(1);
  ASSERT_EQ(paired.rounds_size(), 1);
  const int boards = paired.rounds(0).boards_size();
  ASSERT_GE(boards, 6);
  // Three arbiters enter each board; the third disagrees on even boards.
  std::vector<std::vector<Entry>> entries(kArbiters);
  for (int board = 1; board <= boards; ++board) {
    for (int k = 0; k < 3; ++k) {
      const int arbiter = (board + k) % kArbiters;
      const v1::GameResult result = k == 2 && board % 2 == 0
                                        ? OtherResult(TrueResult(board))
                                        : TrueResult(board);
      entries[arbiter].push_back({.arbiter = arbiter,
                                  .board = board,
                                  .result = result,
                                  .status = {},
                                  .response = {}});
    }
  }
  std::vector<std::thread> arbiters;
  for (int a = 0; a < kArbiters; ++a) {
    arbiters.emplace_back([this, a, &entries] {
      auto play = v1::PlayService::NewStub(grpc::CreateChannel(
          server_->address(), grpc::InsecureChannelCredentials()));
      for (Entry& entry : entries[a]) {
        const std::string token = a % 2 == 0 ? kArbiter : kChief;
        entry.status = play->RecordResult(
            Call(token).get(),
            ResultRequest(absl::StrCat("arbiter-", a, "-board-", entry.board),
                          entry.board, entry.result),
            &entry.response);
      }
    });
  }
  for (std::thread& arbiter : arbiters) arbiter.join();

  const std::multimap<int, v1::Event> recorded = RecordedResults();
  ASSERT_EQ(recorded.size(), static_cast<size_t>(boards));
  std::map<int, int> originals;
  for (int board = 1; board <= boards; ++board) {
    ASSERT_EQ(recorded.count(board), 1u) << "board " << board;
    const v1::Event& stored = recorded.find(board)->second;
    const v1::GameResult standing = stored.result_recorded().result();
    for (const std::vector<Entry>& mine : entries) {
      for (const Entry& entry : mine) {
        if (entry.board != board) continue;
        if (entry.result != standing) {
          // A conflict: refused, naming the result that stands and where.
          EXPECT_EQ(entry.status.error_code(),
                    grpc::StatusCode::FAILED_PRECONDITION);
          EXPECT_THAT(entry.status.error_message(),
                      HasSubstr(absl::StrCat("R5.3: board ", board)));
          EXPECT_THAT(
              entry.status.error_message(),
              HasSubstr(absl::StrCat("log position ", stored.position())));
          continue;
        }
        ASSERT_TRUE(entry.status.ok()) << entry.status.error_message();
        const v1::RecordedBy& by = entry.response.recorded_by();
        EXPECT_EQ(by.position(), stored.position());
        EXPECT_EQ(by.user(), stored.actor().user());
        EXPECT_EQ(by.role(), stored.actor().role());
        EXPECT_EQ(by.server_time().seconds(), stored.server_time().seconds());
        if (!entry.response.result().replayed()) {
          ++originals[board];
          EXPECT_EQ(entry.response.result().first_position(),
                    stored.position());
        }
      }
    }
    EXPECT_EQ(originals[board], 1) << "board " << board;
  }
}

// A retry of an entry after another arbiter's equal entry answers the
// original again, and the second arbiter is told whose entry stands.
TEST_F(PlayArbitersTest, EqualSecondEntryAnswersWhoseEntryStands) {
  EnterOpenMen(4);
  PairRound(1);
  const v1::RecordResultRequest first =
      ResultRequest("first", 1, v1::GAME_RESULT_DRAW);
  v1::RecordResultResponse original;
  ASSERT_TRUE(play_->RecordResult(Call(kArbiter).get(), first, &original).ok());
  EXPECT_FALSE(original.result().replayed());
  EXPECT_EQ(original.recorded_by().user(), "arthur");

  v1::RecordResultResponse second;
  ASSERT_TRUE(play_
                  ->RecordResult(
                      Call(kChief).get(),
                      ResultRequest("second", 1, v1::GAME_RESULT_DRAW), &second)
                  .ok());
  EXPECT_TRUE(second.result().replayed());
  EXPECT_EQ(second.recorded_by().user(), "arthur");
  EXPECT_EQ(second.recorded_by().role(), "arbiter");
  EXPECT_EQ(second.recorded_by().position(), original.recorded_by().position());

  v1::RecordResultResponse retry;
  ASSERT_TRUE(play_->RecordResult(Call(kArbiter).get(), first, &retry).ok());
  EXPECT_TRUE(retry.result().replayed());
  EXPECT_EQ(retry.result().first_position(),
            original.result().first_position());
  EXPECT_EQ(retry.recorded_by().position(), original.recorded_by().position());
}

TEST_F(PlayArbitersTest, ChiefArbiterCorrectsAndArbitersRecordFouls) {
  EnterOpenMen(4);
  const v1::PairRoundResponse paired = PairRound(1);
  RecordResult(1, 1, v1::GAME_RESULT_RED_WIN);

  v1::CorrectResultRequest correct;
  correct.set_command_id("correct");
  correct.set_tournament_id(kTournamentId);
  correct.set_section_id("open-men");
  correct.set_round(1);
  correct.set_board(1);
  correct.set_result(v1::GAME_RESULT_BLACK_WIN);
  v1::CorrectResultResponse corrected;
  grpc::Status status =
      play_->CorrectResult(Call(kChief).get(), correct, &corrected);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("reason"));
  correct.set_reason("score sheet misread");
  status = play_->CorrectResult(Call(kChief).get(), correct, &corrected);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_GT(corrected.result().first_position(), 0u);

  v1::RecordFoulRequest foul;
  foul.set_command_id("foul");
  foul.set_tournament_id(kTournamentId);
  foul.set_player_id(paired.rounds(0).boards(0).red().player_id());
  foul.set_round(2);
  foul.set_kind(v1::FOUL_KIND_CONDUCT);
  foul.set_note("phone rang");
  v1::RecordFoulResponse recorded;
  status = play_->RecordFoul(Call(kArbiter).get(), foul, &recorded);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
  EXPECT_THAT(status.error_message(), HasSubstr("R5.5"));
  foul.set_round(1);
  status = play_->RecordFoul(Call(kArbiter).get(), foul, &recorded);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_GT(recorded.result().first_position(), 0u);
}

// R1.2: each PlayService RPC refuses the roles it does not admit, and a call
// without a token, and appends nothing.
TEST_F(PlayArbitersTest, RolesThatMayNotCallAreRefused) {
  EnterOpenMen(4);
  PairRound(1);
  const uint64_t before = LastPosition();
  const v1::RecordResultRequest result =
      ResultRequest("r", 1, v1::GAME_RESULT_DRAW);
  v1::CorrectResultRequest correct;
  correct.set_command_id("c");
  correct.set_tournament_id(kTournamentId);
  correct.set_section_id("open-men");
  correct.set_round(1);
  correct.set_board(1);
  correct.set_result(v1::GAME_RESULT_DRAW);
  correct.set_reason("r");
  v1::RecordFoulRequest foul;
  foul.set_command_id("f");
  foul.set_tournament_id(kTournamentId);
  foul.set_player_id(1);
  foul.set_round(1);
  foul.set_kind(v1::FOUL_KIND_OTHER);
  foul.set_note("n");
  for (const std::string& token :
       std::vector<std::string>{kOrganiser, kRegistrar, kPairingOfficer, ""}) {
    v1::RecordResultResponse result_response;
    v1::CorrectResultResponse correct_response;
    v1::RecordFoulResponse foul_response;
    const grpc::StatusCode refused = token.empty()
                                         ? grpc::StatusCode::UNAUTHENTICATED
                                         : grpc::StatusCode::PERMISSION_DENIED;
    grpc::Status status =
        play_->RecordResult(Call(token).get(), result, &result_response);
    EXPECT_EQ(status.error_code(), refused) << token;
    status =
        play_->CorrectResult(Call(token).get(), correct, &correct_response);
    EXPECT_EQ(status.error_code(), refused) << token;
    status = play_->RecordFoul(Call(token).get(), foul, &foul_response);
    EXPECT_EQ(status.error_code(), refused) << token;
    if (!token.empty()) {
      EXPECT_THAT(status.error_message(), HasSubstr("R1.2"));
    }
  }
  v1::CorrectResultResponse correct_response;
  const grpc::Status arbiter_corrects =
      play_->CorrectResult(Call(kArbiter).get(), correct, &correct_response);
  EXPECT_EQ(arbiter_corrects.error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_THAT(arbiter_corrects.error_message(), HasSubstr("R1.2"));
  EXPECT_EQ(LastPosition(), before);
}

}  // namespace
}  // namespace qiwang::standings
