// ExportService through a real qiwangd: a section played with a bye, a
// forfeit, a double forfeit and a correction, exported as TRF over gRPC,
// read back with our reader and checked against GetStandings and
// ListPairings as of the same position; the audit report's rounds; reads
// of the past; refusals naming the field.
#include <memory>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "qiwang/v1/export_service.grpc.pb.h"
#include "services/trf/trf_reader.h"
#include "tests/standings/standings_server_fixture.h"

namespace qiwang::standings {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

class ExportServiceTest : public StandingsServerTest {
 protected:
  void SetUp() override {
    StandingsServerTest::SetUp();
    export_ = v1::ExportService::NewStub(channel_);
  }

  // Five open men (a bye each round), two rounds: round 1 one game won over
  // the board and one by forfeit, round 2 a draw and a double forfeit; then
  // the chief arbiter corrects round 1 board 1 to a draw. Answers the
  // position after round 1's results.
  uint64_t PlayTwoRounds() {
    EnterOpenMen(5);
    PairRound(1);
    RecordResult(1, 1, v1::GAME_RESULT_RED_WIN);
    const uint64_t round_one =
        RecordResult(1, 2, v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT);
    PairRound(2);
    RecordResult(2, 1, v1::GAME_RESULT_DRAW);
    RecordResult(2, 2, v1::GAME_RESULT_DOUBLE_FORFEIT);
    v1::CorrectResultRequest correct;
    correct.set_command_id("correct-1");
    correct.set_tournament_id(kTournamentId);
    correct.set_section_id("open-men");
    correct.set_round(1);
    correct.set_board(1);
    correct.set_result(v1::GAME_RESULT_DRAW);
    correct.set_reason("both signed a draw, entered as a win");
    v1::CorrectResultResponse corrected;
    const grpc::Status status =
        play_->CorrectResult(Call(kChief).get(), correct, &corrected);
    EXPECT_TRUE(status.ok()) << status.error_message();
    last_position_ = corrected.result().last_position();
    return round_one;
  }

