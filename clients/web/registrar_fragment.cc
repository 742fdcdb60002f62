// The registrar's page: station rankings (R3), registration (R2) and
// withdrawal, and who is still missing.
#include <map>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "clients/web/official_fragments.h"
#include "clients/web/pages.h"
#include "qiwang/v1/registration_events.pb.h"
#include "qiwang/v1/tournament_config.pb.h"
#include "qiwang/v1/tournament_service.pb.h"
#include "words/enum_words.h"

namespace qiwang::web {
namespace {

// R3.1's kinds by the words the CLI's --kind takes (forms::ParseStationKind).
DataList StationKindOptions(Lang lang) {
  DataList kinds;
  for (const auto& [value, kind] :
       {std::pair{"city", v1::STATION_KIND_CITY},
        std::pair{"enterprise", v1::STATION_KIND_ENTERPRISE},
        std::pair{"youth", v1::STATION_KIND_PROVINCIAL_YOUTH}}) {
    kinds.push_back(Option(value, words::Say(kind, lang)));
  }
  return kinds;
}

// The configured stations, for the upload's list of suggestions.
DataList StationOptions(const OfficialRequest& request) {
  DataList stations;
  for (const v1::Station& station : request.config.stations()) {
    stations.push_back(
        Option(station.id(), LabelText(station.name(), request.view.lang)));
  }
  return stations;
}

std::string StationName(const OfficialRequest& request, const std::string& id) {
  for (const v1::Station& station : request.config.stations()) {
    if (station.id() == id) return LabelText(station.name(), request.view.lang);
  }
  return id;
}

// R3: the qualifiers not registered yet, by station in the order listed
// (those qualified at an earlier station count there, R3.2).
DataList MissingByStation(const OfficialRequest& request,
                          const v1::ListQualifiersResponse& qualifiers) {
  DataList stations;
  std::map<std::string, size_t> index;
  std::vector<std::pair<std::string, DataList>> rows;
  for (const v1::Qualifier& qualifier : qualifiers.qualifiers()) {
    if (qualifier.player_id() != 0 ||
        !qualifier.qualified_at_station_id().empty()) {
      continue;
    }
    auto [at, added] = index.emplace(qualifier.station_id(), rows.size());
    if (added) rows.emplace_back(qualifier.station_id(), DataList());
    Data row;
    row.set("rank", absl::StrCat(qualifier.station_rank()));
    row.set("name", qualifier.name());
    row.set("birth_year", absl::StrCat(qualifier.birth_year()));
    rows[at->second].second.push_back(row);
  }
  for (auto& [id, missing] : rows) {
    Data station;
    station.set("station", StationName(request, id));
    station.set("missing", missing);
    stations.push_back(station);
  }
  return stations;
}

}  // namespace

absl::StatusOr<std::string> RegistrarFragment(const OfficialRequest& request) {
  const Lang lang = request.view.lang;
  v1::ListPlayersRequest list;
  list.set_tournament_id(request.view.tournament_id);
  absl::StatusOr<v1::ListPlayersResponse> players =
      request.calls.ListPlayers(request.authorization, list);
  if (!players.ok()) return players.status();
  v1::ListQualifiersRequest qualifiers_request;
  qualifiers_request.set_tournament_id(request.view.tournament_id);
  absl::StatusOr<v1::ListQualifiersResponse> qualifiers =
      request.calls.ListQualifiers(request.authorization, qualifiers_request);
  if (!qualifiers.ok()) return qualifiers.status();

  Data data = OfficialData(request);
  data.set("kinds", StationKindOptions(lang));
  data.set("stations", StationOptions(request));
  data.set("sections", SectionOptions(request));
  data.set("titles", EnumOptions(v1::Title_descriptor(), lang));
  data.set("residencies", EnumOptions(v1::Residency_descriptor(), lang));

  std::map<std::string, int> entered;
  DataList registered;
  for (const v1::PlayerView& player : players->players()) {
    if (player.status() == v1::PLAYER_STATUS_WITHDRAWN) continue;
    ++entered[player.section_id()];
    registered.push_back(
        Option(absl::StrCat(player.player_id()),
               absl::StrCat(player.player_id(), " · ", player.name(), " · ",
                            request.SectionName(player.section_id()))));
  }
  data.set("players", registered);
  DataList counts;
  for (const v1::Section& section : request.config.sections()) {
    Data row;
    row.set("section", LabelText(section.name(), lang));
    row.set("count", absl::StrCat(entered[section.id()]));
    counts.push_back(row);
  }
  data.set("counts", counts);
  const DataList missing = MissingByStation(request, *qualifiers);
  data.set("missing_stations", missing);
  data.set("none_missing", missing.empty());
  return RenderTemplate("registrar_fragment", data);
}

}  // namespace qiwang::web
