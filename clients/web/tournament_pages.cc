// The root page, a tournament's home and the helpers every page shares.
#include <algorithm>
#include <map>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "clients/web/as_of.h"
#include "clients/web/pages.h"

namespace qiwang::web {
namespace {

std::string SystemWord(v1::PairingSystem system) {
  switch (system) {
    case v1::PAIRING_SYSTEM_ROUND_ROBIN:
      return "system_round_robin";
    case v1::PAIRING_SYSTEM_DOUBLE_ROUND_ROBIN:
      return "system_double_round_robin";
    default:
      return "system_swiss";
  }
}

std::string SiteWord(const PageView& view, const std::string& key) {
  const Data* word = PageWords(view.lang).get(key);
  return word != nullptr && word->is_string() ? word->string_value() : key;
}

// A section's progress as its published rounds show it.
struct Progress {
  int published = 0;
  int current = 0;  // the first round still in play, else the last
  bool finished = false;
};

std::map<std::string, Progress> SectionProgress(
    const v1::TournamentConfig& config,
    const v1::ListPairingsResponse& pairings) {
  std::map<std::string, Progress> progress;
  std::map<std::string, int> first_open;
  for (const v1::RoundView& round : pairings.rounds()) {
    Progress& section = progress[round.section_id()];
    section.published = std::max(section.published, round.round());
    if (!round.complete()) {
      int& open = first_open[round.section_id()];
      if (open == 0 || round.round() < open) open = round.round();
    }
  }
  for (auto& [section_id, section] : progress) {
    const auto open = first_open.find(section_id);
    section.current =
        open != first_open.end() ? open->second : section.published;
    const v1::Section* configured = FindSection(config, section_id);
    const int planned = std::max(
        configured != nullptr ? configured->rounds() : 0, section.published);
    section.finished = open == first_open.end() && section.published == planned;
  }
  return progress;
}

}  // namespace

absl::StatusOr<v1::GetTournamentResponse> ReadTournament(
    const ReadClient& reads, const PageView& view) {
  v1::GetTournamentRequest request;
  request.set_tournament_id(view.tournament_id);
  *request.mutable_read() = view.Read();
  absl::StatusOr<v1::GetTournamentResponse> tournament =
      reads.GetTournament(request);
  if (!tournament.ok()) {
    if (tournament.status().code() == absl::StatusCode::kNotFound) {
      return absl::NotFoundError(
          absl::StrCat("tournament '", view.tournament_id, "' not found"));
    }
    return tournament.status();
  }
  return tournament;
}

absl::StatusOr<std::set<std::string>> SectionsInPlay(const ReadClient& reads,
                                                     const PageView& view) {
  v1::ListPairingsRequest list;
  list.set_tournament_id(view.tournament_id);
  *list.mutable_read() = view.Read();
  absl::StatusOr<v1::ListPairingsResponse> pairings = reads.ListPairings(list);
  if (!pairings.ok()) return pairings.status();
  std::set<std::string> sections;
  for (const v1::RoundView& round : pairings->rounds()) {
    sections.insert(round.section_id());
  }
  return sections;
}

absl::StatusOr<v1::TournamentConfig> ReadConfig(const ReadClient& reads,
                                                const PageView& view) {
  absl::StatusOr<v1::GetTournamentResponse> tournament =
      ReadTournament(reads, view);
  if (!tournament.ok()) return tournament.status();
  return tournament->config();
}

const v1::Section* FindSection(const v1::TournamentConfig& config,
                               const std::string& section_id) {
  for (const v1::Section& section : config.sections()) {
    if (section.id() == section_id) return &section;
  }
  return nullptr;
}

absl::StatusOr<const v1::Section*> KnownSection(
    const v1::TournamentConfig& config, const PageView& view,
    const std::string& section_id) {
  const v1::Section* section = FindSection(config, section_id);
  if (section == nullptr) {
    return absl::NotFoundError(absl::StrCat("section '", section_id,
                                            "' not found in tournament '",
                                            view.tournament_id, "'"));
  }
  return section;
}

absl::StatusOr<v1::Label> RankingName(const v1::TournamentConfig& config,
                                      const std::string& ranking_id) {
  for (const v1::RankingCategory& category : config.ranking_categories()) {
    if (category.id() == ranking_id) return category.name();
  }
  if (const v1::Section* section = FindSection(config, ranking_id)) {
    return section->name();
  }
  return absl::NotFoundError(absl::StrCat("ranking '", ranking_id,
                                          "' not found in tournament '",
                                          config.id(), "'"));
}

std::string LiveBox(const std::string& live_url, const std::string& event,
                    const std::string& fragment) {
  Data data;
  if (!live_url.empty()) {
    data.set("live_url", live_url);
    data.set("live_event", event);
  }
  data.set("fragment", fragment);
  return RenderTemplate("live_box", data);
}

absl::StatusOr<std::string> CachedFragment(
    FragmentCache* cache, const PageView& view, const std::string& key,
    uint64_t position,
    const std::function<absl::StatusOr<std::string>()>& render) {
  if (cache == nullptr || view.past()) return render();
  // The fragment's links carry the language and display mode.
  const std::string full_key =
      absl::StrCat(view.tournament_id, "/", key, "/", LangCode(view.lang), "/",
                   view.display ? "display" : "");
  if (std::shared_ptr<const std::string> found =
          cache->Find(full_key, position)) {
    return *found;
  }
  absl::StatusOr<std::string> rendered = render();
  if (rendered.ok()) cache->Put(full_key, position, *rendered);
  return rendered;
}

absl::StatusOr<PageBody> RootPage(
    const ReadClient& reads, const std::vector<std::string>& tournament_ids,
    const PageView& view) {
  Data data = PageData(view);
  DataList tournaments;
  for (const std::string& id : tournament_ids) {
    PageView of = view;
    of.tournament_id = id;
    absl::StatusOr<v1::TournamentConfig> config = ReadConfig(reads, of);
    if (!config.ok()) continue;  // listed but not created yet
    Data item;
    item.set("name", LabelText(config->name(), view.lang));
    item.set("id", id);
    item.set("link", of.TournamentLink());
    tournaments.push_back(item);
  }
  data.set("has_tournaments", !tournaments.empty());
  data.set("tournaments", tournaments);
  PageBody body;
  body.title = SiteWord(view, "site");
  body.html = RenderTemplate("root", data);
  return body;
}

namespace {

// The home's live part for `tournament`, its pairings read beside it.
absl::StatusOr<std::string> HomeFragmentOf(
    const ReadClient& reads, const PageView& view,
    const v1::GetTournamentResponse* tournament) {
  const v1::TournamentConfig* config = &tournament->config();
  v1::ListPairingsRequest list;
  list.set_tournament_id(view.tournament_id);
  *list.mutable_read() = view.Read();
  if (!view.past()) {
    list.mutable_read()->set_min_position(tournament->as_of_position());
  }
  absl::StatusOr<v1::ListPairingsResponse> pairings = reads.ListPairings(list);
  if (!pairings.ok()) return pairings.status();
  const std::map<std::string, Progress> progress =
      SectionProgress(*config, *pairings);

  Data data = PageData(view);
  SetAsOf(reads, view, *config, tournament->as_of_position(), data);
  DataList sections;
  bool any_round = false;
  bool all_finished = true;
  for (const v1::Section& section : config->sections()) {
    Data item;
    item.set("name", LabelText(section.name(), view.lang));
    item.set("system", SiteWord(view, SystemWord(section.pairing_system())));
    const auto found = progress.find(section.id());
    const Progress state = found != progress.end() ? found->second : Progress{};
    const int planned = std::max(section.rounds(), state.published);
    item.set("rounds", planned > 0 ? absl::StrCat(planned) : "");
    if (state.published > 0) {
      any_round = true;
      item.set("current_round", absl::StrCat(state.current));
      item.set("pairings_link",
               view.TournamentLink(absl::StrCat("/pairings/", section.id(), "/",
                                                state.current)));
    }
    if (found != progress.end() && !state.finished) all_finished = false;
    item.set("standings_link",
             view.TournamentLink(absl::StrCat("/standings/", section.id())));
    sections.push_back(item);
  }
  data.set("sections", sections);
  DataList rankings;
  for (const v1::RankingCategory& category : config->ranking_categories()) {
    Data item;
    item.set("name", LabelText(category.name(), view.lang));
    item.set("link",
             view.TournamentLink(absl::StrCat("/standings/", category.id())));
    rankings.push_back(item);
  }
  data.set("rankings", rankings);
  DataList schedule;
  for (const v1::RoundSlot& slot : config->schedule()) {
    Data item;
    item.set("round", absl::StrCat(slot.round()));
    std::string who;
    for (const std::string& section_id : slot.section_ids()) {
      const v1::Section* section = FindSection(*config, section_id);
      absl::StrAppend(&who, who.empty() ? "" : ", ",
                      section != nullptr ? LabelText(section->name(), view.lang)
                                         : section_id);
    }
    item.set("sections", who.empty() ? SiteWord(view, "everyone") : who);
    item.set("starts", LocalTime(slot.starts().seconds(), config->time_zone()));
    schedule.push_back(item);
  }
  data.set("schedule", schedule);
  std::string status = "status_registration";
  if (any_round) {
    status = all_finished ? "status_finished" : "status_playing";
  } else if (tournament->check_in_closed()) {
    status = "status_ready";
  }
  data.set("status", SiteWord(view, status));
  return RenderTemplate("home_fragment", data);
}

}  // namespace

absl::StatusOr<std::string> HomeFragment(const ReadClient& reads,
                                         const PageView& view,
                                         uint64_t min_position) {
  v1::GetTournamentRequest request;
  request.set_tournament_id(view.tournament_id);
  *request.mutable_read() = view.Read();
  if (!view.past()) request.mutable_read()->set_min_position(min_position);
  absl::StatusOr<v1::GetTournamentResponse> tournament =
      reads.GetTournament(request);
  if (!tournament.ok()) return tournament.status();
  return HomeFragmentOf(reads, view, &*tournament);
}

absl::StatusOr<PageBody> HomePage(const ReadClient& reads,
                                  const PageView& view) {
  absl::StatusOr<v1::GetTournamentResponse> tournament =
      ReadTournament(reads, view);
  if (!tournament.ok()) return tournament.status();
  absl::StatusOr<std::string> fragment =
      HomeFragmentOf(reads, view, &*tournament);
  if (!fragment.ok()) return fragment.status();
  const v1::TournamentConfig& config = tournament->config();
  Data data = PageData(view);
  data.set("name", LabelText(config.name(), view.lang));
  data.set("find_action", absl::StrCat("/t/", view.tournament_id, "/find"));
  data.set("live",
           LiveBox(view.LiveLink(absl::StrCat("/t/", view.tournament_id)),
                   "home", *fragment));
  PageBody body;
  body.title = LabelText(config.name(), view.lang);
  body.html = RenderTemplate("home", data);
  body.live = !view.past();
  return body;
}

}  // namespace qiwang::web
