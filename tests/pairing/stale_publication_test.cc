// The ledger refuses a publication computed on a stream version that has
// moved (ABORTED, nothing appended): a withdrawal lands while the pairing
// officer pairs the professional round robin.
#include <optional>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/rules/tournament/decide_play.h"
#include "services/rules/tournament/propose_round.h"
#include "tests/ledger/ledger_fixture.h"
#include "tests/rules/tournament/pre_event_fixture.h"

namespace qiwang::ledger {
namespace {

namespace tournament = rules::tournament;
using ::testing::HasSubstr;

class StalePublicationTest : public LedgerTest {
 protected:
  // Four professionals checked in, check-in closed.
  void SetUp() override {
    LedgerTest::SetUp();
    CreateTournament();
    for (int day = 1; day <= 4; ++day) {
      ASSERT_TRUE(Register(ProfessionalEntry(absl::StrCat("reg-", day),
                                             absl::StrCat("M", day), day))
                      .ok());
    }
    ASSERT_TRUE(clock_->Set(tournament::Beijing(2016, 10, 13, 15, 0)).ok());
    for (int id = 1; id <= 4; ++id) {
      v1::CheckInPlayerRequest check_in;
      check_in.set_command_id(absl::StrCat("check-in-", id));
      check_in.set_tournament_id(kTournament);
      check_in.set_player_id(id);
      check_in.add_documents(v1::CHECK_IN_DOCUMENT_IDENTITY_COPY);
      check_in.add_documents(v1::CHECK_IN_DOCUMENT_INSURANCE);
      ASSERT_TRUE(Run("CheckInPlayer", check_in, kTournament,
                      &tournament::DecideCheckIn, rules::Role::kArbiter)
                      .ok());
    }
    ASSERT_TRUE(clock_->Set(tournament::Beijing(2016, 10, 13, 18, 30)).ok());
    v1::CloseCheckInRequest close;
    close.set_command_id("close");
    close.set_tournament_id(kTournament);
    close.set_reason("window over");
    ASSERT_TRUE(Run("CloseCheckIn", close, kTournament,
                    &tournament::DecideCloseCheckIn, rules::Role::kChiefArbiter)
                    .ok());
  }

  absl::StatusOr<CommandOutcome> Publish(
      const tournament::ProposedRound& proposed, uint64_t paired_on) {
    const v1::PairRoundRequest request;
    Command command;
    command.method = "/qiwang.v1.PairingService/PairRound";
    command.request = &request;
    command.command_id = absl::StrCat("publish-", paired_on);
    command.tournament_id = kTournament;
    command.decide = [&proposed](const TournamentState& state,
                                 const tournament::CommandContext& context) {
      return tournament::DecidePublishRound(state, proposed.proposal, context);
    };
    command.expected_version = paired_on;
    return ledger_->Execute(command, {"pat", rules::Role::kPairingOfficer});
  }
};

TEST_F(StalePublicationTest, APairingOnAMovedStreamIsAbortedAndAppendsNothing) {
  const TournamentState seen = StateNow();
  absl::StatusOr<tournament::ProposedRound> proposed =
      tournament::ProposeNextRound(seen, "professional", 7);
  ASSERT_TRUE(proposed.ok()) << proposed.status();

  v1::WithdrawPlayerRequest withdraw;
  withdraw.set_command_id("withdraw-4");
  withdraw.set_tournament_id(kTournament);
  withdraw.set_player_id(4);
  withdraw.set_reason("ill");
  ASSERT_TRUE(Run("WithdrawPlayer", withdraw, kTournament,
                  &tournament::DecideWithdraw, rules::Role::kChiefArbiter)
                  .ok());
  const uint64_t last = log_->LastPosition();

  absl::StatusOr<CommandOutcome> stale = Publish(*proposed, seen.version());
  EXPECT_EQ(stale.status().code(), absl::StatusCode::kAborted);
  EXPECT_THAT(stale.status().message(), HasSubstr("stream moved"));
  EXPECT_EQ(log_->LastPosition(), last);

  // Paired again on the state that moved: the withdrawn player is left out.
  const TournamentState now = StateNow();
  absl::StatusOr<tournament::ProposedRound> again =
      tournament::ProposeNextRound(now, "professional", 7);
  ASSERT_TRUE(again.ok()) << again.status();
  ASSERT_TRUE(again->proposal.lots.has_value());
  EXPECT_EQ(again->proposal.lots->player_ids_size(), 3);
  absl::StatusOr<CommandOutcome> fresh = Publish(*again, now.version());
  ASSERT_TRUE(fresh.ok()) << fresh.status();
  EXPECT_GT(log_->LastPosition(), last);
}

}  // namespace
}  // namespace qiwang::ledger
