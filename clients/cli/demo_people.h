// The demo's entrants: people for each section, born in its age range with
// its gender (R2.2), a playing strength, and the station rankings that
// qualify them (R3.1). Pure functions of the configuration and a seed.
#ifndef QIWANG_CLIENTS_CLI_DEMO_PEOPLE_H_
#define QIWANG_CLIENTS_CLI_DEMO_PEOPLE_H_

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "qiwang/v1/registration_events.pb.h"
#include "qiwang/v1/tournament_config.pb.h"

namespace qiwang::cli {

struct DemoEntrant {
  v1::Person person;
  std::string section_id;
  v1::Title title = v1::TITLE_NONE;
  int strength = 1500;  // Elo-like; only the demo's simulation reads it
};

// One station's recorded ranking: its qualifiers first, then a few who
// finished below the quota (possible substitutes, R3.3).
struct DemoStation {
  v1::Station station;
  std::vector<v1::Person> ranking;
};

// `sizes`: players per section id (sections absent from it get none).
// Names are unique; professional entrants carry the provincial-team-master
// title (R2.1).
std::vector<DemoEntrant> MakeEntrants(const v1::TournamentConfig& config,
                                      const std::map<std::string, int>& sizes,
                                      uint64_t seed);

// Spreads the entrants of sections that need qualification over the
// configured stations, top of each station's quota; adds city stations
// (Sichuan's other cities, dated August 2016) to `config` when the
// configured quotas cannot qualify everyone. Each ranking also lists two
// people below the quota who do not enter.
std::vector<DemoStation> MakeStations(v1::TournamentConfig& config,
                                      const std::vector<DemoEntrant>& entrants,
                                      uint64_t seed);

}  // namespace qiwang::cli

#endif  // QIWANG_CLIENTS_CLI_DEMO_PEOPLE_H_
