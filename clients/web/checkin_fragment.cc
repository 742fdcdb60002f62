// The check-in desk (R4.2): find a player, record the documents seen,
// excuse an absence, close check-in.
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

bool Matches(const v1::PlayerView& player, const std::string& query) {
  int64_t id = 0;
  if (absl::SimpleAtoi(query, &id)) return player.player_id() == id;
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
    DataList found;
    for (const v1::PlayerView& player : players->players()) {
      if (!Matches(player, query)) continue;
      Data item;
      item.set("id", absl::StrCat(player.player_id()));
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
