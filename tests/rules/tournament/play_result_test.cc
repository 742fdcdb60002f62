// Corrections by the chief arbiter (R5.3, R9.5), fouls (R5.5), and replaying
// a played log (R9.5, DESIGN.md "Events").
#include "absl/strings/match.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/rules/tournament/section_records.h"
#include "tests/rules/tournament/play_fixture.h"

namespace qiwang::rules::tournament {
namespace {

using ::testing::HasSubstr;

class ResultTest : public PlayTest {
 protected:
  void SetUp() override {
    PlayTest::SetUp();
    EnterOpenMen(8);
    ASSERT_TRUE(CloseCheckIn().ok());
    ASSERT_TRUE(PairNext(kOpen).ok());
  }
  int64_t RedOf(int board) const {
    return Play(kOpen).FindRound(1)->FindBoard(board)->board.red_player_id();
  }
  const PlayerRecord& RecordOf(const std::vector<PlayerRecord>& records,
                               int64_t id) {
    for (const PlayerRecord& record : records) {
      if (record.id == id) return record;
    }
    ADD_FAILURE() << "no record of player " << id;
    return records.front();
  }
};

// R9.5: the chief arbiter corrects a result with a reason; the event points
// at the result it corrects, and the records follow the correction.
TEST_F(ResultTest, R9_5_ChiefArbiterCorrectsWithReason) {
  ASSERT_TRUE(Record(kOpen, 1, 1, v1::GAME_RESULT_RED_WIN, "li").ok());
  const uint64_t recorded_at = log_.size();
  absl::StatusOr<Events> events =
      As(&DecideCorrectResult, Correction(1, v1::GAME_RESULT_DRAW),
         Role::kChiefArbiter, "zhang");
  ASSERT_TRUE(events.ok()) << events.status();
  const v1::Event& event = events->front();
  EXPECT_EQ(event.reason(), "score sheet signed by both players says draw");
  EXPECT_EQ(event.result_corrected().previous(), v1::GAME_RESULT_RED_WIN);
  EXPECT_EQ(event.result_corrected().corrects_position(), recorded_at);
  const BoardEntry& board = *Play(kOpen).FindRound(1)->FindBoard(1);
  EXPECT_EQ(board.result, v1::GAME_RESULT_DRAW);
  EXPECT_TRUE(board.corrected);
  EXPECT_EQ(board.result_actor.user(), "zhang");
  absl::StatusOr<std::vector<PlayerRecord>> records =
      SectionRecords(state_, kOpen);
  ASSERT_TRUE(records.ok());
  EXPECT_EQ(RecordOf(*records, RedOf(1)).rounds[0].outcome, Outcome::kDraw);

  // The corrected result now stands against a late arbiter's entry.
  absl::StatusOr<Events> late =
      Record(kOpen, 1, 1, v1::GAME_RESULT_RED_WIN, "wang");
  EXPECT_THAT(late.status().message(),
              HasSubstr("draw (和) corrected by zhang (chief_arbiter)"));
}

TEST_F(ResultTest, R9_5_CorrectionRefusals) {
  ASSERT_TRUE(Record(kOpen, 1, 1, v1::GAME_RESULT_RED_WIN).ok());
  const std::string before = state_.Snapshot();

  absl::StatusOr<Events> arbiter =
      As(&DecideCorrectResult, Correction(1, v1::GAME_RESULT_DRAW),
         Role::kArbiter);
  EXPECT_EQ(arbiter.status().code(), absl::StatusCode::kPermissionDenied);

  v1::CorrectResultRequest no_reason = Correction(1, v1::GAME_RESULT_DRAW);
  no_reason.clear_reason();
  absl::StatusOr<Events> reason =
      As(&DecideCorrectResult, no_reason, Role::kChiefArbiter);
  EXPECT_EQ(reason.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(reason.status().message(), HasSubstr("reason"));

  absl::StatusOr<Events> nothing =
      As(&DecideCorrectResult, Correction(2, v1::GAME_RESULT_DRAW),
         Role::kChiefArbiter);
  EXPECT_EQ(nothing.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(nothing.status().message(),
              HasSubstr("has no result to correct"));

  absl::StatusOr<Events> same =
      As(&DecideCorrectResult, Correction(1, v1::GAME_RESULT_RED_WIN),
         Role::kChiefArbiter);
  EXPECT_EQ(same.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(same.status().message(), HasSubstr("R9.5"));

  absl::StatusOr<Events> unknown =
      As(&DecideCorrectResult, Correction(9, v1::GAME_RESULT_DRAW),
         Role::kChiefArbiter);
  EXPECT_THAT(unknown.status().message(), HasSubstr("has no board 9"));

  absl::StatusOr<Events> none =
      As(&DecideCorrectResult, Correction(1, v1::GAME_RESULT_UNSPECIFIED),
         Role::kChiefArbiter);
  EXPECT_EQ(none.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(state_.Snapshot(), before);
}

// R5.5: fouls are counted per player up to the round asked for.
TEST_F(ResultTest, R5_5_FoulsCountedInSectionRecords) {
  const int64_t player = RedOf(2);
  absl::StatusOr<Events> foul =
      As(&DecideRecordFoul, Foul(player, 1), Role::kArbiter, "li");
  ASSERT_TRUE(foul.ok()) << foul.status();
  EXPECT_EQ(foul->front().foul_recorded().section_id(), kOpen);
  EXPECT_EQ(foul->front().reason(), "长将 three times, warned");
  ASSERT_TRUE(As(&DecideRecordFoul, Foul(player, 1), Role::kArbiter).ok());
  RecordRound(kOpen, 1);
  ASSERT_TRUE(PairNext(kOpen).ok());
  ASSERT_TRUE(As(&DecideRecordFoul, Foul(player, 2), Role::kArbiter).ok());

  ASSERT_EQ(Play(kOpen).fouls.size(), 3u);
  EXPECT_EQ(Play(kOpen).fouls[0].event_id,
            "event-" + std::to_string(Play(kOpen).fouls[0].position));
  absl::StatusOr<std::vector<PlayerRecord>> all = SectionRecords(state_, kOpen);
  absl::StatusOr<std::vector<PlayerRecord>> first =
      SectionRecords(state_, kOpen, 1);
  ASSERT_TRUE(all.ok() && first.ok());
  EXPECT_EQ(RecordOf(*all, player).fouls, 3);
  EXPECT_EQ(RecordOf(*first, player).fouls, 2);
  EXPECT_EQ(RecordOf(*first, player).rounds.size(), 1u);
  EXPECT_EQ(RecordOf(*all, RedOf(1)).fouls, 0);
}

TEST_F(ResultTest, R5_5_FoulRefusals) {
  const std::string before = state_.Snapshot();
  v1::RecordFoulRequest no_kind = Foul(RedOf(1), 1);
  no_kind.set_kind(v1::FOUL_KIND_UNSPECIFIED);
  absl::StatusOr<Events> kind = As(&DecideRecordFoul, no_kind, Role::kArbiter);
  EXPECT_EQ(kind.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(kind.status().message(), HasSubstr("kind"));

  v1::RecordFoulRequest no_note = Foul(RedOf(1), 1);
  no_note.clear_note();
  absl::StatusOr<Events> note = As(&DecideRecordFoul, no_note, Role::kArbiter);
  EXPECT_EQ(note.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_THAT(note.status().message(), HasSubstr("note"));

  absl::StatusOr<Events> later =
      As(&DecideRecordFoul, Foul(RedOf(1), 2), Role::kArbiter);
  EXPECT_EQ(later.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(
      later.status().message(),
      HasSubstr("R5.5: round 2 of section 'open-men' is not published"));

  absl::StatusOr<Events> zero =
      As(&DecideRecordFoul, Foul(RedOf(1), 0), Role::kArbiter);
  EXPECT_EQ(zero.status().code(), absl::StatusCode::kInvalidArgument);

  absl::StatusOr<Events> stranger =
      As(&DecideRecordFoul, Foul(999, 1), Role::kArbiter);
  EXPECT_EQ(stranger.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(stranger.status().message(), HasSubstr("player_id"));
  EXPECT_EQ(state_.Snapshot(), before);
}

// R5.5: a foul belongs to a player who played the round.
TEST_F(ResultTest, R5_5_FoulOfAPlayerNotInTheRound) {
  const int64_t leaver = RedOf(1);
  RecordRound(kOpen, 1);
  ASSERT_TRUE(Withdraw(leaver).ok());
  ASSERT_TRUE(PairNext(kOpen).ok());
  absl::StatusOr<Events> foul =
      As(&DecideRecordFoul, Foul(leaver, 2), Role::kArbiter);
  EXPECT_EQ(foul.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(foul.status().message(), HasSubstr("is not paired in round 2"));
  EXPECT_TRUE(As(&DecideRecordFoul, Foul(leaver, 1), Role::kArbiter).ok());
}

// Folding a played log (lots, rounds, an amendment, results, a correction,
// fouls, a withdrawal) twice gives the same state, byte for byte.
TEST_F(ResultTest, ReplayOfPlayIsDeterministic) {
  v1::AmendPairingRequest amend;
  amend.set_tournament_id(kTournament);
  amend.set_section_id(kOpen);
  amend.set_round(1);
  amend.set_reason("board 1 table broken: boards 1 and 2 swap places");
  const RoundEntry& round = *Play(kOpen).FindRound(1);
  for (const BoardEntry& board : round.boards)
    *amend.add_boards() = board.board;
  amend.mutable_boards(0)->set_red_player_id(
      round.boards[1].board.red_player_id());
  amend.mutable_boards(1)->set_red_player_id(
      round.boards[0].board.red_player_id());
  ASSERT_TRUE(As(&DecideAmendPairing, amend, Role::kPairingOfficer).ok());
  RecordRound(kOpen, 1);
  ASSERT_TRUE(As(&DecideCorrectResult, Correction(2, v1::GAME_RESULT_BLACK_WIN),
                 Role::kChiefArbiter)
                  .ok());
  ASSERT_TRUE(As(&DecideRecordFoul, Foul(RedOf(3), 1), Role::kArbiter).ok());
  ASSERT_TRUE(Withdraw(RedOf(4)).ok());
  ASSERT_TRUE(PairNext(kOpen).ok());
  ASSERT_TRUE(Record(kOpen, 2, 1, v1::GAME_RESULT_DRAW).ok());

  TournamentState first;
  TournamentState second;
  for (const v1::Event& event : log_) {
    ASSERT_TRUE(first.Apply(event).ok()) << event.DebugString();
    ASSERT_TRUE(second.Apply(event).ok());
  }
  EXPECT_EQ(first.Snapshot(), second.Snapshot());
  EXPECT_EQ(first.Snapshot(), state_.Snapshot());
  EXPECT_TRUE(absl::StrContains(first.Snapshot(), "round 2 bye"));
  EXPECT_TRUE(absl::StrContains(first.Snapshot(), "FOUL_KIND_PERPETUAL_CHECK"));
  EXPECT_TRUE(absl::StrContains(first.Snapshot(), "corrected: 1"));

  // One event fewer is a different state.
  TournamentState shorter;
  for (size_t i = 0; i + 1 < log_.size(); ++i) {
    ASSERT_TRUE(shorter.Apply(log_[i]).ok());
  }
  EXPECT_NE(shorter.Snapshot(), first.Snapshot());
}

}  // namespace
}  // namespace qiwang::rules::tournament
