#include "services/rules/tournament/qualification.h"

#include <algorithm>
#include <numeric>

#include "services/rules/tournament/calendar.h"
#include "services/rules/tournament/person.h"

namespace qiwang::rules::tournament {
namespace {

int QuotaFor(const v1::TournamentConfig& config, v1::StationKind kind) {
  for (const v1::StationQuota& quota : config.station_quotas()) {
    if (quota.kind() == kind) return quota.qualifiers();
  }
  return 0;
}

// Indexes of `stations` in the order they were played; stable, so stations
// of the same day keep the order they were recorded in.
std::vector<size_t> PlayOrder(
    const std::vector<v1::StationResultsRecorded>& stations) {
  std::vector<size_t> order(stations.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return ToCivilDay(stations[a].station().date()) <
           ToCivilDay(stations[b].station().date());
  });
  return order;
}

}  // namespace

QualificationTable QualificationTable::Derive(
    const v1::TournamentConfig& config,
    const std::vector<v1::StationResultsRecorded>& stations) {
  QualificationTable table;
  for (size_t index : PlayOrder(stations)) {
    const v1::StationResultsRecorded& results = stations[index];
    const int quota = QuotaFor(config, results.station().kind());
    int filled = 0;
    for (int i = 0; i < results.ranking_size() && filled < quota; ++i) {
      StationPlace place;
      place.station_id = results.station().id();
      place.station_rank = i + 1;
      place.person = results.ranking(i);
      if (const StationPlace* earlier = table.QualificationOf(place.person)) {
        place.qualified_at_station_id = earlier->station_id;
      } else {
        ++filled;
      }
      table.places_.push_back(std::move(place));
    }
  }
  return table;
}

const StationPlace* QualificationTable::QualificationOf(
    const v1::Person& person) const {
  for (const StationPlace& place : places_) {
    if (place.counts() && SamePerson(place.person, person)) return &place;
  }
  return nullptr;
}

void QualificationTable::ForgetPrivateFields(const v1::Person& person) {
  for (StationPlace& place : places_) {
    if (SamePersonOrKey(place.person, person)) ClearPrivateFields(place.person);
  }
}

std::optional<v1::SubstituteInvited> NextSubstitute(
    const v1::StationResultsRecorded& station, const QualificationTable& table,
    const std::function<bool(const v1::Person&)>& taken) {
  for (int i = 0; i < station.ranking_size(); ++i) {
    const v1::Person& person = station.ranking(i);
    if (table.QualificationOf(person) != nullptr || taken(person)) continue;
    v1::SubstituteInvited invited;
    invited.set_station_id(station.station().id());
    *invited.mutable_person() = person;
    invited.set_station_rank(i + 1);
    return invited;
  }
  return std::nullopt;
}

}  // namespace qiwang::rules::tournament
