// The acceptance walk of rulings, appeals and audit (R9), entirely through
// the qiwang binary against a real qiwangd on a manual clock: a small event
// played to the end by `qiwang demo`, then a disputed game: `ruling list`
// finds the result ruling, `appeal file` within the window, `whatif` shows
// the winner changing, a late appeal and a decision by the member who made
// the ruling refused, the committee's decision, then prizes, standings as
// of before the decision, the ruling's history, the appeal, the log's
// verification and the exports. Every answer is read from --json.
#include <algorithm>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/time/time.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "qiwang/v1/audit_service.pb.h"
#include "qiwang/v1/event.pb.h"
#include "qiwang/v1/export_service.pb.h"
#include "qiwang/v1/pairing_service.pb.h"
#include "qiwang/v1/ruling_service.pb.h"
#include "qiwang/v1/standings_service.pb.h"
#include "tests/e2e/e2e_fixture.h"

namespace qiwang::e2e {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr char kCliRulingClock[] = "manual:2016-09-01T10:00:00+08:00";
constexpr char kCommitteeToken[] = "e2e-committee-token";

// The users of the token file below and their tokens. The arbiters and the
// chief arbiter also sit on the arbitration committee, so whoever made a
// ruling can try to decide its appeal (R9.3).
const std::map<std::string, std::string>& TokenOfUser() {
  static const auto* tokens =
      new std::map<std::string, std::string>{{"arthur", kArbiterToken},
                                             {"ada", kArbiter2Token},
                                             {"chen", kChiefToken},
                                             {"cora", kCommitteeToken}};
  return *tokens;
}

// Every test runs against qiwangd in one process and split in three.
class CliRulingTest : public EndToEndTest,
                      public ::testing::WithParamInterface<Form> {
 protected:
  void SetUp() override {
    EndToEndTest::SetUp();
    form_ = GetParam();
    std::ofstream(TokensFile(), std::ios::trunc)
        << "# e2e tokens: officials on the committee too\n"
        << kOrganiserToken << " olive organiser\n"
        << kRegistrarToken << " rita registrar\n"
        << kArbiterToken << " arthur arbiter,arbitration_committee\n"
        << kChiefToken << " chen chief_arbiter,arbitration_committee\n"
        << kPairingToken << " pat pairing_officer\n"
        << kArbiter2Token << " ada arbiter,arbitration_committee\n"
        << kCommitteeToken << " cora arbitration_committee\n";
    StartServer(kCliRulingClock);
  }

  // An eight-player Swiss open-men section and a four-player round robin,
  // three rounds each, played to the end.
  void PlayEvent() {
    // No --config: the built-in 2016 configuration, from the test's folder.
    const ProcessResult demo = Cli({"demo", "--tokens=" + TokensFile(),
                                    "--sizes=open-men=8,professional=4",
                                    "--rounds=3", "--no-shows=0"});
    ASSERT_EQ(demo.exit_code, 0) << demo.out << demo.err;
  }

  // `Cli(args)` by the holder of `token`, for commands about the whole
  // server rather than one tournament.
  ProcessResult Official(const std::string& token,
                         std::vector<std::string> args) {
    args.push_back("--token=" + token);
    return Cli(std::move(args));
  }

  // The newest event of the tournament's stream, read by `audit events`.
  v1::Event LastEvent() {
    const ProcessResult read =
        Official(kOrganiserToken, {"audit", "events", "--stream=sichuan-2016",
                                   "--backwards", "--limit=1", "--json"});
    EXPECT_EQ(read.exit_code, 0) << read.err;
    if (Lines(read.out).size() != 1) return v1::Event();
    return FromJson<v1::Event>(Lines(read.out)[0]);
  }
};

const v1::RankingDiff* FindRanking(const v1::WhatIfResponse& what_if,
                                   const std::string& id) {
  for (const v1::RankingDiff& ranking : what_if.rankings()) {
    if (ranking.ranking_id() == id) return &ranking;
  }
  return nullptr;
}

const v1::PlayerDiff* FindPlayer(const v1::RankingDiff& ranking, int64_t id) {
  for (const v1::PlayerDiff& player : ranking.players()) {
    if (player.player_id() == id) return &player;
  }
  return nullptr;
}

// R9.2-R9.5: an appeal against the winner's last game, upheld with the
// result changed, moves first prize from the decision on; the past stays.
TEST_P(CliRulingTest, AnUpheldAppealChangesTheWinnerFromTheDecisionOn) {
  ASSERT_NO_FATAL_FAILURE(PlayEvent());
  const auto standings =
      Json<v1::GetStandingsResponse>("", {"standings", "open-men"});
  ASSERT_GE(standings.rows_size(), 8);
  const int64_t winner = standings.rows(0).player_id();
  ASSERT_EQ(standings.rows(0).rank(), 1);
  ASSERT_FALSE(standings.rows(0).shared_rank());

  // The ruling on the winner's round 3 board, as `ruling list` finds it.
  const auto rulings = Json<v1::ListRulingsResponse>(
      kArbiterToken, {"ruling", "list", "--section=open-men", "--round=3"});
  const v1::RulingView* disputed = nullptr;
  for (const v1::RulingView& ruling : rulings.rulings()) {
    const bool about_winner =
        std::find(ruling.player_ids().begin(), ruling.player_ids().end(),
                  winner) != ruling.player_ids().end();
    const bool on_result = ruling.kind() == v1::RULING_KIND_RESULT ||
                           ruling.kind() == v1::RULING_KIND_CORRECTION ||
                           ruling.kind() == v1::RULING_KIND_FORFEIT;
    if (about_winner && on_result && ruling.standing()) disputed = &ruling;
  }
  ASSERT_NE(disputed, nullptr) << rulings.DebugString();
  const std::string ruling_id = disputed->ruling_id();
  ASSERT_FALSE(ruling_id.empty());
  EXPECT_EQ(disputed->round(), 3);
  ASSERT_TRUE(TokenOfUser().contains(disputed->actor().user()));
  const std::string ruler_token = TokenOfUser().at(disputed->actor().user());

  // The board: who played the winner, and the result that makes them win.
  const auto pairings = Json<v1::ListPairingsResponse>(
      "", {"pairings", "--section=open-men", "--round=3"});
  ASSERT_EQ(pairings.rounds_size(), 1);
  const v1::BoardView& board = pairings.rounds(0).boards(disputed->board() - 1);
  ASSERT_EQ(board.number(), disputed->board());
  const bool winner_red = board.red().player_id() == winner;
  const int64_t opponent =
      winner_red ? board.black().player_id() : board.red().player_id();
  const std::string opponent_wins = winner_red ? "0-1" : "1-0";
  const v1::GameResult opponent_result =
      winner_red ? v1::GAME_RESULT_BLACK_WIN : v1::GAME_RESULT_RED_WIN;

  // R9.2: the opponent's side appeals within the window.
  const auto filed = Json<v1::FileAppealResponse>(
      kChiefToken,
      {"appeal", "file", ruling_id, absl::StrCat("--player=", opponent),
       "--grounds=the winner's flag fell before the last move"});
  EXPECT_EQ(filed.appeal_number(), 1);

  // R9.4: what upholding it would do: the winner loses first place.
  const auto what_if = Json<v1::WhatIfResponse>(
      kArbiterToken,
      {"whatif", "--appeal=1", "--remedy=result", "--result=" + opponent_wins});
  const v1::RankingDiff* open_men = FindRanking(what_if, "open-men");
  ASSERT_NE(open_men, nullptr) << what_if.DebugString();
  ASSERT_GE(open_men->players_size(), 8);
  const v1::PlayerDiff* old_winner = FindPlayer(*open_men, winner);
  ASSERT_NE(old_winner, nullptr);
  EXPECT_EQ(old_winner->before().rank(), 1);
  EXPECT_GT(old_winner->after().rank(), 1);
  EXPECT_TRUE(old_winner->changed());
  EXPECT_GT(old_winner->prize_fen_before(), old_winner->prize_fen_after());
  const int64_t new_winner = open_men->players(0).player_id();
  EXPECT_NE(new_winner, winner);
  EXPECT_EQ(open_men->players(0).after().rank(), 1);
  // The human table marks the changed rows, in Chinese too.
  const ProcessResult table =
      As(kArbiterToken, {"whatif", "--appeal=1", "--remedy=result",
                         "--result=" + opponent_wins, "--lang=zh"});
  EXPECT_EQ(table.exit_code, 0) << table.err;
  EXPECT_THAT(table.out, HasSubstr("名次"));
  EXPECT_THAT(table.out, HasSubstr("*"));

  // R9.2: one second past the window, a second appeal is late.
  const absl::Time ruled =
      absl::FromUnixSeconds(disputed->server_time().seconds());
  const ProcessResult moved = Official(
      kOrganiserToken, {"admin", "clock", "set",
                        "--time=" + absl::FormatTime(absl::RFC3339_sec,
                                                     ruled + absl::Minutes(30) +
                                                         absl::Seconds(1),
                                                     absl::UTCTimeZone())});
  ASSERT_EQ(moved.exit_code, 0) << moved.err;
  const ProcessResult late = As(
      kRegistrarToken,
      {"appeal", "file", ruling_id, "--grounds=noticed the score sheet late"});
  EXPECT_EQ(late.exit_code, 1) << late.out;
  EXPECT_THAT(late.err, StartsWith("error: FAILED_PRECONDITION: R9.2"));
  EXPECT_THAT(late.err, HasSubstr("late by"));

  // R9.3: the member who made the ruling may not decide its appeal.
  const std::vector<std::string> decide = {
      "appeal",
      "decide",
      "1",
      "--decision=upheld",
      "--remedy=result",
      "--result=" + opponent_wins,
      "--votes=3:1:1",
      "--reasoning=the arbiter's own clock log shows the "
      "flag fell first"};
  const uint64_t before_decision = LastEvent().position();
  ASSERT_GT(before_decision, 0u);
  const ProcessResult conflicted = As(ruler_token, decide);
  EXPECT_EQ(conflicted.exit_code, 1) << conflicted.out;
  EXPECT_THAT(conflicted.err, StartsWith("error: PERMISSION_DENIED: R9.3"));
  EXPECT_EQ(LastEvent().position(), before_decision);

  // The committee decides; first prize goes to the new winner from then on.
  const auto decided = Json<v1::DecideAppealResponse>(kCommitteeToken, decide);
  ASSERT_GT(decided.result().last_position(), before_decision);
  const std::string after =
      absl::StrCat("--min-position=", decided.result().last_position());
  const auto prizes = Json<v1::GetPrizesResponse>("", {"prizes", after});
  bool found_category = false;
  for (const v1::CategoryPrizes& category : prizes.categories()) {
    if (category.ranking_id() != "open-men") continue;
    found_category = true;
    ASSERT_GE(category.awards_size(), 1);
    EXPECT_EQ(category.awards(0).rank(), 1);
    EXPECT_EQ(category.awards(0).player_id(), new_winner);
  }
  EXPECT_TRUE(found_category);
  // R7.5: as of the position before the decision, the old winner.
  const auto past = Json<v1::GetStandingsResponse>(
      "", {"standings", "open-men", absl::StrCat("--at=", before_decision)});
  ASSERT_GE(past.rows_size(), 1);
  EXPECT_EQ(past.rows(0).player_id(), winner);
  const auto now =
      Json<v1::GetStandingsResponse>("", {"standings", "open-men", after});
  ASSERT_GE(now.rows_size(), 1);
  EXPECT_EQ(now.rows(0).player_id(), new_winner);

  // R9.1: the decision's envelope: the member, the role, the reasoning.
  const v1::Event decision = LastEvent();
  ASSERT_TRUE(decision.has_appeal_decided());
  EXPECT_EQ(decision.appeal_decided().appeal_number(), 1);
  EXPECT_EQ(decision.actor().user(), "cora");
  EXPECT_EQ(decision.actor().role(), "arbitration_committee");
  EXPECT_THAT(decision.reason(), HasSubstr("flag fell first"));
  EXPECT_FALSE(decision.event_id().empty());

  // R9.4: the ruling's history names the appeal and the decision.
  const auto history = Json<v1::RulingHistoryResponse>(
      kArbiterToken, {"ruling", "history", ruling_id});
  bool history_filed = false, history_decided = false;
  for (const v1::HistoryEntry& entry : history.entries()) {
    history_filed |= entry.event().has_appeal_filed() &&
                     entry.event().appeal_filed().appeal_number() == 1;
    history_decided |= entry.event().has_appeal_decided() &&
                       entry.event().appeal_decided().appeal_number() == 1;
  }
  EXPECT_TRUE(history_filed) << history.DebugString();
  EXPECT_TRUE(history_decided) << history.DebugString();

  const auto appeal =
      Json<v1::GetAppealResponse>(kRegistrarToken, {"appeal", "show", "1"});
  EXPECT_EQ(appeal.appeal().status(), v1::APPEAL_STATUS_UPHELD);
  EXPECT_EQ(appeal.appeal().ruling().ruling_id(), ruling_id);
  EXPECT_EQ(appeal.appeal().appellant_player_id(), opponent);
  EXPECT_EQ(appeal.appeal().decision().remedy().kind(),
            v1::REMEDY_KIND_RESULT_CHANGED);
  EXPECT_EQ(appeal.appeal().decision().remedy().result(), opponent_result);
  EXPECT_EQ(appeal.appeal().decided_by().user(), "cora");
  EXPECT_THAT(appeal.appeal().reasoning(), HasSubstr("flag fell first"));
  EXPECT_GE(appeal.ruling_history_size(), 3);

  const auto upheld = Json<v1::ListAppealsResponse>(
      kPairingToken, {"appeal", "list", "--status=upheld"});
  ASSERT_EQ(upheld.appeals_size(), 1);
  EXPECT_EQ(upheld.appeals(0).appeal_number(), 1);
  const auto pending = Json<v1::ListAppealsResponse>(
      kPairingToken, {"appeal", "list", "--status=pending"});
  EXPECT_EQ(pending.appeals_size(), 0);
  const auto appealed = Json<v1::ListRulingsResponse>(
      kArbiterToken, {"ruling", "list", "--appealed"});
  ASSERT_EQ(appealed.rulings_size(), 1);
  EXPECT_EQ(appealed.rulings(0).ruling_id(), ruling_id);
  EXPECT_THAT(appealed.rulings(0).appeal_numbers(), ::testing::ElementsAre(1));
  EXPECT_FALSE(appealed.rulings(0).standing());

  // R9.5: the log is whole, nothing was rewritten.
  const ProcessResult verify =
      Official(kChiefToken, {"audit", "verify", "--json"});
  ASSERT_EQ(verify.exit_code, 0) << verify.err;
  const auto verified = FromJson<v1::VerifyLogResponse>(verify.out);
  EXPECT_TRUE(verified.ok()) << verified.DebugString();
  EXPECT_GE(verified.last_position(), decided.result().last_position());
  EXPECT_EQ(verified.events_checked(), verified.last_position());
  EXPECT_EQ(verified.digest_sha256().size(), 64u);

  // Exports: TRF-16 of the section to a file, the audit report naming the
  // appeal and its reasoning.
  const std::string trf_path = temp_dir_ + "/open-men.trf";
  const auto trf = Json<v1::ExportTrfResponse>(
      kArbiterToken, {"export", "trf", "open-men", "-o", trf_path});
  const std::string trf_file = ReadFile(trf_path);
  EXPECT_EQ(trf_file, trf.trf());
  int player_lines = 0;
  for (const std::string& line : Lines(trf_file)) {
    player_lines += absl::StartsWith(line, "001");
  }
  EXPECT_EQ(player_lines, 8) << trf_file;
  const auto report = Json<v1::ExportReportResponse>(
      kArbiterToken, {"export", "report", "open-men", "--format=csv"});
  EXPECT_THAT(report.report(), HasSubstr("appeal"));
  EXPECT_THAT(report.report(), HasSubstr("flag fell first"));
  EXPECT_THAT(report.report(), HasSubstr(ruling_id));
  // As of before the decision, the report has no decision yet.
  const auto earlier = Json<v1::ExportReportResponse>(
      kArbiterToken,
      {"export", "report", "open-men", absl::StrCat("--at=", before_decision)});
  EXPECT_THAT(earlier.report(), ::testing::Not(HasSubstr("flag fell first")));
  // The workbook is binary: it goes to the file, --json shows the rest.
  const std::string xlsx_path = temp_dir_ + "/open-men.xlsx";
  const auto xlsx = Json<v1::ExportSpreadsheetResponse>(
      kArbiterToken, {"export", "xlsx", "open-men", "-o", xlsx_path});
  EXPECT_EQ(xlsx.file_name(), "sichuan-2016-open-men.xlsx");
  EXPECT_TRUE(xlsx.xlsx().empty());
  EXPECT_TRUE(absl::StartsWith(ReadFile(xlsx_path), "PK"));  // a zip
}

// Bad input is refused before any call, naming the flag (exit 2).
TEST_P(CliRulingTest, UsageErrorsNameTheFlag) {
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{"appeal", "file", "abc"}, "--grounds: required"},
      {{"appeal", "file", "--grounds=x"}, "--ruling: required"},
      {{"appeal", "file", "abc", "--player=zero", "--grounds=x"},
       "--player: not a player id"},
      {{"appeal", "decide", "1", "--decision=upheld", "--votes=3:1",
        "--reasoning=r"},
       "--remedy: required when upheld"},
      {{"appeal", "decide", "1", "--decision=dismissed", "--remedy=none",
        "--votes=1:3", "--reasoning=r"},
       "--remedy: a dismissed appeal carries no remedy"},
      {{"appeal", "decide", "1", "--decision=maybe", "--votes=3:1",
        "--reasoning=r"},
       "--decision: one of upheld, dismissed"},
      {{"appeal", "decide", "1", "--decision=upheld", "--remedy=result",
        "--votes=3:1", "--reasoning=r"},
       "--result: required with --remedy result"},
      {{"appeal", "decide", "1", "--decision=upheld", "--remedy=replay",
        "--replay-at=tomorrow", "--votes=3:1", "--reasoning=r"},
       "--replay-at: an RFC 3339 time"},
      {{"appeal", "decide", "1", "--decision=upheld", "--remedy=none",
        "--votes=three", "--reasoning=r"},
       "--votes: UPHOLD:DISMISS[:ABSTAIN]"},
      {{"appeal", "decide", "1", "--decision=upheld", "--remedy=none",
        "--votes=3:1"},
       "--reasoning: required"},
      {{"appeal", "list", "--status=open"},
       "--status: one of pending, upheld, dismissed"},
      {{"ruling", "list", "--kind=verdict"}, "--kind: one of result"},
      {{"ruling", "list", "--appealed", "--not-appealed"},
       "--appealed and --not-appealed"},
      {{"ruling", "history"}, "exactly one of RULING_ID, --player"},
      {{"ruling", "history", "--board=open-men:3"}, "--board: SECTION:ROUND"},
      {{"whatif", "abc", "--appeal=1"}, "exactly one of RULING_ID or --appeal"},
      {{"whatif", "abc", "--remedy=none"}, "--remedy: only with --appeal"},
      {{"lots", "tie", "open-men", "--players=3", "--reason=r"},
       "--players: two or more"},
      {{"lots", "tie", "open-men", "--players=3,x", "--reason=r"},
       "--players: player ids"},
      {{"place", "decline", "open-men", "--player=3"}, "--reason: required"},
      {{"export", "report", "open-men", "--format=pdf"}, "--format: md or csv"},
      {{"export", "xlsx", "open-men", "--round=x"}, "--round"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(absl::StrJoin(c.args, " "));
    const ProcessResult result = As(kCommitteeToken, c.args);
    EXPECT_EQ(result.exit_code, 2) << result.out << result.err;
    EXPECT_THAT(result.err, HasSubstr(c.message));
    EXPECT_TRUE(result.out.empty()) << result.out;
  }
  const ProcessResult limit =
      Official(kOrganiserToken, {"audit", "events", "--limit=100000"});
  EXPECT_EQ(limit.exit_code, 2);
  EXPECT_THAT(limit.err, HasSubstr("--limit: a whole number from 0 to 10000"));
}

