// The officials' pages' routes (issue 16 §1, §2) against a real qiwangd:
// every fragment wants a token and one of its page's roles, passes the
// server's words through, and escapes what it shows.
#include "clients/web/official_pages.h"

#include <algorithm>
#include <map>
#include <string>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "qiwang/v1/admin_service.grpc.pb.h"
#include "qiwang/v1/audit_service.grpc.pb.h"
#include "qiwang/v1/ruling_service.grpc.pb.h"
#include "qiwang/v1/tournament_service.grpc.pb.h"
#include "services/rules/core/roles.h"
#include "services/server/auth/token_file.h"
#include "tests/standings/standings_server_fixture.h"
#include "tests/web/pages_fixture.h"

namespace qiwang::web {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

constexpr char kShell[] = "/officials/sichuan-2016";
// The fixture has no committee member; the test adds one.
constexpr char kCommittee[] = "t-committee";

std::string Bearer(const std::string& token) {
  return absl::StrCat("Bearer ", token);
}

// The fixture's tokens with the role each holds.
const std::vector<std::pair<std::string, std::string>>& TokenRoles() {
  static const auto* const tokens =
      new std::vector<std::pair<std::string, std::string>>{
          {standings::kOrganiser, "organiser"},
          {standings::kRegistrar, "registrar"},
          {standings::kArbiter, "arbiter"},
          {standings::kChief, "chief_arbiter"},
          {standings::kPairingOfficer, "pairing_officer"},
          {standings::kReplica, "replica"},
          {kCommittee, "arbitration_committee"}};
  return *tokens;
}

class OfficialPagesTest : public PagesTest {
 protected:
  void SetUp() override {
    PagesTest::SetUp();
    std::vector<server::TokenEntry> tokens = standings::RoleTokens();
    tokens.push_back(
        {kCommittee, "cora", {rules::Role::kArbitrationCommittee}});
    server_->ReplaceTokens(std::move(tokens));
    pages_ = MakeOfficialPages(channel_);
  }

  http::Response Fragment(
      const std::string& page, const std::string& token,
      std::vector<std::pair<std::string, std::string>> query = {}) {
    if (std::none_of(query.begin(), query.end(),
                     [](const auto& entry) { return entry.first == "lang"; })) {
      query.emplace_back("lang", "en");
    }
    std::vector<std::pair<std::string, std::string>> headers;
    if (!token.empty()) headers.emplace_back("authorization", Bearer(token));
    return Get(absl::StrCat(kShell, "/", page), query, headers);
  }

