// The arbiter's page: one round's boards of "my tables", a tap per result.
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "clients/web/official_fragments.h"
#include "clients/web/official_words.h"
#include "clients/web/pages.h"
#include "words/enum_words.h"
#include "words/play_words.h"

namespace qiwang::web {
namespace {

constexpr v1::FoulKind kFoulKinds[] = {
    v1::FOUL_KIND_PERPETUAL_CHECK, v1::FOUL_KIND_PERPETUAL_CHASE,
    v1::FOUL_KIND_ILLEGAL_MOVE,    v1::FOUL_KIND_CONDUCT,
    v1::FOUL_KIND_OTHER,
};

Data PlayerData(const v1::PlayerRef& player) {
  Data data;
  data.set("id", absl::StrCat(player.player_id()));
  data.set("name", player.name());
  data.set("number", absl::StrCat(player.pairing_number()));
  return data;
}

// What a queued entry is called on the page: "R3 B2 1-0".
std::string BoardLabel(Lang lang, const std::string& round,
                       const std::string& board, const std::string& result) {
  if (lang == Lang::kZh) {
    return absl::StrCat("第", round, "轮第", board, "台 ", result);
  }
  return absl::StrCat("R", round, " B", board, " ", result);
}

// 2011 rules, NL.1: a tap per late side, the forfeit of that side with the
// ground of lateness (the server refuses it before the round's start plus
// late_forfeit_minutes).
DataList LatenessOptions(Lang lang) {
  const Data& words = OfficialWords(lang);
  DataList options;
  for (const auto& [result, word] :
       {std::pair{v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT, "red_late"},
        std::pair{v1::GAME_RESULT_RED_WIN_BY_FORFEIT, "black_late"}}) {
    Data option;
    option.set("value", v1::GameResult_Name(result));
    option.set("ground", v1::ResultGround_Name(v1::RESULT_GROUND_LATENESS));
    option.set("text", words.get(word)->string_value());
    options.push_back(option);
  }
  return options;
}

// The round of `section_id` being played: the first published round without
// every result, else the last published; null when none is published.
const v1::RoundView* PlayingRound(const v1::ListPairingsResponse& pairings,
                                  const std::string& section_id) {
  const v1::RoundView* first_open = nullptr;
  const v1::RoundView* last = nullptr;
  for (const v1::RoundView& round : pairings.rounds()) {
    if (round.section_id() != section_id) continue;
    if (last == nullptr || round.round() > last->round()) last = &round;
    if (!round.complete() &&
        (first_open == nullptr || round.round() < first_open->round())) {
      first_open = &round;
    }
  }
  return first_open != nullptr ? first_open : last;
}

// The section ?section= names; without it the first being played (a
// published round without every result), else the first with a published
// round, else the first.
absl::StatusOr<const v1::Section*> ShownSection(
    const OfficialRequest& request, const v1::ListPairingsResponse& pairings) {
  if (!request.Param("section").empty()) return request.Section();
  const v1::Section* published = nullptr;
  for (const v1::Section& section : request.config.sections()) {
    const v1::RoundView* round = PlayingRound(pairings, section.id());
    if (round == nullptr) continue;
    if (!round->complete()) return &section;
    if (published == nullptr) published = &section;
  }
  if (published != nullptr) return published;
  return request.Section();
}

}  // namespace

absl::StatusOr<std::string> ArbiterFragment(const OfficialRequest& request) {
  absl::StatusOr<int> round_asked = request.Number("round", 1, 0);
  if (!round_asked.ok()) return round_asked.status();
  absl::StatusOr<int> from = request.Number("from", 1, 1);
  if (!from.ok()) return from.status();
  absl::StatusOr<int> to = request.Number("to", 1, 0);
  if (!to.ok()) return to.status();

  v1::ListPairingsRequest list;
  list.set_tournament_id(request.view.tournament_id);
  absl::StatusOr<v1::ListPairingsResponse> pairings =
      request.calls.ListPairings(request.authorization, list);
  if (!pairings.ok()) return pairings.status();
  absl::StatusOr<const v1::Section*> section = ShownSection(request, *pairings);
  if (!section.ok()) return section.status();
  const v1::RoundView* shown = PlayingRound(*pairings, (*section)->id());
  if (*round_asked != 0) {
    shown = nullptr;
    for (const v1::RoundView& round : pairings->rounds()) {
      if (round.section_id() == (*section)->id() &&
          round.round() == *round_asked) {
        shown = &round;
      }
    }
    if (shown == nullptr) {
      return absl::NotFoundError(absl::StrCat(
          "round ", *round_asked, " of ", request.SectionName((*section)->id()),
          " is not published"));
    }
  }

  const Lang lang = request.view.lang;
  Data data = OfficialData(request);
  data.set("section_id", (*section)->id());
  data.set("section", LabelText((*section)->name(), lang));
  data.set("section_select", request.SectionSelect(**section));
  data.set("from", absl::StrCat(*from));
  data.set("to", *to == 0 ? std::string() : absl::StrCat(*to));
  if (shown == nullptr) {
    data.set("no_round", true);
    return RenderTemplate("arbiter_fragment", data);
  }
  const v1::RoundView& round = *shown;
  const std::string round_text = absl::StrCat(round.round());
  data.set("round", round_text);
  DataList rounds;
  for (const v1::RoundView& published : pairings->rounds()) {
    if (published.section_id() != (*section)->id()) continue;
    Data option;
    option.set("value", absl::StrCat(published.round()));
    option.set("selected", published.round() == round.round());
    option.set("complete", published.complete());
    rounds.push_back(option);
  }
  data.set("rounds", rounds);
  // The same taps on every board; each board labels its own copies.
  DataList taps = ResultOptions(lang);
  if (request.config.late_forfeit_minutes() > 0) {
    for (Data& tap : LatenessOptions(lang)) taps.push_back(tap);
  }
  DataList boards;
  DataList players;
  for (const v1::BoardView& board : round.boards()) {
    if (board.number() < *from || (*to != 0 && board.number() > *to)) continue;
    const std::string number = absl::StrCat(board.number());
    Data item;
    item.set("board", number);
    item.set("red", PlayerData(board.red()));
    item.set("black", PlayerData(board.black()));
    item.set("result", words::ResultMark(board.result(), lang));
    item.set("pending", board.result() == v1::GAME_RESULT_UNSPECIFIED);
    DataList buttons = taps;
    for (Data& button : buttons) {
      button.set("label", BoardLabel(lang, round_text, number,
                                     button.get("text")->string_value()));
    }
    item.set("buttons", buttons);
    boards.push_back(item);
    for (const v1::PlayerRef* player : {&board.red(), &board.black()}) {
      Data option = PlayerData(*player);
      option.set("board", number);
      players.push_back(option);
    }
  }
  data.set("boards", boards);
  data.set("players", players);
  DataList kinds;
  for (v1::FoulKind kind : kFoulKinds) {
    Data option;
    option.set("value", v1::FoulKind_Name(kind));
    option.set("text", words::Say(kind, lang));
    kinds.push_back(option);
  }
  data.set("kinds", kinds);
  return RenderTemplate("arbiter_fragment", data);
}

}  // namespace qiwang::web
