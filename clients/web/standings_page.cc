// Standings of a ranking with its tie-breaks, the crosstable of its sections
// and its prizes.
#include <algorithm>
#include <iterator>
#include <map>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "clients/web/as_of.h"
#include "clients/web/hall_screen.h"
#include "clients/web/pages.h"
#include "clients/web/provisional_notice.h"
#include "words/enum_words.h"
#include "words/play_words.h"

namespace qiwang::web {
namespace {

// The chain's headings: the first row's kinds, else the section's chain.
DataList TieBreakHeadings(const PageView& view,
                          const v1::TournamentConfig& config,
                          const std::string& ranking_id,
                          const v1::GetStandingsResponse& standings) {
  DataList headings;
  if (standings.rows_size() > 0) {
    for (const v1::TieBreakScore& score : standings.rows(0).tie_breaks()) {
      headings.push_back(Data("name", words::Say(score.kind(), view.lang)));
    }
    return headings;
  }
  const std::vector<std::string> sections = RankedSections(config, ranking_id);
  const v1::Section* section =
      sections.empty() ? nullptr : FindSection(config, sections.front());
  if (section == nullptr) return headings;
  for (int kind : section->tie_breaks()) {
    headings.push_back(Data(
        "name", words::Say(static_cast<v1::TieBreakKind>(kind), view.lang)));
  }
  return headings;
}

// Each player's qualifying station by its configured name, read beside
// `standings`: the standings' station column.
absl::StatusOr<std::map<int64_t, std::string>> StationNames(
    const ReadClient& reads, const PageView& view,
    const v1::TournamentConfig& config,
    const v1::GetStandingsResponse& standings) {
  v1::ListPlayersRequest request;
  request.set_tournament_id(view.tournament_id);
  *request.mutable_read() = ReadBeside(view, standings);
  absl::StatusOr<v1::ListPlayersResponse> players = reads.ListPlayers(request);
  if (!players.ok()) return players.status();
  std::map<int64_t, std::string> names;
  for (const v1::PlayerView& player : players->players()) {
    std::string& name = names[player.player_id()];
    name = player.qualifying_station_id();
    for (const v1::Station& station : config.stations()) {
      if (station.id() == name) name = LabelText(station.name(), view.lang);
    }
  }
  return names;
}

}  // namespace

DataList StandingRows(const PageView& view,
                      const v1::GetStandingsResponse& standings) {
  DataList rows;
  for (const v1::StandingRow& row : standings.rows()) {
    Data item;
    item.set("rank", absl::StrCat(row.rank(), row.shared_rank() ? "=" : ""));
    item.set("name", row.name());
    item.set("link",
             view.TournamentLink(absl::StrCat("/player/", row.player_id())));
    item.set("score", absl::StrCat(row.score()));
    item.set("games", absl::StrCat(row.games_played()));
    item.set("withdrawn", row.withdrawn());
    DataList tie_breaks;
    for (const v1::TieBreakScore& score : row.tie_breaks()) {
      tie_breaks.push_back(Data("value", TieBreakValue(score)));
    }
    SetMoved(item, "tie_breaks", MovedList(std::move(tie_breaks)));
    rows.push_back(std::move(item));
  }
  return rows;
}

Data CrosstableData(const PageView& view, const v1::TournamentConfig& config,
                    const v1::GetCrosstableResponse& crosstable) {
  Data data;
  const v1::Section* section = FindSection(config, crosstable.section_id());
  data.set("section", section != nullptr ? LabelText(section->name(), view.lang)
                                         : crosstable.section_id());
  // The printed results book heads it in both languages.
  data.set("section_en", section != nullptr
                             ? LabelText(section->name(), Lang::kEn)
                             : crosstable.section_id());
  int rounds = 0;
  for (const v1::CrosstableRow& row : crosstable.rows()) {
    rounds = std::max(rounds, row.cells_size());
  }
  DataList round_numbers;
  for (int round = 1; round <= rounds; ++round) {
    round_numbers.push_back(Data("round", absl::StrCat(round)));
  }
  SetMoved(data, "rounds", MovedList(std::move(round_numbers)));
  DataList rows;
  for (const v1::CrosstableRow& row : crosstable.rows()) {
    Data item;
    item.set("number", absl::StrCat(row.pairing_number()));
    item.set("name", row.name());
    item.set("score", absl::StrCat(row.score()));
    item.set("rank", absl::StrCat(row.rank()));
    DataList cells;
    for (const v1::CrosstableCell& cell : row.cells()) {
      Data entry;
      entry.set("outcome", words::OutcomeText(cell.outcome(), view.lang));
      entry.set("opponent", cell.opponent_pairing_number() > 0
                                ? absl::StrCat(cell.opponent_pairing_number())
                                : "");
      entry.set("red", cell.opponent_pairing_number() > 0 && cell.red());
      entry.set("black", cell.opponent_pairing_number() > 0 && !cell.red());
      cells.push_back(std::move(entry));
    }
    SetMoved(item, "cells", MovedList(std::move(cells)));
    rows.push_back(std::move(item));
  }
  SetMoved(data, "rows", MovedList(std::move(rows)));
  return data;
}

Data PrizesData(const PageView& view, const v1::GetPrizesResponse& prizes,
                const v1::CategoryPrizes& category,
                const std::map<int64_t, std::string>& names) {
  Data data;
  DataList awards;
  for (const v1::PrizeAward& award : category.awards()) {
    Data item;
    item.set("rank", absl::StrCat(award.rank()));
    item.set("name", award.name());
    item.set("money",
             award.money_fen() != 0 ? words::YuanText(award.money_fen()) : "");
    item.set("trophy", award.trophy());
    item.set("certificate", award.certificate());
    awards.push_back(item);
  }
  data.set("awards", awards);
  auto name_of = [&names](int64_t player_id) {
    const auto found = names.find(player_id);
    return found != names.end() ? found->second : absl::StrCat("#", player_id);
  };
  DataList finalists;
  int place = 0;
  for (int64_t player_id : category.national_final_player_ids()) {
    Data item;
    item.set("place", absl::StrCat(++place));
    item.set("name", name_of(player_id));
    item.set("link", view.TournamentLink(absl::StrCat("/player/", player_id)));
    finalists.push_back(item);
  }
  data.set("finalists", finalists);
  data.set("has_finalists", !finalists.empty());
  DataList passed_over;
  for (int64_t player_id : category.passed_over_player_ids()) {
    passed_over.push_back(Data("name", name_of(player_id)));
  }
  data.set("passed_over", passed_over);
  data.set("has_passed_over", !passed_over.empty());
  if (!prizes.provisional_reason().empty()) {
    data.set("provisional", prizes.provisional_reason());
  }
  return data;
}

std::vector<std::string> RankedSections(const v1::TournamentConfig& config,
                                        const std::string& ranking_id) {
  for (const v1::RankingCategory& category : config.ranking_categories()) {
    if (category.id() == ranking_id) {
      return {category.section_ids().begin(), category.section_ids().end()};
    }
  }
  return {ranking_id};
}

absl::StatusOr<std::vector<v1::GetCrosstableResponse>> ReadCrosstables(
    const ReadClient& reads, const PageView& view,
    const v1::TournamentConfig& config,
    const v1::GetStandingsResponse& standings) {
  std::vector<v1::GetCrosstableResponse> crosstables;
  for (const std::string& section_id :
       RankedSections(config, standings.ranking_id())) {
    v1::GetCrosstableRequest request;
    request.set_tournament_id(view.tournament_id);
    request.set_section_id(section_id);
    *request.mutable_read() = ReadBeside(view, standings);
    absl::StatusOr<v1::GetCrosstableResponse> crosstable =
        reads.GetCrosstable(request);
    if (!crosstable.ok()) return crosstable.status();
    if (crosstable->rows_size() > 0) {
      crosstables.push_back(*std::move(crosstable));
    }
  }
  return crosstables;
}

absl::StatusOr<DataList> CrosstablesData(
    const ReadClient& reads, const PageView& view,
    const v1::TournamentConfig& config,
    const v1::GetStandingsResponse& standings) {
  absl::StatusOr<std::vector<v1::GetCrosstableResponse>> crosstables =
      ReadCrosstables(reads, view, config, standings);
  if (!crosstables.ok()) return crosstables.status();
  DataList data;
  for (const v1::GetCrosstableResponse& crosstable : *crosstables) {
    data.push_back(CrosstableData(view, config, crosstable));
  }
  return data;
}

v1::ReadOptions ReadBeside(const PageView& view,
                           const v1::GetStandingsResponse& standings) {
  v1::ReadOptions read = view.Read();
  if (read.at_position() == 0) {
    read.set_min_position(standings.as_of_position());
  }
  return read;
}

std::string TieBreakValue(const v1::TieBreakScore& score) {
  if (!score.sequence().empty()) return absl::StrJoin(score.sequence(), ",");
  return absl::StrCat(score.value());
}

absl::StatusOr<std::string> StandingsFragment(
    const ReadClient& reads, const PageView& view,
    const v1::TournamentConfig& config,
    const v1::GetStandingsResponse& standings) {
  const v1::ReadOptions read = ReadBeside(view, standings);
  Data data = PageData(view);
  data.set("name", LabelText(standings.name(), view.lang));
  data.set("after_round", absl::StrCat(standings.after_round()));
  SetAsOf(reads, view, config, standings.as_of_position(), data);
  data.set("tie_break_headings",
           TieBreakHeadings(view, config, standings.ranking_id(), standings));
  DataList rows = StandingRows(view, standings);
  absl::StatusOr<std::map<int64_t, std::string>> stations =
      StationNames(reads, view, config, standings);
  if (!stations.ok()) return stations.status();
  for (int i = 0; i < standings.rows_size(); ++i) {
    const auto found = stations->find(standings.rows(i).player_id());
    rows[i].set("station", found != stations->end() ? found->second : "");
  }
  if (view.display) {
    // The hall screen shows its page of the rows, nothing else.
    const HallPage page = HallSlice(view, static_cast<int>(rows.size()));
    SetMoved(
        data, "rows",
        MovedList(DataList(std::make_move_iterator(rows.begin() + page.first),
                           std::make_move_iterator(rows.begin() + page.end))));
    return RenderTemplate("standings_fragment", data);
  }
  SetMoved(data, "rows", MovedList(std::move(rows)));

  absl::StatusOr<std::vector<v1::GetCrosstableResponse>> crosstables =
      ReadCrosstables(reads, view, config, standings);
  if (!crosstables.ok()) return crosstables.status();
  DataList crosstable_data;
  for (const v1::GetCrosstableResponse& crosstable : *crosstables) {
    crosstable_data.push_back(CrosstableData(view, config, crosstable));
  }
  SetMoved(data, "crosstables", MovedList(std::move(crosstable_data)));

  v1::GetPrizesRequest prizes_request;
  prizes_request.set_tournament_id(view.tournament_id);
  *prizes_request.mutable_read() = read;
  absl::StatusOr<v1::GetPrizesResponse> prizes =
      reads.GetPrizes(prizes_request);
  if (!prizes.ok()) return prizes.status();
  std::map<int64_t, std::string> names;
  for (const v1::StandingRow& row : standings.rows()) {
    names[row.player_id()] = row.name();
  }
  for (const v1::CategoryPrizes& category : prizes->categories()) {
    if (category.ranking_id() == standings.ranking_id()) {
      Data prizes_data = PrizesData(view, *prizes, category, names);
      // A sentence per unfinished section rather than the service's reasons
      // (ids and clauses, for the whole event).
      DataList notice;
      for (const std::string& sentence :
           ProvisionalNotice(view, config, standings.ranking_id(), *crosstables,
                             prizes->provisional_reason())) {
        notice.push_back(Data("sentence", sentence));
      }
      prizes_data.set("has_provisional", !notice.empty());
      prizes_data.set("provisional", notice);
      SetMoved(data, "prizes", std::move(prizes_data));
    }
  }
  return RenderTemplate("standings_fragment", data);
}

absl::StatusOr<PageBody> StandingsPage(const ReadClient& reads,
                                       const PageView& view,
                                       const std::string& ranking_id,
                                       FragmentCache* cache) {
  absl::StatusOr<v1::TournamentConfig> config = ReadConfig(reads, view);
  if (!config.ok()) return config.status();
  absl::StatusOr<v1::Label> ranking_name = RankingName(*config, ranking_id);
  if (!ranking_name.ok()) return ranking_name.status();
  v1::GetStandingsRequest request;
  request.set_tournament_id(view.tournament_id);
  request.set_ranking_id(ranking_id);
  request.set_after_round(view.after_round);
  *request.mutable_read() = view.Read();
  absl::StatusOr<v1::GetStandingsResponse> standings =
      reads.GetStandings(request);
  if (!standings.ok()) return standings.status();
  absl::StatusOr<std::string> fragment = CachedFragment(
      cache, view,
      absl::StrCat("standings/", ranking_id, "/",
                   view.display ? view.display_page : 0),
      standings->as_of_position(),
      [&] { return StandingsFragment(reads, view, *config, *standings); });
  if (!fragment.ok()) return fragment.status();

  const std::string path =
      absl::StrCat("/t/", view.tournament_id, "/standings/", ranking_id);
  Data data = PageData(view);
  data.set("name", LabelText(*ranking_name, view.lang));
  DataList past_rounds;
  for (int round = 1; round <= standings->after_round(); ++round) {
    Data item;
    item.set("round", absl::StrCat(round));
    item.set("link", absl::StrCat(path, "?lang=", LangCode(view.lang),
                                  "&after_round=", round));
    past_rounds.push_back(item);
  }
  data.set("past_rounds", past_rounds);
  // The hall screen moves on by itself; a live update would show every row.
  data.set("live", LiveBox(view.display ? "" : view.LiveLink(path), "standings",
                           *fragment));
  PageBody body;
  body.title = absl::StrCat(LabelText(*ranking_name, view.lang), " · ",
                            LabelText(config->name(), view.lang));
  body.live = !view.past() && !view.display;
  if (view.display) {
    // The hall screen cycles through the ranking categories, else sections,
    // of the sections being played.
    std::vector<std::string> cycle;
    for (const v1::RankingCategory& category : config->ranking_categories()) {
      cycle.push_back(category.id());
    }
    if (cycle.empty()) {
      for (const v1::Section& section : config->sections()) {
        cycle.push_back(section.id());
      }
    }
    absl::StatusOr<std::set<std::string>> in_play = SectionsInPlay(reads, view);
    if (!in_play.ok()) return in_play.status();
    const std::string next =
        NextInPlay(cycle, ranking_id, [&](const std::string& id) {
          for (const std::string& section : RankedSections(*config, id)) {
            if (in_play->contains(section)) return true;
          }
          return false;
        });
    const HallPage page = HallSlice(view, standings->rows_size());
    body.refresh_to =
        HallNext(view, page, absl::StrCat("/standings/", ranking_id),
                 absl::StrCat("/standings/", next));
    body.event = LabelText(config->name(), view.lang);
    body.hall_page = HallPageText(page);
  }
  body.html = RenderTemplate("standings", data);
  return body;
}

}  // namespace qiwang::web
