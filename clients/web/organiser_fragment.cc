// The organiser's pages (issue 25 §3): a tournament created from a template,
// and its dates, sections (a Swiss section's rounds included), quotas, prizes
// and tie-break chains amended in one form that sends the whole configuration
// back (AmendTournament), so the server's validation is the only one.
#include <algorithm>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/time/time.h"
#include "base/timestamp.h"
#include "clients/examples/shipped_configs.h"
#include "clients/web/official_fragments.h"
#include "clients/web/official_words.h"
#include "google/protobuf/util/json_util.h"
#include "qiwang/v1/tournament_config.pb.h"
#include "words/enum_words.h"

namespace qiwang::web {
namespace {

// A tie-break chain is offered this many places at least, so that an
// organiser can lengthen a short one.
constexpr int kChainPlaces = 6;

absl::TimeZone ZoneOf(const v1::TournamentConfig& config) {
  absl::TimeZone zone;
  if (!absl::LoadTimeZone(config.time_zone(), &zone))
    return absl::UTCTimeZone();
  return zone;
}

// `timestamp` on the tournament's clock, as a field takes it back:
// "2016-10-14T09:30:00+08:00"; "" when unset.
std::string FieldTime(const google::protobuf::Timestamp& timestamp,
                      absl::TimeZone zone) {
  if (timestamp.seconds() == 0 && timestamp.nanos() == 0) return "";
  return absl::FormatTime("%Y-%m-%dT%H:%M:%S%Ez",
                          base::FromTimestamp(timestamp), zone);
}

// One place of `section`'s chain: a choice of every tie-break, the one at
// `place` (from 0) chosen; none chosen past the chain's end.
Data ChainPlace(const v1::Section& section, int place, Lang lang) {
  const int chosen =
      place < section.tie_breaks_size() ? section.tie_breaks(place) : 0;
  Data data;
  data.set("position", absl::StrCat(place));
  data.set("place", absl::StrCat(place + 1));
  data.set("kinds", EnumOptions(v1::TieBreakKind_descriptor(), lang, chosen));
  return data;
}

DataList SectionsData(const v1::TournamentConfig& config, Lang lang) {
  DataList sections;
  for (int i = 0; i < config.sections_size(); ++i) {
    const v1::Section& section = config.sections(i);
    Data data;
    data.set("index", absl::StrCat(i));
    data.set("id", section.id());
    data.set("name", LabelText(section.name(), lang));
    data.set("zh", section.name().zh());
    data.set("en", section.name().en());
    data.set("max_players", absl::StrCat(section.max_players()));
    // A round robin's rounds follow from its players; a Swiss section's are
    // the organiser's to set (R2.4).
    data.set("swiss", section.pairing_system() == v1::PAIRING_SYSTEM_SWISS);
    data.set("rounds", absl::StrCat(section.rounds()));
    DataList chain;
    const int places = std::max(kChainPlaces, section.tie_breaks_size() + 1);
    for (int place = 0; place < places; ++place) {
      chain.push_back(ChainPlace(section, place, lang));
    }
    data.set("chain", chain);
    sections.push_back(data);
  }
  return sections;
}

// The rounds' schedule: each slot's start on the tournament's clock and the
// sections it is for by name (every section when it names none).
DataList ScheduleData(const OfficialRequest& request, absl::TimeZone zone) {
  DataList schedule;
  for (int i = 0; i < request.config.schedule_size(); ++i) {
    const v1::RoundSlot& slot = request.config.schedule(i);
    std::vector<std::string> names;
    for (const std::string& id : slot.section_ids()) {
      names.push_back(request.SectionName(id));
    }
    Data data;
    data.set("index", absl::StrCat(i));
    data.set("round", absl::StrCat(slot.round()));
    data.set("sections",
             names.empty()
                 ? OfficialWords(request.view.lang)
                       .get("all_sections")
                       ->string_value()
                 : absl::StrJoin(names,
                                 request.view.lang == Lang::kZh ? "、" : ", "));
    data.set("starts", FieldTime(slot.starts(), zone));
    schedule.push_back(data);
  }
  return schedule;
}

}  // namespace

absl::StatusOr<std::string> OrganiserFragment(const OfficialRequest& request) {
  const v1::TournamentConfig& config = request.config;
  const Lang lang = request.view.lang;
  const absl::TimeZone zone = ZoneOf(config);
  Data data = OfficialData(request);
  std::string json;
  if (!google::protobuf::util::MessageToJsonString(config, &json).ok()) {
    return absl::InternalError("the configuration does not print as JSON");
  }
  data.set("config_json", json);
  data.set("registration_deadline",
           FieldTime(config.registration_deadline(), zone));
  data.set("check_in_opens", FieldTime(config.check_in().opens(), zone));
  data.set("check_in_closes", FieldTime(config.check_in().closes(), zone));
  data.set("schedule", ScheduleData(request, zone));
  data.set("sections", SectionsData(config, lang));
  DataList quotas;
  for (int i = 0; i < config.station_quotas_size(); ++i) {
    Data quota;
    quota.set("index", absl::StrCat(i));
    quota.set("kind", words::Say(config.station_quotas(i).kind(), lang));
    quota.set("qualifiers",
              absl::StrCat(config.station_quotas(i).qualifiers()));
    quotas.push_back(quota);
  }
  data.set("quotas", quotas);
  DataList rankings;
  for (int i = 0; i < config.ranking_categories_size(); ++i) {
    const v1::RankingCategory& ranking = config.ranking_categories(i);
    Data item;
    item.set("index", absl::StrCat(i));
    item.set("name", LabelText(ranking.name(), lang));
    item.set("prizes", absl::StrJoin(ranking.prize_yuan(), ", "));
    rankings.push_back(item);
  }
  data.set("rankings", rankings);
  return RenderTemplate("organiser_fragment", data);
}

absl::StatusOr<std::string> CreateFragment(const OfficialRequest& request) {
  Data data = OfficialData(request);
  DataList templates;
  for (const examples::ShippedConfig& entry : examples::ShippedConfigs()) {
    Data item;
    item.set("id", entry.config.id());
    item.set("name", LabelText(entry.config.name(), request.view.lang));
    item.set("json", entry.json);
    item.set("first_day",
             entry.config.schedule().empty()
                 ? ""
                 : absl::FormatTime(
                       "%Y-%m-%d",
                       base::FromTimestamp(entry.config.schedule(0).starts()),
                       ZoneOf(entry.config)));
    templates.push_back(item);
  }
  data.set("templates", templates);
  return RenderTemplate("create_fragment", data);
}

}  // namespace qiwang::web
