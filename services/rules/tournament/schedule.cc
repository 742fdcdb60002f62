#include "services/rules/tournament/schedule.h"

#include "absl/algorithm/container.h"
#include "base/timestamp.h"
#include "services/rules/tournament/calendar.h"
#include "services/rules/tournament/eligibility.h"

namespace qiwang::rules::tournament {
namespace {

bool SlotApplies(const v1::RoundSlot& slot, const v1::Section* section) {
  if (slot.section_ids().empty()) {
    return section != nullptr &&
           section->pairing_system() == v1::PAIRING_SYSTEM_SWISS;
  }
  return section != nullptr &&
         absl::c_linear_search(slot.section_ids(), section->id());
}

}  // namespace

std::optional<absl::Time> RoundStart(const v1::TournamentConfig& config,
                                     const std::string& section_id, int round) {
  const v1::Section* section = FindSection(config, section_id);
  std::optional<absl::Time> start;
  for (const v1::RoundSlot& slot : config.schedule()) {
    if (slot.round() != round || !SlotApplies(slot, section)) continue;
    const absl::Time starts = base::FromTimestamp(slot.starts());
    if (!start || starts < *start) start = starts;
  }
  return start;
}

}  // namespace qiwang::rules::tournament
