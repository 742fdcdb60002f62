#include "tests/ledger/ledger_fixture.h"

#include <cstdlib>
#include <filesystem>

#include "absl/time/clock.h"
#include "tests/rules/tournament/pre_event_fixture.h"

namespace qiwang::ledger {

void LedgerTest::SetUp() {
  std::string pattern =
      (std::filesystem::temp_directory_path() / "ledger_test_XXXXXX").string();
  ASSERT_NE(mkdtemp(pattern.data()), nullptr);
  temp_dir_ = pattern;
  absl::StatusOr<std::unique_ptr<store::EventLog>> log =
      store::EventLog::Open(temp_dir_ + "/log");
  ASSERT_TRUE(log.ok()) << log.status();
  log_ = *std::move(log);
  clock_ = std::make_unique<ManualClock>(
      rules::tournament::Beijing(2016, 9, 1, 10, 0));
  ledger_ = std::make_unique<Ledger>(*log_, *clock_);
}

void LedgerTest::TearDown() {
  ledger_.reset();
  log_.reset();
  std::filesystem::remove_all(temp_dir_);
}

void LedgerTest::CreateTournament() {
  v1::CreateTournamentRequest create;
  create.set_command_id("create");
  *create.mutable_config() = rules::tournament::Sichuan2016();
  absl::StatusOr<CommandOutcome> created =
      Run("CreateTournament", create, kTournament,
          &rules::tournament::DecideCreate, rules::Role::kOrganiser);
  ASSERT_TRUE(created.ok()) << created.status();
}

v1::RegisterPlayerRequest ProfessionalEntry(const std::string& command_id,
                                            const std::string& name, int day) {
  v1::RegisterPlayerRequest request;
  request.set_command_id(command_id);
  request.set_tournament_id(kTournament);
  *request.mutable_person() = rules::tournament::MakePerson(
      name, 1980, 1, day, v1::GENDER_MALE, absl::StrCat("5101", name));
  request.set_section_id("professional");
  request.set_title(v1::TITLE_PROVINCIAL_TEAM_MASTER);
  request.set_residency(v1::RESIDENCY_NATIVE);
  request.set_insurance_confirmed(true);
  return request;
}

absl::StatusOr<CommandOutcome> LedgerTest::Register(
    const v1::RegisterPlayerRequest& request, rules::Role role) {
  return Run("RegisterPlayer", request, request.tournament_id(),
             &rules::tournament::DecideRegister, role);
}

TournamentState LedgerTest::StateNow() {
  absl::StatusOr<StateAt> state =
      ledger_->Read(kTournament, {});
  EXPECT_TRUE(state.ok()) << state.status();
  return state.ok() ? *state->state : TournamentState();
}

}  // namespace qiwang::ledger