  // The chief arbiter appeals board 1's result of round 1 (appeal 1).
  void FileAppealOnBoardOne() {
    v1::ListRulingsRequest list;
    list.set_tournament_id(standings::kTournamentId);
    list.set_round(1);
    list.set_kind(v1::RULING_KIND_RESULT);
    v1::ListRulingsResponse rulings;
    ASSERT_TRUE(v1::AuditService::NewStub(channel_)
                    ->ListRulings(Call(standings::kChief).get(), list, &rulings)
                    .ok());
    const auto board_one = std::find_if(
        rulings.rulings().begin(), rulings.rulings().end(),
        [](const v1::RulingView& ruling) { return ruling.board() == 1; });
    ASSERT_NE(board_one, rulings.rulings().end());
    v1::FileAppealRequest appeal;
    appeal.set_command_id("official-pages-appeal");
    appeal.set_tournament_id(standings::kTournamentId);
    appeal.set_ruling_id(board_one->ruling_id());
    appeal.set_grounds("red lost on time");
    v1::FileAppealResponse filed;
    ASSERT_TRUE(v1::RulingService::NewStub(channel_)
                    ->FileAppeal(Call(standings::kChief).get(), appeal, &filed)
                    .ok());
    AwaitProjection(filed.result().last_position());
  }
};

TEST_F(OfficialPagesTest, TheShellIsTheSameForEveryoneAndHoldsNoToken) {
  const http::Response shell = Get(kShell, {{"lang", "en"}});
  EXPECT_EQ(shell.status, 200);
  EXPECT_THAT(shell.body, HasSubstr("id=\"sign-in\""));
  EXPECT_THAT(shell.body, HasSubstr("type=\"password\""));
  EXPECT_THAT(shell.body, HasSubstr("src=\"/static/officials.js\""));
  EXPECT_THAT(shell.body, HasSubstr("Sichuan division"));
  // The tabs name their roles so the page shows only the official's own.
  EXPECT_THAT(shell.body, HasSubstr("data-roles=\"arbiter chief_arbiter\""));
  const http::Response with_token =
      Get(kShell, {{"lang", "en"}},
          {{"authorization", Bearer(standings::kArbiter)}});
  EXPECT_EQ(with_token.body, shell.body);
  EXPECT_THAT(shell.body, Not(HasSubstr(standings::kArbiter)));
}

// The shell's navigation is the public pages': the printouts and the
// officials' entrance are linked, and no link is empty (issue 25 §2).
TEST_F(OfficialPagesTest, TheShellLinksThePrintoutsAndHasNoEmptyLink) {
  const http::Response shell = Get(kShell, {{"lang", "zh"}});
  ASSERT_EQ(shell.status, 200);
  EXPECT_THAT(shell.body, HasSubstr("<a href=\"/t/sichuan-2016/print?lang=zh\">"
                                    "打印</a>"));
  EXPECT_THAT(shell.body,
              HasSubstr("<a href=\"/officials/sichuan-2016?lang=zh\">"));
  EXPECT_THAT(shell.body, Not(HasSubstr("href=\"\"")));
}

TEST_F(OfficialPagesTest, EveryFragmentWantsAKnownToken) {
  for (const OfficialPage& page : OfficialPageRoles()) {
    const http::Response anonymous = Fragment(page.name, "");
    EXPECT_EQ(anonymous.status, 401) << page.name;
    EXPECT_THAT(anonymous.body, HasSubstr("a token is required")) << page.name;
    EXPECT_EQ(HeaderOf(anonymous, "Cache-Control"), "no-store");
    const http::Response unknown = Fragment(page.name, "not-a-token");
    EXPECT_EQ(unknown.status, 401) << page.name;
    EXPECT_THAT(unknown.body, HasSubstr("unknown token")) << page.name;
    EXPECT_THAT(unknown.body, Not(HasSubstr("not-a-token")));
  }
}

// R1.2: each page admits the roles its buttons' RPCs admit in the access
// table (no second table): the arbiter's page the arbiters, the pairing page
// the pairing officer and the chief arbiter, and so on.
TEST(OfficialPageRolesTest, EachPageAdmitsTheRolesOfItsActions) {
  std::map<std::string, std::vector<std::string>> roles;
  for (const OfficialPage& page : OfficialPageRoles()) {
    roles[page.name] = page.roles;
  }
  using ::testing::ElementsAre;
  EXPECT_THAT(roles["arbiter"], ElementsAre("arbiter", "chief_arbiter"));
  EXPECT_THAT(roles["pairing"],
              ElementsAre("chief_arbiter", "pairing_officer"));
  EXPECT_THAT(roles["committee"], ElementsAre("arbitration_committee"));
  EXPECT_THAT(roles["checkin"],
              ElementsAre("registrar", "arbiter", "chief_arbiter"));
  EXPECT_THAT(roles["chief"], ElementsAre("chief_arbiter"));
  EXPECT_THAT(roles["organiser"], ElementsAre("organiser"));
  EXPECT_THAT(roles["registrar"],
              ElementsAre("registrar", "arbiter", "chief_arbiter"));
  EXPECT_EQ(roles.size(), 7u);
}

TEST_F(OfficialPagesTest, EveryFragmentRefusesTheRolesItDoesNotAdmit) {
  for (const OfficialPage& page : OfficialPageRoles()) {
    for (const auto& [token, role] : TokenRoles()) {
      const bool admitted = std::find(page.roles.begin(), page.roles.end(),
                                      role) != page.roles.end();
      const http::Response response = Fragment(page.name, token);
      if (admitted) {
        EXPECT_EQ(response.status, 200) << page.name << " " << role << "\n"
                                        << response.body;
        continue;
      }
      EXPECT_EQ(response.status, 403) << page.name << " " << role;
      EXPECT_THAT(response.body, HasSubstr(absl::StrCat("R1.2: the ", page.name,
                                                        " page admits ")))
          << page.name;
      EXPECT_THAT(response.body, HasSubstr(absl::StrCat("you are ", role)));
    }
  }
}

TEST_F(OfficialPagesTest, ArbiterSeesMyTablesWithATapPerResult) {
  const http::Response all =
      Fragment("arbiter", standings::kArbiter, {{"section", "open-men"}});
  ASSERT_EQ(all.status, 200) << all.body;
  EXPECT_THAT(all.body, HasSubstr("Open men · round 1"));
  for (int board = 1; board <= 4; ++board) {
    EXPECT_THAT(all.body, HasSubstr(absl::StrCat("class=\"board-card\" "
                                                 "data-board=\"",
                                                 board, "\"")));
  }
  // One button per result, with what the queue will call it.
  EXPECT_THAT(all.body,
              HasSubstr("data-board=\"3\" data-result=\"GAME_RESULT_DRAW\" "
                        "data-label=\"R1 B3 1/2\""));
  EXPECT_THAT(all.body, HasSubstr("GAME_RESULT_DOUBLE_FORFEIT"));
  EXPECT_THAT(all.body, HasSubstr("FOUL_KIND_PERPETUAL_CHECK"));
  EXPECT_EQ(HeaderOf(all, "Vary"), "Authorization");

  const http::Response mine =
      Fragment("arbiter", standings::kArbiter,
               {{"section", "open-men"}, {"from", "3"}, {"to", "4"}});
  EXPECT_THAT(mine.body, Not(HasSubstr("data-board=\"1\"")));
  EXPECT_THAT(mine.body, Not(HasSubstr("data-board=\"2\"")));
  EXPECT_THAT(mine.body, HasSubstr("data-board=\"3\""));
  EXPECT_THAT(mine.body, HasSubstr("data-board=\"4\""));

  const http::Response bad =
      Fragment("arbiter", standings::kArbiter, {{"from", "first"}});
  EXPECT_EQ(bad.status, 400);
  EXPECT_THAT(bad.body, HasSubstr("from: a whole number from 1"));
}

// 2011 rules, NL.1: a tournament that rules lateness by the clock gives
// each board a tap per late side (the forfeit of that side, with the ground
// of lateness); one that does not (the 2016 configuration) gives none.
TEST_F(OfficialPagesTest, NL1_ArbiterHasALatenessTapPerSideWhenConfigured) {
  EXPECT_THAT(Fragment("arbiter", standings::kArbiter).body,
              Not(HasSubstr("RESULT_GROUND_LATENESS")));
  auto tournaments = v1::TournamentService::NewStub(channel_);
  v1::GetTournamentRequest get;
  get.set_tournament_id(standings::kTournamentId);
  v1::GetTournamentResponse got;
  ASSERT_TRUE(tournaments->GetTournament(Call().get(), get, &got).ok());
  v1::AmendTournamentRequest amend;
  amend.set_command_id("late-forfeit-minutes");
  amend.set_tournament_id(standings::kTournamentId);
  amend.set_reason("2011 rules: lateness after 10 minutes");
  *amend.mutable_config() = got.config();
  amend.mutable_config()->set_late_forfeit_minutes(10);
  v1::AmendTournamentResponse amended;
  const grpc::Status status = tournaments->AmendTournament(
      Call(standings::kOrganiser).get(), amend, &amended);
  ASSERT_TRUE(status.ok()) << status.error_message();
  AwaitProjection(amended.result().last_position());

  const http::Response zh = Fragment("arbiter", standings::kArbiter,
                                     {{"section", "open-men"}, {"lang", "zh"}});
  ASSERT_EQ(zh.status, 200) << zh.body;
  EXPECT_THAT(
      zh.body,
      HasSubstr("data-board=\"3\" "
                "data-result=\"GAME_RESULT_BLACK_WIN_BY_FORFEIT\" "
                "data-ground=\"RESULT_GROUND_LATENESS\" "
                "data-label=\"第1轮第3台 红方迟到\">红方迟到</button>"));
  EXPECT_THAT(
      zh.body,
      HasSubstr("data-board=\"3\" "
                "data-result=\"GAME_RESULT_RED_WIN_BY_FORFEIT\" "
                "data-ground=\"RESULT_GROUND_LATENESS\" "
                "data-label=\"第1轮第3台 黑方迟到\">黑方迟到</button>"));
  // The plain forfeits stay, without a ground.
  EXPECT_THAT(zh.body, HasSubstr("data-board=\"3\" "
                                 "data-result=\"GAME_RESULT_DOUBLE_FORFEIT\" "
                                 "data-label="));
}

TEST_F(OfficialPagesTest, TheSignedInLineHasEachRolesWords) {
  const http::Response zh = Get(kShell, {{"lang", "zh"}});
  EXPECT_THAT(zh.body, HasSubstr("<li data-role=\"arbiter\">裁判员</li>"));
  EXPECT_THAT(zh.body,
              HasSubstr("<li data-role=\"chief_arbiter\">裁判长</li>"));
  const http::Response en = Get(kShell, {{"lang", "en"}});
  EXPECT_THAT(en.body,
              HasSubstr("<li data-role=\"pairing_officer\">Pairing officer"));
}

// Without ?section= the page opens on the section being played.
TEST_F(OfficialPagesTest, ArbiterChoosesSectionsByName) {
  const http::Response zh =
      Fragment("arbiter", standings::kArbiter, {{"lang", "zh"}});
  ASSERT_EQ(zh.status, 200) << zh.body;
  EXPECT_THAT(zh.body, HasSubstr("<h2>公开组男子 · "));
  EXPECT_THAT(zh.body,
              HasSubstr("<option value=\"open-men\" selected>公开组男子"));
  EXPECT_THAT(zh.body, Not(HasSubstr(">open-men<")));
  EXPECT_THAT(zh.body, Not(HasSubstr("value=\"open-men\" size")));
  const http::Response pairing =
      Fragment("pairing", standings::kPairingOfficer,
               {{"lang", "zh"}, {"section", "open-men"}});
  EXPECT_THAT(pairing.body,
              HasSubstr("<option value=\"open-men\" selected>公开组男子"));
  const http::Response desk =
      Fragment("checkin", standings::kRegistrar, {{"q", "P 1"}});
  EXPECT_THAT(desk.body, HasSubstr("<small>Open men · "));
  // The desk can scan a card's code where the browser has a camera API.
  EXPECT_THAT(desk.body, HasSubstr("data-action=\"scan\""));
  EXPECT_THAT(desk.body, HasSubstr("This browser cannot scan codes"));
}

TEST_F(OfficialPagesTest, ArbiterOpensOnTheRoundBeingPlayed) {
  RecordResult(1, 3, v1::GAME_RESULT_BLACK_WIN);
  RecordResult(1, 4, v1::GAME_RESULT_DRAW);
  AwaitProjection(PairRound(2).result().last_position());
  const http::Response now = Fragment("arbiter", standings::kArbiter);
  ASSERT_EQ(now.status, 200) << now.body;
  EXPECT_THAT(now.body, HasSubstr("<h2>Open men · round 2</h2>"));
  // Both rounds to choose from, the finished one marked.
  EXPECT_THAT(now.body, HasSubstr("<option value=\"1\">1 ✓</option>"));
  EXPECT_THAT(now.body, HasSubstr("<option value=\"2\" selected>2</option>"));

  EXPECT_THAT(Fragment("arbiter", standings::kArbiter, {{"round", "1"}}).body,
              HasSubstr("<h2>Open men · round 1</h2>"));
  // A round not published is named, in the section's words.
  const http::Response unpaired =
      Fragment("arbiter", standings::kArbiter, {{"round", "3"}});
  EXPECT_EQ(unpaired.status, 404);
  EXPECT_THAT(unpaired.body, HasSubstr("round 3 of Open men is not published"));
}

TEST_F(OfficialPagesTest, EachBoardHasAStatusRegionForItsRefusal) {
  const http::Response page = Fragment("arbiter", standings::kArbiter);
  ASSERT_EQ(page.status, 200) << page.body;
  // The script finds a refused result's board by these, and shows it there.
  EXPECT_THAT(page.body,
              HasSubstr("class=\"board-card\" data-board=\"2\" "
                        "data-section=\"open-men\" data-round=\"1\""));
  const std::string kRegion = "class=\"refused board-refusal\" role=\"status\"";
  int regions = 0;
  for (size_t at = page.body.find(kRegion); at != std::string::npos;
       at = page.body.find(kRegion, at + 1)) {
    ++regions;
  }
  EXPECT_EQ(regions, round_one_.boards_size());
}

TEST_F(OfficialPagesTest, TheServersWordsAreEscaped) {
  const http::Response response = Fragment("arbiter", standings::kArbiter,
                                           {{"section", "<script>x</script>"}});
  EXPECT_EQ(response.status, 404);
  EXPECT_THAT(response.body, HasSubstr("&lt;script&gt;x&lt;/script&gt;"));
  EXPECT_THAT(response.body, Not(HasSubstr("<script>")));
}

TEST_F(OfficialPagesTest,
       PairingOfficerSeesWhyTheNextRoundWaitsThenItsPreview) {
  const http::Response waiting = Fragment("pairing", standings::kPairingOfficer,
                                          {{"section", "open-men"}});
  ASSERT_EQ(waiting.status, 200) << waiting.body;
  // Round 1 is not complete: the server's words, and round 1 to amend.
  EXPECT_THAT(waiting.body, HasSubstr("id=\"proposal-error\""));
  EXPECT_THAT(waiting.body, Not(HasSubstr("id=\"publish-form\"")));
  EXPECT_THAT(waiting.body, HasSubstr("id=\"amend-form\""));
  EXPECT_THAT(waiting.body, HasSubstr("name=\"boards.3.redPlayerId\""));
  // Each player input offers the round's players by name: typing a name
  // there gives the id the amendment takes.
  const v1::BoardView& board_four = round_one_.boards(3);
  EXPECT_THAT(waiting.body, HasSubstr(absl::StrCat(
                                "<input name=\"boards.3.redPlayerId\" value=\"",
                                board_four.red().player_id(),
                                "\" size=\"4\" list=\"round-players\">")));
  EXPECT_THAT(
      waiting.body,
      HasSubstr(absl::StrCat("<option value=\"", board_four.black().player_id(),
                             "\">", board_four.black().name(), "</option>")));

  RecordResult(1, 3, v1::GAME_RESULT_BLACK_WIN);
  AwaitProjection(RecordResult(1, 4, v1::GAME_RESULT_DRAW));
  const http::Response ready = Fragment("pairing", standings::kPairingOfficer,
                                        {{"section", "open-men"}});
  EXPECT_THAT(ready.body,
              HasSubstr("Next round, proposed: Open men · round 2"));
  EXPECT_THAT(ready.body, HasSubstr("id=\"publish-form\""));
  EXPECT_THAT(ready.body, HasSubstr("name=\"round\" value=\"2\""));
}

// Why the next round waits, in the reader's language: a Chinese page names
// the clause in Chinese words, not the server's English sentence.
TEST_F(OfficialPagesTest, R6_PairingOfficerReadsWhyTheRoundWaitsInChinese) {
  const auto refusal = [](const http::Response& page) {
    const std::string opening = "id=\"proposal-error\">";
    const size_t start = page.body.find(opening);
    if (start == std::string::npos) return std::string();
    const size_t from = start + opening.size();
    return page.body.substr(from, page.body.find("</p>", from) - from);
  };
  const std::string en = refusal(Fragment("pairing", standings::kPairingOfficer,
                                          {{"section", "open-men"}}));
  const std::string zh =
      refusal(Fragment("pairing", standings::kPairingOfficer,
                       {{"section", "open-men"}, {"lang", "zh"}}));
  ASSERT_THAT(en, HasSubstr("R6"));
  EXPECT_THAT(zh, HasSubstr("不符合规程 R6"));
  EXPECT_THAT(zh, Not(HasSubstr(en)));
}

TEST_F(OfficialPagesTest, CheckInDeskFindsAPlayerWithTheDeskCounts) {
  const http::Response found =
      Fragment("checkin", standings::kRegistrar, {{"q", "P 1"}});
  ASSERT_EQ(found.status, 200) << found.body;
  EXPECT_THAT(found.body, HasSubstr("Registered 8 · Checked in 8"));
  EXPECT_THAT(found.body, HasSubstr("Check-in closed"));
  EXPECT_THAT(found.body, HasSubstr("<h3>P 1 <small>"));
  EXPECT_THAT(found.body, HasSubstr("value=\"CHECK_IN_DOCUMENT_COMPANION\""));
  EXPECT_THAT(found.body, Not(HasSubstr("<h3>P 2 <small>")));
}

// R6.1: once lots are drawn (with round 1) a number typed at the desk finds
// the player with that id (the number on their card and its QR code) and the
// player with that pairing number, each card showing both numbers labelled.
TEST_F(OfficialPagesTest, R6_1_CheckInDeskFindsByIdOrPairingNumber) {
  int64_t drawn_id = 0;
  int drawn_number = 0;
  std::map<int64_t, int> number_of;
  for (const v1::BoardView& board : round_one_.boards()) {
    for (const v1::PlayerRef& player : {board.red(), board.black()}) {
      number_of[player.player_id()] = player.pairing_number();
      if (drawn_id == 0 && player.pairing_number() != player.player_id()) {
        drawn_id = player.player_id();
        drawn_number = player.pairing_number();
      }
    }
  }
  ASSERT_NE(drawn_id, 0) << "the lots gave every player their own id";
  const http::Response found = Fragment("checkin", standings::kRegistrar,
                                        {{"q", absl::StrCat(drawn_number)}});
  ASSERT_EQ(found.status, 200) << found.body;
  EXPECT_THAT(found.body,
              HasSubstr(absl::StrCat("data-player=\"", drawn_id, "\"")));
  EXPECT_THAT(found.body,
              HasSubstr(absl::StrCat("data-player=\"", drawn_number, "\"")));
  EXPECT_THAT(found.body,
              HasSubstr(absl::StrCat("Player id <strong>", drawn_id,
                                     "</strong> · Pairing no. <strong>",
                                     drawn_number, "</strong>")));
  EXPECT_THAT(found.body,
              HasSubstr(absl::StrCat("Player id <strong>", drawn_number,
                                     "</strong> · Pairing no. <strong>",
                                     number_of[drawn_number], "</strong>")));
  size_t cards = 0;
  for (size_t at = found.body.find("<article class=\"player-card\"");
       at != std::string::npos;
       at = found.body.find("<article class=\"player-card\"", at + 1)) {
    ++cards;
  }
  EXPECT_EQ(cards, 2u);

  const http::Response zh =
      Fragment("checkin", standings::kRegistrar,
               {{"q", absl::StrCat(drawn_id)}, {"lang", "zh"}});
  EXPECT_THAT(zh.body, HasSubstr(absl::StrCat("棋手编号 <strong>", drawn_id,
                                              "</strong> · 抽签序号 <strong>",
                                              drawn_number, "</strong>")));
  EXPECT_THAT(Fragment("checkin", standings::kRegistrar, {{"q", "99"}}).body,
              Not(HasSubstr("player-card")));
}

TEST_F(OfficialPagesTest, CommitteeSeesNoAppealYetAndNamesABadWhatIf) {
  const http::Response none = Fragment("committee", kCommittee);
  ASSERT_EQ(none.status, 200) << none.body;
  EXPECT_THAT(none.body, HasSubstr("No pending appeal."));
  const http::Response bad =
      Fragment("committee", kCommittee, {{"appeal", "1"}, {"result", "won"}});
  EXPECT_EQ(bad.status, 400);
  EXPECT_THAT(bad.body, HasSubstr("result: a GAME_RESULT_... name (got "
                                  "&apos;won&apos;)"));
}

// R9.4: the what-if says what it compares in the committee's language; a
// Chinese page shows no English sentence of the server's.
TEST_F(OfficialPagesTest, R9_4_TheWhatIfSaysWhatItComparesInTheReadersWords) {
  ASSERT_NO_FATAL_FAILURE(FileAppealOnBoardOne());
  const http::Response zh = Fragment("committee", kCommittee, {{"lang", "zh"}});
  ASSERT_EQ(zh.status, 200) << zh.body;
  EXPECT_THAT(zh.body, HasSubstr("class=\"description\">撤销原裁决（"));
  EXPECT_THAT(zh.body, HasSubstr("），对比维持原裁决"));
  EXPECT_THAT(zh.body, Not(HasSubstr("versus")));
  const http::Response upheld = Fragment(
      "committee", kCommittee,
      {{"lang", "zh"}, {"appeal", "1"}, {"result", "GAME_RESULT_BLACK_WIN"}});
  EXPECT_THAT(upheld.body, HasSubstr("申诉 1 成立并改判为黑胜，对比驳回"));
  const http::Response en =
      Fragment("committee", kCommittee,
               {{"appeal", "1"}, {"result", "GAME_RESULT_BLACK_WIN"}});
  EXPECT_THAT(en.body,
              HasSubstr("Appeal 1 upheld, the result changed to black wins, "
                        "versus dismissed"));
}

// R9.3, R6.6: the committee may order the game replayed, at a time typed on
// the tournament's clock (Asia/Shanghai, +08:00 on the event's days) and at
// a place, with the reason a replay after the next round's start needs.
TEST_F(OfficialPagesTest, R9_3_TheCommitteeMayOrderAReplayOnTheEventsClock) {
  ASSERT_NO_FATAL_FAILURE(FileAppealOnBoardOne());
  const http::Response zh = Fragment("committee", kCommittee, {{"lang", "zh"}});
  ASSERT_EQ(zh.status, 200) << zh.body;
  EXPECT_THAT(zh.body, HasSubstr("<option value=\"REMEDY_KIND_GAME_REPLAYED\">"
                                 "重赛</option>"));
  EXPECT_THAT(
      zh.body,
      HasSubstr("重赛时间 (Asia/Shanghai) <input type=\"datetime-local\" "
                "name=\"remedy.replayAt\" data-offset=\"+08:00\">"));
  EXPECT_THAT(zh.body, HasSubstr("name=\"remedy.replayPlace\""));
  EXPECT_THAT(zh.body, HasSubstr("name=\"remedy.lateReplayReason\""));
  const http::Response en = Fragment("committee", kCommittee);
  EXPECT_THAT(en.body, HasSubstr("<option value=\"REMEDY_KIND_GAME_REPLAYED\">"
                                 "game replayed</option>"));
}

TEST_F(OfficialPagesTest, ChiefArbiterHasTheFormsOfTheirRulings) {
  const http::Response chief = Fragment("chief", standings::kChief);
  ASSERT_EQ(chief.status, 200) << chief.body;
  for (const char* method :
       {"PlayService/CorrectResult", "RulingService/DrawTieLots",
        "RulingService/DeclineFinalPlace", "TournamentService/RegisterPlayer",
        "RulingService/FileAppeal"}) {
    EXPECT_THAT(chief.body,
                HasSubstr(absl::StrCat("data-method=\"", method, "\"")));
  }
  EXPECT_THAT(chief.body, HasSubstr("<option value=\"open-men\">Open men"));
}

// R9.2: the chief arbiter files an appeal from the page, for a player or in
// their own name, naming a standing ruling by what it decided, in the
// reader's language, newest first.
TEST_F(OfficialPagesTest, R9_2_TheAppealFormNamesEachRulingByWhatItDecided) {
  v1::ListRulingsRequest list;
  list.set_tournament_id(standings::kTournamentId);
  v1::ListRulingsResponse rulings;
  ASSERT_TRUE(v1::AuditService::NewStub(channel_)
                  ->ListRulings(Call(standings::kChief).get(), list, &rulings)
                  .ok());
  ASSERT_GE(rulings.rulings_size(), 2);
  const v1::RulingView& newest = *rulings.rulings().rbegin();
  const v1::RulingView& oldest = *rulings.rulings().begin();
  ASSERT_TRUE(newest.standing() && oldest.standing());

  const http::Response zh =
      Fragment("chief", standings::kChief, {{"lang", "zh"}});
  ASSERT_EQ(zh.status, 200) << zh.body;
  const std::string form = zh.body.substr(zh.body.find("id=\"appeal-form\""));
  EXPECT_THAT(form, HasSubstr("提出申诉 (R9.2)"));
  const size_t newest_at =
      form.find(absl::StrCat("<option value=\"", newest.ruling_id(), "\">"));
  const size_t oldest_at =
      form.find(absl::StrCat("<option value=\"", oldest.ruling_id(), "\">"));
  ASSERT_NE(newest_at, std::string::npos);
  ASSERT_NE(oldest_at, std::string::npos);
  EXPECT_LT(newest_at, oldest_at) << "newest first";
  EXPECT_THAT(form.substr(newest_at), HasSubstr(newest.summary_zh()));
  EXPECT_THAT(form, HasSubstr("<option value=\"\">本人（裁判员）</option>"));
  EXPECT_THAT(form, HasSubstr("<option value=\"1\">1 · "));
  EXPECT_THAT(form, HasSubstr("name=\"grounds\" required"));

  const http::Response en =
      Fragment("chief", standings::kChief, {{"lang", "en"}});
  EXPECT_THAT(en.body, HasSubstr("File an appeal (R9.2)"));
  EXPECT_THAT(en.body, HasSubstr(newest.summary()));
}

TEST_F(OfficialPagesTest, OnlyGetAndUnknownPagesAreNotFound) {
  http::Request post;
  post.method = "POST";
  post.path = absl::StrCat(kShell, "/arbiter");
  post.headers["authorization"] = Bearer(standings::kArbiter);
  const std::optional<http::Reply> refused = Handle(post);
  ASSERT_TRUE(refused.has_value() && refused->response.has_value());
  EXPECT_EQ(refused->response->status, 405);
  EXPECT_EQ(Fragment("nothing", standings::kArbiter).status, 404);
  http::Request other;
  other.method = "GET";
  other.path = "/t/sichuan-2016";
  EXPECT_FALSE(Handle(other).has_value());
}

TEST_F(OfficialPagesTest, WhoAmINamesTheTokensUserAndRoles) {
  auto admin = v1::AdminService::NewStub(channel_);
  v1::WhoAmIResponse who;
  ASSERT_TRUE(admin->WhoAmI(Call(standings::kChief).get(), {}, &who).ok());
  EXPECT_EQ(who.user(), "chen");
  EXPECT_THAT(who.roles(), ::testing::ElementsAre("chief_arbiter"));
  const grpc::Status anonymous = admin->WhoAmI(Call().get(), {}, &who);
  EXPECT_EQ(anonymous.error_code(), grpc::StatusCode::UNAUTHENTICATED);
}

}  // namespace
}  // namespace qiwang::web
