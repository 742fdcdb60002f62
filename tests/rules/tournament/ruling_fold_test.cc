// The fold of rulings into TournamentState (R7.3, R8.3, R9.2, R9.3, R9.5):
// which events are rulings and whom they concern, appeals and decisions
// with their remedies, and the events the fold refuses because they no
// longer fit (a refused event changes nothing).
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/rules/tournament/section_records.h"
#include "tests/rules/tournament/ruling_fixture.h"

namespace qiwang::rules::tournament {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

using RulingFoldTest = RulingTest;

int FoulsOf(const TournamentState& state, int64_t player_id) {
  absl::StatusOr<std::vector<PlayerRecord>> records =
      SectionRecords(state, "open-men");
  EXPECT_TRUE(records.ok()) << records.status();
  for (const PlayerRecord& record : *records) {
    if (record.id == player_id) return record.fouls;
  }
  return -1;
}

TEST(RulingKindOfTest, R9_2_WhichEventsAreRulings) {
  v1::Event event;
  event.mutable_result_recorded()->set_result(v1::GAME_RESULT_DRAW);
  EXPECT_EQ(RulingKindOf(event), v1::RULING_KIND_RESULT);
  event.mutable_result_recorded()->set_result(
      v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT);
  EXPECT_EQ(RulingKindOf(event), v1::RULING_KIND_FORFEIT);
  event.mutable_result_recorded()->set_result(v1::GAME_RESULT_DOUBLE_FORFEIT);
  EXPECT_EQ(RulingKindOf(event), v1::RULING_KIND_FORFEIT);
  event.mutable_result_corrected();
  EXPECT_EQ(RulingKindOf(event), v1::RULING_KIND_CORRECTION);
  event.mutable_foul_recorded();
  EXPECT_EQ(RulingKindOf(event), v1::RULING_KIND_FOUL);
  event.mutable_player_withdrawn();
  EXPECT_EQ(RulingKindOf(event), v1::RULING_KIND_WITHDRAWAL);
  event.mutable_player_registered();
  EXPECT_EQ(RulingKindOf(event), v1::RULING_KIND_UNSPECIFIED);
  event.mutable_player_registered()->set_late_admission(true);
  EXPECT_EQ(RulingKindOf(event), v1::RULING_KIND_LATE_ADMISSION);
  event.mutable_pairing_amended();
  EXPECT_EQ(RulingKindOf(event), v1::RULING_KIND_PAIRING_OVERRIDE);
  event.mutable_lots_drawn();
  EXPECT_EQ(RulingKindOf(event), v1::RULING_KIND_LOTS);
  event.mutable_tie_lots_drawn();
  EXPECT_EQ(RulingKindOf(event), v1::RULING_KIND_TIE_LOTS);
  event.mutable_final_place_declined();
  EXPECT_EQ(RulingKindOf(event), v1::RULING_KIND_FINAL_PLACE_DECLINED);
  event.mutable_round_paired();
  EXPECT_EQ(RulingKindOf(event), v1::RULING_KIND_UNSPECIFIED);
  event.mutable_appeal_filed();
  EXPECT_EQ(RulingKindOf(event), v1::RULING_KIND_UNSPECIFIED);
}

// R9.2: every ruling is listed in log order under its event id, with the
// players it concerns.
TEST_F(RulingFoldTest, R9_2_RulingsIndexedWithThePlayersTheyConcern) {
  ASSERT_EQ(state_.rulings().size(), 3u);  // lots, result, foul
  const RulingRef& lots = state_.rulings()[0];
  EXPECT_EQ(lots.kind, v1::RULING_KIND_LOTS);
  EXPECT_EQ(lots.player_ids.size(), 8u);
  EXPECT_EQ(state_.FindRuling(lots.ruling_id), &lots);

  const RulingRef& result = ResultRuling();
  EXPECT_EQ(result.kind, v1::RULING_KIND_RESULT);
  EXPECT_EQ(result.position, log_.size() - 1);
  EXPECT_EQ(result.actor.user(), "li");
  EXPECT_EQ(result.server_time, kRoundDay());
  EXPECT_EQ(result.section_id, kOpen);
  EXPECT_EQ(result.round, 1);
  EXPECT_EQ(result.board, 1);
  EXPECT_THAT(result.player_ids,
              ElementsAre(std::min(RedOf(1), BlackOf(1)),
                          std::max(RedOf(1), BlackOf(1))));

  EXPECT_EQ(FoulRuling().kind, v1::RULING_KIND_FOUL);
  EXPECT_THAT(FoulRuling().player_ids, ElementsAre(RedOf(2)));
  EXPECT_EQ(FoulRuling().round, 1);
  EXPECT_EQ(state_.FindRuling("no-such-ruling"), nullptr);
  EXPECT_EQ(state_.FindRuling(log_[log_.size() - 3].event_id()), nullptr)
      << "RoundPaired is no ruling";
}

TEST_F(RulingFoldTest, R9_2_AppealFiledIsPendingUnderItsNumber) {
  ASSERT_TRUE(ApplyAs(Filed(1, ResultRuling(), BlackOf(1)), "li",
                      Role::kArbiter)
                  .ok());
  ASSERT_TRUE(
      ApplyAs(Filed(2, FoulRuling(), 0), "organiser-1", Role::kOrganiser).ok());
  ASSERT_EQ(state_.appeals().size(), 2u);
  const AppealEntry& first = *state_.FindAppeal(1);
  EXPECT_EQ(first.status, v1::APPEAL_STATUS_PENDING);
  EXPECT_EQ(first.filed.ruling_id(), result_id_);
  EXPECT_EQ(first.filed_position, log_.size() - 1);
  EXPECT_EQ(first.filed_by.user(), "li");
  EXPECT_EQ(first.filed_at, kRoundDay());
  EXPECT_EQ(state_.FindAppeal(2)->filed.appellant_player_id(), 0);
  EXPECT_EQ(state_.FindAppeal(3), nullptr);
  EXPECT_EQ(state_.FindAppeal(0), nullptr);
}

// Appeal numbers run 1, 2, 3, ... without gaps in every log the fold
// accepts (DecideFileAppeal numbers the next; the fold refuses any other),
// so FindAppeal(n), which reads appeals()[n - 1], is appeal n.
TEST_F(RulingFoldTest, R9_2_AppealNumbersRunFromOneWithoutGaps) {
  ASSERT_TRUE(
      ApplyAs(Filed(1, ResultRuling(), RedOf(1)), "li", Role::kArbiter).ok());
  const std::string before = state_.Snapshot();
  EXPECT_THAT(
      ApplyAs(Filed(3, FoulRuling(), 0), "wang", Role::kOrganiser).message(),
      HasSubstr("appeal 3 is not the next appeal 2"));
  EXPECT_THAT(
      ApplyAs(Filed(1, FoulRuling(), 0), "wang", Role::kOrganiser).message(),
      HasSubstr("appeal 1 is not the next appeal 2"));
  EXPECT_EQ(state_.Snapshot(), before);
  ASSERT_TRUE(
      ApplyAs(Filed(2, FoulRuling(), 0), "wang", Role::kOrganiser).ok());
  ASSERT_TRUE(
      ApplyAs(Filed(3, ResultRuling(), 0), "wang", Role::kOrganiser).ok());
  ASSERT_EQ(state_.appeals().size(), 3u);
  for (int number = 1; number <= 3; ++number) {
    ASSERT_NE(state_.FindAppeal(number), nullptr);
    EXPECT_EQ(state_.FindAppeal(number)->filed.appeal_number(), number);
  }
}

// Events that do not fit are refused and change nothing (the what-if skips
// them).
TEST_F(RulingFoldTest, R9_2_AppealsThatDoNotFitAreRefused) {
  const std::string before = state_.Snapshot();
  v1::Event wrong_number = Filed(2, ResultRuling(), RedOf(1));
  EXPECT_THAT(ApplyAs(wrong_number, "li", Role::kArbiter).message(),
              HasSubstr("not the next appeal 1"));
  RulingRef unknown = ResultRuling();
  unknown.ruling_id = "gone";
  EXPECT_THAT(ApplyAs(Filed(1, unknown, RedOf(1)), "li", Role::kArbiter)
                  .message(),
              HasSubstr("no ruling 'gone'"));
  EXPECT_THAT(ApplyAs(Filed(1, ResultRuling(), RedOf(2)), "li", Role::kArbiter)
                  .message(),
              HasSubstr("does not concern player"));
  EXPECT_EQ(state_.Snapshot(), before);

  ASSERT_TRUE(ApplyAs(Filed(1, ResultRuling(), RedOf(1)), "li", Role::kArbiter)
                  .ok());
  EXPECT_THAT(ApplyAs(Filed(2, ResultRuling(), RedOf(1)), "wang",
                      Role::kOrganiser)
                  .message(),
              HasSubstr("appealed the ruling already (appeal 1)"));
  ASSERT_TRUE(ApplyAs(Filed(2, ResultRuling(), 0), "wang", Role::kOrganiser)
                  .ok());
  EXPECT_THAT(
      ApplyAs(Filed(3, ResultRuling(), 0), "wang", Role::kOrganiser).message(),
      HasSubstr("official 'wang' appealed the ruling already (appeal 2)"));
  ASSERT_TRUE(ApplyAs(Decided(1, v1::APPEAL_DECISION_DISMISSED,
                              v1::REMEDY_KIND_UNSPECIFIED),
                      "committee-1", Role::kArbitrationCommittee)
                  .ok());
  EXPECT_THAT(ApplyAs(Filed(3, ResultRuling(), BlackOf(1)), "li",
                      Role::kArbiter)
                  .message(),
              HasSubstr("appeal 1 on the ruling is decided"));
}

// R9.3: an upheld RESULT_CHANGED sets the board's standing result; the
// recorded result stays in the log (R9.5).
TEST_F(RulingFoldTest, R9_3_ResultChangedSetsTheStandingResult) {
  ASSERT_TRUE(ApplyAs(Filed(1, ResultRuling(), BlackOf(1)), "li",
                      Role::kArbiter)
                  .ok());
  const size_t published = Play(kOpen).FindRound(1)->published_position;
  ASSERT_TRUE(ApplyAs(Decided(1, v1::APPEAL_DECISION_UPHELD,
                              v1::REMEDY_KIND_RESULT_CHANGED,
                              v1::GAME_RESULT_BLACK_WIN),
                      "committee-1", Role::kArbitrationCommittee)
                  .ok());
  const BoardEntry& board = BoardOf(1, 1);
  EXPECT_EQ(board.result, v1::GAME_RESULT_BLACK_WIN);
  EXPECT_EQ(board.result_position, log_.size());
  EXPECT_EQ(board.result_actor.user(), "committee-1");
  EXPECT_TRUE(board.corrected);
  EXPECT_EQ(Play(kOpen).FindRound(1)->published_position, published);
  const AppealEntry& appeal = *state_.FindAppeal(1);
  EXPECT_EQ(appeal.status, v1::APPEAL_STATUS_UPHELD);
  EXPECT_EQ(appeal.decided_position, log_.size());
  EXPECT_EQ(appeal.decided_by.user(), "committee-1");
  EXPECT_EQ(appeal.decision.previous(), v1::GAME_RESULT_RED_WIN);
  EXPECT_EQ(state_.FindRuling(result_id_)->kind, v1::RULING_KIND_RESULT);
}

// R9.3: GAME_REPLAYED voids the result; the replay's result is recorded as
// any other.
TEST_F(RulingFoldTest, R9_3_GameReplayedClearsTheResultUntilTheReplay) {
  ASSERT_TRUE(ApplyAs(Filed(1, ResultRuling(), BlackOf(1)), "li",
                      Role::kArbiter)
                  .ok());
  ASSERT_TRUE(ApplyAs(Decided(1, v1::APPEAL_DECISION_UPHELD,
                              v1::REMEDY_KIND_GAME_REPLAYED),
                      "committee-1", Role::kArbitrationCommittee)
                  .ok());
  EXPECT_EQ(BoardOf(1, 1).result, v1::GAME_RESULT_UNSPECIFIED);
  EXPECT_FALSE(Play(kOpen).FindRound(1)->started());
  ASSERT_TRUE(Record(kOpen, 1, 1, v1::GAME_RESULT_DRAW, "zhao").ok());
  EXPECT_EQ(BoardOf(1, 1).result, v1::GAME_RESULT_DRAW);
  EXPECT_EQ(BoardOf(1, 1).result_actor.user(), "zhao");
  EXPECT_EQ(state_.rulings().back().kind, v1::RULING_KIND_RESULT);
}

// R9.3, R7.1: a removed foul stays in the state, marked, and no longer
// counts; it cannot be removed twice.
TEST_F(RulingFoldTest, R9_3_FoulRemovedNoLongerCountsInR7_1) {
  ASSERT_EQ(FoulsOf(state_, RedOf(2)), 1);
  ASSERT_TRUE(ApplyAs(Filed(1, FoulRuling(), RedOf(2)), "li", Role::kArbiter)
                  .ok());
  ASSERT_TRUE(ApplyAs(Decided(1, v1::APPEAL_DECISION_UPHELD,
                              v1::REMEDY_KIND_FOUL_REMOVED),
                      "committee-1", Role::kArbitrationCommittee)
                  .ok());
  ASSERT_EQ(Play(kOpen).fouls.size(), 1u);
  EXPECT_TRUE(Play(kOpen).fouls[0].removed);
  EXPECT_EQ(Play(kOpen).fouls[0].removed_position, log_.size());
  EXPECT_EQ(FoulsOf(state_, RedOf(2)), 0);

  EXPECT_THAT(
      ApplyAs(Filed(2, FoulRuling(), 0), "wang", Role::kOrganiser).message(),
      HasSubstr("appeal 1 on the ruling is decided"));
}

TEST_F(RulingFoldTest, R9_3_DecisionsThatDoNotFitAreRefused) {
  ASSERT_TRUE(ApplyAs(Filed(1, ResultRuling(), BlackOf(1)), "li",
                      Role::kArbiter)
                  .ok());
  ASSERT_TRUE(ApplyAs(Filed(2, FoulRuling(), RedOf(2)), "li", Role::kArbiter)
                  .ok());
  const std::string before = state_.Snapshot();
  // A copy: the message of the temporary status dies with it.
  auto refused = [&](v1::Event event) {
    return std::string(ApplyAs(std::move(event), "committee-1",
                               Role::kArbitrationCommittee)
                           .message());
  };
  EXPECT_THAT(refused(Decided(3, v1::APPEAL_DECISION_DISMISSED,
                              v1::REMEDY_KIND_UNSPECIFIED)),
              HasSubstr("no appeal 3"));
  EXPECT_THAT(refused(Decided(1, v1::APPEAL_DECISION_DISMISSED,
                              v1::REMEDY_KIND_NO_STATE_CHANGE)),
              HasSubstr("dismissal with a remedy"));
  EXPECT_THAT(refused(Decided(1, v1::APPEAL_DECISION_UPHELD,
                              v1::REMEDY_KIND_UNSPECIFIED)),
              HasSubstr("without remedy"));
  EXPECT_THAT(refused(Decided(1, v1::APPEAL_DECISION_UPHELD,
                              v1::REMEDY_KIND_FOUL_REMOVED)),
              HasSubstr("no foul"));
  EXPECT_THAT(refused(Decided(1, v1::APPEAL_DECISION_UPHELD,
                              v1::REMEDY_KIND_RESULT_CHANGED)),
              HasSubstr("no result given"));
  EXPECT_THAT(refused(Decided(2, v1::APPEAL_DECISION_UPHELD,
                              v1::REMEDY_KIND_GAME_REPLAYED)),
              HasSubstr("no board's result"));
  EXPECT_THAT(refused(Decided(2, v1::APPEAL_DECISION_UNSPECIFIED,
                              v1::REMEDY_KIND_UNSPECIFIED)),
              HasSubstr("no decision"));
  EXPECT_EQ(state_.Snapshot(), before);

  ASSERT_TRUE(ApplyAs(Decided(2, v1::APPEAL_DECISION_UPHELD,
                              v1::REMEDY_KIND_NO_STATE_CHANGE),
                      "committee-1", Role::kArbitrationCommittee)
                  .ok());
  EXPECT_EQ(FoulsOf(state_, RedOf(2)), 1);
  EXPECT_THAT(refused(Decided(2, v1::APPEAL_DECISION_DISMISSED,
                              v1::REMEDY_KIND_UNSPECIFIED)),
              HasSubstr("appeal 2 is decided"));
}

// R7.3, R8.3: tie lots and declined places are kept in log order; they are
// rulings themselves.
TEST_F(RulingFoldTest, R7_3_R8_3_TieLotsAndDeclines) {
  v1::Event lots;
  lots.mutable_tie_lots_drawn()->set_ranking_id(kOpen);
  lots.mutable_tie_lots_drawn()->add_player_ids(RedOf(3));
  lots.mutable_tie_lots_drawn()->add_player_ids(RedOf(3));
  EXPECT_THAT(ApplyAs(lots, "chief", Role::kChiefArbiter).message(),
              HasSubstr("repeated"));
  lots.mutable_tie_lots_drawn()->set_player_ids(1, BlackOf(3));
  lots.mutable_tie_lots_drawn()->set_seed(99);
  ASSERT_TRUE(ApplyAs(lots, "chief", Role::kChiefArbiter).ok());
  ASSERT_EQ(state_.tie_lots().size(), 1u);
  EXPECT_EQ(state_.tie_lots()[0].position, log_.size());
  EXPECT_THAT(state_.tie_lots()[0].lots.player_ids(),
              ElementsAre(RedOf(3), BlackOf(3)));
  EXPECT_EQ(state_.rulings().back().kind, v1::RULING_KIND_TIE_LOTS);
  EXPECT_EQ(state_.rulings().back().section_id, kOpen);

  v1::Event declined;
  declined.mutable_final_place_declined()->set_ranking_id("national-final");
  declined.mutable_final_place_declined()->set_player_id(RedOf(3));
  ASSERT_TRUE(ApplyAs(declined, "chief", Role::kChiefArbiter).ok());
  EXPECT_THAT(ApplyAs(declined, "chief", Role::kChiefArbiter).message(),
              HasSubstr("declined in ranking 'national-final' already"));
  ASSERT_EQ(state_.declines().size(), 1u);
  EXPECT_EQ(state_.declines()[0].declined.player_id(), RedOf(3));
  EXPECT_EQ(state_.rulings().back().kind,
            v1::RULING_KIND_FINAL_PLACE_DECLINED);
  EXPECT_THAT(state_.rulings().back().player_ids, ElementsAre(RedOf(3)));
}

// R9.5: folding the log again gives the same state, rulings and appeals
// included.
TEST_F(RulingFoldTest, R9_5_ReplayGivesTheSameSnapshot) {
  ASSERT_TRUE(ApplyAs(Filed(1, ResultRuling(), BlackOf(1)), "li",
                      Role::kArbiter)
                  .ok());
  ASSERT_TRUE(ApplyAs(Decided(1, v1::APPEAL_DECISION_UPHELD,
                              v1::REMEDY_KIND_RESULT_CHANGED,
                              v1::GAME_RESULT_DRAW),
                      "committee-1", Role::kArbitrationCommittee)
                  .ok());
  TournamentState replayed;
  for (const v1::Event& event : log_) ASSERT_TRUE(replayed.Apply(event).ok());
  EXPECT_EQ(replayed.Snapshot(), state_.Snapshot());
  EXPECT_THAT(replayed.Snapshot(), HasSubstr("appeal {"));
  EXPECT_THAT(replayed.Snapshot(), HasSubstr(result_id_));

  // Without the ruling's appeal, the decision no longer fits.
  TournamentState what_if;
  for (size_t i = 0; i + 2 < log_.size(); ++i) {
    ASSERT_TRUE(what_if.Apply(log_[i]).ok());
  }
  v1::Event decided = log_.back();
  decided.set_stream_version(what_if.version() + 1);
  EXPECT_THAT(what_if.Apply(decided).message(), HasSubstr("no appeal 1"));
  EXPECT_THAT(what_if.appeals(), IsEmpty());
}

}  // namespace
}  // namespace qiwang::rules::tournament
