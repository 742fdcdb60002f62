// The organiser's pages (issue 25 §3) against a real qiwangd: a tournament
// created from a shipped template, and the amendment form whose fields are
// named as the server's refusals name them (R1.1), so a refusal is shown at
// its field.
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "clients/examples/shipped_configs.h"
#include "clients/web/official_pages.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "qiwang/v1/tournament_service.grpc.pb.h"
#include "tests/standings/standings_server_fixture.h"
#include "tests/web/pages_fixture.h"

namespace qiwang::web {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

using Query = std::vector<std::pair<std::string, std::string>>;

class OrganiserPagesTest : public PagesTest {
 protected:
  void SetUp() override {
    PagesTest::SetUp();
    pages_ = MakeOfficialPages(channel_);
  }

  http::Response Signed(const std::string& path, const std::string& token,
                        Query query = {{"lang", "en"}}) {
    Query headers;
    if (!token.empty()) {
      headers.emplace_back("authorization", absl::StrCat("Bearer ", token));
    }
    return Get(path, std::move(query), std::move(headers));
  }

  v1::TournamentConfig Config() {
    auto tournaments = v1::TournamentService::NewStub(channel_);
    v1::GetTournamentRequest request;
    request.set_tournament_id(standings::kTournamentId);
    v1::GetTournamentResponse response;
    EXPECT_TRUE(tournaments
                    ->GetTournament(Call(standings::kOrganiser).get(), request,
                                    &response)
                    .ok());
    return response.config();
  }
};

constexpr char kOrganiserPage[] = "/officials/sichuan-2016/organiser";
constexpr char kCreatePage[] = "/officials/new/create";

TEST_F(OrganiserPagesTest, R1_2_TheOrganisersPagesWantTheOrganisersToken) {
  for (const char* path : {kOrganiserPage, kCreatePage}) {
    const http::Response anonymous = Signed(path, "");
    EXPECT_EQ(anonymous.status, 401) << path;
    EXPECT_THAT(anonymous.body, HasSubstr("a token is required"));
    const http::Response arbiter = Signed(path, standings::kArbiter);
    EXPECT_EQ(arbiter.status, 403) << path;
    EXPECT_THAT(arbiter.body, HasSubstr("R1.2: the "));
    EXPECT_THAT(arbiter.body, HasSubstr("you are arbiter"));
    EXPECT_EQ(Signed(path, standings::kOrganiser).status, 200) << path;
  }
}

TEST_F(OrganiserPagesTest, TheNewTournamentsShellNeedsNoTournament) {
  const http::Response shell = Get("/officials/new", {{"lang", "zh"}});
  ASSERT_EQ(shell.status, 200) << shell.body;
  EXPECT_THAT(shell.body, HasSubstr("id=\"sign-in\""));
  EXPECT_THAT(shell.body, HasSubstr("data-page=\"create\""));
  EXPECT_THAT(shell.body, HasSubstr("新建赛事"));
  // No other role page: there is no tournament to work on yet.
  EXPECT_THAT(shell.body, Not(HasSubstr("data-page=\"arbiter\"")));
  EXPECT_EQ(Signed("/officials/new/arbiter", standings::kOrganiser).status,
            404);
}

// Issue 27 §2: a part after the create page names no page (it was ignored,
// and the form answered).
TEST_F(OrganiserPagesTest, APartAfterTheCreatePageIsNotFound) {
  const http::Response extra =
      Signed(absl::StrCat(kCreatePage, "/extra"), standings::kOrganiser);
  EXPECT_EQ(extra.status, 404);
  EXPECT_THAT(extra.body, Not(HasSubstr("TournamentService/CreateTournament")));
  EXPECT_EQ(
      Signed(absl::StrCat(kCreatePage, "/"), standings::kOrganiser).status,
      200);
}

TEST_F(OrganiserPagesTest, TheTemplatesAreTheShippedConfigurations2016First) {
  ASSERT_EQ(examples::ShippedConfigs().size(), 2u);
  const http::Response create = Signed(kCreatePage, standings::kOrganiser);
  ASSERT_EQ(create.status, 200) << create.body;
  EXPECT_THAT(create.body,
              HasSubstr("data-method=\"TournamentService/CreateTournament\""));
  const size_t first = create.body.find("<option value=\"sichuan-2016\"");
  const size_t second =
      create.body.find("<option value=\"sichuan-2016-rules2011\"");
  ASSERT_NE(first, std::string::npos);
  ASSERT_NE(second, std::string::npos);
  EXPECT_LT(first, second);
  // The template travels whole, escaped, for the page to send back.
  EXPECT_THAT(create.body, HasSubstr("data-config=\"{&quot;id&quot;:"));
  EXPECT_THAT(create.body, HasSubstr("data-first=\"2016-10-14\""));
  const http::Response zh =
      Signed(kCreatePage, standings::kOrganiser, {{"lang", "zh"}});
  EXPECT_THAT(zh.body, HasSubstr("四川赛区"));
  EXPECT_THAT(zh.body, HasSubstr("中文名称"));
}

TEST_F(OrganiserPagesTest, TheFormIsPrefilledFromTheConfiguration) {
  const v1::TournamentConfig config = Config();
  ASSERT_GT(config.sections_size(), 1);
  const http::Response page = Signed(kOrganiserPage, standings::kOrganiser);
  ASSERT_EQ(page.status, 200) << page.body;
  EXPECT_THAT(page.body,
              HasSubstr("data-method=\"TournamentService/AmendTournament\""));
  EXPECT_THAT(page.body,
              HasSubstr(absl::StrCat("name=\"config.sections.1.name.en\" "
                                     "data-field=\"sections[1].name.en\" "
                                     "value=\"",
                                     config.sections(1).name().en(), "\"")));
  // The schedule's starts on the tournament's clock (Asia/Shanghai).
  EXPECT_THAT(page.body, HasSubstr("value=\"2016-10-14T09:30:00+08:00\""));
  // The first section's chain, its first tie-break chosen, in words.
  EXPECT_THAT(page.body, HasSubstr("<option value=\"TIE_BREAK_KIND_"));
  EXPECT_THAT(page.body, HasSubstr(" selected>"));
  EXPECT_THAT(page.body, HasSubstr("name=\"reason\" required"));
}

// R1.1: the server validates an amendment and names the field it refuses;
// the form has an input of exactly that name, where the page shows it.
TEST_F(OrganiserPagesTest, R1_1_ARefusedAmendmentNamesAFieldOfTheForm) {
  v1::AmendTournamentRequest amend;
  amend.set_command_id("organiser-page-too-many");
  amend.set_tournament_id(standings::kTournamentId);
  *amend.mutable_config() = Config();
  amend.mutable_config()->mutable_sections(1)->set_max_players(20'000);
  amend.set_reason("a bigger hall");
  auto tournaments = v1::TournamentService::NewStub(channel_);
  v1::AmendTournamentResponse response;
  const grpc::Status refused = tournaments->AmendTournament(
      Call(standings::kOrganiser).get(), amend, &response);
  ASSERT_EQ(refused.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  const std::string field =
      refused.error_message().substr(0, refused.error_message().find(':'));
  EXPECT_EQ(field, "sections[1].max_players");
  const http::Response page = Signed(kOrganiserPage, standings::kOrganiser);
  EXPECT_THAT(page.body, HasSubstr(absl::StrCat("data-field=\"", field, "\"")));
}

// R2.4: a Swiss section's rounds are the organiser's to set, so a small
// event can play fewer than the template's 11; a round robin's follow from
// its players and offer no field.
TEST_F(OrganiserPagesTest, R2_4_EachSwissSectionOffersItsRoundsField) {
  const v1::TournamentConfig config = Config();
  ASSERT_EQ(config.sections(0).pairing_system(),
            v1::PAIRING_SYSTEM_ROUND_ROBIN);
  ASSERT_EQ(config.sections(1).pairing_system(), v1::PAIRING_SYSTEM_SWISS);
  const http::Response page = Signed(kOrganiserPage, standings::kOrganiser);
  ASSERT_EQ(page.status, 200) << page.body;
  EXPECT_THAT(page.body,
              HasSubstr(absl::StrCat("name=\"config.sections.1.rounds\" "
                                     "data-field=\"sections[1].rounds\" "
                                     "inputmode=\"numeric\" size=\"3\" "
                                     "value=\"",
                                     config.sections(1).rounds(), "\"")));
  EXPECT_THAT(page.body, Not(HasSubstr("name=\"config.sections.0.rounds\"")));
  EXPECT_THAT(page.body, HasSubstr("Rounds (R2.4, at least 1)"));
  const http::Response zh =
      Signed(kOrganiserPage, standings::kOrganiser, {{"lang", "zh"}});
  EXPECT_THAT(zh.body, HasSubstr("轮数(R2.4,至少 1 轮)"));
}

// R2.4: a Swiss section shortened to 3 rounds is kept and shown; one of no
// rounds is refused naming the form's rounds field, and changes nothing.
TEST_F(OrganiserPagesTest, R2_4_TheRoundsFieldShortensASwissSection) {
  auto tournaments = v1::TournamentService::NewStub(channel_);
  v1::AmendTournamentRequest amend;
  amend.set_command_id("organiser-page-three-rounds");
  amend.set_tournament_id(standings::kTournamentId);
  *amend.mutable_config() = Config();
  amend.mutable_config()->mutable_sections(1)->set_rounds(3);
  amend.set_reason("a one-day event");
  v1::AmendTournamentResponse response;
  ASSERT_TRUE(
      tournaments
          ->AmendTournament(Call(standings::kOrganiser).get(), amend, &response)
          .ok());
  http::Response page = Signed(kOrganiserPage, standings::kOrganiser);
  EXPECT_THAT(page.body, HasSubstr("data-field=\"sections[1].rounds\" "
                                   "inputmode=\"numeric\" size=\"3\" "
                                   "value=\"3\""));

  amend.set_command_id("organiser-page-no-rounds");
  amend.mutable_config()->mutable_sections(1)->set_rounds(0);
  const grpc::Status refused = tournaments->AmendTournament(
      Call(standings::kOrganiser).get(), amend, &response);
  ASSERT_EQ(refused.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_THAT(refused.error_message(), HasSubstr("R2.4"));
  const std::string field =
      refused.error_message().substr(0, refused.error_message().find(':'));
  EXPECT_EQ(field, "sections[1].rounds");
  EXPECT_EQ(Config().sections(1).rounds(), 3);
  page = Signed(kOrganiserPage, standings::kOrganiser);
  EXPECT_THAT(page.body, HasSubstr(absl::StrCat("data-field=\"", field, "\"")));
}

}  // namespace
}  // namespace qiwang::web
