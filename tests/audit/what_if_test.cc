// What-if worlds (R9.4) on the hand-worked event of audit_event.h: the
// stream folded again without a ruling, or without an appeal's decision,
// and the standings and prizes compared player by player.
#include "services/audit/what_if.h"

#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/audit/world.h"
#include "tests/audit/audit_event.h"

namespace qiwang::audit {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

const v1::PlayerDiff* Player(const v1::WhatIfResponse& response,
                             int64_t player_id) {
  for (const v1::RankingDiff& ranking : response.rankings()) {
    for (const v1::PlayerDiff& player : ranking.players()) {
      if (player.player_id() == player_id) return &player;
    }
  }
  return nullptr;
}

class WhatIfTest : public AuditEventTest {};

TEST_F(WhatIfTest, R9_4_FoldingEveryEventAgainGivesTheSameState) {
  const World world = FoldWithout(log_, {});
  EXPECT_EQ(world.state.Snapshot(), state_.Snapshot());
  EXPECT_THAT(world.skipped_event_ids, ElementsAre());
}

TEST_F(WhatIfTest, R9_4_WithoutAResultItsAppealNoLongerApplies) {
  // Without round 3 board 2 (P2 v P6) the board has no result, and appeal 1
  // and its decision name a ruling the world does not have.
  absl::StatusOr<v1::WhatIfResponse> what_if =
      WhatIfWithoutRuling(state_, StreamIndex(log_), r3b2_id_);
  ASSERT_TRUE(what_if.ok()) << what_if.status();
  // Appeal 2, on the foul, is numbered 1 in that world and stays.
  EXPECT_THAT(what_if->skipped_event_ids(),
              ElementsAre(appeal1_id_, decision1_id_));
  EXPECT_THAT(what_if->description(), HasSubstr(r3b2_id_));
  ASSERT_EQ(what_if->rankings_size(), 1);
  EXPECT_EQ(what_if->rankings(0).ranking_id(), "open-men");
  EXPECT_EQ(what_if->rankings(0).players_size(), 6);

  const v1::PlayerDiff* p2 = Player(*what_if, 2);
  ASSERT_NE(p2, nullptr);
  EXPECT_EQ(p2->before().score(), 3);
  EXPECT_EQ(p2->after().score(), 4);  // the draw the committee gave
  EXPECT_TRUE(p2->changed());
  const v1::PlayerDiff* p6 = Player(*what_if, 6);
  ASSERT_NE(p6, nullptr);
  EXPECT_EQ(p6->before().score(), 3);
  EXPECT_EQ(p6->after().score(), 4);
  EXPECT_TRUE(p6->changed());
  // P4 (0 points, opponents P1 and P5) is last either way, with the same
  // prize: nothing of theirs changed.
  const v1::PlayerDiff* p4 = Player(*what_if, 4);
  ASSERT_NE(p4, nullptr);
  EXPECT_EQ(p4->before().rank(), 6);
  EXPECT_EQ(p4->after().rank(), 6);
  EXPECT_EQ(p4->prize_fen_before(), p4->prize_fen_after());
  EXPECT_FALSE(p4->changed());
}

TEST_F(WhatIfTest, R9_4_AnUpheldAppealIsComparedWithItsDismissal) {
  v1::AppealHypothesis hypothesis;
  hypothesis.set_appeal_number(1);  // the recorded decision: upheld, a draw
  absl::StatusOr<v1::WhatIfResponse> what_if =
      WhatIfAppeal(state_, StreamIndex(log_), hypothesis);
  ASSERT_TRUE(what_if.ok()) << what_if.status();
  EXPECT_THAT(what_if->skipped_event_ids(), ElementsAre());
  EXPECT_THAT(what_if->description(), HasSubstr("appeal 1 upheld"));
  EXPECT_THAT(what_if->description(), HasSubstr("versus dismissed"));
  const v1::PlayerDiff* p6 = Player(*what_if, 6);
  ASSERT_NE(p6, nullptr);
  EXPECT_EQ(p6->before().score(), 5);  // dismissed: black won
  EXPECT_EQ(p6->after().score(), 4);
  EXPECT_TRUE(p6->changed());
}

int64_t FewerFouls(const v1::StandingRow& row) {
  for (const v1::TieBreakScore& score : row.tie_breaks()) {
    if (score.kind() == v1::TIE_BREAK_KIND_FEWER_FOULS) return score.value();
  }
  ADD_FAILURE() << "no FEWER_FOULS tie-break";
  return -1;
}

TEST_F(WhatIfTest, R9_4_AHypotheticalRemedyIsDecidedAsTheCommitteeWould) {
  // Appeal 2 (pending) upheld with P2's round 1 foul removed: P2's fouls
  // tie-break (R7.1) changes, the scores do not.
  v1::AppealHypothesis hypothesis;
  hypothesis.set_appeal_number(2);
  hypothesis.mutable_remedy()->set_kind(v1::REMEDY_KIND_FOUL_REMOVED);
  absl::StatusOr<v1::WhatIfResponse> what_if =
      WhatIfAppeal(state_, StreamIndex(log_), hypothesis);
  ASSERT_TRUE(what_if.ok()) << what_if.status();
  EXPECT_THAT(what_if->description(), HasSubstr("appeal 2 upheld"));
  EXPECT_THAT(what_if->description(), HasSubstr("foul removed"));
  const v1::PlayerDiff* p2 = Player(*what_if, 2);
  ASSERT_NE(p2, nullptr);
  EXPECT_EQ(p2->before().score(), p2->after().score());
  EXPECT_NE(FewerFouls(p2->before()), FewerFouls(p2->after()));
  EXPECT_TRUE(p2->changed());
  // The foul still stands in the log: the what-if changed nothing.
  EXPECT_FALSE(state_.FindSectionPlay(standings::kOpenMen)->fouls[0].removed);

  // A remedy that does not fit a foul is refused as DecideAppeal refuses it.
  hypothesis.mutable_remedy()->set_kind(v1::REMEDY_KIND_RESULT_CHANGED);
  hypothesis.mutable_remedy()->set_result(v1::GAME_RESULT_DRAW);
  absl::StatusOr<v1::WhatIfResponse> unfit =
      WhatIfAppeal(state_, StreamIndex(log_), hypothesis);
  EXPECT_EQ(unfit.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(unfit.status().message(), HasSubstr("R9.3"));
}

TEST_F(WhatIfTest, R9_4_ADecidedAppealCanBeComparedWithAnotherRemedy) {
  // Appeal 1 was upheld with a draw; had the game been replayed instead,
  // board 2 of round 3 would have no result yet: P6 loses the 2 points of
  // the recorded black win, P2 has none from it either way.
  v1::AppealHypothesis hypothesis;
  hypothesis.set_appeal_number(1);
  hypothesis.mutable_remedy()->set_kind(v1::REMEDY_KIND_GAME_REPLAYED);
  // 17:00 on 14 October, before round 4 starts (R6.6).
  hypothesis.mutable_remedy()->mutable_replay_at()->set_seconds(1476435600);
  hypothesis.mutable_remedy()->set_replay_place("table 1");
  absl::StatusOr<v1::WhatIfResponse> what_if =
      WhatIfAppeal(state_, StreamIndex(log_), hypothesis);
  ASSERT_TRUE(what_if.ok()) << what_if.status();
  const v1::PlayerDiff* p6 = Player(*what_if, 6);
  ASSERT_NE(p6, nullptr);
  EXPECT_EQ(p6->before().score(), 5);
  EXPECT_EQ(p6->after().score(), 3);
  const v1::PlayerDiff* p2 = Player(*what_if, 2);
  ASSERT_NE(p2, nullptr);
  EXPECT_EQ(p2->before().score(), 3);
  EXPECT_EQ(p2->after().score(), 3);
}

TEST_F(WhatIfTest, R9_4_APendingAppealNeedsAHypothesis) {
  v1::AppealHypothesis hypothesis;
  hypothesis.set_appeal_number(2);
  absl::StatusOr<v1::WhatIfResponse> what_if =
      WhatIfAppeal(state_, StreamIndex(log_), hypothesis);
  EXPECT_EQ(what_if.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_THAT(what_if.status().message(), HasSubstr("appeal 2 is pending"));
}

TEST_F(WhatIfTest, R9_4_UnknownSubjectsAreNotFoundAndBadOnesRefused) {
  EXPECT_EQ(WhatIfWithoutRuling(state_, StreamIndex(log_), "nope")
                .status()
                .code(),
            absl::StatusCode::kNotFound);
  v1::AppealHypothesis hypothesis;
  hypothesis.set_appeal_number(3);
  absl::StatusOr<v1::WhatIfResponse> unknown =
      WhatIfAppeal(state_, StreamIndex(log_), hypothesis);
  EXPECT_EQ(unknown.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(unknown.status().message(), HasSubstr("appeal 3"));
  v1::WhatIfRequest request;
  EXPECT_THAT(CheckWhatIf(request).message(), HasSubstr("subject"));
  request.mutable_appeal()->set_appeal_number(0);
  EXPECT_THAT(CheckWhatIf(request).message(), HasSubstr("appeal_number"));
}

}  // namespace
}  // namespace qiwang::audit
