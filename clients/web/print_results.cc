// The printouts of the results: the results book (成绩册), the prize list
// with the national-final places, and the certificates (荣誉证书, R8.1).
#include <algorithm>
#include <map>
#include <optional>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/time/time.h"
#include "clients/web/print_views.h"
#include "clients/web/provisional_notice.h"
#include "words/enum_words.h"
#include "words/play_words.h"

namespace qiwang::web {
namespace {

// 1 -> 一, 12 -> 十二, 40 -> 四十, 105 -> 105: ranks as a certificate words
// them.
std::string ChineseNumber(int number) {
  static constexpr const char* kDigits[] = {"〇", "一", "二", "三", "四",
                                            "五", "六", "七", "八", "九"};
  if (number < 1 || number > 99) return absl::StrCat(number);
  if (number < 10) return kDigits[number];
  const int tens = number / 10;
  const int units = number % 10;
  return absl::StrCat(tens > 1 ? kDigits[tens] : "", "十",
                      units > 0 ? kDigits[units] : "");
}

std::string EnglishOrdinal(int number) {
  const int last_two = number % 100;
  const int last = number % 10;
  const char* suffix = "th";
  if (last_two < 11 || last_two > 13) {
    if (last == 1) suffix = "st";
    if (last == 2) suffix = "nd";
    if (last == 3) suffix = "rd";
  }
  return absl::StrCat(number, suffix);
}

// The rankings a printout covers: the one named (NOT_FOUND when unknown),
// else every ranking category, else every section.
absl::StatusOr<std::vector<std::string>> RankingsOf(
    const v1::TournamentConfig& config,
    const std::optional<std::string>& ranking_id) {
  if (ranking_id.has_value()) {
    absl::StatusOr<v1::Label> name = RankingName(config, *ranking_id);
    if (!name.ok()) return name.status();
    return std::vector<std::string>{*ranking_id};
  }
  std::vector<std::string> rankings;
  for (const v1::RankingCategory& category : config.ranking_categories()) {
    rankings.push_back(category.id());
  }
  if (rankings.empty()) {
    for (const v1::Section& section : config.sections()) {
      rankings.push_back(section.id());
    }
  }
  return rankings;
}

// The day the last round of `section_ids` starts, in the tournament's zone:
// the event's closing day, from the schedule (never the clock). Empty when
// the schedule has no such round.
std::optional<absl::CivilDay> ClosingDay(
    const v1::TournamentConfig& config,
    const std::vector<std::string>& section_ids) {
  int64_t latest = 0;
  for (const v1::RoundSlot& slot : config.schedule()) {
    for (const v1::Section& section : config.sections()) {
      const bool ranked = std::find(section_ids.begin(), section_ids.end(),
                                    section.id()) != section_ids.end();
      const bool scheduled =
          slot.section_ids().empty() ||
          std::find(slot.section_ids().begin(), slot.section_ids().end(),
                    section.id()) != slot.section_ids().end();
      const bool played =
          section.rounds() == 0 || slot.round() <= section.rounds();
      if (ranked && scheduled && played) {
        latest = std::max(latest, slot.starts().seconds());
      }
    }
  }
  if (latest == 0) return std::nullopt;
  absl::TimeZone zone = absl::UTCTimeZone();
  if (!absl::LoadTimeZone(config.time_zone(), &zone))
    zone = absl::UTCTimeZone();
  return absl::ToCivilDay(absl::FromUnixSeconds(latest), zone);
}

Data DateData(std::optional<absl::CivilDay> day) {
  Data data;
  if (!day.has_value()) return data;
  static constexpr const char* kMonths[] = {
      "January", "February", "March",     "April",   "May",      "June",
      "July",    "August",   "September", "October", "November", "December"};
  data.set("zh", absl::StrCat(day->year(), "年", day->month(), "月", day->day(),
                              "日"));
  data.set("en", absl::StrCat(day->day(), " ", kMonths[day->month() - 1], " ",
                              day->year()));
  return data;
}

Data TieBreakHeading(v1::TieBreakKind kind) {
  Data data;
  data.set("zh", words::Say(kind, Lang::kZh));
  data.set("en", words::Say(kind, Lang::kEn));
  return data;
}

absl::StatusOr<v1::GetStandingsResponse> ReadStandings(
    const ReadClient& reads, const PageView& view,
    const std::string& ranking_id) {
  v1::GetStandingsRequest request;
  request.set_tournament_id(view.tournament_id);
  request.set_ranking_id(ranking_id);
  request.set_after_round(view.after_round);
  *request.mutable_read() = view.Read();
  return reads.GetStandings(request);
}

// A ranking's standings and the crosstables of its sections, in Chinese
// with the headings in both languages.
absl::StatusOr<Data> RankingBook(const ReadClient& reads, const PageView& view,
                                 const v1::TournamentConfig& config,
                                 const v1::GetStandingsResponse& standings) {
  PageView chinese = view;
  chinese.lang = Lang::kZh;
  Data data;
  data.set("name", Bilingual(standings.name()));
  data.set("after_round", absl::StrCat(standings.after_round()));
  DataList headings;
  if (standings.rows_size() > 0) {
    for (const v1::TieBreakScore& score : standings.rows(0).tie_breaks()) {
      headings.push_back(TieBreakHeading(score.kind()));
    }
  }
  data.set("tie_break_headings", headings);
  data.set("rows", StandingRows(chinese, standings));
  absl::StatusOr<DataList> crosstables =
      CrosstablesData(reads, chinese, config, standings);
  if (!crosstables.ok()) return crosstables.status();
  data.set("crosstables", *crosstables);
  return data;
}

// The configuration and the rankings a printout of `ranking_id` covers.
struct Coverage {
  v1::TournamentConfig config;
  std::vector<std::string> rankings;
};

absl::StatusOr<Coverage> ReadCoverage(
    const ReadClient& reads, const PageView& view,
    const std::optional<std::string>& ranking_id) {
  absl::StatusOr<v1::TournamentConfig> config = ReadConfig(reads, view);
  if (!config.ok()) return config.status();
  absl::StatusOr<std::vector<std::string>> rankings =
      RankingsOf(*config, ranking_id);
  if (!rankings.ok()) return rankings.status();
  return Coverage{*std::move(config), *std::move(rankings)};
}

absl::StatusOr<v1::GetPrizesResponse> ReadPrizes(const ReadClient& reads,
                                                 const PageView& view) {
  v1::GetPrizesRequest request;
  request.set_tournament_id(view.tournament_id);
  *request.mutable_read() = view.Read();
  return reads.GetPrizes(request);
}

std::string PrizeText(const v1::PrizeAward& award) {
  std::string text;
  if (award.money_fen() != 0) {
    absl::StrAppend(&text, "奖金 ", words::YuanText(award.money_fen()), " 元");
  }
  if (!award.trophy().empty()) {
    absl::StrAppend(&text, text.empty() ? "" : " · ", award.trophy());
  }
  return text;
}

// Why the prizes of `ranking_id` are provisional, a line per unfinished
// section in both languages ({{zh}} {{en}}), read at the prizes' position.
absl::StatusOr<DataList> BilingualNotice(const ReadClient& reads,
                                         const PageView& view,
                                         const v1::TournamentConfig& config,
                                         const std::string& ranking_id,
                                         const v1::GetPrizesResponse& prizes) {
  DataList lines;
  if (prizes.provisional_reason().empty()) return lines;
  v1::GetStandingsResponse beside;
  beside.set_ranking_id(ranking_id);
  beside.set_as_of_position(prizes.as_of_position());
  absl::StatusOr<std::vector<v1::GetCrosstableResponse>> crosstables =
      ReadCrosstables(reads, view, config, beside);
  if (!crosstables.ok()) return crosstables.status();
  PageView zh = view;
  zh.lang = Lang::kZh;
  PageView en = view;
  en.lang = Lang::kEn;
  const std::vector<std::string> chinese = ProvisionalNotice(
      zh, config, ranking_id, *crosstables, prizes.provisional_reason());
  const std::vector<std::string> english = ProvisionalNotice(
      en, config, ranking_id, *crosstables, prizes.provisional_reason());
  for (size_t i = 0; i < chinese.size() && i < english.size(); ++i) {
    Data line;
    line.set("zh", chinese[i]);
    line.set("en", english[i]);
    lines.push_back(line);
  }
  return lines;
}

}  // namespace

absl::StatusOr<Printout> ResultsBook(const ReadClient& reads,
                                     const PageView& view,
                                     std::optional<std::string> ranking_id) {
  absl::StatusOr<Coverage> coverage = ReadCoverage(reads, view, ranking_id);
  if (!coverage.ok()) return coverage.status();
  const v1::TournamentConfig* config = &coverage->config;
  const std::vector<std::string>* rankings = &coverage->rankings;
  DataList books;
  for (const std::string& id : *rankings) {
    absl::StatusOr<v1::GetStandingsResponse> standings =
        ReadStandings(reads, view, id);
    if (!standings.ok()) return standings.status();
    if (standings->rows().empty() && !ranking_id.has_value()) continue;
    absl::StatusOr<Data> book = RankingBook(reads, view, *config, *standings);
    if (!book.ok()) return book.status();
    books.push_back(*book);
  }
  Data data = PrintData(view, *config);
  data.set("rankings", books);
  data.set("has_rankings", !books.empty());
  return Printout{
      absl::StrCat(LabelText(config->name(), Lang::kZh), " · 成绩册 Results"),
      RenderTemplate("print_book", data)};
}

absl::StatusOr<Printout> PrizeList(const ReadClient& reads,
                                   const PageView& view) {
  absl::StatusOr<v1::TournamentConfig> config = ReadConfig(reads, view);
  if (!config.ok()) return config.status();
  absl::StatusOr<v1::GetPrizesResponse> prizes = ReadPrizes(reads, view);
  if (!prizes.ok()) return prizes.status();
  DataList categories;
  for (const v1::CategoryPrizes& category : prizes->categories()) {
    if (category.awards().empty()) continue;
    std::map<int64_t, std::string> names;
    for (const v1::PrizeAward& award : category.awards()) {
      names[award.player_id()] = award.name();
    }
    Data item = PrizesData(view, *prizes, category, names);
    item.set("name", Bilingual(category.name()));
    absl::StatusOr<DataList> notice =
        BilingualNotice(reads, view, *config, category.ranking_id(), *prizes);
    if (!notice.ok()) return notice.status();
    item.set("has_provisional", !notice->empty());
    item.set("notice", *notice);
    categories.push_back(item);
  }
  Data data = PrintData(view, *config);
  data.set("categories", categories);
  data.set("has_categories", !categories.empty());
  if (!prizes->provisional_reason().empty()) {
    data.set("provisional", prizes->provisional_reason());
  }
  return Printout{
      absl::StrCat(LabelText(config->name(), Lang::kZh), " · 奖励 Prizes"),
      RenderTemplate("print_prizes", data)};
}

absl::StatusOr<Printout> Certificates(const ReadClient& reads,
                                      const PageView& view,
                                      std::optional<std::string> ranking_id) {
  absl::StatusOr<Coverage> coverage = ReadCoverage(reads, view, ranking_id);
  if (!coverage.ok()) return coverage.status();
  const v1::TournamentConfig* config = &coverage->config;
  const std::vector<std::string>* rankings = &coverage->rankings;
  absl::StatusOr<v1::GetPrizesResponse> prizes = ReadPrizes(reads, view);
  if (!prizes.ok()) return prizes.status();
  v1::ListPlayersRequest list;
  list.set_tournament_id(view.tournament_id);
  *list.mutable_read() = view.Read();
  list.mutable_read()->set_min_position(prizes->as_of_position());
  absl::StatusOr<v1::ListPlayersResponse> players = reads.ListPlayers(list);
  if (!players.ok()) return players.status();
  std::map<int64_t, const v1::PlayerView*> player_of;
  for (const v1::PlayerView& player : players->players()) {
    player_of[player.player_id()] = &player;
  }

  DataList certificates;
  for (const v1::CategoryPrizes& category : prizes->categories()) {
    if (std::find(rankings->begin(), rankings->end(), category.ranking_id()) ==
        rankings->end()) {
      continue;
    }
    const Data date = DateData(
        ClosingDay(*config, RankedSections(*config, category.ranking_id())));
    for (const v1::PrizeAward& award : category.awards()) {
      if (!award.certificate()) continue;
      Data item;
      item.set("name", award.name());
      item.set("latin_name", award.name());
      const auto player = player_of.find(award.player_id());
      if (player != player_of.end()) {
        if (!player->second->latin_name().empty()) {
          item.set("latin_name", player->second->latin_name());
        }
        const v1::Section* section =
            FindSection(*config, player->second->section_id());
        if (section != nullptr) item.set("section", Bilingual(section->name()));
      }
      item.set("ranking", Bilingual(category.name()));
      item.set("rank_zh",
               absl::StrCat("第", ChineseNumber(award.rank()), "名"));
      item.set("rank_en", absl::StrCat(EnglishOrdinal(award.rank()), " place"));
      item.set("prize", PrizeText(award));
      item.set("date", date);
      certificates.push_back(item);
    }
  }
  Data data = PrintData(view, *config);
  data.set("certificates", certificates);
  data.set("has_certificates", !certificates.empty());
  if (!prizes->provisional_reason().empty()) {
    data.set("provisional", prizes->provisional_reason());
  }
  return Printout{absl::StrCat(LabelText(config->name(), Lang::kZh),
                               " · 荣誉证书 Certificates"),
                  RenderTemplate("print_certificates", data)};
}

}  // namespace qiwang::web
