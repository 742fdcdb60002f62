// AuditService through a real qiwangd on 127.0.0.1:0 with RocksDB in a temp
// folder: four open men play two rounds, and the chief arbiter corrects the
// round 2 game between the two leaders, which changes the winner. WhatIf
// without that correction equals the log folded again by the test itself;
// histories by ruling, player and board; an appeal against the correction
// upheld by the committee, as GetAppeal, ListAppeals and WhatIf show it;
// VerifyLog digests of a log and its backup. Role refusals are the role matrix's (tests/server).
#include <grpcpp/grpcpp.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "qiwang/v1/audit_service.grpc.pb.h"
#include "qiwang/v1/event_log_service.grpc.pb.h"
#include "qiwang/v1/ruling_service.grpc.pb.h"
#include "services/rules/tournament/tournament_state.h"
#include "services/views/standings_view.h"
#include "store/event_log.h"
#include "tests/pairing/pairing_server_fixture.h"

namespace qiwang::audit {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using standings::kArbiter;
using standings::kChief;
using standings::kOrganiser;
using standings::kTournamentId;

constexpr int64_t kFen = 100;  // per yuan
constexpr char kCommittee[] = "t-committee";

class AuditServiceTest : public pairing::PairingServerTest {
 protected:
  void SetUp() override {
    PairingServerTest::SetUp();
    if (HasFatalFailure()) return;
    Connect();
    EnterOpenMen(4);
    // Round 1: both reds win; round 2 pairs the two winners on board 1.
    const v1::PairRoundResponse round1 = PairRound(1);
    ASSERT_EQ(round1.rounds_size(), 1);
    ASSERT_EQ(round1.rounds(0).boards_size(), 2);
    RecordResult(1, 1, v1::GAME_RESULT_RED_WIN);
    RecordResult(1, 2, v1::GAME_RESULT_RED_WIN);
    const v1::PairRoundResponse round2 = PairRound(2);
    ASSERT_EQ(round2.rounds_size(), 1);
    const v1::BoardView& top = round2.rounds(0).boards(0);
    red_ = top.red().player_id();
    black_ = top.black().player_id();
    ASSERT_EQ(top.red().score_before(), 2);
    ASSERT_EQ(top.black().score_before(), 2);
    result_position_ = RecordResult(2, 1, v1::GAME_RESULT_RED_WIN);
    RecordResult(2, 2, v1::GAME_RESULT_DRAW);

    v1::CorrectResultRequest correct;
    correct.set_command_id("correct-2-1");
    correct.set_tournament_id(kTournamentId);
    correct.set_section_id("open-men");
    correct.set_round(2);
    correct.set_board(1);
    correct.set_result(v1::GAME_RESULT_BLACK_WIN);
    correct.set_reason("the score sheet signed by both says 0-1");
    v1::CorrectResultResponse corrected;
    const grpc::Status status =
        play_->CorrectResult(Call(kChief).get(), correct, &corrected);
    ASSERT_TRUE(status.ok()) << status.error_message();
    correction_position_ = corrected.result().last_position();
  }

  void Connect() {
    audit_ = v1::AuditService::NewStub(channel_);
    log_ = v1::EventLogService::NewStub(channel_);
    rulings_ = v1::RulingService::NewStub(channel_);
  }

  // Stops the server and serves the log in `data_dir` instead, with an
  // arbitration committee member ("cai") among the tokens.
  void Restart(const std::string& data_dir) {
    server_->Shutdown(absl::Seconds(5));
    server_.reset();
    server::ServerOptions options;
    options.data_dir = data_dir;
    options.tokens = standings::RoleTokens();
    options.tokens.push_back(
        {kCommittee, "cai", {rules::Role::kArbitrationCommittee}});
    options.clock = clock_;
    absl::StatusOr<std::unique_ptr<server::Server>> server =
        server::Server::Start(options);
    ASSERT_TRUE(server.ok()) << server.status();
    server_ = *std::move(server);
    channel_ = grpc::CreateChannel(server_->address(),
                                   grpc::InsecureChannelCredentials());
    Connect();
  }

