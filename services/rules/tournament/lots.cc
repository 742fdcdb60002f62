#include "services/rules/tournament/lots.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "services/rules/roundrobin/drawn_lots.h"
#include "services/rules/tournament/section_records.h"

namespace qiwang::rules::tournament {

absl::StatusOr<v1::LotsDrawn> DrawLots(const TournamentState& state,
                                       const v1::Section& section,
                                       uint64_t seed) {
  absl::StatusOr<std::vector<PlayerRecord>> records =
      SectionRecordsBefore(state, section.id(), 1);
  if (!records.ok()) return records.status();
  std::vector<PlayerId> entrants;
  for (const PlayerRecord& record : *records) {
    if (!record.withdrawn) entrants.push_back(record.id);
  }
  if (entrants.empty()) {
    return absl::FailedPreconditionError(absl::StrCat(
        "R6.1: section '", section.id(), "' has no players to pair"));
  }
  v1::LotsDrawn lots;
  lots.set_section_id(section.id());
  lots.set_seed(seed);
  if (section.seed_round_one_by_list()) {
    for (PlayerId id : entrants) lots.add_player_ids(id);
    return lots;
  }
  absl::StatusOr<std::vector<PlayerId>> drawn =
      DrawPairingNumbers(entrants, seed);
  if (!drawn.ok()) return drawn.status();
  for (PlayerId id : *drawn) lots.add_player_ids(id);
  return lots;
}

}  // namespace qiwang::rules::tournament
