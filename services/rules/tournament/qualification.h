// Station qualifiers derived from the recorded station rankings (R3.1, R3.2),
// and the next substitute of a station (R3.3). Never stored: recomputed from
// the rankings and the configuration's quotas, so recording an earlier
// station later moves qualifications the way R3.2 reads. Immutable values;
// any caller.
#ifndef QIWANG_SERVICES_RULES_TOURNAMENT_QUALIFICATION_H_
#define QIWANG_SERVICES_RULES_TOURNAMENT_QUALIFICATION_H_

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "qiwang/v1/registration_events.pb.h"
#include "qiwang/v1/tournament_config.pb.h"

namespace qiwang::rules::tournament {

// One person of a station's ranking who is within its quota, or who would be
// but qualified at an earlier station (R3.2).
struct StationPlace {
  std::string station_id;
  int station_rank = 0;  // 1 = first
  v1::Person person;
  // R3.2: set when the person qualified at this earlier station instead; the
  // place then does not count against this station's quota.
  std::string qualified_at_station_id;

  bool counts() const { return qualified_at_station_id.empty(); }
};

class QualificationTable {
 public:
  QualificationTable() = default;

  // Walks the stations in the order they were played (date, then the order
  // recorded); each fills its kind's quota top down with persons not yet
  // qualified (R3.2). A kind without a quota qualifies nobody.
  static QualificationTable Derive(
      const v1::TournamentConfig& config,
      const std::vector<v1::StationResultsRecorded>& stations);

  // Every place, station by station in play order, rank order inside each.
  const std::vector<StationPlace>& places() const { return places_; }

  // The counting place by which `person` qualifies, if any.
  const StationPlace* QualificationOf(const v1::Person& person) const;

  // Clears the private fields of every place of `person` (issue 18: they
  // were forgotten); which places count does not change.
  void ForgetPrivateFields(const v1::Person& person);

 private:
  std::vector<StationPlace> places_;
};

// R3.3: the next person of `station`'s ranking who may take a vacated place:
// not a qualifier of any station, and for whom `taken` is false (registered
// already, or invited already). Nullopt when the ranking is exhausted.
std::optional<v1::SubstituteInvited> NextSubstitute(
    const v1::StationResultsRecorded& station, const QualificationTable& table,
    const std::function<bool(const v1::Person&)>& taken);

}  // namespace qiwang::rules::tournament

#endif  // QIWANG_SERVICES_RULES_TOURNAMENT_QUALIFICATION_H_
