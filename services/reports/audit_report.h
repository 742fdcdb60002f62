// The audit report of a section (R9.4) as of a read position: its rulings
// (state.rulings() about the section or its players), the appeals against
// them and the committee's decisions (state.appeals()), and a timeline of
// rounds published, pairings amended, results corrected, appeals and
// decisions, each with log position, server time, actor, role and the
// envelope's reason. Markdown: three tables with Chinese and English labels.
// CSV (RFC 4180): one header row and one row per ruling, appeal, decision
// and published round in log order, told apart by the column "kind"
// (ruling, appeal, decision, round). Pure and deterministic; any caller.
#ifndef QIWANG_SERVICES_REPORTS_AUDIT_REPORT_H_
#define QIWANG_SERVICES_REPORTS_AUDIT_REPORT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "qiwang/v1/event.pb.h"
#include "services/rules/tournament/tournament_state.h"

namespace qiwang::exports {

enum class ReportFormat { kMarkdown, kCsv };

// One line of the report.
struct AuditRow {
  std::string kind;  // "ruling", "appeal", "decision" or "round"
  uint64_t position = 0;
  std::string server_time;  // RFC 3339 in the tournament's zone
  std::string actor;
  std::string role;
  v1::RulingKind ruling_kind = v1::RULING_KIND_UNSPECIFIED;  // its ruling's
  int round = 0;
  int board = 0;
  std::string players;  // "name (#id)", comma separated
  std::string ruling_id;
  int appeal = 0;  // appeal number of appeal and decision rows
  v1::AppealStatus status = v1::APPEAL_STATUS_UNSPECIFIED;  // appeal rows
  std::string summary_en;
  std::string summary_zh;
  std::string reason;  // the envelope's reason (a decision's reasoning)
};

// The rows in log order. `events` is the tournament's stream oldest first
// (reasons, times and published rounds are read from it); events after
// state.position() are left out. NOT_FOUND naming `section_id` for an
// unknown section.
absl::StatusOr<std::vector<AuditRow>> AuditRows(
    const rules::tournament::TournamentState& state,
    absl::Span<const v1::Event> events, const std::string& section_id);

// The same with the rulings and appeals given (AuditRows passes the state's;
// the state still names players, boards and the zone).
absl::StatusOr<std::vector<AuditRow>> AuditRowsOf(
    const rules::tournament::TournamentState& state,
    absl::Span<const rules::tournament::RulingRef> rulings,
    absl::Span<const rules::tournament::AppealEntry> appeals,
    absl::Span<const v1::Event> events, const std::string& section_id);

// The report of `rows` (from AuditRows) in `format`. NOT_FOUND naming
// `section_id` for an unknown section.
absl::StatusOr<std::string> FormatAuditReport(
    const rules::tournament::TournamentState& state,
    const std::string& section_id, const std::vector<AuditRow>& rows,
    ReportFormat format);

// FormatAuditReport(AuditRows(...)).
absl::StatusOr<std::string> WriteAuditReport(
    const rules::tournament::TournamentState& state,
    absl::Span<const v1::Event> events, const std::string& section_id,
    ReportFormat format);

}  // namespace qiwang::exports

#endif  // QIWANG_SERVICES_REPORTS_AUDIT_REPORT_H_
