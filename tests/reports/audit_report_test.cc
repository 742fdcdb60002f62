// The audit report of the hand-worked six-player Swiss with a correction
// entered by the chief arbiter: rounds published and the correction with
// time, actor, role and reason, as CSV (RFC 4180) and as Markdown.
#include "services/reports/audit_report.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "google/protobuf/util/time_util.h"
#include "gtest/gtest.h"
#include "tests/standings/six_player_event.h"

namespace qiwang::exports {
namespace {

using rules::tournament::AppealEntry;
using rules::tournament::RulingRef;
using rules::tournament::TournamentState;
using standings::kOpenMen;
using ::testing::HasSubstr;

constexpr char kReason[] = "scoresheet says draw, \"signed\" by both";

class AuditReportTest : public standings::SixPlayerEventTest {
 protected:
  void SetUp() override {
    SixPlayerEventTest::SetUp();
    // Round 3 board 2 (P2 v P6, black won) corrected to a draw.
    const auto* board =
        state_.FindSectionPlay(kOpenMen)->FindRound(3)->FindBoard(2);
    v1::Event event;
    event.mutable_actor()->set_user("chen");
    event.mutable_actor()->set_role("chief_arbiter");
    event.set_reason(kReason);
    event.set_event_id("c0ffee");
    v1::ResultCorrected& corrected = *event.mutable_result_corrected();
    corrected.set_section_id(kOpenMen);
    corrected.set_round(3);
    corrected.set_board(2);
    corrected.set_result(v1::GAME_RESULT_DRAW);
    corrected.set_previous(v1::GAME_RESULT_BLACK_WIN);
    corrected.set_corrects_position(board->result_position);
    Commit({event}, rules::tournament::Beijing(2016, 10, 14, 18, 5));
    correction_position_ = log_.size();
  }

  // Positions of the RoundPaired events, round 1 first.
  std::vector<uint64_t> RoundPositions() const {
    std::vector<uint64_t> positions;
    for (const v1::Event& event : log_) {
      if (event.has_round_paired()) positions.push_back(event.position());
    }
    return positions;
  }

