#include "services/trf/trf_import_config.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/algorithm/container.h"
#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "base/timestamp.h"
#include "services/rules/tournament/config_validation.h"
#include "services/trf/trf_tie_breaks.h"

namespace qiwang::exports {
namespace {

// The line of `tag` (0 when the file has none), for messages.
int LineOf(const TrfLineNumbers& lines, const std::string& tag) {
  auto it = lines.header.find(tag);
  return it == lines.header.end() ? 0 : it->second;
}

// The whole text of a header line (from column 5) as the place of an error.
absl::Status HeaderError(const TrfLineNumbers& lines, const std::string& tag,
                         const std::string& text, absl::string_view field,
                         absl::string_view message) {
  return TrfLineError(LineOf(lines, tag), 5,
                      4 + std::max(1, static_cast<int>(text.size())), field,
                      message);
}

v1::Label LabelOf(const std::string& text) {
  v1::Label label;
  const bool ascii =
      absl::c_all_of(text, [](char c) { return c >= 0x20 && c <= 0x7e; });
  if (ascii) {
    label.set_en(text);
  } else {
    label.set_zh(text);
  }
  return label;
}

v1::PairingSystem SystemOf(const std::string& type) {
  const std::string lower = absl::AsciiStrToLower(type);
  if (!absl::StrContains(lower, "robin")) return v1::PAIRING_SYSTEM_SWISS;
  return absl::StrContains(lower, "double")
             ? v1::PAIRING_SYSTEM_DOUBLE_ROUND_ROBIN
             : v1::PAIRING_SYSTEM_ROUND_ROBIN;
}

// "90'+30\"" (also "90+30"): minutes and seconds; false for anything else.
bool ParseTimeControl(const std::string& text, v1::TimeControl& control) {
  std::vector<std::string> parts = absl::StrSplit(text, '+');
  if (parts.size() != 2) return false;
  int minutes = 0;
  int seconds = 0;
  if (!absl::SimpleAtoi(
          absl::StripSuffix(absl::StripAsciiWhitespace(parts[0]), "'"),
          &minutes) ||
      !absl::SimpleAtoi(
          absl::StripSuffix(absl::StripAsciiWhitespace(parts[1]), "\""),
          &seconds) ||
      minutes <= 0 || seconds < 0) {
    return false;
  }
  control.set_base_minutes(minutes);
  control.set_increment_seconds(seconds);
  return true;
}

void SetScoring(const rules::Scoring& points, v1::ScoringConfig& scoring) {
  scoring.set_win(points.win);
  scoring.set_draw(points.draw);
  scoring.set_loss(points.loss);
  scoring.set_forfeit_win(points.forfeit_win);
  scoring.set_forfeit_loss(points.forfeit_loss);
  scoring.set_double_forfeit(points.double_forfeit);
  scoring.set_bye(points.bye);
}

absl::Status SetTimeControl(const TrfDocument& document,
                            const TrfLineNumbers& lines,
                            const v1::ImportTrfRequest& request,
                            v1::Section& section) {
  if (ParseTimeControl(document.time_control,
                       *section.mutable_time_control())) {
    return absl::OkStatus();
  }
  if (request.time_control().base_minutes() > 0 &&
      request.time_control().increment_seconds() >= 0) {
    *section.mutable_time_control() = request.time_control();
    return absl::OkStatus();
  }
  if (document.time_control.empty()) {
    return absl::InvalidArgumentError(
        "time_control: the file has no 122 line (time control); give one "
        "(base_minutes > 0)");
  }
  return HeaderError(lines, "122", document.time_control, "122 time control",
                     absl::StrCat("\"", document.time_control,
                                  "\" is not MINUTES'+SECONDS\"; give "
                                  "time_control instead"));
}

// Each dated round of 132 starts at 09:00 in `zone`.
absl::Status SetSchedule(const TrfDocument& document,
                         const TrfLineNumbers& lines,
                         const absl::TimeZone& zone,
                         v1::TournamentConfig& config) {
  int century = 20;
  if (document.start_date.size() >= 2) {
    century =
        (document.start_date[0] - '0') * 10 + (document.start_date[1] - '0');
  }
  for (size_t i = 0; i < document.round_dates.size(); ++i) {
    const std::string& date = document.round_dates[i];
    if (date.empty()) continue;
    const int round = static_cast<int>(i) + 1;
    const int year = century * 100 + (date[0] - '0') * 10 + (date[1] - '0');
    const int month = (date[3] - '0') * 10 + (date[4] - '0');
    const int day = (date[6] - '0') * 10 + (date[7] - '0');
    const absl::CivilDay civil(year, month, day);
    if (civil.month() != month || civil.day() != day) {
      const int column = kTrfFirstRoundColumn + (round - 1) * kTrfRoundWidth;
      return TrfLineError(LineOf(lines, "132"), column, column + 7,
                          absl::StrCat("round ", round, " date"),
                          absl::StrCat("\"", date, "\" is no calendar day"));
    }
    v1::RoundSlot& slot = *config.add_schedule();
    slot.set_round(round);
    slot.add_section_ids(config.sections(0).id());
    *slot.mutable_starts() = base::ToTimestamp(
        absl::FromCivil(absl::CivilSecond(year, month, day, 9, 0, 0), zone));
  }
  return absl::OkStatus();
}

}  // namespace

absl::StatusOr<v1::TournamentConfig> TrfImportConfig(
    const TrfDocument& document, const TrfLineNumbers& lines,
    const rules::Scoring& scoring, const v1::ImportTrfRequest& request,
    int rounds_played, absl::Time now) {
  v1::TournamentConfig config;
  config.set_id(request.tournament_id());
  config.set_time_zone(request.time_zone().empty() ? kDefaultImportTimeZone
                                                   : request.time_zone());
  absl::TimeZone zone;
  if (!absl::LoadTimeZone(config.time_zone(), &zone)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "time_zone: unknown time zone '", config.time_zone(), "' (R1.1)"));
  }

  v1::Section& section = *config.add_sections();
  section.set_id(request.section_id().empty() ? kDefaultImportSection
                                              : request.section_id());
  const size_t dash = document.name.rfind(" - ");
  if (dash == std::string::npos) {
    *config.mutable_name() = LabelOf(document.name);
    *section.mutable_name() = LabelOf(section.id());
  } else {
    *config.mutable_name() = LabelOf(document.name.substr(0, dash));
    *section.mutable_name() = LabelOf(document.name.substr(dash + 3));
  }
  section.set_pairing_system(SystemOf(document.type));
  if (section.pairing_system() == v1::PAIRING_SYSTEM_SWISS) {
    section.set_rounds(std::max(document.rounds, rounds_played));
    if (section.rounds() < 1) {
      return absl::InvalidArgumentError(
          "TRF: no 142 (XXR) line and no round played: the number of rounds "
          "of a Swiss section is unknown (R2.4)");
    }
  }
  if (absl::Status set = SetTimeControl(document, lines, request, section);
      !set.ok()) {
    return set;
  }
  absl::StatusOr<std::vector<v1::TieBreakKind>> tie_breaks =
      TieBreaksOf(document, lines);
  if (!tie_breaks.ok()) return tie_breaks.status();
  for (v1::TieBreakKind kind : *tie_breaks) section.add_tie_breaks(kind);
  if (tie_breaks->empty()) {
    *section.mutable_tie_breaks() = request.tie_breaks();
  }

  v1::RankingCategory& ranking = *config.add_ranking_categories();
  ranking.set_id(section.id());
  *ranking.mutable_name() = section.name();
  ranking.add_section_ids(section.id());

  SetScoring(scoring, *config.mutable_scoring());
  if (absl::Status set = SetSchedule(document, lines, zone, config);
      !set.ok()) {
    return set;
  }
  *config.mutable_registration_deadline() = base::ToTimestamp(now);
  *config.mutable_check_in()->mutable_opens() =
      base::ToTimestamp(now - absl::Seconds(1));
  *config.mutable_check_in()->mutable_closes() = base::ToTimestamp(now);
  if (absl::Status valid = rules::tournament::ValidateConfig(config);
      !valid.ok()) {
    return absl::InvalidArgumentError(
        absl::StrCat("the tournament read from the file: ", valid.message()));
  }
  return config;
}

}  // namespace qiwang::exports