  v1::ExportTrfResponse ExportTrf(uint64_t at_position = 0) {
    v1::ExportTrfRequest request;
    request.set_tournament_id(kTournamentId);
    request.set_section_id("open-men");
    request.mutable_read()->set_min_position(last_position_);
    request.mutable_read()->set_at_position(at_position);
    v1::ExportTrfResponse response;
    const grpc::Status status =
        export_->ExportTrf(Call(kArbiter).get(), request, &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return response;
  }

  std::unique_ptr<v1::ExportService::Stub> export_;
  uint64_t last_position_ = 0;
};

TEST_F(ExportServiceTest, R7_5_TrfReadsBackAsStandingsAndPairingsSay) {
  PlayTwoRounds();
  const v1::ExportTrfResponse trf = ExportTrf();
  EXPECT_EQ(trf.as_of_position(), last_position_);
  absl::StatusOr<exports::TrfDocument> document = exports::ReadTrf(trf.trf());
  ASSERT_TRUE(document.ok()) << document.status() << "\n" << trf.trf();

  v1::GetStandingsRequest standings_request;
  standings_request.set_tournament_id(kTournamentId);
  standings_request.set_ranking_id("open-men");
  standings_request.mutable_read()->set_at_position(trf.as_of_position());
  v1::GetStandingsResponse standings;
  ASSERT_TRUE(
      standings_->GetStandings(Call().get(), standings_request, &standings)
          .ok());
  v1::ListPairingsRequest pairings_request;
  pairings_request.set_tournament_id(kTournamentId);
  pairings_request.set_section_id("open-men");
  pairings_request.mutable_read()->set_at_position(trf.as_of_position());
  v1::ListPairingsResponse pairings;
  ASSERT_TRUE(
      pairing_->ListPairings(Call().get(), pairings_request, &pairings).ok());
  ASSERT_EQ(pairings.rounds_size(), 2);

  absl::flat_hash_map<int64_t, int> start_of;  // player id -> number
  for (const v1::RoundView& round : pairings.rounds()) {
    for (const v1::BoardView& board : round.boards()) {
      start_of[board.red().player_id()] = board.red().pairing_number();
      start_of[board.black().player_id()] = board.black().pairing_number();
    }
    if (round.has_bye()) {
      start_of[round.bye().player_id()] = round.bye().pairing_number();
    }
  }
  absl::flat_hash_map<int, const exports::TrfPlayer*> player_of;
  for (const exports::TrfPlayer& player : document->players) {
    player_of[player.start_number] = &player;
  }
  ASSERT_EQ(document->players.size(), 5u);
  ASSERT_EQ(standings.rows_size(), 5);
  for (const v1::StandingRow& row : standings.rows()) {
    const exports::TrfPlayer* player = player_of[start_of[row.player_id()]];
    ASSERT_NE(player, nullptr) << row.name();
    EXPECT_EQ(player->name, row.name());
    EXPECT_EQ(player->points_tenths, row.score() * 10) << row.name();
    EXPECT_EQ(player->rank, row.rank()) << row.name();
  }
  for (const v1::RoundView& round : pairings.rounds()) {
    const int r = round.round() - 1;
    for (const v1::BoardView& board : round.boards()) {
      const exports::TrfPlayer* red = player_of[board.red().pairing_number()];
      const exports::TrfPlayer* black =
          player_of[board.black().pairing_number()];
      ASSERT_EQ(red->rounds.size(), 2u);
      EXPECT_EQ(red->rounds[r].opponent, board.black().pairing_number());
      EXPECT_EQ(red->rounds[r].colour, 'w');
      EXPECT_EQ(black->rounds[r].opponent, board.red().pairing_number());
      EXPECT_EQ(black->rounds[r].colour, 'b');
    }
    ASSERT_TRUE(round.has_bye());
    const exports::TrfRound& bye =
        player_of[round.bye().pairing_number()]->rounds[r];
    EXPECT_EQ(bye.opponent, 0);
    EXPECT_EQ(bye.result, 'U');
  }
  // The correction stands: round 1 board 1 is a draw for both.
  const v1::BoardView& corrected = pairings.rounds(0).boards(0);
  EXPECT_EQ(player_of[corrected.red().pairing_number()]->rounds[0].result, '=');
  // Round 1 board 2 was won by black by forfeit; round 2 board 2 both lost.
  const v1::BoardView& forfeit = pairings.rounds(0).boards(1);
  EXPECT_EQ(player_of[forfeit.red().pairing_number()]->rounds[0].result, '-');
  EXPECT_EQ(player_of[forfeit.black().pairing_number()]->rounds[0].result, '+');
  const v1::BoardView& both = pairings.rounds(1).boards(1);
  EXPECT_EQ(player_of[both.red().pairing_number()]->rounds[1].result, '-');
  EXPECT_EQ(player_of[both.black().pairing_number()]->rounds[1].result, '-');
}

TEST_F(ExportServiceTest, R7_5_AtPositionExportsThePast) {
  const uint64_t round_one = PlayTwoRounds();
  const v1::ExportTrfResponse trf = ExportTrf(round_one);
  EXPECT_EQ(trf.as_of_position(), round_one);
  absl::StatusOr<exports::TrfDocument> document = exports::ReadTrf(trf.trf());
  ASSERT_TRUE(document.ok()) << document.status();
  for (const exports::TrfPlayer& player : document->players) {
    EXPECT_EQ(player.rounds.size(), 1u) << player.name;
  }
}

TEST_F(ExportServiceTest, R9_4_ReportListsRoundsPublishedInBothFormats) {
  PlayTwoRounds();
  v1::ExportReportRequest request;
  request.set_tournament_id(kTournamentId);
  request.set_section_id("open-men");
  request.set_format(v1::REPORT_FORMAT_CSV);
  request.mutable_read()->set_min_position(last_position_);
  v1::ExportReportResponse csv;
  grpc::Status status =
      export_->ExportReport(Call(kChief).get(), request, &csv);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_EQ(csv.as_of_position(), last_position_);
  EXPECT_TRUE(absl::StartsWith(csv.report(), "kind,position,server_time,"));
  // Both rounds published by the pairing officer "pat".
  EXPECT_THAT(csv.report(), HasSubstr(",pat,pairing_officer,,1,,,,,,\"round 1 "
                                      "published: 2 boards, bye P "));
  EXPECT_THAT(csv.report(), HasSubstr(",pat,pairing_officer,,2,,,,,,\"round 2 "
                                      "published: 2 boards, bye P "));

  request.set_format(v1::REPORT_FORMAT_MARKDOWN);
  v1::ExportReportResponse markdown;
  status = export_->ExportReport(Call(kChief).get(), request, &markdown);
  ASSERT_TRUE(status.ok()) << status.error_message();
  EXPECT_THAT(markdown.report(), HasSubstr("## 时间线 Timeline"));
  EXPECT_THAT(markdown.report(), HasSubstr("第2轮对阵公布：2台，轮空 "));
}

TEST_F(ExportServiceTest, RefusalsNameTheFieldOrTheUnknownId) {
  EnterOpenMen(2);
  v1::ExportTrfRequest request;
  request.set_tournament_id(kTournamentId);
  v1::ExportTrfResponse response;
  grpc::Status status =
      export_->ExportTrf(Call(kArbiter).get(), request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("section_id"));

  request.set_section_id("no-such-section");
  status = export_->ExportTrf(Call(kArbiter).get(), request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_THAT(status.error_message(), HasSubstr("no-such-section"));

  request.set_tournament_id("no-such-tournament");
  request.set_section_id("open-men");
  status = export_->ExportTrf(Call(kArbiter).get(), request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_THAT(status.error_message(), HasSubstr("no-such-tournament"));

  v1::ExportReportRequest report;
  report.set_section_id("open-men");
  v1::ExportReportResponse answered;
  status = export_->ExportReport(Call(kArbiter).get(), report, &answered);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("tournament_id"));

  report.set_tournament_id(kTournamentId);
  report.set_format(static_cast<v1::ReportFormat>(7));
  status = export_->ExportReport(Call(kArbiter).get(), report, &answered);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("format"));
}

// TRF-2026 on request (issue 17): the standard tags and Latin names, read
// back by our reader with the same players and results as the TRF-16 of the
// same position; an unknown format is refused naming the field.
TEST_F(ExportServiceTest, Trf2026OnRequestAndUnknownFormatsRefused) {
  PlayTwoRounds();
  v1::ExportTrfRequest request;
  request.set_tournament_id(kTournamentId);
  request.set_section_id("open-men");
  request.mutable_read()->set_at_position(last_position_);
  v1::ExportTrfResponse trf16;
  ASSERT_TRUE(export_->ExportTrf(Call(kArbiter).get(), request, &trf16).ok());
  request.set_format(v1::TRF_FORMAT_TRF2026);
  v1::ExportTrfResponse trf2026;
  ASSERT_TRUE(export_->ExportTrf(Call(kArbiter).get(), request, &trf2026).ok());
  EXPECT_THAT(trf2026.trf(), HasSubstr("\n162  W 2.0    D 1.0    L 0.0"));
  EXPECT_THAT(trf2026.trf(), HasSubstr("\n142 "));
  EXPECT_THAT(trf2026.trf(), Not(HasSubstr("\nXXS ")));
  absl::StatusOr<exports::TrfDocument> old_form = exports::ReadTrf(trf16.trf());
  absl::StatusOr<exports::TrfDocument> new_form =
      exports::ReadTrf(trf2026.trf());
  ASSERT_TRUE(old_form.ok()) << old_form.status();
  ASSERT_TRUE(new_form.ok()) << new_form.status() << "\n" << trf2026.trf();
  EXPECT_EQ(new_form->version, exports::TrfVersion::kTrf2026);
  ASSERT_EQ(new_form->players.size(), old_form->players.size());
  for (size_t i = 0; i < new_form->players.size(); ++i) {
    const exports::TrfPlayer& player = new_form->players[i];
    EXPECT_EQ(player.rounds, old_form->players[i].rounds);
    EXPECT_EQ(player.points_tenths, old_form->players[i].points_tenths);
    // The registered name, whatever its script, is on the page.
    const std::string& registered = old_form->players[i].name;
    EXPECT_TRUE(player.name == registered || player.local_name == registered)
        << player.name << " / " << player.local_name;
    for (char c : player.name) EXPECT_TRUE(c >= 0x20 && c <= 0x7e);
  }

  request.set_format(static_cast<v1::TrfFormat>(7));
  v1::ExportTrfResponse refused;
  const grpc::Status status =
      export_->ExportTrf(Call(kArbiter).get(), request, &refused);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(status.error_message(), HasSubstr("format: unknown TRF format"));
  EXPECT_TRUE(refused.trf().empty());
}

// Exports are for officials (access table): no token, or an official
// acting as the public, is refused.
TEST_F(ExportServiceTest, OnlyOfficialsExport) {
  EnterOpenMen(2);
  v1::ExportTrfRequest request;
  request.set_tournament_id(kTournamentId);
  request.set_section_id("open-men");
  v1::ExportTrfResponse response;
  grpc::Status status = export_->ExportTrf(Call().get(), request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_THAT(status.error_message(), HasSubstr("ExportTrf"));
  EXPECT_TRUE(response.trf().empty());

  std::unique_ptr<grpc::ClientContext> as_public = Call(kArbiter);
  as_public->AddMetadata("x-qiwang-role", "public");
  status = export_->ExportTrf(as_public.get(), request, &response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_TRUE(response.trf().empty());
}

}  // namespace
}  // namespace qiwang::standings
