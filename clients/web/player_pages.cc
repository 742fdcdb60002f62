// Find my board, and a player's card.
#include <map>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "clients/web/as_of.h"
#include "clients/web/pages.h"
#include "clients/web/qr_svg.h"
#include "words/enum_words.h"
#include "words/play_words.h"

namespace qiwang::web {
namespace {

// Where a player sits in the newest round of their section.
struct Seat {
  int pairing_number = 0;
  int round = 0;
  int board = 0;  // 0: bye
  bool red = false;
  std::string opponent;
};

std::map<int64_t, Seat> CurrentSeats(const v1::ListPairingsResponse& pairings) {
  std::map<std::string, int> newest;
  for (const v1::RoundView& round : pairings.rounds()) {
    int& last = newest[round.section_id()];
    last = std::max(last, round.round());
  }
  std::map<int64_t, Seat> seats;
  for (const v1::RoundView& round : pairings.rounds()) {
    if (round.round() != newest[round.section_id()]) continue;
    for (const v1::BoardView& board : round.boards()) {
      seats[board.red().player_id()] =
          Seat{board.red().pairing_number(), round.round(), board.number(),
               true, board.black().name()};
      seats[board.black().player_id()] =
          Seat{board.black().pairing_number(), round.round(), board.number(),
               false, board.red().name()};
    }
    if (round.has_bye()) {
      seats[round.bye().player_id()] =
          Seat{round.bye().pairing_number(), round.round(), 0, false, ""};
    }
  }
  return seats;
}

std::string RoundStart(const v1::TournamentConfig& config,
                       const std::string& section_id, int round) {
  for (const v1::RoundSlot& slot : config.schedule()) {
    if (slot.round() != round) continue;
    if (slot.section_ids().empty() ||
        absl::c_linear_search(slot.section_ids(), section_id)) {
      return LocalTime(slot.starts().seconds(), config.time_zone());
    }
  }
  return "";
}

// The card's cell class of an outcome letter: won, lost, drawn or pending.
std::string OutcomeClass(const std::string& letter) {
  if (letter == "W" || letter == "+") return "won";
  if (letter == "L" || letter == "-" || letter == "0") return "lost";
  if (letter == "D") return "drawn";
  return "pending";
}

}  // namespace

absl::StatusOr<PageBody> FindPage(const ReadClient& reads, const PageView& view,
                                  const std::string& query) {
  absl::StatusOr<v1::TournamentConfig> config = ReadConfig(reads, view);
  if (!config.ok()) return config.status();
  Data data = PageData(view);
  data.set("find_action", absl::StrCat("/t/", view.tournament_id, "/find"));
  const std::string wanted(absl::StripAsciiWhitespace(query));
  data.set("query", wanted);
  PageBody body;
  body.title = absl::StrCat(PageWords(view.lang).get("find")->string_value(),
                            " · ", LabelText(config->name(), view.lang));
  if (wanted.empty()) {
    body.html = RenderTemplate("find", data);
    return body;
  }
  v1::ListPlayersRequest players_request;
  players_request.set_tournament_id(view.tournament_id);
  *players_request.mutable_read() = view.Read();
  absl::StatusOr<v1::ListPlayersResponse> players =
      reads.ListPlayers(players_request);
  if (!players.ok()) return players.status();
  v1::ListPairingsRequest pairings_request;
  pairings_request.set_tournament_id(view.tournament_id);
  *pairings_request.mutable_read() = view.Read();
  absl::StatusOr<v1::ListPairingsResponse> pairings =
      reads.ListPairings(pairings_request);
  if (!pairings.ok()) return pairings.status();
  const std::map<int64_t, Seat> seats = CurrentSeats(*pairings);

  int number = 0;
  const bool by_number = absl::SimpleAtoi(wanted, &number);
  const std::string lower = absl::AsciiStrToLower(wanted);
  DataList matches;
  for (const v1::PlayerView& player : players->players()) {
    const auto seat = seats.find(player.player_id());
    const bool number_matches = by_number && seat != seats.end() &&
                                seat->second.pairing_number == number;
    if (!number_matches &&
        !absl::StrContains(absl::AsciiStrToLower(player.name()), lower)) {
      continue;
    }
    Data item;
    item.set("name", player.name());
    item.set("link",
             view.TournamentLink(absl::StrCat("/player/", player.player_id())));
    const v1::Section* section = FindSection(*config, player.section_id());
    item.set("section", section != nullptr
                            ? LabelText(section->name(), view.lang)
                            : player.section_id());
    if (seat != seats.end()) {
      item.set("number", absl::StrCat(seat->second.pairing_number));
      item.set("round", absl::StrCat(seat->second.round));
      if (seat->second.board == 0) {
        item.set("bye", true);
      } else {
        item.set("board", absl::StrCat(seat->second.board));
        item.set("colour", words::ColourText(seat->second.red, view.lang));
        item.set("opponent", seat->second.opponent);
      }
    }
    matches.push_back(item);
  }
  data.set("searched", true);
  data.set("has_matches", !matches.empty());
  data.set("matches", matches);
  body.html = RenderTemplate("find", data);
  return body;
}

absl::StatusOr<std::string> CardFragment(
    const ReadClient& reads, const PageView& view,
    const v1::TournamentConfig& config, int64_t player_id,
    const v1::GetStandingsResponse& standings) {
  const v1::ReadOptions read = ReadBeside(view, standings);
  v1::GetScheduleRequest request;
  request.set_tournament_id(view.tournament_id);
  request.set_player_id(player_id);
  *request.mutable_read() = read;
  absl::StatusOr<v1::GetScheduleResponse> schedule = reads.GetSchedule(request);
  if (!schedule.ok()) return schedule.status();

  Data data = PageData(view);
  SetAsOf(reads, view, config, standings.as_of_position(), data);
  for (const v1::StandingRow& row : standings.rows()) {
    if (row.player_id() != player_id) continue;
    data.set("rank", absl::StrCat(row.rank(), row.shared_rank() ? "=" : ""));
    data.set("score", absl::StrCat(row.score()));
    DataList tie_breaks;
    for (const v1::TieBreakScore& score : row.tie_breaks()) {
      Data item;
      item.set("name", words::Say(score.kind(), view.lang));
      item.set("value", TieBreakValue(score));
      tie_breaks.push_back(item);
    }
    data.set("tie_breaks", tie_breaks);
  }
  DataList entries;
  for (const v1::ScheduleEntry& entry : schedule->entries()) {
    Data item;
    item.set("round", absl::StrCat(entry.round()));
    item.set("starts", RoundStart(config, entry.section_id(), entry.round()));
    if (entry.board() == 0) {
      item.set("bye", true);
      item.set("outcome", words::OutcomeText("B", view.lang));
      item.set("outcome_class", "bye");
    } else {
      item.set("board", absl::StrCat(entry.board()));
      item.set("result", words::ResultMark(entry.result(), view.lang));
      item.set("colour", words::ColourText(entry.red(), view.lang));
      item.set("red", entry.red());
      item.set("opponent", entry.opponent().name());
      item.set("opponent_number",
               absl::StrCat(entry.opponent().pairing_number()));
      item.set("opponent_link", view.TournamentLink(absl::StrCat(
                                    "/player/", entry.opponent().player_id())));
      // The round's pairings with this player's board marked.
      item.set("board_link",
               absl::StrCat(
                   view.TournamentLink(absl::StrCat(
                       "/pairings/", entry.section_id(), "/", entry.round())),
                   "&player=", player_id, "#board-", entry.board()));
      const std::string letter =
          words::OutcomeLetter(entry.result(), entry.red());
      item.set("outcome", words::OutcomeText(letter, view.lang));
      item.set("outcome_class", OutcomeClass(letter));
    }
    entries.push_back(std::move(item));
  }
  SetMoved(data, "entries", MovedList(std::move(entries)));
  return RenderTemplate("card_fragment", data);
}

absl::StatusOr<PageBody> CardPage(const ReadClient& reads, const PageView& view,
                                  int64_t player_id,
                                  const std::string& base_url,
                                  FragmentCache* cache) {
  absl::StatusOr<v1::TournamentConfig> config = ReadConfig(reads, view);
  if (!config.ok()) return config.status();
  v1::GetPlayerRequest player_request;
  player_request.set_tournament_id(view.tournament_id);
  player_request.set_player_id(player_id);
  *player_request.mutable_read() = view.Read();
  absl::StatusOr<v1::GetPlayerResponse> player =
      reads.GetPlayer(player_request);
  if (!player.ok()) {
    if (player.status().code() == absl::StatusCode::kNotFound) {
      return absl::NotFoundError(absl::StrCat("player ", player_id,
                                              " not found in tournament '",
                                              view.tournament_id, "'"));
    }
    return player.status();
  }
  v1::GetStandingsRequest standings_request;
  standings_request.set_tournament_id(view.tournament_id);
  standings_request.set_ranking_id(player->player().section_id());
  standings_request.set_after_round(view.after_round);
  *standings_request.mutable_read() = view.Read();
  absl::StatusOr<v1::GetStandingsResponse> standings =
      reads.GetStandings(standings_request);
  if (!standings.ok()) return standings.status();
  absl::StatusOr<std::string> fragment = CachedFragment(
      cache, view, absl::StrCat("card/", player_id),
      standings->as_of_position(), [&] {
        return CardFragment(reads, view, *config, player_id, *standings);
      });
  if (!fragment.ok()) return fragment.status();

  Data data = PageData(view);
  data.set("name", player->player().name());
  const v1::Section* section =
      FindSection(*config, player->player().section_id());
  data.set("section", section != nullptr ? LabelText(section->name(), view.lang)
                                         : player->player().section_id());
  data.set("standings_link",
           view.TournamentLink(
               absl::StrCat("/standings/", player->player().section_id())));
  data.set("birth_year", absl::StrCat(player->player().birth_year()));
  data.set("withdrawn",
           player->player().status() == v1::PLAYER_STATUS_WITHDRAWN);
  const std::string path =
      absl::StrCat("/t/", view.tournament_id, "/player/", player_id);
  data.set("live", LiveBox(view.LiveLink(path), "card", *fragment));
  // The card's own address, for the check-in desk's camera (or a friend's).
  const std::string card_url = absl::StrCat(base_url, path);
  absl::StatusOr<std::string> qr = QrSvg(card_url);
  if (!qr.ok()) return qr.status();
  data.set("qr", *qr);
  data.set("card_url", card_url);
  PageBody body;
  body.title = absl::StrCat(player->player().name(), " · ",
                            LabelText(config->name(), view.lang));
  body.live = !view.past();
  body.html = RenderTemplate("card", data);
  return body;
}

}  // namespace qiwang::web
