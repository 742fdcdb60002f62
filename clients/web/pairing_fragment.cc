// The pairing officer's page: the next round proposed, published, amended.
#include <cstdint>
#include <map>
#include <string>

#include "absl/strings/str_cat.h"
#include "clients/web/official_fragments.h"
#include "clients/web/pages.h"
#include "words/refusal_words.h"

namespace qiwang::web {
namespace {

Data BoardData(const v1::BoardView& board, int index) {
  Data data;
  data.set("index", absl::StrCat(index));
  data.set("board", absl::StrCat(board.number()));
  data.set("red_id", absl::StrCat(board.red().player_id()));
  data.set("red_name", board.red().name());
  data.set("red_number", absl::StrCat(board.red().pairing_number()));
  data.set("black_id", absl::StrCat(board.black().player_id()));
  data.set("black_name", board.black().name());
  data.set("black_number", absl::StrCat(board.black().pairing_number()));
  return data;
}

// The round's players by id, for the amendment's inputs: typing a name there
// offers the player's id.
DataList RoundPlayers(const v1::RoundView& round) {
  std::map<int64_t, std::string> names;
  for (const v1::BoardView& board : round.boards()) {
    names[board.red().player_id()] = board.red().name();
    names[board.black().player_id()] = board.black().name();
  }
  if (round.has_bye()) names[round.bye().player_id()] = round.bye().name();
  DataList players;
  for (const auto& [id, name] : names) {
    Data player;
    player.set("id", absl::StrCat(id));
    player.set("name", name);
    players.push_back(player);
  }
  return players;
}

Data RoundData(const v1::RoundView& round) {
  Data data;
  data.set("round", absl::StrCat(round.round()));
  DataList boards;
  for (int i = 0; i < round.boards_size(); ++i) {
    boards.push_back(BoardData(round.boards(i), i));
  }
  data.set("boards", boards);
  if (round.has_bye()) {
    Data bye;
    bye.set("id", absl::StrCat(round.bye().player_id()));
    bye.set("name", round.bye().name());
    data.set("bye", bye);
  }
  data.set("players", RoundPlayers(round));
  return data;
}

}  // namespace

absl::StatusOr<std::string> PairingFragment(const OfficialRequest& request) {
  absl::StatusOr<const v1::Section*> section = request.Section();
  if (!section.ok()) return section.status();
  Data data = OfficialData(request);
  data.set("section_id", (*section)->id());
  data.set("section", LabelText((*section)->name(), request.view.lang));
  data.set("section_select", request.SectionSelect(**section));

  v1::ProposeRoundRequest propose;
  propose.set_tournament_id(request.view.tournament_id);
  propose.set_section_id((*section)->id());
  absl::StatusOr<v1::ProposeRoundResponse> proposal =
      request.calls.ProposeRound(request.authorization, propose);
  if (proposal.ok()) {
    Data proposed = RoundData(proposal->proposal());
    DataList cost;
    for (const std::string& line : proposal->cost()) cost.push_back(line);
    proposed.set("cost", cost);
    data.set("proposal", proposed);
  } else {
    // Not a failure of the page: the next round may not be due yet. Said in
    // the reader's language, naming the clause.
    data.set("proposal_error",
             words::RefusalText(proposal.status(), request.view.lang));
  }

  v1::ListPairingsRequest list;
  list.set_tournament_id(request.view.tournament_id);
  list.set_section_id((*section)->id());
  absl::StatusOr<v1::ListPairingsResponse> pairings =
      request.calls.ListPairings(request.authorization, list);
  if (!pairings.ok()) return pairings.status();
  if (!pairings->rounds().empty()) {
    data.set("published",
             RoundData(pairings->rounds(pairings->rounds_size() - 1)));
  }
  return RenderTemplate("pairing_fragment", data);
}

}  // namespace qiwang::web
