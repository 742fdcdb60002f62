// The check-in desk (R4.2): find a player by name, by the id on their card
// or, once lots are drawn (R6.1), by their pairing number; record the
// documents seen, excuse an absence, close check-in.
#include <map>

#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "clients/web/official_fragments.h"
#include "clients/web/official_words.h"
#include "clients/web/pages.h"
#include "words/enum_words.h"

namespace qiwang::web {
namespace {

constexpr v1::CheckInDocument kDocuments[] = {
    v1::CHECK_IN_DOCUMENT_IDENTITY_COPY,
    v1::CHECK_IN_DOCUMENT_WORK_CERTIFICATE,
    v1::CHECK_IN_DOCUMENT_INSURANCE,
    v1::CHECK_IN_DOCUMENT_COMPANION,
};

// What the desk calls a document (the officials' words are keyed by the
// enum's names).
std::string DocumentText(v1::CheckInDocument document, Lang lang) {
  const auto* word =
      OfficialWords(lang).get(v1::CheckInDocument_Name(document));
  return word != nullptr ? word->string_value()
                         : v1::CheckInDocument_Name(document);
}

// Each player's pairing number in their section, drawn by lots with the
// section's first round (R6.1): read from the published rounds, so a player
// has none before then.
absl::StatusOr<std::map<int64_t, int>> PairingNumbers(
    const OfficialRequest& request) {
  v1::ListPairingsRequest list;
  list.set_tournament_id(request.view.tournament_id);
  absl::StatusOr<v1::ListPairingsResponse> pairings =
      request.calls.ListPairings(request.authorization, list);
  if (!pairings.ok()) return pairings.status();
  std::map<int64_t, int> numbers;
  const auto note = [&numbers](const v1::PlayerRef& player) {
    if (player.player_id() != 0 && player.pairing_number() != 0) {
      numbers[player.player_id()] = player.pairing_number();
    }
  };
  for (const v1::RoundView& round : pairings->rounds()) {
    for (const v1::BoardView& board : round.boards()) {
      note(board.red());
      note(board.black());
    }
    if (round.has_bye()) note(round.bye());
  }
  return numbers;
}

// A number is the player's id (on their card and its QR code) or their
// pairing number (0: none yet); anything else a part of their name.
bool Matches(const v1::PlayerView& player, int pairing_number,
             const std::string& query) {
  int64_t number = 0;
  if (absl::SimpleAtoi(query, &number)) {
    return player.player_id() == number ||
           (pairing_number != 0 && pairing_number == number);
  }
  return absl::StrContains(player.name(), query) ||
         absl::StrContains(absl::AsciiStrToLower(player.latin_name()),
                           absl::AsciiStrToLower(query));
}

}  // namespace

absl::StatusOr<std::string> CheckInFragment(const OfficialRequest& request) {
  v1::GetCheckInStatusRequest status_request;
  status_request.set_tournament_id(request.view.tournament_id);
  absl::StatusOr<v1::GetCheckInStatusResponse> status =
      request.calls.GetCheckInStatus(request.authorization, status_request);
  if (!status.ok()) return status.status();
  const Lang lang = request.view.lang;
  Data data = OfficialData(request);
  data.set("closed", status->closed());
  data.set("registered", absl::StrCat(status->registered()));
  data.set("checked_in", absl::StrCat(status->checked_in()));
  data.set("excused", absl::StrCat(status->excused()));
  data.set("withdrawn", absl::StrCat(status->withdrawn()));
  data.set("expected", absl::StrCat(status->pending_size()));
  const std::string query = request.Param("q");
  data.set("q", query);
  if (!query.empty()) {
    v1::ListPlayersRequest list;
    list.set_tournament_id(request.view.tournament_id);
    absl::StatusOr<v1::ListPlayersResponse> players =
        request.calls.ListPlayers(request.authorization, list);
    if (!players.ok()) return players.status();
    absl::StatusOr<std::map<int64_t, int>> pairing_numbers =
        PairingNumbers(request);
    if (!pairing_numbers.ok()) return pairing_numbers.status();
    DataList found;
    for (const v1::PlayerView& player : players->players()) {
      const auto drawn = pairing_numbers->find(player.player_id());
      const int pairing_number =
          drawn == pairing_numbers->end() ? 0 : drawn->second;
      if (!Matches(player, pairing_number, query)) continue;
      Data item;
      item.set("id", absl::StrCat(player.player_id()));
      if (pairing_number != 0) {
        item.set("pairing_number", absl::StrCat(pairing_number));
      }
      item.set("name", player.name());
      item.set("section", request.SectionName(player.section_id()));
      item.set("status", words::Say(player.status(), lang));
      item.set(
          "seen",
          absl::StrJoin(
              player.documents(), ", ", [lang](std::string* out, int document) {
                out->append(DocumentText(
                    static_cast<v1::CheckInDocument>(document), lang));
              }));
      DataList documents;
      for (v1::CheckInDocument document : kDocuments) {
        Data option;
        option.set("value", v1::CheckInDocument_Name(document));
        option.set("text", DocumentText(document, lang));
        documents.push_back(option);
      }
      item.set("documents", documents);
      found.push_back(item);
    }
    data.set("players", found);
  }
  return RenderTemplate("checkin_fragment", data);
}

}  // namespace qiwang::web