// R1.2 through the CLI: the right roles, refusals naming them.
TEST_P(CliRulingTest, RefusesRolesTheContractsDoNotAdmit) {
  ASSERT_NO_FATAL_FAILURE(PlayEvent());
  // The committee may not file an appeal; the pairing officer may not verify
  // the log; an arbiter may not decline a place for a player; the public sees
  // no rulings.
  const ProcessResult file =
      As(kCommitteeToken, {"appeal", "file", "abc", "--grounds=g"});
  EXPECT_EQ(file.exit_code, 1);
  EXPECT_THAT(file.err, StartsWith("error: PERMISSION_DENIED: "));
  const ProcessResult verify = Official(kPairingToken, {"audit", "verify"});
  EXPECT_EQ(verify.exit_code, 1);
  EXPECT_THAT(verify.err, StartsWith("error: PERMISSION_DENIED: "));
  const ProcessResult decline =
      As(kArbiterToken,
         {"place", "decline", "open-men", "--player=1", "--reason=r"});
  EXPECT_EQ(decline.exit_code, 1);
  EXPECT_THAT(decline.err, StartsWith("error: PERMISSION_DENIED: "));
  const ProcessResult list = As("", {"ruling", "list"});
  EXPECT_EQ(list.exit_code, 1);
  EXPECT_THAT(list.err, StartsWith("error: UNAUTHENTICATED: "));

  // R8.3 by the chief arbiter: the winner declines; prize money stays, the
  // national-final place passes on.
  const auto standings =
      Json<v1::GetStandingsResponse>("", {"standings", "open-men"});
  ASSERT_GE(standings.rows_size(), 4);
  ASSERT_FALSE(standings.rows(0).shared_rank());
  const int64_t winner = standings.rows(0).player_id();
  const auto declined = Json<v1::DeclineFinalPlaceResponse>(
      kChiefToken,
      {"place", "decline", "open-men", absl::StrCat("--player=", winner),
       "--reason=written refusal handed to the chief arbiter"});
  const auto prizes = Json<v1::GetPrizesResponse>(
      "", {"prizes",
           absl::StrCat("--min-position=", declined.result().last_position())});
  for (const v1::CategoryPrizes& category : prizes.categories()) {
    if (category.ranking_id() != "open-men") continue;
    EXPECT_THAT(category.passed_over_player_ids(), ::testing::Contains(winner));
    EXPECT_THAT(category.national_final_player_ids(),
                ::testing::Not(::testing::Contains(winner)));
    ASSERT_GE(category.awards_size(), 1);
    EXPECT_EQ(category.awards(0).player_id(), winner);
  }
  // R7.3: players who do not share a rank cannot be separated by lots.
  const ProcessResult lots =
      As(kChiefToken, {"lots", "tie", "open-men",
                       absl::StrCat("--players=", standings.rows(0).player_id(),
                                    ",", standings.rows(3).player_id()),
                       "--reason=drawn in front of both players"});
  EXPECT_EQ(lots.exit_code, 1) << lots.out;
  EXPECT_THAT(lots.err, StartsWith("error: FAILED_PRECONDITION: R7.3"));
}

INSTANTIATE_TEST_SUITE_P(Forms, CliRulingTest,
                         ::testing::Values(Form::kOneProcess, Form::kSplit),
                         FormName);

}  // namespace
}  // namespace qiwang::e2e
