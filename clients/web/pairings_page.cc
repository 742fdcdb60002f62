// The pairings of one round of a section.
#include <algorithm>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "clients/web/hall_screen.h"
#include "clients/web/pages.h"
#include "words/enum_words.h"
#include "words/play_words.h"

namespace qiwang::web {
Data PlayerAtBoard(const PageView& view, const v1::PlayerRef& player) {
  Data data;
  data.set("name", player.name());
  data.set("number", absl::StrCat(player.pairing_number()));
  data.set("score", absl::StrCat(player.score_before()));
  data.set("link",
           view.TournamentLink(absl::StrCat("/player/", player.player_id())));
  return data;
}

std::string PairingsFragment(const PageView& view,
                             const v1::TournamentConfig& config,
                             const v1::RoundView& round,
                             int64_t marked_player) {
  Data data = PageData(view);
  const v1::Section* section = FindSection(config, round.section_id());
  data.set("section", section != nullptr ? LabelText(section->name(), view.lang)
                                         : round.section_id());
  data.set("round", absl::StrCat(round.round()));
  data.set("amended", round.amended());
  // The hall screen shows its page of the boards, the bye on the last.
  const HallPage page = view.display ? HallSlice(view, round.boards_size())
                                     : HallPage{0, round.boards_size(), 1, 1};
  DataList boards;
  for (int i = page.first; i < page.end; ++i) {
    const v1::BoardView& board = round.boards(i);
    Data item;
    item.set("board", absl::StrCat(board.number()));
    item.set("red", PlayerAtBoard(view, board.red()));
    item.set("black", PlayerAtBoard(view, board.black()));
    item.set("result", words::ResultMark(board.result(), view.lang));
    item.set("pending", board.result() == v1::GAME_RESULT_UNSPECIFIED);
    item.set("players", absl::StrCat(board.red().player_id(), " ",
                                     board.black().player_id()));
    item.set("mine", marked_player != 0 &&
                         (board.red().player_id() == marked_player ||
                          board.black().player_id() == marked_player));
    boards.push_back(std::move(item));
  }
  SetMoved(data, "boards", MovedList(std::move(boards)));
  if (round.has_bye() && page.page == page.pages) {
    data.set("bye", PlayerAtBoard(view, round.bye()));
  }
  return RenderTemplate("pairings_fragment", data);
}

std::string NotPairedFragment(const PageView& view) {
  Data data = PageData(view);
  data.set("none", true);
  return RenderTemplate("pairings_fragment", data);
}

int RoundInPlay(const v1::ListPairingsResponse& pairings) {
  int last = 0;
  int first_open = 0;
  for (const v1::RoundView& round : pairings.rounds()) {
    last = std::max(last, round.round());
    if (!round.complete() && (first_open == 0 || round.round() < first_open)) {
      first_open = round.round();
    }
  }
  return first_open != 0 ? first_open : last;
}

absl::StatusOr<v1::ListPairingsResponse> ReadSectionRounds(
    const ReadClient& reads, const PageView& view,
    const v1::TournamentConfig& config, const std::string& section_id) {
  if (absl::Status known = KnownSection(config, view, section_id).status();
      !known.ok()) {
    return known;
  }
  v1::ListPairingsRequest request;
  request.set_tournament_id(view.tournament_id);
  request.set_section_id(section_id);
  *request.mutable_read() = view.Read();
  return reads.ListPairings(request);
}

absl::StatusOr<PageBody> PairingsPage(const ReadClient& reads,
                                      const PageView& view,
                                      const std::string& section_id,
                                      std::optional<int> round,
                                      int64_t marked_player) {
  absl::StatusOr<v1::TournamentConfig> config = ReadConfig(reads, view);
  if (!config.ok()) return config.status();
  absl::StatusOr<v1::ListPairingsResponse> pairings =
      ReadSectionRounds(reads, view, *config, section_id);
  if (!pairings.ok()) return pairings.status();
  const v1::Section* section = FindSection(*config, section_id);

  int last = 0;
  for (const v1::RoundView& view_of_round : pairings->rounds()) {
    last = std::max(last, view_of_round.round());
  }
  const int shown = round.has_value() ? *round : RoundInPlay(*pairings);
  const v1::RoundView* found = nullptr;
  for (const v1::RoundView& candidate : pairings->rounds()) {
    if (candidate.round() == shown) found = &candidate;
  }
  if (found == nullptr && round.has_value()) {
    return absl::NotFoundError(absl::StrCat("round ", *round, " of section '",
                                            section_id, "' not paired"));
  }

  const std::string name = LabelText(section->name(), view.lang);
  Data data = PageData(view);
  data.set("section", name);
  DataList rounds;
  for (int number = 1; number <= last; ++number) {
    Data item;
    item.set("round", absl::StrCat(number));
    item.set("link", view.TournamentLink(
                         absl::StrCat("/pairings/", section_id, "/", number)));
    item.set("current", number == shown);
    rounds.push_back(item);
  }
  data.set("rounds", rounds);
  data.set("standings_link",
           view.TournamentLink(absl::StrCat("/standings/", section_id)));
  PageBody body;
  body.title = absl::StrCat(name, " · ", LabelText(config->name(), view.lang));
  // A round asked for by number follows that round; the current round's
  // page follows whichever round is in play, the next one once published.
  const std::string path =
      absl::StrCat("/t/", view.tournament_id, "/pairings/", section_id,
                   round.has_value() ? absl::StrCat("/", *round) : "");
  if (found != nullptr || !round.has_value()) {
    // The hall screen moves on by itself; a live update would show every
    // board.
    data.set("live",
             LiveBox(view.display ? "" : view.LiveLink(path), "pairings",
                     found != nullptr ? PairingsFragment(view, *config, *found,
                                                         marked_player)
                                      : NotPairedFragment(view)));
    body.live = !view.past() && !view.display;
  }
  if (view.display) {
    // The hall screen pages through the boards, then moves on to the current
    // round of the next section being played.
    absl::StatusOr<std::set<std::string>> in_play = SectionsInPlay(reads, view);
    if (!in_play.ok()) return in_play.status();
    std::vector<std::string> cycle;
    for (const v1::Section& each : config->sections()) {
      cycle.push_back(each.id());
    }
    const std::string next = NextInPlay(
        cycle, section_id,
        [&](const std::string& id) { return in_play->contains(id); });
    const HallPage page =
        HallSlice(view, found != nullptr ? found->boards_size() : 0);
    body.refresh_to =
        HallNext(view, page,
                 absl::StrCat("/pairings/", section_id,
                              found != nullptr ? absl::StrCat("/", shown)
                                               : std::string()),
                 absl::StrCat("/pairings/", next));
    body.event = LabelText(config->name(), view.lang);
    body.hall_page = HallPageText(page);
  }
  body.html = RenderTemplate("pairings", data);
  return body;
}

}  // namespace qiwang::web
