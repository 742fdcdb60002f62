// The two screen pages of the printouts: the list of printouts and
// downloads, and the board page a table card's QR code opens.
#include <map>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "clients/web/print_views.h"
#include "words/enum_words.h"
#include "words/play_words.h"

namespace qiwang::web {

absl::StatusOr<PageBody> PrintIndexPage(const ReadClient& reads,
                                        const PageView& view,
                                        const CardBase& card_base) {
  absl::StatusOr<v1::TournamentConfig> config = ReadConfig(reads, view);
  if (!config.ok()) return config.status();
  v1::ListPairingsRequest request;
  request.set_tournament_id(view.tournament_id);
  *request.mutable_read() = view.Read();
  absl::StatusOr<v1::ListPairingsResponse> pairings =
      reads.ListPairings(request);
  if (!pairings.ok()) return pairings.status();
  std::map<std::string, std::vector<int>> rounds_of;
  for (const v1::RoundView& round : pairings->rounds()) {
    rounds_of[round.section_id()].push_back(round.round());
  }

  const std::string print = absl::StrCat("/t/", view.tournament_id, "/print");
  DataList sections;
  for (const v1::Section& section : config->sections()) {
    Data item;
    item.set("name", LabelText(section.name(), view.lang));
    item.set("xlsx_link",
             absl::StrCat("/t/", view.tournament_id, "/xlsx/", section.id()));
    DataList rounds;
    for (int round : rounds_of[section.id()]) {
      const std::string of = absl::StrCat("/", section.id(), "/", round);
      Data entry;
      entry.set("round", absl::StrCat(round));
      entry.set("wall_link", absl::StrCat(print, "/wall", of));
      entry.set("sheets_link", absl::StrCat(print, "/sheets", of));
      entry.set("cards_link", absl::StrCat(print, "/cards", of));
      entry.set("tent_link", absl::StrCat(print, "/cards", of, "?fold=1"));
      entry.set("xlsx_link", absl::StrCat("/t/", view.tournament_id, "/xlsx/",
                                          section.id(), "?round=", round));
      rounds.push_back(entry);
    }
    item.set("rounds", rounds);
    sections.push_back(item);
  }
  DataList rankings;
  for (const v1::RankingCategory& category : config->ranking_categories()) {
    Data item;
    item.set("name", LabelText(category.name(), view.lang));
    item.set("book_link", absl::StrCat(print, "/book/", category.id()));
    item.set("certificates_link",
             absl::StrCat(print, "/certificates/", category.id()));
    rankings.push_back(item);
  }
  Data data = PageData(view);
  data.set("name", LabelText(config->name(), view.lang));
  data.set("sections", sections);
  data.set("rankings", rankings);
  data.set("book_link", absl::StrCat(print, "/book"));
  data.set("prizes_link", absl::StrCat(print, "/prizes"));
  data.set("certificates_link", absl::StrCat(print, "/certificates"));
  data.set("card_base_url", card_base.url);
  data.set("card_base_unreachable", card_base.unreachable);
  PageBody body;
  body.title =
      absl::StrCat("打印 Printouts · ", LabelText(config->name(), view.lang));
  body.html = RenderTemplate("print_index", data);
  return body;
}

absl::StatusOr<std::string> BoardFragment(const PageView& view,
                                          const v1::TournamentConfig& config,
                                          const v1::RoundView& round,
                                          int board) {
  const v1::BoardView* found = nullptr;
  for (const v1::BoardView& candidate : round.boards()) {
    if (candidate.number() == board) found = &candidate;
  }
  if (found == nullptr) {
    return absl::NotFoundError(absl::StrCat("board ", board, " not in round ",
                                            round.round(), " of section '",
                                            round.section_id(), "'"));
  }
  const v1::Section* section = FindSection(config, round.section_id());
  Data data = PageData(view);
  data.set("section", section != nullptr ? LabelText(section->name(), view.lang)
                                         : round.section_id());
  data.set("round", absl::StrCat(round.round()));
  data.set("board", absl::StrCat(board));
  data.set("red", PlayerAtBoard(view, found->red()));
  data.set("black", PlayerAtBoard(view, found->black()));
  data.set("result", words::ResultMark(found->result(), view.lang));
  data.set("pending", found->result() == v1::GAME_RESULT_UNSPECIFIED);
  data.set("pairings_link",
           view.TournamentLink(absl::StrCat("/pairings/", round.section_id(),
                                            "/", round.round())));
  return RenderTemplate("board_fragment", data);
}

absl::StatusOr<PageBody> BoardPage(const ReadClient& reads,
                                   const PageView& view,
                                   const std::string& section_id, int board,
                                   std::optional<int> round) {
  absl::StatusOr<v1::TournamentConfig> config = ReadConfig(reads, view);
  if (!config.ok()) return config.status();
  absl::StatusOr<v1::RoundView> shown =
      ReadRound(reads, view, *config, section_id, round);
  if (!shown.ok()) return shown.status();
  absl::StatusOr<std::string> fragment =
      BoardFragment(view, *config, *shown, board);
  if (!fragment.ok()) return fragment.status();
  const std::string live_link =
      round.has_value()
          ? ""
          : view.LiveLink(absl::StrCat("/t/", view.tournament_id, "/board/",
                                       section_id, "/", board));
  PageBody body;
  body.title = absl::StrCat(
      LabelText(FindSection(*config, section_id)->name(), view.lang), " · ",
      PageWords(view.lang).get("board")->string_value(), " ", board);
  body.html = LiveBox(live_link, "board", *fragment);
  body.live = !live_link.empty();
  return body;
}

}  // namespace qiwang::web
