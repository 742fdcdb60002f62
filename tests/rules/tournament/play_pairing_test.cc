// Pairing a section: round 1 by lots, the round robin schedule, Swiss rounds
// through the engine and the checker, and amendments (R2.4, R4.3, R4.4, R6).
#include <set>
#include <utility>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/rules/roundrobin/berger.h"
#include "services/rules/swiss/checker.h"
#include "services/rules/tournament/section_records.h"
#include "tests/rules/tournament/play_fixture.h"

namespace qiwang::rules::tournament {
namespace {

using ::testing::HasSubstr;

class PairingTest : public PlayTest {
 protected:
  // The published round as the checker reads it.
  static swiss::RoundPairing Pairing(const RoundEntry& round) {
    swiss::RoundPairing pairing;
    for (const BoardEntry& entry : round.boards) {
      pairing.boards.push_back(
          {entry.board.red_player_id(), entry.board.black_player_id()});
    }
    pairing.bye = round.bye_player_id;
    return pairing;
  }
  v1::AmendPairingRequest Amendment(int round) const {
    v1::AmendPairingRequest request;
    request.set_tournament_id(kTournament);
    request.set_section_id(kOpen);
    request.set_round(round);
    request.set_reason("players from one club kept apart");
    const RoundEntry& entry = *Play(kOpen).FindRound(round);
    for (const BoardEntry& board : entry.boards) {
      *request.add_boards() = board.board;
    }
    request.set_bye_player_id(entry.bye_player_id);
    return request;
  }
};

// R2.1, R6: the round robin's whole Berger schedule in one append, pairing
// numbers from the lots; everyone meets everyone once.
TEST_F(PairingTest, R6_RoundRobinSchedulePublishedWhole) {
  const std::vector<int64_t> pros = EnterProfessionals(5);
  ASSERT_TRUE(CloseCheckIn().ok());
  absl::StatusOr<Events> events = PairNext(kPro, 11);
  ASSERT_TRUE(events.ok()) << events.status();
  ASSERT_EQ(events->size(), 6u);  // lots + 5 rounds
  const SectionPlay& play = Play(kPro);
  ASSERT_EQ(play.rounds_published(), 5);
  absl::StatusOr<std::vector<BergerRound>> table = BergerSchedule(5);
  ASSERT_TRUE(table.ok());
  std::set<std::pair<int64_t, int64_t>> met;
  std::set<int64_t> byes;
  for (int r = 1; r <= 5; ++r) {
    const RoundEntry& round = *play.FindRound(r);
    const BergerRound& berger = (*table)[r - 1];
    ASSERT_EQ(round.boards.size(), berger.boards.size());
    for (size_t b = 0; b < round.boards.size(); ++b) {
      const v1::Board& board = round.boards[b].board;
      EXPECT_EQ(board.number(), static_cast<int>(b) + 1);
      EXPECT_EQ(play.PairingNumber(board.red_player_id()),
                berger.boards[b].red);
      EXPECT_EQ(play.PairingNumber(board.black_player_id()),
                berger.boards[b].black);
      EXPECT_TRUE(met.insert(std::minmax(board.red_player_id(),
                                         board.black_player_id()))
                      .second);
    }
    EXPECT_TRUE(byes.insert(round.bye_player_id).second);
  }
  EXPECT_EQ(met.size(), 10u);
  EXPECT_EQ(byes, std::set<int64_t>(pros.begin(), pros.end()));

  absl::StatusOr<ProposedRound> again = ProposeNextRound(state_, kPro, 1);
  EXPECT_EQ(again.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(again.status().message(), HasSubstr("published already"));
}

// A double round robin reverses the colours in its second cycle.
TEST_F(PairingTest, R6_DoubleRoundRobinReversesColours) {
  AmendSection(kPro, [](v1::Section& section) {
    section.set_pairing_system(v1::PAIRING_SYSTEM_DOUBLE_ROUND_ROBIN);
  });
  EnterProfessionals(4);
  ASSERT_TRUE(CloseCheckIn().ok());
  ASSERT_TRUE(PairNext(kPro).ok());
  const SectionPlay& play = Play(kPro);
  ASSERT_EQ(play.rounds_published(), 6);
  std::set<std::pair<int64_t, int64_t>> red_black;
  for (const RoundEntry& round : play.rounds) {
    for (const BoardEntry& board : round.boards) {
      EXPECT_TRUE(red_black
                      .insert({board.board.red_player_id(),
                               board.board.black_player_id()})
                      .second);
    }
  }
  EXPECT_EQ(red_black.size(), 12u);  // each pair once with each colour
}

// R2.1: a round robin needs 3..20 players.
TEST_F(PairingTest, R2_1_RoundRobinTooSmall) {
  EnterProfessionals(2);
  ASSERT_TRUE(CloseCheckIn().ok());
  absl::StatusOr<ProposedRound> proposed = ProposeNextRound(state_, kPro, 1);
  EXPECT_EQ(proposed.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(proposed.status().message(), HasSubstr("R2.1"));
}

// R6: a Swiss section played six rounds through ProposeNextRound ->
// DecidePublishRound -> results; every round passes the checker.
TEST_F(PairingTest, R6_SwissSixRoundsEachPassingTheChecker) {
  EnterOpenMen(13);
  ASSERT_TRUE(CloseCheckIn().ok());
  std::set<int64_t> byes;
  for (int r = 1; r <= 6; ++r) {
    absl::StatusOr<ProposedRound> proposed =
        ProposeNextRound(state_, kOpen, 99);
    ASSERT_TRUE(proposed.ok()) << proposed.status();
    EXPECT_EQ(proposed->cost.size(), 5u);
    EXPECT_EQ(proposed->proposal.lots.has_value(), r == 1);
    EXPECT_EQ(proposed->proposal.rounds.front().paired_on_version(),
              state_.version());
    ASSERT_TRUE(PairNext(kOpen, 99).ok()) << "round " << r;
    const RoundEntry& round = *Play(kOpen).FindRound(r);
    absl::StatusOr<std::vector<PlayerRecord>> records =
        SectionRecordsBefore(state_, kOpen, r);
    ASSERT_TRUE(records.ok());
    swiss::SwissConfig config;
    config.scoring = ScoringOf(state_.config());
    absl::StatusOr<swiss::PairingCheck> check =
        swiss::CheckPairing(*records, r, config, Pairing(round));
    ASSERT_TRUE(check.ok()) << check.status();
    EXPECT_TRUE(check->legal()) << check->violations.front().message;
    EXPECT_EQ(round.boards.size(), 6u);
    EXPECT_TRUE(byes.insert(round.bye_player_id).second);
    RecordRound(kOpen, r);
    EXPECT_TRUE(Play(kOpen).FindRound(r)->complete());
  }
}

// R6: no round while a game of the previous one has no result.
TEST_F(PairingTest, R6_PreviousRoundIncomplete) {
  EnterOpenMen(8);
  ASSERT_TRUE(CloseCheckIn().ok());
  ASSERT_TRUE(PairNext(kOpen).ok());
  ASSERT_TRUE(Record(kOpen, 1, 1, v1::GAME_RESULT_DRAW).ok());
  ASSERT_TRUE(Record(kOpen, 1, 3, v1::GAME_RESULT_DRAW).ok());
  absl::StatusOr<Events> next = PairNext(kOpen);
  EXPECT_EQ(next.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(next.status().message(),
              HasSubstr("R6: round 1 of section 'open-men' is incomplete: "
                        "boards 2, 4 have no result"));
  EXPECT_EQ(Play(kOpen).rounds_published(), 1);
}

// R2.4: a Swiss section plays its configured rounds and no more.
TEST_F(PairingTest, R2_4_NoRoundBeyondTheSections) {
  AmendSection(kOpen, [](v1::Section& section) { section.set_rounds(1); });
  EnterOpenMen(4);
  ASSERT_TRUE(CloseCheckIn().ok());
  ASSERT_TRUE(PairNext(kOpen).ok());
  RecordRound(kOpen, 1);
  absl::StatusOr<Events> next = PairNext(kOpen);
  EXPECT_EQ(next.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(next.status().message(),
              HasSubstr("R2.4: section 'open-men' plays 1 rounds"));
}

// R6.1: the lots published are the draw of their seed; round 1 needs them;
// they are drawn once.
TEST_F(PairingTest, R6_1_LotsMustFollowTheirSeed) {
  EnterOpenMen(6);
  ASSERT_TRUE(CloseCheckIn().ok());
  absl::StatusOr<ProposedRound> proposed = ProposeNextRound(state_, kOpen, 5);
  ASSERT_TRUE(proposed.ok());
  const CommandContext officer{kRoundDay(), Role::kPairingOfficer};

  PairingProposal tampered = proposed->proposal;
  tampered.lots->set_seed(6);
  absl::StatusOr<Events> wrong = DecidePublishRound(state_, tampered, officer);
  EXPECT_EQ(wrong.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(wrong.status().message(),
              HasSubstr("R6.1: the lots of section 'open-men' are not the "
                        "draw of seed 6 over its 6 players"));

  PairingProposal no_lots = proposed->proposal;
  no_lots.lots.reset();
  EXPECT_THAT(DecidePublishRound(state_, no_lots, officer).status().message(),
              HasSubstr("R6.1: round 1 of section 'open-men' needs drawn "
                        "lots"));

  ASSERT_TRUE(PairNext(kOpen, 5).ok());
  RecordRound(kOpen, 1);
  absl::StatusOr<ProposedRound> second = ProposeNextRound(state_, kOpen, 5);
  ASSERT_TRUE(second.ok());
  second->proposal.lots = proposed->proposal.lots;
  EXPECT_THAT(
      DecidePublishRound(state_, second->proposal, officer).status().message(),
      HasSubstr("R6.1: lots of section 'open-men' are drawn once"));
}

// R6.1 option: round 1 by the seeding list (registration order).
TEST_F(PairingTest, R6_1_SeedingListOption) {
  AmendSection(kOpen, [](v1::Section& section) {
    section.set_seed_round_one_by_list(true);
  });
  const std::vector<int64_t> players = EnterOpenMen(6);
  ASSERT_TRUE(CloseCheckIn().ok());
  ASSERT_TRUE(PairNext(kOpen, 123).ok());
  EXPECT_THAT(Play(kOpen).lots.player_ids(),
              ::testing::ElementsAreArray(players));
  const RoundEntry& round = *Play(kOpen).FindRound(1);
  // Top half meets bottom half (R6.1): 1-4, 2-5, 3-6.
  EXPECT_EQ(std::minmax(round.boards[0].board.red_player_id(),
                        round.boards[0].board.black_player_id()),
            std::minmax(players[0], players[3]));
}

// A stale proposal (the round was published meanwhile) is refused.
TEST_F(PairingTest, R6_ProposalForAPublishedRound) {
  EnterOpenMen(6);
  ASSERT_TRUE(CloseCheckIn().ok());
  absl::StatusOr<ProposedRound> proposed = ProposeNextRound(state_, kOpen, 5);
  ASSERT_TRUE(proposed.ok());
  ASSERT_TRUE(PairNext(kOpen, 5).ok());
  absl::StatusOr<Events> stale = DecidePublishRound(
      state_, proposed->proposal, {kRoundDay(), Role::kPairingOfficer});
  EXPECT_EQ(stale.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(stale.status().message(),
              HasSubstr("round 1 of section 'open-men' is not its next round "
                        "(2)"));
  PairingProposal empty;
  EXPECT_EQ(
      DecidePublishRound(state_, empty, {kRoundDay(), Role::kPairingOfficer})
          .status()
          .code(),
      absl::StatusCode::kInvalidArgument);
}

// R6.3: a hand-made round with a rematch is not published.
TEST_F(PairingTest, R6_3_PublishRefusesRematch) {
  EnterOpenMen(4);
  ASSERT_TRUE(CloseCheckIn().ok());
  ASSERT_TRUE(PairNext(kOpen).ok());
  RecordRound(kOpen, 1);
  PairingProposal rematch;
  v1::RoundPaired& round = rematch.rounds.emplace_back();
  round.set_section_id(kOpen);
  round.set_round(2);
  for (const BoardEntry& board : Play(kOpen).FindRound(1)->boards) {
    v1::Board& again = *round.add_boards();
    again.set_number(board.board.number());
    again.set_red_player_id(board.board.black_player_id());
    again.set_black_player_id(board.board.red_player_id());
  }
  absl::StatusOr<Events> events =
      DecidePublishRound(state_, rematch, {kRoundDay(), Role::kPairingOfficer});
  EXPECT_EQ(events.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(
      events.status().message(),
      HasSubstr("R6.3: round 2 of section 'open-men' breaks the rules"));
  EXPECT_THAT(events.status().message(), HasSubstr("have already met"));
}

// R4.4: a player withdrawn after round 1 is not paired from round 2 on and
// keeps his round 1 result.
TEST_F(PairingTest, R4_4_WithdrawalMidEventExcludedFromNextRound) {
  EnterOpenMen(8);
  ASSERT_TRUE(CloseCheckIn().ok());
  ASSERT_TRUE(PairNext(kOpen).ok());
  RecordRound(kOpen, 1);
  const int64_t leaver =
      Play(kOpen).FindRound(1)->boards[0].board.red_player_id();
  absl::StatusOr<Events> withdrawn = Withdraw(leaver);
  ASSERT_TRUE(withdrawn.ok()) << withdrawn.status();
  EXPECT_EQ(withdrawn->front().player_withdrawn().from_round(), 2);

  ASSERT_TRUE(PairNext(kOpen).ok());
  const RoundEntry& round = *Play(kOpen).FindRound(2);
  EXPECT_NE(round.bye_player_id, 0);  // 7 players left
  for (const BoardEntry& board : round.boards) {
    EXPECT_NE(board.board.red_player_id(), leaver);
    EXPECT_NE(board.board.black_player_id(), leaver);
  }
  EXPECT_NE(round.bye_player_id, leaver);
  absl::StatusOr<std::vector<PlayerRecord>> records =
      SectionRecords(state_, kOpen);
  ASSERT_TRUE(records.ok());
  ASSERT_EQ(records->size(), 8u);
  for (const PlayerRecord& record : *records) {
    if (record.id != leaver) continue;
    EXPECT_TRUE(record.withdrawn);
    EXPECT_EQ(record.rounds[0].outcome, Outcome::kWin);
    EXPECT_EQ(record.rounds[1].outcome, Outcome::kAbsent);
  }
}

// R6.6: the pairing officer swaps two boards' black players before the round
// starts, with a reason.
TEST_F(PairingTest, R6_6_AmendBeforeTheRoundStarts) {
  EnterOpenMen(8);
  ASSERT_TRUE(CloseCheckIn().ok());
  ASSERT_TRUE(PairNext(kOpen).ok());
  v1::AmendPairingRequest amend = Amendment(1);
  const int64_t black1 = amend.boards(0).black_player_id();
  amend.mutable_boards(0)->set_black_player_id(
      amend.boards(1).black_player_id());
  amend.mutable_boards(1)->set_black_player_id(black1);
  absl::StatusOr<Events> events =
      As(&DecideAmendPairing, amend, Role::kPairingOfficer);
  ASSERT_TRUE(events.ok()) << events.status();
  ASSERT_EQ(events->size(), 1u);
  EXPECT_EQ(events->front().reason(), "players from one club kept apart");
  EXPECT_FALSE(events->front().pairing_amended().r63_override());
  const RoundEntry& round = *Play(kOpen).FindRound(1);
  EXPECT_TRUE(round.amended);
  EXPECT_EQ(round.boards[1].board.black_player_id(), black1);
  EXPECT_EQ(round.published_position, log_.size());
}

TEST_F(PairingTest, R6_6_AmendRefusals) {
  EnterOpenMen(8);
  ASSERT_TRUE(CloseCheckIn().ok());
  ASSERT_TRUE(PairNext(kOpen).ok());
  const std::string before = state_.Snapshot();

  v1::AmendPairingRequest no_reason = Amendment(1);
  no_reason.clear_reason();
  absl::StatusOr<Events> reason =
      As(&DecideAmendPairing, no_reason, Role::kPairingOfficer);
  EXPECT_EQ(reason.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(reason.status().message(), HasSubstr("reason"));

  v1::AmendPairingRequest later = Amendment(1);
  later.set_round(2);
  EXPECT_THAT(
      As(&DecideAmendPairing, later, Role::kPairingOfficer).status().message(),
      HasSubstr("R6.6: round 2 of section 'open-men' is not published"));

  v1::AmendPairingRequest missing = Amendment(1);
  missing.mutable_boards()->RemoveLast();
  absl::StatusOr<Events> short_round =
      As(&DecideAmendPairing, missing, Role::kPairingOfficer);
  EXPECT_EQ(short_round.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(short_round.status().message(),
              HasSubstr("is neither paired nor given the bye"));

  v1::AmendPairingRequest twice = Amendment(1);
  twice.mutable_boards(1)->set_red_player_id(twice.boards(0).red_player_id());
  EXPECT_THAT(
      As(&DecideAmendPairing, twice, Role::kPairingOfficer).status().message(),
      HasSubstr("is seated twice"));

  v1::AmendPairingRequest stranger = Amendment(1);
  stranger.mutable_boards(0)->set_red_player_id(999);
  EXPECT_THAT(As(&DecideAmendPairing, stranger, Role::kPairingOfficer)
                  .status()
                  .message(),
              HasSubstr("player 999 does not play in this section"));

  v1::AmendPairingRequest bye = Amendment(1);
  bye.set_bye_player_id(bye.boards(3).red_player_id());
  bye.mutable_boards(3)->set_red_player_id(bye.boards(3).black_player_id());
  bye.mutable_boards()->RemoveLast();
  EXPECT_THAT(
      As(&DecideAmendPairing, bye, Role::kPairingOfficer).status().message(),
      HasSubstr("is neither paired nor given the bye"));

  v1::AmendPairingRequest numbering = Amendment(1);
  numbering.mutable_boards(0)->set_number(7);
  EXPECT_EQ(
      As(&DecideAmendPairing, numbering, Role::kPairingOfficer).status().code(),
      absl::StatusCode::kInvalidArgument);

  ASSERT_TRUE(Record(kOpen, 1, 2, v1::GAME_RESULT_DRAW).ok());
  const std::string recorded = state_.Snapshot();
  absl::StatusOr<Events> started =
      As(&DecideAmendPairing, Amendment(1), Role::kPairingOfficer);
  EXPECT_EQ(started.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(started.status().message(),
              HasSubstr("R6.6: round 1 of section 'open-men' has started: "
                        "board 2 has a result"));
  EXPECT_EQ(state_.Snapshot(), recorded);
  EXPECT_NE(before, recorded);
}

// R6.6, R6.3: an amendment that breaks R6.3 needs the chief arbiter's
// explicit override, which is logged with the violations.
TEST_F(PairingTest, R6_3_AmendViolationNeedsChiefArbiterOverride) {
  EnterOpenMen(4);
  ASSERT_TRUE(CloseCheckIn().ok());
  ASSERT_TRUE(PairNext(kOpen).ok());
  RecordRound(kOpen, 1);
  const RoundEntry round1 = *Play(kOpen).FindRound(1);
  ASSERT_TRUE(PairNext(kOpen).ok());
  v1::AmendPairingRequest rematch = Amendment(2);
  for (int b = 0; b < 2; ++b) {
    *rematch.mutable_boards(b) = round1.boards[b].board;
    rematch.mutable_boards(b)->set_red_player_id(
        round1.boards[b].board.black_player_id());
    rematch.mutable_boards(b)->set_black_player_id(
        round1.boards[b].board.red_player_id());
  }
  const std::string before = state_.Snapshot();
  absl::StatusOr<Events> refused =
      As(&DecideAmendPairing, rematch, Role::kPairingOfficer);
  EXPECT_EQ(refused.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(refused.status().message(), HasSubstr("have already met"));
  EXPECT_THAT(refused.status().message(), HasSubstr("override_r63"));

  rematch.set_override_r63(true);
  absl::StatusOr<Events> officer =
      As(&DecideAmendPairing, rematch, Role::kPairingOfficer);
  EXPECT_EQ(officer.status().code(), absl::StatusCode::kPermissionDenied);
  EXPECT_THAT(officer.status().message(), HasSubstr("R6.6"));
  EXPECT_EQ(state_.Snapshot(), before);

  absl::StatusOr<Events> chief =
      As(&DecideAmendPairing, rematch, Role::kChiefArbiter);
  ASSERT_TRUE(chief.ok()) << chief.status();
  const v1::PairingAmended& amended = chief->front().pairing_amended();
  EXPECT_TRUE(amended.r63_override());
  ASSERT_GE(amended.r63_violations_size(), 2);
  EXPECT_THAT(amended.r63_violations(0), HasSubstr("R6.3"));
  EXPECT_TRUE(Play(kOpen).FindRound(2)->amended);
}

}  // namespace
}  // namespace qiwang::rules::tournament
