#include "services/reports/audit_report.h"

#include <algorithm>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/time/time.h"
#include "base/timestamp.h"
#include "services/reports/event_summary.h"
#include "services/reports/report_table.h"
#include "services/rules/ranking/ranking_scope.h"

namespace qiwang::exports {
namespace {

using rules::tournament::AppealEntry;
using rules::tournament::RulingRef;
using rules::tournament::TournamentState;

// The event at `position`, or nullptr.
const v1::Event* EventAt(absl::Span<const v1::Event> events,
                         uint64_t position) {
  auto it = std::lower_bound(
      events.begin(), events.end(), position,
      [](const v1::Event& event, uint64_t p) { return event.position() < p; });
  return it != events.end() && it->position() == position ? &*it : nullptr;
}

std::string TimeText(absl::Time time, const absl::TimeZone& zone) {
  if (time == absl::InfinitePast()) return "";
  return absl::FormatTime("%Y-%m-%dT%H:%M:%S%Ez", time, zone);
}

std::string EventTime(const v1::Event* event, const absl::TimeZone& zone) {
  if (event == nullptr || !event->has_server_time()) return "";
  return TimeText(base::FromTimestamp(event->server_time()), zone);
}

bool InSection(const TournamentState& state, const RulingRef& ruling,
               const std::string& section_id) {
  if (!ruling.section_id.empty()) return ruling.section_id == section_id;
  return std::any_of(ruling.player_ids.begin(), ruling.player_ids.end(),
                     [&](int64_t id) {
                       const auto* player = state.FindPlayer(id);
                       return player != nullptr &&
                              player->registration.section_id() == section_id;
                     });
}

// A row of `kind` about `ruling`, entered at `position` by `actor`.
AuditRow RowAbout(const TournamentState& state, std::string kind,
                  uint64_t position, absl::Time time, const v1::Actor& actor,
                  const RulingRef& ruling) {
  AuditRow row;
  row.kind = std::move(kind);
  row.position = position;
  row.server_time = TimeText(time, state.time_zone());
  row.actor = actor.user();
  row.role = actor.role();
  row.ruling_kind = ruling.kind;
  row.round = ruling.round;
  row.board = ruling.board;
  row.ruling_id = ruling.ruling_id;
  return row;
}

AuditRow RulingRow(const TournamentState& state, const RulingRef& ruling,
                   const v1::Event* event) {
  AuditRow row = RowAbout(state, "ruling", ruling.position, ruling.server_time,
                          ruling.actor, ruling);
  std::vector<std::string> names;
  for (int64_t id : ruling.player_ids) names.push_back(PlayerName(state, id));
  row.players = absl::StrJoin(names, ", ");
  if (event != nullptr) {
    const Bilingual summary = SummarizeEvent(*event, state);
    row.summary_en = summary.en;
    row.summary_zh = summary.zh;
    row.reason = event->reason();
  } else {
    const Bilingual kind = BothWords(ruling.kind);
    row.summary_en = kind.en;
    row.summary_zh = kind.zh;
  }
  return row;
}

void AddAppealRows(const TournamentState& state,
                   absl::Span<const v1::Event> events,
                   const AppealEntry& appeal, const RulingRef& ruling,
                   std::vector<AuditRow>& rows) {
  AuditRow filed = RowAbout(state, "appeal", appeal.filed_position,
                            appeal.filed_at, appeal.filed_by, ruling);
  if (appeal.filed.appellant_player_id() != 0) {
    filed.players = PlayerName(state, appeal.filed.appellant_player_id());
  }
  filed.appeal = appeal.filed.appeal_number();
  filed.status = appeal.status;
  v1::Event filed_event;
  *filed_event.mutable_appeal_filed() = appeal.filed;
  const Bilingual summary = SummarizeEvent(filed_event, state);
  filed.summary_en = summary.en;
  filed.summary_zh = summary.zh;
  if (const v1::Event* event = EventAt(events, appeal.filed_position)) {
    filed.reason = event->reason();
  }
  rows.push_back(filed);
  if (appeal.status == v1::APPEAL_STATUS_PENDING ||
      appeal.status == v1::APPEAL_STATUS_UNSPECIFIED) {
    return;
  }
  AuditRow decided = filed;
  decided.kind = "decision";
  decided.position = appeal.decided_position;
  decided.actor = appeal.decided_by.user();
  decided.role = appeal.decided_by.role();
  decided.players.clear();
  v1::Event decided_event;
  *decided_event.mutable_appeal_decided() = appeal.decision;
  const Bilingual decision = SummarizeEvent(decided_event, state);
  decided.summary_en = decision.en;
  decided.summary_zh = decision.zh;
  const v1::Event* event = EventAt(events, appeal.decided_position);
  decided.server_time = EventTime(event, state.time_zone());
  decided.reason = event != nullptr ? event->reason() : "";
  rows.push_back(decided);
}

AuditRow RoundRow(const TournamentState& state, const v1::Event& event) {
  AuditRow row;
  row.kind = "round";
  row.position = event.position();
  row.server_time = EventTime(&event, state.time_zone());
  row.actor = event.actor().user();
  row.role = event.actor().role();
  row.round = event.round_paired().round();
  const Bilingual summary = SummarizeEvent(event, state);
  row.summary_en = summary.en;
  row.summary_zh = summary.zh;
  row.reason = event.reason();
  return row;
}

std::string Number(int value) { return value == 0 ? "" : absl::StrCat(value); }

// Chinese and English label of a row's kind, for Markdown.
std::string KindLabel(const AuditRow& row) {
  if (row.kind == "appeal") return "申诉 appeal";
  if (row.kind == "decision") return "裁定 decision";
  if (row.kind == "round") return "公布对阵 round published";
  const Bilingual kind = BothWords(row.ruling_kind);
  return absl::StrCat(kind.zh, " ", kind.en);
}

bool OnTimeline(const AuditRow& row) {
  return row.kind != "ruling" ||
         row.ruling_kind == v1::RULING_KIND_CORRECTION ||
         row.ruling_kind == v1::RULING_KIND_PAIRING_OVERRIDE;
}

std::string Csv(const std::vector<AuditRow>& rows) {
  ReportTable table;
  table.header = {"kind",    "position",    "server_time", "actor",
                  "role",    "ruling_kind", "round",       "board",
                  "players", "ruling_id",   "appeal",      "status",
                  "summary", "summary_zh",  "reason"};
  for (const AuditRow& row : rows) {
    table.rows.push_back({row.kind, absl::StrCat(row.position), row.server_time,
                          row.actor, row.role,
                          row.ruling_kind == v1::RULING_KIND_UNSPECIFIED
                              ? ""
                              : BothWords(row.ruling_kind).en,
                          Number(row.round), Number(row.board), row.players,
                          row.ruling_id, Number(row.appeal),
                          row.kind == "appeal" ? BothWords(row.status).en : "",
                          row.summary_en, row.summary_zh, row.reason});
  }
  return CsvOf(table);
}

std::string Markdown(const TournamentState& state, const v1::Section& section,
                     const std::vector<AuditRow>& rows) {
  const auto both = [](const v1::Label& label) {
    return label.en().empty() ? label.zh()
                              : absl::StrCat(label.zh(), " / ", label.en());
  };
  std::string out = absl::StrCat(
      "# 审计报告 Audit report\n\n",
      "- 赛事 Tournament: ", both(state.config().name()), "\n",
      "- 组别 Section: ", both(section.name()), " (", section.id(), ")\n",
      "- 截至日志位置 As of log position: ", state.position(), "\n");

  ReportTable rulings;
  rulings.header = {"位置 Position", "时间 Time",   "类别 Kind",
                    "轮 Round",      "台 Board",    "棋手 Players",
                    "摘要",          "Summary",     "裁判 Actor",
                    "角色 Role",     "理由 Reason", "裁决编号 Ruling id"};
  ReportTable appeals;
  appeals.header = {
      "申诉 Appeal", "位置 Position", "时间 Time",         "类别 Kind",
      "状态 Status", "人员 Actor",    "角色 Role",         "摘要",
      "Summary",     "理由 Reason",   "裁决编号 Ruling id"};
  ReportTable timeline;
  timeline.header = {"位置 Position", "时间 Time", "类别 Kind", "人员 Actor",
                     "角色 Role",     "摘要",      "Summary",   "理由 Reason"};
  for (const AuditRow& row : rows) {
    if (row.kind == "ruling") {
      rulings.rows.push_back(
          {absl::StrCat(row.position), row.server_time, KindLabel(row),
           Number(row.round), Number(row.board), row.players, row.summary_zh,
           row.summary_en, row.actor, row.role, row.reason, row.ruling_id});
    }
    if (row.kind == "appeal" || row.kind == "decision") {
      const Bilingual status = BothWords(row.status);
      appeals.rows.push_back(
          {absl::StrCat(row.appeal), absl::StrCat(row.position),
           row.server_time, KindLabel(row),
           row.kind == "appeal" ? absl::StrCat(status.zh, " ", status.en) : "",
           row.actor, row.role, row.summary_zh, row.summary_en, row.reason,
           row.ruling_id});
    }
    if (OnTimeline(row)) {
      timeline.rows.push_back({absl::StrCat(row.position), row.server_time,
                               KindLabel(row), row.actor, row.role,
                               row.summary_zh, row.summary_en, row.reason});
    }
  }
  absl::StrAppend(&out, "\n## 裁决 Rulings (", rulings.rows.size(), ")\n\n",
                  MarkdownOf(rulings),
                  "\n## 申诉与裁定 Appeals and decisions (",
                  appeals.rows.size(), ")\n\n", MarkdownOf(appeals),
                  "\n## 时间线 Timeline (", timeline.rows.size(), ")\n\n",
                  MarkdownOf(timeline));
  return out;
}

}  // namespace

absl::StatusOr<std::vector<AuditRow>> AuditRows(
    const TournamentState& state, absl::Span<const v1::Event> events,
    const std::string& section_id) {
  return AuditRowsOf(state, state.rulings(), state.appeals(), events,
                     section_id);
}

absl::StatusOr<std::vector<AuditRow>> AuditRowsOf(
    const TournamentState& state, absl::Span<const RulingRef> rulings,
    absl::Span<const AppealEntry> appeals, absl::Span<const v1::Event> events,
    const std::string& section_id) {
  absl::StatusOr<const v1::Section*> section =
      rules::FindSection(state.config(), section_id);
  if (!section.ok()) return section.status();
  std::vector<AuditRow> rows;
  absl::flat_hash_map<std::string, const RulingRef*> section_rulings;
  for (const RulingRef& ruling : rulings) {
    if (ruling.position > state.position() ||
        !InSection(state, ruling, section_id)) {
      continue;
    }
    section_rulings[ruling.ruling_id] = &ruling;
    rows.push_back(RulingRow(state, ruling, EventAt(events, ruling.position)));
  }
  for (const AppealEntry& appeal : appeals) {
    auto ruling = section_rulings.find(appeal.filed.ruling_id());
    if (ruling == section_rulings.end()) continue;
    AddAppealRows(state, events, appeal, *ruling->second, rows);
  }
  for (const v1::Event& event : events) {
    if (event.position() > state.position()) break;
    if (event.has_round_paired() &&
        event.round_paired().section_id() == section_id) {
      rows.push_back(RoundRow(state, event));
    }
  }
  std::stable_sort(rows.begin(), rows.end(),
                   [](const AuditRow& a, const AuditRow& b) {
                     return a.position < b.position;
                   });
  return rows;
}

absl::StatusOr<std::string> FormatAuditReport(const TournamentState& state,
                                              const std::string& section_id,
                                              const std::vector<AuditRow>& rows,
                                              ReportFormat format) {
  absl::StatusOr<const v1::Section*> section =
      rules::FindSection(state.config(), section_id);
  if (!section.ok()) return section.status();
  if (format == ReportFormat::kCsv) return Csv(rows);
  return Markdown(state, **section, rows);
}

absl::StatusOr<std::string> WriteAuditReport(const TournamentState& state,
                                             absl::Span<const v1::Event> events,
                                             const std::string& section_id,
                                             ReportFormat format) {
  absl::StatusOr<std::vector<AuditRow>> rows =
      AuditRows(state, events, section_id);
  if (!rows.ok()) return rows.status();
  return FormatAuditReport(state, section_id, *rows, format);
}

}  // namespace qiwang::exports
