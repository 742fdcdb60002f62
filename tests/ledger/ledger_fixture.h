// A Ledger over a real event log in a fresh temporary folder, on a manual
// clock in the 2016 registration period, and helpers that send commands the
// way the TournamentService does.
#ifndef QIWANG_TESTS_LEDGER_LEDGER_FIXTURE_H_
#define QIWANG_TESTS_LEDGER_LEDGER_FIXTURE_H_

#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "services/ledger/clock.h"
#include "services/ledger/ledger.h"
#include "store/event_log.h"

namespace qiwang::ledger {

inline constexpr char kTournament[] = "sichuan-2016";

// A professional-section entry (R2.1: male, provincial-team master; no
// qualifier needed) for a person named `name`, born 1980-01-`day`.
v1::RegisterPlayerRequest ProfessionalEntry(const std::string& command_id,
                                            const std::string& name, int day);

// Runs `request` on `ledger` as the user "bench" in `role`, decided by
// `decide`: a command as the benchmarks send it.
template <typename Request>
absl::StatusOr<CommandOutcome> ExecuteCommand(
    Ledger& ledger, const std::string& rpc, const Request& request,
    absl::StatusOr<rules::tournament::Events> (*decide)(
        const TournamentState&, const Request&,
        const rules::tournament::CommandContext&),
    rules::Role role) {
  return ledger.Execute(
      {rpc, &request, request.command_id(), kTournament,
       [&request, decide](const TournamentState& state,
                          const rules::tournament::CommandContext& context) {
         return decide(state, request, context);
       }},
      {"bench", role});
}

class LedgerTest : public ::testing::Test {
 protected:
  void SetUp() override;
  void TearDown() override;

  template <typename Request>
  absl::StatusOr<CommandOutcome> Run(
      const std::string& rpc, const Request& request,
      const std::string& tournament_id,
      absl::StatusOr<rules::tournament::Events> (*decide)(
          const TournamentState&, const Request&,
          const rules::tournament::CommandContext&),
      rules::Role role) {
    return ledger_->Execute(
        {absl::StrCat("/qiwang.v1.TournamentService/", rpc), &request,
         request.command_id(), tournament_id,
         [&request, decide](const TournamentState& state,
                            const rules::tournament::CommandContext& context) {
           return decide(state, request, context);
         }},
        {"tester", role});
  }

  // Creates sichuan-2016 from the shipped configuration as the organiser.
  void CreateTournament();
  absl::StatusOr<CommandOutcome> Register(
      const v1::RegisterPlayerRequest& request,
      rules::Role role = rules::Role::kRegistrar);
  // The state now, as a reader sees it.
  TournamentState StateNow();

  std::string temp_dir_;
  std::unique_ptr<store::EventLog> log_;
  std::unique_ptr<ManualClock> clock_;
  std::unique_ptr<Ledger> ledger_;
};

}  // namespace qiwang::ledger

#endif  // QIWANG_TESTS_LEDGER_LEDGER_FIXTURE_H_
