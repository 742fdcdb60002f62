#include "services/rules/tournament/dropped_references.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <string>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "base/refusal_details.h"
#include "base/refusal_kinds.h"

namespace qiwang::rules::tournament {
namespace {

namespace refusal = base::refusal;

template <typename Items>
bool Keeps(const Items& items, const std::string& id) {
  return std::any_of(items.begin(), items.end(),
                     [&](const auto& item) { return item.id() == id; });
}

// The registered players `refers` picks out: how many, and the first.
struct Referring {
  int count = 0;
  int64_t first = 0;
};

Referring PlayersReferring(
    const TournamentState& state,
    const std::function<bool(const PlayerEntry&)>& refers) {
  Referring referring;
  for (const PlayerEntry& player : state.players()) {
    if (!refers(player)) continue;
    if (referring.count++ == 0) referring.first = player.id();
  }
  return referring;
}

// "N registered players <how> (first: player P)"; empty when none.
std::string Describe(const Referring& referring, absl::string_view how) {
  if (referring.count == 0) return "";
  return absl::StrCat(
      referring.count,
      referring.count == 1 ? " registered player " : " registered players ",
      how, " (first: player ", referring.first, ")");
}

// What an amendment drops: the configuration's list (`field`), what the
// English message calls it, the key its refusal names it by (with its
// configured names as key_zh and key_en), its id and names.
struct Dropped {
  absl::string_view field;
  absl::string_view noun;
  absl::string_view key;
  const std::string& id;
  const v1::Label& name;
};

// `kind` naming `dropped` and `values`; `why` says what refers to it.
absl::Status Refused(
    const Dropped& dropped, const std::string& why, absl::string_view kind,
    std::initializer_list<std::pair<absl::string_view, std::string>> values) {
  absl::Status status = base::WithRefusal(
      absl::FailedPreconditionError(absl::StrCat(
          "R1.1: ", dropped.field, ": the amendment drops ", dropped.noun, " '",
          dropped.id, "', which the log refers to: ", why)),
      kind, values);
  status = base::WithRefusalValue(std::move(status), dropped.key, dropped.id);
  status = base::WithRefusalValue(
      std::move(status), absl::StrCat(dropped.key, "_zh"),
      dropped.name.zh().empty() ? dropped.id : dropped.name.zh());
  return base::WithRefusalValue(
      std::move(status), absl::StrCat(dropped.key, "_en"),
      dropped.name.en().empty() ? dropped.id : dropped.name.en());
}

absl::Status CheckSection(const TournamentState& state,
                          const v1::Section& section) {
  const Referring players =
      PlayersReferring(state, [&](const PlayerEntry& player) {
        return player.registration.section_id() == section.id();
      });
  // Play (lots, rounds, results) needs players, so they cover it.
  if (players.count == 0) return absl::OkStatus();
  return Refused(
      {"config.sections", "section", "section", section.id(), section.name()},
      Describe(players, "in it"), refusal::kDroppedSectionInUse,
      {{"players", absl::StrCat(players.count)},
       {"first", absl::StrCat(players.first)}});
}

// Qualifications, R3.3 invitations and no-shows a station answers for all
// come from its recorded results, so those cover them.
absl::Status CheckStation(const TournamentState& state,
                          const v1::Station& station) {
  for (const v1::StationResultsRecorded& recorded : state.stations()) {
    if (recorded.station().id() != station.id()) continue;
    const Referring qualified =
        PlayersReferring(state, [&](const PlayerEntry& player) {
          return player.registration.qualifying_station_id() == station.id();
        });
    const std::string who = Describe(qualified, "qualified through it");
    return Refused(
        {"config.stations", "station", "station", station.id(), station.name()},
        absl::StrCat("its results are recorded (", recorded.ranking_size(),
                     " ranked)", who.empty() ? "" : "; ", who),
        refusal::kDroppedStationInUse,
        {{"ranked", absl::StrCat(recorded.ranking_size())},
         {"qualified", absl::StrCat(qualified.count)}});
  }
  return absl::OkStatus();
}

absl::Status CheckCategory(const TournamentState& state,
                           const v1::RankingCategory& category) {
  const Dropped dropped{"config.ranking_categories", "ranking category",
                        "ranking", category.id(), category.name()};
  for (const TieLotsEntry& entry : state.tie_lots()) {
    if (entry.lots.ranking_id() != category.id()) continue;
    return Refused(dropped,
                   absl::StrCat("R7.3 tie lots at position ", entry.position),
                   refusal::kDroppedCategoryWithLots,
                   {{"position", absl::StrCat(entry.position)}});
  }
  for (const DeclineEntry& entry : state.declines()) {
    if (entry.declined.ranking_id() != category.id()) continue;
    return Refused(dropped,
                   absl::StrCat("player ", entry.declined.player_id(),
                                " declined a final place at position ",
                                entry.position, " (R8.3)"),
                   refusal::kDroppedCategoryWithDecline,
                   {{"player", absl::StrCat(entry.declined.player_id())},
                    {"position", absl::StrCat(entry.position)}});
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status RequireDroppedUnreferenced(const TournamentState& state,
                                        const v1::TournamentConfig& amended) {
  for (const v1::Section& section : state.config().sections()) {
    if (Keeps(amended.sections(), section.id())) continue;
    if (absl::Status s = CheckSection(state, section); !s.ok()) return s;
  }
  for (const v1::Station& station : state.config().stations()) {
    if (Keeps(amended.stations(), station.id())) continue;
    if (absl::Status s = CheckStation(state, station); !s.ok()) return s;
  }
  for (const v1::RankingCategory& category :
       state.config().ranking_categories()) {
    if (Keeps(amended.ranking_categories(), category.id())) continue;
    if (absl::Status s = CheckCategory(state, category); !s.ok()) {
      return s;
    }
  }
  return absl::OkStatus();
}

}  // namespace qiwang::rules::tournament
