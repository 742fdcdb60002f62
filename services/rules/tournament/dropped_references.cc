#include "services/rules/tournament/dropped_references.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>

#include "absl/strings/str_cat.h"

namespace qiwang::rules::tournament {
namespace {

template <typename Items>
bool Keeps(const Items& items, const std::string& id) {
  return std::any_of(items.begin(), items.end(),
                     [&](const auto& item) { return item.id() == id; });
}

// "N registered players ... (first: player P)" for the players `refers`
// picks out; empty when none.
std::string PlayersReferring(
    const TournamentState& state, const std::string& how,
    const std::function<bool(const PlayerEntry&)>& refers) {
  int count = 0;
  int64_t first = 0;
  for (const PlayerEntry& player : state.players()) {
    if (!refers(player)) continue;
    if (count++ == 0) first = player.id();
  }
  if (count == 0) return "";
  return absl::StrCat(
      count, count == 1 ? " registered player " : " registered players ", how,
      " (first: player ", first, ")");
}

absl::Status Refused(const std::string& field, const std::string& what,
                     const std::string& why) {
  return absl::FailedPreconditionError(
      absl::StrCat("R1.1: ", field, ": the amendment drops ", what,
                   ", which the log refers to: ", why));
}

absl::Status CheckSection(const TournamentState& state, const std::string& id) {
  const std::string what = absl::StrCat("section '", id, "'");
  const std::string players =
      PlayersReferring(state, "in it", [&](const PlayerEntry& player) {
        return player.registration.section_id() == id;
      });
  // Play (lots, rounds, results) needs players, so they cover it.
  if (!players.empty()) return Refused("config.sections", what, players);
  return absl::OkStatus();
}

// Qualifications, R3.3 invitations and no-shows a station answers for all
// come from its recorded results, so those cover them.
absl::Status CheckStation(const TournamentState& state, const std::string& id) {
  for (const v1::StationResultsRecorded& recorded : state.stations()) {
    if (recorded.station().id() != id) continue;
    const std::string qualified = PlayersReferring(
        state, "qualified through it", [&](const PlayerEntry& player) {
          return player.registration.qualifying_station_id() == id;
        });
    return Refused(
        "config.stations", absl::StrCat("station '", id, "'"),
        absl::StrCat("its results are recorded (", recorded.ranking_size(),
                     " ranked)", qualified.empty() ? "" : "; ", qualified));
  }
  return absl::OkStatus();
}

absl::Status CheckCategory(const TournamentState& state,
                           const std::string& id) {
  const std::string what = absl::StrCat("ranking category '", id, "'");
  for (const TieLotsEntry& entry : state.tie_lots()) {
    if (entry.lots.ranking_id() == id) {
      return Refused(
          "config.ranking_categories", what,
          absl::StrCat("R7.3 tie lots at position ", entry.position));
    }
  }
  for (const DeclineEntry& entry : state.declines()) {
    if (entry.declined.ranking_id() == id) {
      return Refused("config.ranking_categories", what,
                     absl::StrCat("player ", entry.declined.player_id(),
                                  " declined a final place at position ",
                                  entry.position, " (R8.3)"));
    }
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status RequireDroppedUnreferenced(const TournamentState& state,
                                        const v1::TournamentConfig& amended) {
  for (const v1::Section& section : state.config().sections()) {
    if (Keeps(amended.sections(), section.id())) continue;
    if (absl::Status s = CheckSection(state, section.id()); !s.ok()) return s;
  }
  for (const v1::Station& station : state.config().stations()) {
    if (Keeps(amended.stations(), station.id())) continue;
    if (absl::Status s = CheckStation(state, station.id()); !s.ok()) return s;
  }
  for (const v1::RankingCategory& category :
       state.config().ranking_categories()) {
    if (Keeps(amended.ranking_categories(), category.id())) continue;
    if (absl::Status s = CheckCategory(state, category.id()); !s.ok()) {
      return s;
    }
  }
  return absl::OkStatus();
}

}  // namespace qiwang::rules::tournament
