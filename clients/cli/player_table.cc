#include "clients/cli/player_table.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "clients/cli/command_support.h"
#include "clients/cli/table.h"

namespace qiwang::cli {
namespace {

std::string GenderText(v1::Gender gender, Lang lang) {
  return gender == v1::GENDER_UNSPECIFIED ? "" : Say(gender, lang);
}

}  // namespace

std::string PlayerTable(
    const google::protobuf::RepeatedPtrField<v1::PlayerView>& players,
    Lang lang) {
  bool official = false;
  for (const v1::PlayerView& player : players) {
    official = official || !player.id_number().empty();
  }
  std::vector<std::string> headings = {
      Text(Label::kPlayerId, lang), Text(Label::kName, lang),
      Text(Label::kGender, lang),   Text(Label::kBirthYear, lang),
      Text(Label::kSection, lang),  Text(Label::kStation, lang),
      Text(Label::kStatus, lang)};
  if (official) {
    headings.push_back(Text(Label::kIdNumber, lang));
    headings.push_back(Text(Label::kDocuments, lang));
  }
  Table table(headings);
  for (const v1::PlayerView& player : players) {
    std::vector<std::string> documents;
    for (int document : player.documents()) {
      documents.push_back(EnumText(v1::CheckInDocument_descriptor(), document,
                                   "CHECK_IN_DOCUMENT_"));
    }
    table.AddRow({absl::StrCat(player.player_id()), player.name(),
                  GenderText(player.gender(), lang),
                  absl::StrCat(player.birth_year()), player.section_id(),
                  player.qualifying_station_id(), Say(player.status(), lang),
                  player.id_number(), absl::StrJoin(documents, ",")});
  }
  return table.Render();
}

}  // namespace qiwang::cli