  uint64_t correction_position_ = 0;
};

TEST_F(AuditReportTest, R9_4_CsvHasOneHeaderAndARowPerPublishedRound) {
  absl::StatusOr<std::string> csv =
      WriteAuditReport(state_, log_, kOpenMen, ReportFormat::kCsv);
  ASSERT_TRUE(csv.ok()) << csv.status();
  std::vector<std::string> lines = absl::StrSplit(*csv, "\r\n");
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines[0],
            "kind,position,server_time,actor,role,ruling_kind,round,board,"
            "players,ruling_id,appeal,status,summary,summary_zh,reason");
  std::vector<std::string> rounds;
  for (const std::string& line : lines) {
    if (absl::StartsWith(line, "round,")) rounds.push_back(line);
  }
  const std::vector<uint64_t> positions = RoundPositions();
  ASSERT_EQ(rounds.size(), 3u);
  // Published on 2016-10-14 09:00 Beijing time, by no actor in this fold;
  // round 3 with P3's bye.
  EXPECT_EQ(rounds[2],
            absl::StrCat("round,", positions[2],
                         ",2016-10-14T09:00:00+08:00,,,,3,,,,,,"
                         // The comma in the summary quotes the cell.
                         "\"round 3 published: 2 boards, bye P 3 (#3)\","
                         "第3轮对阵公布：2台，轮空 P 3 (#3),test"));
  EXPECT_THAT(rounds[0], HasSubstr(",round 1 published: 3 boards,"));
}

TEST_F(AuditReportTest, R9_4_CorrectionIsARulingWithActorRoleAndReason) {
  absl::StatusOr<std::vector<AuditRow>> rows =
      AuditRows(state_, log_, kOpenMen);
  ASSERT_TRUE(rows.ok()) << rows.status();
  const AuditRow* correction = nullptr;
  for (const AuditRow& row : *rows) {
    if (row.position == correction_position_) correction = &row;
  }
  ASSERT_NE(correction, nullptr);
  EXPECT_EQ(correction->kind, "ruling");
  EXPECT_EQ(correction->ruling_kind, v1::RULING_KIND_CORRECTION);
  EXPECT_EQ(correction->ruling_id, "c0ffee");
  EXPECT_EQ(correction->actor, "chen");
  EXPECT_EQ(correction->role, "chief_arbiter");
  EXPECT_EQ(correction->server_time, "2016-10-14T18:05:00+08:00");
  EXPECT_EQ(correction->summary_en,
            "round 3 board 2: P 2 (#2) v P 6 (#6), corrected from black wins "
            "to draw");
  EXPECT_EQ(correction->summary_zh,
            "第3轮第2台：P 2 (#2) 对 P 6 (#6)，由黑胜更正为和棋");
  absl::StatusOr<std::string> csv =
      WriteAuditReport(state_, log_, kOpenMen, ReportFormat::kCsv);
  ASSERT_TRUE(csv.ok());
  // RFC 4180: the comma and the quotes make the cell quoted, quotes doubled.
  EXPECT_THAT(*csv,
              HasSubstr(",\"scoresheet says draw, \"\"signed\"\" by both\""
                        "\r\n"));
}

TEST_F(AuditReportTest, R9_4_MarkdownHasBilingualTablesAndTheTimeline) {
  absl::StatusOr<std::string> markdown =
      WriteAuditReport(state_, log_, kOpenMen, ReportFormat::kMarkdown);
  ASSERT_TRUE(markdown.ok()) << markdown.status();
  EXPECT_THAT(*markdown, HasSubstr("# 审计报告 Audit report\n"));
  EXPECT_THAT(*markdown, HasSubstr("- 组别 Section: 公开组男子 / Open men "
                                   "(open-men)\n"));
  EXPECT_THAT(*markdown,
              HasSubstr(absl::StrCat("- 截至日志位置 As of log position: ",
                                     correction_position_, "\n")));
  EXPECT_THAT(*markdown, HasSubstr("\n## 裁决 Rulings ("));
  EXPECT_THAT(*markdown,
              HasSubstr("\n## 申诉与裁定 Appeals and decisions (0)"));
  EXPECT_THAT(
      *markdown,
      HasSubstr(absl::StrCat(
          "| ", RoundPositions()[1],
          " | 2016-10-14T09:00:00+08:00 | 公布对阵 round published |  "
          "|  | 第2轮对阵公布：3台 | round 2 published: 3 boards | test "
          "|\n")));
}

// Rulings and appeals as the fold gives them (built here by hand): the
// correction appealed by P2's side and upheld, the round 1 foul appealed and
// pending, and a ruling of another section with its appeal, left out.
class AuditAppealsTest : public AuditReportTest {
 protected:
  void SetUp() override {
    AuditReportTest::SetUp();
    events_ = log_;
    correction_.ruling_id = "c0ffee";
    correction_.kind = v1::RULING_KIND_CORRECTION;
    correction_.position = correction_position_;
    correction_.server_time = rules::tournament::Beijing(2016, 10, 14, 18, 5);
    correction_.actor = log_.back().actor();
    correction_.section_id = kOpenMen;
    correction_.round = 3;
    correction_.board = 2;
    correction_.player_ids = {2, 6};
    for (const v1::Event& event : log_) {
      if (event.has_foul_recorded()) foul_.position = event.position();
    }
    foul_.ruling_id = "f001";
    foul_.kind = v1::RULING_KIND_FOUL;
    foul_.section_id = kOpenMen;
    foul_.round = 1;
    foul_.player_ids = {2};
    elsewhere_ = foul_;
    elsewhere_.ruling_id = "e15e";
    elsewhere_.section_id = "open-women";

    AppealEntry& upheld = appeals_.emplace_back();
    upheld.filed = Filed(1, correction_, 2, "the draw was never agreed");
    upheld.filed_position = Add("arthur", "arbiter", "P 2 asked", 18, 20);
    upheld.filed_at = rules::tournament::Beijing(2016, 10, 14, 18, 20);
    upheld.filed_by.set_user("arthur");
    upheld.filed_by.set_role("arbiter");
    upheld.status = v1::APPEAL_STATUS_UPHELD;
    upheld.decision.set_appeal_number(1);
    upheld.decision.set_decision(v1::APPEAL_DECISION_UPHELD);
    upheld.decision.mutable_remedy()->set_kind(v1::REMEDY_KIND_RESULT_CHANGED);
    upheld.decision.mutable_remedy()->set_result(v1::GAME_RESULT_BLACK_WIN);
    upheld.decision.mutable_votes()->set_uphold(3);
    upheld.decision.mutable_votes()->set_dismiss(1);
    upheld.decided_position =
        Add("wu", "arbitration_committee",
            "the scoresheet was signed under protest", 19, 0);
    upheld.decided_by.set_user("wu");
    upheld.decided_by.set_role("arbitration_committee");

    AppealEntry& pending = appeals_.emplace_back();
    pending.filed = Filed(2, foul_, 0, "the phone was not his");
    pending.filed_position = Add("arthur", "arbiter", "", 19, 30);
    pending.status = v1::APPEAL_STATUS_PENDING;

    AppealEntry& other = appeals_.emplace_back();
    other.filed = Filed(3, elsewhere_, 0, "another section");
    other.filed_position = Add("arthur", "arbiter", "", 19, 40);
  }

