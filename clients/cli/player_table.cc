#include "clients/cli/player_table.h"

#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "clients/cli/command_support.h"
#include "clients/cli/table.h"

namespace qiwang::cli {
namespace {

std::string GenderText(v1::Gender gender, Lang lang) {
  if (gender == v1::GENDER_MALE) return lang == Lang::kZh ? "男" : "m";
  if (gender == v1::GENDER_FEMALE) return lang == Lang::kZh ? "女" : "f";
  return "";
}

}  // namespace

std::string PlayerStatusText(v1::PlayerStatus status, Lang lang) {
  switch (status) {
    case v1::PLAYER_STATUS_REGISTERED:
      return Text(Label::kRegistered, lang);
    case v1::PLAYER_STATUS_CHECKED_IN:
      return Text(Label::kCheckedIn, lang);
    case v1::PLAYER_STATUS_EXCUSED:
      return Text(Label::kExcused, lang);
    case v1::PLAYER_STATUS_WITHDRAWN:
      return Text(Label::kWithdrawn, lang);
    default:
      return "";
  }
}

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
                  player.qualifying_station_id(),
                  PlayerStatusText(player.status(), lang), player.id_number(),
                  absl::StrJoin(documents, ",")});
  }
  return table.Render();
}

}  // namespace qiwang::cli
