// Ruling histories by ruling, player and board (R9.4) on the hand-worked
// event of audit_event.h: which events, in which order, with which
// summaries.
#include "services/audit/history.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/reports/event_summary.h"
#include "tests/audit/audit_event.h"

namespace qiwang::audit {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

class HistoryTest : public AuditEventTest {
 protected:
  StreamIndex Stream() const { return StreamIndex(log_); }

  static std::vector<std::string> Ids(
      const absl::StatusOr<std::vector<v1::HistoryEntry>>& entries) {
    EXPECT_TRUE(entries.ok()) << entries.status();
    std::vector<std::string> ids;
    if (!entries.ok()) return ids;
    for (const v1::HistoryEntry& entry : *entries) {
      ids.push_back(entry.event().event_id());
    }
    return ids;
  }
};

// NL.2, R9.4: a result recorded with a ground (2011 rules) shows it beside
// the result kind, in both languages.
TEST_F(HistoryTest, NL2_AResultsGroundIsShownBesideItsKind) {
  v1::Event late;
  for (const v1::Event& event : log_) {
    if (event.event_id() == r3b2_id_) late = event;
  }
  ASSERT_TRUE(late.has_result_recorded());
  late.mutable_result_recorded()->set_result(
      v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT);
  late.mutable_result_recorded()->set_ground(v1::RESULT_GROUND_LATENESS);
  const exports::Bilingual summary = exports::SummarizeEvent(late, state_);
  EXPECT_THAT(summary.en, HasSubstr("round 3 board 2"));
  EXPECT_THAT(summary.en, HasSubstr(", lost by lateness"));
  EXPECT_THAT(summary.zh, HasSubstr("，迟到判负"));

  late.mutable_result_recorded()->set_result(v1::GAME_RESULT_DOUBLE_FORFEIT);
  late.mutable_result_recorded()->set_ground(
      v1::RESULT_GROUND_DRAW_WITHOUT_PLAY);
  EXPECT_THAT(exports::SummarizeEvent(late, state_).zh,
              HasSubstr("未弈议和（按双方弃权）"));
  late.mutable_result_recorded()->set_ground(v1::RESULT_GROUND_UNSPECIFIED);
  EXPECT_THAT(exports::SummarizeEvent(late, state_).en,
              Not(HasSubstr("lateness")));
}

TEST_F(HistoryTest, R9_4_ARulingsHistoryIsTheRulingItsAppealAndTheDecision) {
  absl::StatusOr<std::vector<v1::HistoryEntry>> history =
      RulingHistory(state_, Stream(), r3b2_id_);
  EXPECT_THAT(Ids(history), ElementsAre(r3b2_id_, appeal1_id_, decision1_id_));
  ASSERT_TRUE(history.ok());
  const v1::HistoryEntry& result = (*history)[0];
  EXPECT_EQ(result.ruling_kind(), v1::RULING_KIND_RESULT);
  EXPECT_EQ(result.event().actor().user(), "arthur");
  EXPECT_THAT(result.summary(), HasSubstr("round 3 board 2"));
  EXPECT_THAT(result.summary(), HasSubstr("black wins"));
  EXPECT_THAT(result.summary_zh(), HasSubstr("第3轮第2台"));
  EXPECT_THAT(result.summary_zh(), HasSubstr("黑胜"));
  const v1::HistoryEntry& decision = (*history)[2];
  EXPECT_EQ(decision.ruling_kind(), v1::RULING_KIND_UNSPECIFIED);
  EXPECT_EQ(decision.event().reason(),
            "the clock shows both flags down; a draw");
  EXPECT_EQ(decision.event().actor().user(), "zhao");
  EXPECT_THAT(decision.summary(), HasSubstr("appeal 1 upheld"));
  EXPECT_THAT(decision.summary(), HasSubstr("result changed to draw"));
  EXPECT_THAT(decision.summary_zh(), HasSubstr("申诉1成立"));
  EXPECT_THAT(decision.summary_zh(), HasSubstr("结果改为和棋"));
}

TEST_F(HistoryTest, R9_4_AResultsHistoryHoldsItsLaterCorrection) {
  absl::StatusOr<std::vector<v1::HistoryEntry>> history =
      RulingHistory(state_, Stream(), r3b1_id_);
  EXPECT_THAT(Ids(history), ElementsAre(r3b1_id_, correction_id_));
  ASSERT_TRUE(history.ok());
  EXPECT_EQ((*history)[1].ruling_kind(), v1::RULING_KIND_CORRECTION);
  EXPECT_EQ((*history)[1].event().reason(), "score sheet signed 1-0");
  EXPECT_THAT((*history)[1].summary(), HasSubstr("corrected from draw"));
  // The correction's own history starts at the correction.
  EXPECT_THAT(Ids(RulingHistory(state_, Stream(), correction_id_)),
              ElementsAre(correction_id_));
}

TEST_F(HistoryTest, R9_4_APlayersHistoryIsEveryRulingOnThemAndItsAppeals) {
  // P2: the lots, round 1 board 2, the round 1 foul, round 2 board 2,
  // round 3 board 2 with appeal 1 and its decision, appeal 2 on the foul.
  std::vector<std::string> expected;
  for (const v1::Event& event : log_) {
    if (event.has_lots_drawn()) expected.push_back(event.event_id());
  }
  expected.push_back(ResultId(1, 2));
  expected.push_back(foul_id_);
  expected.push_back(ResultId(2, 2));
  expected.push_back(r3b2_id_);
  expected.push_back(appeal1_id_);
  expected.push_back(decision1_id_);
  expected.push_back(appeal2_id_);
  EXPECT_THAT(Ids(PlayerHistory(state_, Stream(), 2)),
              ::testing::ElementsAreArray(expected));
}

TEST_F(HistoryTest, R9_4_ABoardsHistoryIsItsResultsAppealsAndDecisions) {
  v1::BoardRef board;
  board.set_section_id(standings::kOpenMen);
  board.set_round(3);
  board.set_board(2);
  EXPECT_THAT(Ids(BoardHistory(state_, Stream(), board)),
              ElementsAre(r3b2_id_, appeal1_id_, decision1_id_));
  board.set_board(1);
  EXPECT_THAT(Ids(BoardHistory(state_, Stream(), board)),
              ElementsAre(r3b1_id_, correction_id_));
}

TEST_F(HistoryTest, R9_4_AnUnknownSubjectIsNotFoundAndNamed) {
  absl::StatusOr<std::vector<v1::HistoryEntry>> ruling =
      RulingHistory(state_, Stream(), "no-such-ruling");
  EXPECT_EQ(ruling.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(ruling.status().message(), HasSubstr("no-such-ruling"));
  absl::StatusOr<std::vector<v1::HistoryEntry>> player =
      PlayerHistory(state_, Stream(), 7);
  EXPECT_EQ(player.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(player.status().message(), HasSubstr("player_id"));
  v1::BoardRef board;
  board.set_section_id(standings::kOpenMen);
  board.set_round(3);
  board.set_board(3);  // round 3 has two boards and a bye
  absl::StatusOr<std::vector<v1::HistoryEntry>> none =
      BoardHistory(state_, Stream(), board);
  EXPECT_EQ(none.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(none.status().message(), HasSubstr("board 3 in round 3"));
}

}  // namespace
}  // namespace qiwang::audit