  static v1::AppealFiled Filed(int number, const RulingRef& ruling,
                               int64_t appellant, const std::string& grounds) {
    v1::AppealFiled filed;
    filed.set_appeal_number(number);
    filed.set_ruling_id(ruling.ruling_id);
    filed.set_ruling_position(ruling.position);
    filed.set_appellant_player_id(appellant);
    filed.set_grounds(grounds);
    return filed;
  }

  // Appends an event of the stream after the state's position (the state
  // cannot fold appeals here); answers its position.
  uint64_t Add(const std::string& user, const std::string& role,
               const std::string& reason, int hour, int minute) {
    v1::Event& event = events_.emplace_back();
    event.set_position(events_.size());
    event.mutable_actor()->set_user(user);
    event.mutable_actor()->set_role(role);
    event.set_reason(reason);
    *event.mutable_server_time() =
        google::protobuf::util::TimeUtil::SecondsToTimestamp(
            absl::ToUnixSeconds(
                rules::tournament::Beijing(2016, 10, 14, hour, minute)));
    return event.position();
  }

  absl::StatusOr<std::vector<AuditRow>> Rows() const {
    const std::vector<RulingRef> rulings = {foul_, correction_, elsewhere_};
    return AuditRowsOf(state_, rulings, appeals_, events_, kOpenMen);
  }