  std::string EventIdAt(uint64_t position) {
    for (const v1::Event& event : StreamEvents()) {
      if (event.position() == position) return event.event_id();
    }
    ADD_FAILURE() << "no event at " << position;
    return "";
  }

  v1::WhatIfResponse WhatIf(const v1::WhatIfRequest& request) {
    v1::WhatIfResponse response;
    const grpc::Status status =
        audit_->WhatIf(Call(kArbiter).get(), request, &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return response;
  }

  std::vector<uint64_t> HistoryPositions(v1::RulingHistoryRequest request) {
    request.set_tournament_id(kTournamentId);
    v1::RulingHistoryResponse response;
    const grpc::Status status =
        audit_->RulingHistory(Call(kArbiter).get(), request, &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
    std::vector<uint64_t> positions;
    for (const v1::HistoryEntry& entry : response.entries()) {
      positions.push_back(entry.event().position());
    }
    return positions;
  }

  v1::VerifyLogResponse Verify() {
    v1::VerifyLogResponse response;
    const grpc::Status status = audit_->VerifyLog(
        Call(kOrganiser).get(), v1::VerifyLogRequest(), &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return response;
  }

  static const v1::PlayerDiff* Player(const v1::RankingDiff& ranking,
                                      int64_t player_id) {
    for (const v1::PlayerDiff& player : ranking.players()) {
      if (player.player_id() == player_id) return &player;
    }
    return nullptr;
  }

  std::unique_ptr<v1::AuditService::Stub> audit_;
  std::unique_ptr<v1::EventLogService::Stub> log_;
  std::unique_ptr<v1::RulingService::Stub> rulings_;
  int64_t red_ = 0;    // round 2 board 1, won as recorded
  int64_t black_ = 0;  // and won once corrected
  uint64_t result_position_ = 0;
  uint64_t correction_position_ = 0;
};

TEST_F(AuditServiceTest, R9_4_WhatIfWithoutARulingEqualsTheLogFoldedWithoutIt) {
  const std::string correction_id = EventIdAt(correction_position_);
  v1::WhatIfRequest request;
  request.set_tournament_id(kTournamentId);
  request.set_ruling_id(correction_id);
  request.mutable_read()->set_min_position(correction_position_);
  const v1::WhatIfResponse what_if = WhatIf(request);
  EXPECT_GE(what_if.as_of_position(), correction_position_);
  EXPECT_THAT(what_if.skipped_event_ids(), ElementsAre());
  ASSERT_EQ(what_if.rankings_size(), 1);
  const v1::RankingDiff& diff = what_if.rankings(0);
  EXPECT_EQ(diff.ranking_id(), "open-men");

  // The same world, folded here: the stream without the correction, each
  // later event renumbered.
  rules::tournament::TournamentState without;
  for (v1::Event event : StreamEvents()) {
    if (event.event_id() == correction_id) continue;
    event.set_stream_version(without.version() + 1);
    ASSERT_TRUE(without.Apply(event).ok()) << event.DebugString();
  }
  absl::StatusOr<v1::GetStandingsResponse> expected =
      views::StandingsView(without, "open-men", 0);
  ASSERT_TRUE(expected.ok()) << expected.status();
  ASSERT_EQ(diff.players_size(), expected->rows_size());
  for (const v1::StandingRow& row : expected->rows()) {
    const v1::PlayerDiff* player = Player(diff, row.player_id());
    ASSERT_NE(player, nullptr) << row.player_id();
    EXPECT_EQ(player->before().rank(), row.rank()) << row.player_id();
    EXPECT_EQ(player->before().score(), row.score()) << row.player_id();
  }
  // And the world with it is what GetStandings answers.
  v1::GetStandingsRequest now;
  now.set_tournament_id(kTournamentId);
  now.set_ranking_id("open-men");
  now.mutable_read()->set_at_position(what_if.as_of_position());
  v1::GetStandingsResponse standings;
  ASSERT_TRUE(
      standings_->GetStandings(Call().get(), now, &standings).ok());
  for (const v1::StandingRow& row : standings.rows()) {
    const v1::PlayerDiff* player = Player(diff, row.player_id());
    ASSERT_NE(player, nullptr) << row.player_id();
    EXPECT_EQ(player->after().rank(), row.rank()) << row.player_id();
    EXPECT_EQ(player->after().score(), row.score()) << row.player_id();
  }
}

TEST_F(AuditServiceTest, R9_4_WithoutTheCorrectionTheWinnerAndTheMoneyFlip) {
  v1::WhatIfRequest request;
  request.set_tournament_id(kTournamentId);
  request.set_ruling_id(EventIdAt(correction_position_));
  request.mutable_read()->set_min_position(correction_position_);
  const v1::WhatIfResponse what_if = WhatIf(request);
  ASSERT_EQ(what_if.rankings_size(), 1);
  EXPECT_THAT(what_if.description(), HasSubstr("without ruling"));
  const v1::PlayerDiff* red = Player(what_if.rankings(0), red_);
  const v1::PlayerDiff* black = Player(what_if.rankings(0), black_);
  ASSERT_NE(red, nullptr);
  ASSERT_NE(black, nullptr);
  // Without the correction red won round 2: 4 points and first place, the
  // 10,000 yuan of the open men's first prize; black second with 5,000.
  EXPECT_EQ(red->before().rank(), 1);
  EXPECT_EQ(red->before().score(), 4);
  EXPECT_EQ(red->prize_fen_before(), 10000 * kFen);
  EXPECT_EQ(black->before().rank(), 2);
  EXPECT_EQ(black->prize_fen_before(), 5000 * kFen);
  // With it, the other way round.
  EXPECT_EQ(black->after().rank(), 1);
  EXPECT_EQ(black->after().score(), 4);
  EXPECT_EQ(black->prize_fen_after(), 10000 * kFen);
  EXPECT_EQ(red->after().rank(), 2);
  EXPECT_EQ(red->prize_fen_after(), 5000 * kFen);
  EXPECT_TRUE(red->changed());
  EXPECT_TRUE(black->changed());
  // The players' names come with them.
  EXPECT_THAT(red->name(), HasSubstr("P "));
}

TEST_F(AuditServiceTest, R9_4_HistoriesByRulingPlayerAndBoard) {
  v1::RulingHistoryRequest by_ruling;
  by_ruling.set_ruling_id(EventIdAt(result_position_));
  by_ruling.mutable_read()->set_min_position(correction_position_);
  EXPECT_THAT(HistoryPositions(by_ruling),
              ElementsAre(result_position_, correction_position_));

  v1::RulingHistoryRequest by_board;
  by_board.mutable_board()->set_section_id("open-men");
  by_board.mutable_board()->set_round(2);
  by_board.mutable_board()->set_board(1);
  by_board.mutable_read()->set_min_position(correction_position_);
  EXPECT_THAT(HistoryPositions(by_board),
              ElementsAre(result_position_, correction_position_));
  // As of the result, the correction had not happened.
  by_board.mutable_read()->set_at_position(result_position_);
  EXPECT_THAT(HistoryPositions(by_board), ElementsAre(result_position_));

  // The red player: the lots, their round 1 game, round 2 board 1 and its
  // correction, oldest first.
  v1::RulingHistoryRequest by_player;
  by_player.set_player_id(red_);
  by_player.mutable_read()->set_min_position(correction_position_);
  const std::vector<uint64_t> positions = HistoryPositions(by_player);
  ASSERT_EQ(positions.size(), 4u);
  EXPECT_TRUE(std::is_sorted(positions.begin(), positions.end()));
  EXPECT_EQ(positions[2], result_position_);
  EXPECT_EQ(positions[3], correction_position_);

  v1::ListRulingsRequest corrections;
  corrections.set_tournament_id(kTournamentId);
  corrections.set_kind(v1::RULING_KIND_CORRECTION);
  v1::ListRulingsResponse listed;
  ASSERT_TRUE(
      audit_->ListRulings(Call(kArbiter).get(), corrections, &listed).ok());
  ASSERT_EQ(listed.rulings_size(), 1);
  EXPECT_EQ(listed.rulings(0).actor().user(), "chen");
  EXPECT_EQ(listed.rulings(0).reason(),
            "the score sheet signed by both says 0-1");
  EXPECT_TRUE(listed.rulings(0).standing());
}

TEST_F(AuditServiceTest, R9_4_AnUpheldAppealAsTheAuditorsSeeIt) {
  Restart(temp_dir_ + "/log");
  const std::string correction_id = EventIdAt(correction_position_);
  // Red appeals the correction at once (R9.2); the committee restores 1-0.
  v1::FileAppealRequest file;
  file.set_command_id("appeal-1");
  file.set_tournament_id(kTournamentId);
  file.set_ruling_id(correction_id);
  file.set_appellant_player_id(red_);
  file.set_grounds("black resigned before the sheet was signed");
  v1::FileAppealResponse filed;
  grpc::Status status =
      rulings_->FileAppeal(Call(kArbiter).get(), file, &filed);
  ASSERT_TRUE(status.ok()) << status.error_message();
  ASSERT_EQ(filed.appeal_number(), 1);
  v1::DecideAppealRequest decide;
  decide.set_command_id("decide-1");
  decide.set_tournament_id(kTournamentId);
  decide.set_appeal_number(1);
  decide.set_decision(v1::APPEAL_DECISION_UPHELD);
  decide.mutable_remedy()->set_kind(v1::REMEDY_KIND_RESULT_CHANGED);
  decide.mutable_remedy()->set_result(v1::GAME_RESULT_RED_WIN);
  decide.mutable_votes()->set_uphold(3);
  decide.set_reasoning("black resigned; the sheet was signed in error");
  v1::DecideAppealResponse decided;
  status = rulings_->DecideAppeal(Call(kCommittee).get(), decide, &decided);
  ASSERT_TRUE(status.ok()) << status.error_message();
  const uint64_t decided_position = decided.result().last_position();

  v1::GetAppealRequest get;
  get.set_tournament_id(kTournamentId);
  get.set_appeal_number(1);
  get.mutable_read()->set_min_position(decided_position);
  v1::GetAppealResponse appeal;
  status = audit_->GetAppeal(Call(kChief).get(), get, &appeal);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_EQ(appeal.appeal().status(), v1::APPEAL_STATUS_UPHELD);
  EXPECT_EQ(appeal.appeal().decided_by().user(), "cai");
  EXPECT_EQ(appeal.appeal().reasoning(),
            "black resigned; the sheet was signed in error");
  EXPECT_EQ(appeal.appeal().ruling().ruling_id(), correction_id);
  EXPECT_FALSE(appeal.appeal().ruling().standing());
  std::vector<uint64_t> history;
  for (const v1::HistoryEntry& entry : appeal.ruling_history()) {
    history.push_back(entry.event().position());
  }
  EXPECT_THAT(history, ElementsAre(correction_position_,
                                   filed.result().last_position(),
                                   decided_position));

  v1::ListAppealsRequest pending;
  pending.set_tournament_id(kTournamentId);
  pending.set_status(v1::APPEAL_STATUS_PENDING);
  pending.mutable_read()->set_min_position(decided_position);
  v1::ListAppealsResponse listed;
  ASSERT_TRUE(audit_->ListAppeals(Call(kChief).get(), pending, &listed).ok());
  EXPECT_EQ(listed.appeals_size(), 0);

  // Upheld versus dismissed: the first prize goes back to red.
  v1::WhatIfRequest what_if;
  what_if.set_tournament_id(kTournamentId);
  what_if.mutable_appeal()->set_appeal_number(1);
  what_if.mutable_read()->set_min_position(decided_position);
  const v1::WhatIfResponse compared = WhatIf(what_if);
  ASSERT_EQ(compared.rankings_size(), 1);
  const v1::PlayerDiff* red = Player(compared.rankings(0), red_);
  ASSERT_NE(red, nullptr);
  EXPECT_EQ(red->before().rank(), 2);
  EXPECT_EQ(red->prize_fen_before(), 5000 * kFen);
  EXPECT_EQ(red->after().rank(), 1);
  EXPECT_EQ(red->prize_fen_after(), 10000 * kFen);

  v1::RulingHistoryRequest by_board;
  by_board.mutable_board()->set_section_id("open-men");
  by_board.mutable_board()->set_round(2);
  by_board.mutable_board()->set_board(1);
  EXPECT_THAT(HistoryPositions(by_board),
              ElementsAre(result_position_, correction_position_,
                          filed.result().last_position(), decided_position));
}

TEST_F(AuditServiceTest, R9_4_BadRequestsAreRefusedNamingTheField) {
  v1::RulingHistoryRequest no_subject;
  no_subject.set_tournament_id(kTournamentId);
  v1::RulingHistoryResponse history;
  grpc::Status status =
      audit_->RulingHistory(Call(kArbiter).get(), no_subject, &history);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("subject"));

  v1::RulingHistoryRequest unknown_tournament;
  unknown_tournament.set_tournament_id("no-such-event");
  unknown_tournament.set_player_id(1);
  status =
      audit_->RulingHistory(Call(kArbiter).get(), unknown_tournament, &history);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_THAT(status.error_message(), HasSubstr("no-such-event"));

  v1::WhatIfRequest unknown_ruling;
  unknown_ruling.set_tournament_id(kTournamentId);
  unknown_ruling.set_ruling_id("feedface");
  v1::WhatIfResponse what_if;
  status = audit_->WhatIf(Call(kArbiter).get(), unknown_ruling, &what_if);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_THAT(status.error_message(), HasSubstr("feedface"));

  v1::GetAppealRequest no_appeal;
  no_appeal.set_tournament_id(kTournamentId);
  no_appeal.set_appeal_number(1);
  v1::GetAppealResponse appeal;
  status = audit_->GetAppeal(Call(kArbiter).get(), no_appeal, &appeal);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_THAT(status.error_message(), HasSubstr("appeal 1"));
}

TEST_F(AuditServiceTest, R9_5_ALogAndItsBackupHaveOneDigestUntilOneMoreEvent) {
  const v1::VerifyLogResponse live = Verify();
  EXPECT_TRUE(live.ok());
  EXPECT_EQ(live.last_position(), correction_position_);
  EXPECT_EQ(live.events_checked(), correction_position_);

  // Stop the server, back the log up, and serve the backup.
  server_->Shutdown(absl::Seconds(5));
  {
    absl::StatusOr<std::unique_ptr<store::EventLog>> log =
        store::EventLog::Open(temp_dir_ + "/log");
    ASSERT_TRUE(log.ok()) << log.status();
    ASSERT_TRUE((*log)->Backup(temp_dir_ + "/backup").ok());
  }
  Restart(temp_dir_ + "/backup");
  const v1::VerifyLogResponse copy = Verify();
  EXPECT_TRUE(copy.ok());
  EXPECT_EQ(copy.digest_sha256(), live.digest_sha256());

  v1::AppendRequest note;
  note.set_stream("notes/audit");
  note.mutable_expected_version()->set_kind(v1::ExpectedVersion::KIND_ANY);
  note.set_command_id("note-1");
  note.add_events()->mutable_log_note()->set_text("digest taken");
  v1::AppendResponse appended;
  const grpc::Status status =
      log_->Append(Call(kOrganiser).get(), note, &appended);
  ASSERT_TRUE(status.ok()) << status.error_message();
  const v1::VerifyLogResponse grown = Verify();
  EXPECT_TRUE(grown.ok());
  EXPECT_EQ(grown.events_checked(), live.events_checked() + 1);
  EXPECT_NE(grown.digest_sha256(), live.digest_sha256());
}

}  // namespace
}  // namespace qiwang::audit
