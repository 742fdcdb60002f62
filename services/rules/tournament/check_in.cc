#include "services/rules/tournament/check_in.h"

#include <optional>

#include "base/timestamp.h"
#include "services/rules/tournament/calendar.h"
#include "services/rules/tournament/eligibility.h"
#include "services/rules/tournament/schedule.h"

namespace qiwang::rules::tournament {

bool CheckInWindowOpen(const v1::TournamentConfig& config, absl::Time now) {
  return base::FromTimestamp(config.check_in().opens()) <= now &&
         now <= base::FromTimestamp(config.check_in().closes());
}

std::string DescribeCheckInWindow(const v1::TournamentConfig& config,
                                  const absl::TimeZone& zone) {
  return FormatInstant(base::FromTimestamp(config.check_in().opens()), zone) +
         " .. " +
         FormatInstant(base::FromTimestamp(config.check_in().closes()), zone);
}

absl::CivilDay FirstRoundDay(const v1::TournamentConfig& config,
                             const absl::TimeZone& zone,
                             const std::string& section_id) {
  const std::optional<absl::Time> own = RoundStart(config, section_id, 1);
  std::optional<absl::Time> earliest;
  for (const v1::RoundSlot& slot : config.schedule()) {
    if (slot.round() != 1) continue;
    const absl::Time starts = base::FromTimestamp(slot.starts());
    if (!earliest || starts < *earliest) earliest = starts;
  }
  const absl::Time day_of =
      own ? *own
          : earliest.value_or(base::FromTimestamp(config.check_in().closes()));
  return absl::ToCivilDay(day_of, zone);
}

std::vector<v1::CheckInDocument> RequiredDocuments(
    const v1::TournamentConfig& config, const absl::TimeZone& zone,
    const v1::PlayerRegistered& player) {
  std::vector<v1::CheckInDocument> required = {
      v1::CHECK_IN_DOCUMENT_IDENTITY_COPY};
  if (player.residency() == v1::RESIDENCY_WORKER) {
    required.push_back(v1::CHECK_IN_DOCUMENT_WORK_CERTIFICATE);
  }
  required.push_back(v1::CHECK_IN_DOCUMENT_INSURANCE);
  const v1::Section* section = FindSection(config, player.section_id());
  const int companion_age =
      section == nullptr ? 0 : section->eligibility().companion_over_age();
  // A forgotten person's birth date is gone (issue 18): no age to check.
  if (companion_age > 0 && player.person().has_birth_date() &&
      AgeOn(ToCivilDay(player.person().birth_date()),
            FirstRoundDay(config, zone, player.section_id())) >=
          companion_age) {
    required.push_back(v1::CHECK_IN_DOCUMENT_COMPANION);
  }
  return required;
}

std::string DocumentName(v1::CheckInDocument document) {
  switch (document) {
    case v1::CHECK_IN_DOCUMENT_IDENTITY_COPY:
      return "identity document copy";
    case v1::CHECK_IN_DOCUMENT_WORK_CERTIFICATE:
      return "work certificate (R2.5)";
    case v1::CHECK_IN_DOCUMENT_INSURANCE:
      return "accident insurance (R2.5)";
    case v1::CHECK_IN_DOCUMENT_COMPANION:
      return "family companion (R2.5)";
    default:
      return "unspecified document";
  }
}

}  // namespace qiwang::rules::tournament