  std::vector<v1::Event> events_;
  RulingRef correction_;
  RulingRef foul_;
  RulingRef elsewhere_;
  std::vector<AppealEntry> appeals_;
};

TEST_F(AuditAppealsTest, R9_3_AppealsAndDecisionsOfTheSectionInLogOrder) {
  absl::StatusOr<std::vector<AuditRow>> rows = Rows();
  ASSERT_TRUE(rows.ok()) << rows.status();
  std::vector<std::string> kinds;
  for (const AuditRow& row : *rows) {
    EXPECT_NE(row.ruling_id, "e15e");
    kinds.push_back(row.kind);
  }
  EXPECT_EQ(kinds, (std::vector<std::string>{"round", "ruling", "round",
                                             "round", "ruling", "appeal",
                                             "decision", "appeal"}));
  const AuditRow& appeal = (*rows)[5];
  EXPECT_EQ(appeal.appeal, 1);
  EXPECT_EQ(appeal.status, v1::APPEAL_STATUS_UPHELD);
  EXPECT_EQ(appeal.players, "P 2 (#2)");
  EXPECT_EQ(appeal.actor, "arthur");
  EXPECT_EQ(appeal.server_time, "2016-10-14T18:20:00+08:00");
  EXPECT_EQ(appeal.reason, "P 2 asked");
  EXPECT_EQ(appeal.summary_en,
            absl::StrCat("appeal 1 against ruling c0ffee (log position ",
                         correction_position_,
                         ") for P 2 (#2): the draw was never agreed"));
  const AuditRow& decision = (*rows)[6];
  EXPECT_EQ(decision.appeal, 1);
  EXPECT_EQ(decision.actor, "wu");
  EXPECT_EQ(decision.role, "arbitration_committee");
  EXPECT_EQ(decision.server_time, "2016-10-14T19:00:00+08:00");
  EXPECT_EQ(decision.reason, "the scoresheet was signed under protest");
  EXPECT_EQ(decision.summary_en,
            "appeal 1 upheld (votes 3-1-0 uphold-dismiss-abstain): result "
            "changed to black wins");
  EXPECT_EQ(decision.summary_zh,
            "申诉1成立（表决 3-1-0 成立-驳回-弃权）：结果改为黑胜");
  EXPECT_EQ((*rows)[7].status, v1::APPEAL_STATUS_PENDING);
  EXPECT_EQ((*rows)[7].ruling_id, "f001");
}

TEST_F(AuditAppealsTest, R9_4_MarkdownTablesCountRulingsAppealsAndTimeline) {
  absl::StatusOr<std::vector<AuditRow>> rows = Rows();
  ASSERT_TRUE(rows.ok()) << rows.status();
  absl::StatusOr<std::string> markdown =
      FormatAuditReport(state_, kOpenMen, *rows, ReportFormat::kMarkdown);
  ASSERT_TRUE(markdown.ok()) << markdown.status();
  // Rulings: the foul and the correction. Appeals: two filed, one decided.
  // Timeline: three rounds, the correction, two appeals and the decision.
  EXPECT_THAT(*markdown, HasSubstr("## 裁决 Rulings (2)"));
  EXPECT_THAT(*markdown, HasSubstr("## 申诉与裁定 Appeals and decisions (3)"));
  EXPECT_THAT(*markdown, HasSubstr("## 时间线 Timeline (7)"));
  EXPECT_THAT(*markdown, HasSubstr("| 1 | "));
  EXPECT_THAT(*markdown, HasSubstr(" | 申诉成立 upheld | arthur | arbiter | "));
  absl::StatusOr<std::string> csv =
      FormatAuditReport(state_, kOpenMen, *rows, ReportFormat::kCsv);
  ASSERT_TRUE(csv.ok());
  EXPECT_THAT(*csv, HasSubstr(absl::StrCat(
                        "\r\ndecision,", (*rows)[6].position,
                        ",2016-10-14T19:00:00+08:00,wu,arbitration_committee,"
                        "correction,3,2,,c0ffee,1,,")));
}

TEST_F(AuditReportTest, R7_5_AsOfRoundOneLeavesLaterEventsOut) {
  const TournamentState after_round_one = FoldUpTo(positions_after_round_[1]);
  absl::StatusOr<std::vector<AuditRow>> rows =
      AuditRows(after_round_one, log_, kOpenMen);
  ASSERT_TRUE(rows.ok()) << rows.status();
  int rounds = 0;
  for (const AuditRow& row : *rows) {
    EXPECT_LE(row.position, positions_after_round_[1]);
    if (row.kind == "round") ++rounds;
  }
  EXPECT_EQ(rounds, 1);
}

TEST_F(AuditReportTest, UnknownSectionIsNotFoundNamingIt) {
  absl::StatusOr<std::string> report =
      WriteAuditReport(state_, log_, "no-such", ReportFormat::kCsv);
  EXPECT_EQ(report.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(report.status().message(), HasSubstr("no-such"));
}

}  // namespace
}  // namespace qiwang::exports
