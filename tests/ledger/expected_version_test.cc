// Command options a pairing service relies on: an expected stream version,
// and a decision that answers no event.
#include <optional>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "tests/ledger/ledger_fixture.h"

namespace qiwang::ledger {
namespace {

using ::testing::HasSubstr;

// A command whose decision registers nobody and answers `events` as given.
absl::StatusOr<CommandOutcome> RunFixed(
    Ledger& ledger, const v1::RegisterPlayerRequest& request,
    std::optional<uint64_t> expected, rules::tournament::Events events) {
  Command command;
  command.method = "/qiwang.v1.Test/Fixed";
  command.request = &request;
  command.command_id = request.command_id();
  command.tournament_id = kTournament;
  command.decide = [events](const TournamentState&,
                            const rules::tournament::CommandContext&) {
    return events;
  };
  command.expected_version = expected;
  return ledger.Execute(command, {"tester", rules::Role::kChiefArbiter});
}

TEST_F(LedgerTest, ExpectedVersionThatMovedIsAbortedAndAppendsNothing) {
  CreateTournament();
  ASSERT_TRUE(Register(ProfessionalEntry("reg-a", "A", 1)).ok());
  const uint64_t last = log_->LastPosition();
  absl::StatusOr<CommandOutcome> stale =
      RunFixed(*ledger_, ProfessionalEntry("paired", "X", 2), 1, {v1::Event()});
  EXPECT_EQ(stale.status().code(), absl::StatusCode::kAborted);
  EXPECT_THAT(stale.status().message(),
              HasSubstr("stream moved: paired on version 1, now 2"));
  EXPECT_EQ(log_->LastPosition(), last);
}

TEST_F(LedgerTest, ExpectedVersionThatHoldsIsDecided) {
  CreateTournament();
  absl::StatusOr<CommandOutcome> registered =
      Run("RegisterPlayer", ProfessionalEntry("reg-a", "A", 1), kTournament,
          &rules::tournament::DecideRegister, rules::Role::kRegistrar);
  ASSERT_TRUE(registered.ok());
  const v1::RegisterPlayerRequest entry = ProfessionalEntry("reg-b", "B", 2);
  Command command{"/qiwang.v1.TournamentService/RegisterPlayer",
                  &entry,
                  entry.command_id(),
                  kTournament,
                  [&entry](const TournamentState& state,
                           const rules::tournament::CommandContext& context) {
                    return rules::tournament::DecideRegister(state, entry,
                                                             context);
                  },
                  2};
  absl::StatusOr<CommandOutcome> decided =
      ledger_->Execute(command, {"tester", rules::Role::kRegistrar});
  ASSERT_TRUE(decided.ok()) << decided.status();
  EXPECT_EQ(decided->result.stream_version(), 3u);
  EXPECT_EQ(StateNow().players().size(), 2u);
}

// E.g. an equal result entered by a second arbiter: nothing to change.
TEST_F(LedgerTest, DecisionWithNoEventAnswersAReplayAtTheStatesVersion) {
  CreateTournament();
  ASSERT_TRUE(Register(ProfessionalEntry("reg-a", "A", 1)).ok());
  const uint64_t last = log_->LastPosition();
  const v1::RegisterPlayerRequest request = ProfessionalEntry("same", "X", 2);
  absl::StatusOr<CommandOutcome> nothing =
      RunFixed(*ledger_, request, std::nullopt, {});
  ASSERT_TRUE(nothing.ok()) << nothing.status();
  EXPECT_TRUE(nothing->result.replayed());
  EXPECT_EQ(nothing->result.stream_version(), 2u);
  EXPECT_TRUE(nothing->events.empty());
  EXPECT_EQ(log_->LastPosition(), last);
  // The command id was not recorded: it may carry other content later.
  absl::StatusOr<std::optional<store::AppendResult>> recorded =
      log_->LookupCommand("same");
  ASSERT_TRUE(recorded.ok());
  EXPECT_FALSE(recorded->has_value());
  EXPECT_TRUE(Register(ProfessionalEntry("same", "Y", 3)).ok());
}

}  // namespace
}  // namespace qiwang::ledger
