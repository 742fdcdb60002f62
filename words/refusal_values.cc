#include "words/refusal_values.h"

#include <cstdint>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "absl/time/time.h"
#include "qiwang/v1/play_events.pb.h"
#include "qiwang/v1/registration_events.pb.h"
#include "qiwang/v1/ruling_events.pb.h"
#include "qiwang/v1/tournament_config.pb.h"
#include "words/enum_words.h"
#include "words/field_words.h"
#include "words/role_words.h"

namespace qiwang::words {
namespace {

// The keys whose values name values of one enum (several joined by ",").
const absl::flat_hash_map<absl::string_view,
                          const google::protobuf::EnumDescriptor*>&
EnumKeys() {
  static const auto* const kKeys =
      new absl::flat_hash_map<absl::string_view,
                              const google::protobuf::EnumDescriptor*>({
          {"result", v1::GameResult_descriptor()},
          {"ruling_kind", v1::RulingKind_descriptor()},
          {"appeal_status", v1::AppealStatus_descriptor()},
          {"remedy", v1::RemedyKind_descriptor()},
          {"gender", v1::Gender_descriptor()},
          {"genders", v1::Gender_descriptor()},
          {"title", v1::Title_descriptor()},
          {"least_title", v1::Title_descriptor()},
          {"title_below", v1::Title_descriptor()},
          {"station_kind", v1::StationKind_descriptor()},
      });
  return *kKeys;
}

// How a result came to stand ("how"): recorded or corrected.
const absl::flat_hash_map<absl::string_view, Words>& HowWords() {
  static const auto* const kHow =
      new absl::flat_hash_map<absl::string_view, Words>({
          {"recorded", {"记录", "recorded"}},
          {"corrected", {"更正", "corrected"}},
      });
  return *kHow;
}

// Value names of `type` joined by ",", each in the reader's words.
std::string SayEnumValues(const google::protobuf::EnumDescriptor* type,
                          const std::string& value, Lang lang) {
  std::vector<std::string> said;
  for (absl::string_view name : absl::StrSplit(value, ',')) {
    const google::protobuf::EnumValueDescriptor* named =
        type->FindValueByName(std::string(name));
    said.push_back(named == nullptr ? std::string(name)
                                    : SayValue(named, lang));
  }
  return absl::StrJoin(said, lang == Lang::kZh ? "、" : ", ");
}

// A range of birth dates "from..to", either end possibly open.
std::string SayBirths(const std::string& value, Lang lang) {
  const std::vector<std::string> ends = absl::StrSplit(value, "..");
  if (lang == Lang::kEn || ends.size() != 2) return value;
  if (ends[0].empty()) return absl::StrCat(ends[1], " 及以前");
  if (ends[1].empty()) return absl::StrCat(ends[0], " 及以后");
  return absl::StrCat(ends[0], " 至 ", ends[1], " 之间");
}

// A list the rule joined by ", ", as the reader lists things.
std::string SayList(const std::string& value, Lang lang) {
  return lang == Lang::kZh ? absl::StrReplaceAll(value, {{", ", "、"}}) : value;
}

// The sections that would admit an entrant, joined by ", "; "" for none.
std::string SayFits(const std::string& value, Lang lang) {
  if (value.empty()) return "";
  if (lang == Lang::kEn) return absl::StrCat(" (", value, " fits)");
  return absl::StrCat("（可报：", SayList(value, lang), "）");
}

// A duration as absl::FormatDuration writes it ("1h30m5s"); in Chinese,
// "1 小时 30 分 5 秒" ("30 分钟" for whole minutes alone).
std::string SayDuration(const std::string& value, Lang lang) {
  absl::Duration duration;
  if (lang == Lang::kEn || !absl::ParseDuration(value, &duration) ||
      duration < absl::ZeroDuration()) {
    return value;
  }
  const int64_t seconds = absl::ToInt64Seconds(duration);
  const int64_t hours = seconds / 3600;
  const int64_t minutes = seconds / 60 % 60;
  const int64_t rest = seconds % 60;
  std::vector<std::string> parts;
  if (hours > 0) parts.push_back(absl::StrCat(hours, " 小时"));
  if (minutes > 0) {
    parts.push_back(
        absl::StrCat(minutes, hours == 0 && rest == 0 ? " 分钟" : " 分"));
  }
  if (rest > 0 || parts.empty()) parts.push_back(absl::StrCat(rest, " 秒"));
  return absl::StrJoin(parts, " ");
}

// "player:rank" joined by ","; rank 0 is unranked.
std::string SayRanks(const std::string& value, Lang lang) {
  std::vector<std::string> said;
  for (absl::string_view entry : absl::StrSplit(value, ',')) {
    const std::pair<std::string, std::string> player_rank =
        absl::StrSplit(entry, ':');
    const auto& [player, rank] = player_rank;
    if (lang == Lang::kZh) {
      said.push_back(rank == "0"
                         ? absl::StrCat("棋手 ", player, " 未排名")
                         : absl::StrCat("棋手 ", player, " 第 ", rank, " 名"));
    } else {
      said.push_back(rank == "0"
                         ? absl::StrCat("player ", player, " unranked")
                         : absl::StrCat("player ", player, " rank ", rank));
    }
  }
  return absl::StrJoin(said, lang == Lang::kZh ? "，" : ", ");
}

// A checker finding by its kind (swiss::Violation): "{1}" and "{2}" stand
// for its players, "{colour}" for its colour.
const absl::flat_hash_map<absl::string_view, Words>& ViolationWords() {
  static const auto* const kViolations =
      new absl::flat_hash_map<absl::string_view, Words>({
          {"already_met",
           {"棋手 {1} 与 {2} 已经交手过",
            "players {1} and {2} have already met"}},
          {"same_unit",
           {"棋手 {1} 与 {2} 同属一个单位，本轮不得相遇",
            "players {1} and {2} represent one unit"}},
          {"colour_third_time",
           {"棋手 {1} 将连续第三次执{colour}",
            "player {1} would play {colour} a third time in a row"}},
          {"colour_imbalance",
           {"棋手 {1} 执{colour}后红黑次数之差将超过 2",
            "player {1} would have red and black counts differing by more "
            "than 2 after playing {colour}"}},
          {"second_bye",
           {"棋手 {1} 已经轮空过", "player {1} already had a bye"}},
      });
  return *kViolations;
}

// One checker finding "kind|colour|player,player" in the reader's words;
// a kind without words stays as written.
std::string SayViolation(absl::string_view encoded, Lang lang) {
  const std::vector<std::string> parts = absl::StrSplit(encoded, '|');
  if (parts.size() != 3) return std::string(encoded);
  const auto words = ViolationWords().find(parts[0]);
  if (words == ViolationWords().end()) return std::string(encoded);
  const std::vector<std::string> players = absl::StrSplit(parts[2], ',');
  std::string colour = parts[1];
  if (lang == Lang::kZh) colour = colour == "red" ? "红" : "黑";
  return absl::StrReplaceAll(
      lang == Lang::kZh ? words->second.zh : words->second.en,
      {{"{1}", players.front()},
       {"{2}", players.size() < 2 ? "" : players[1]},
       {"{colour}", colour}});
}

// Checker findings joined by ";".
std::string SayViolations(const std::string& value, Lang lang) {
  std::vector<std::string> said;
  for (absl::string_view encoded : absl::StrSplit(value, ';')) {
    said.push_back(SayViolation(encoded, lang));
  }
  return absl::StrJoin(said, lang == Lang::kZh ? "；" : "; ");
}

// "station<TAB>place" joined by newlines; "" when the person played no
// station.
std::string SayStations(const std::string& value, Lang lang) {
  if (value.empty()) {
    return lang == Lang::kZh ? "未参加已录入的分站赛"
                             : "played no recorded station";
  }
  std::vector<std::string> said;
  for (absl::string_view entry : absl::StrSplit(value, '\n')) {
    const std::pair<std::string, std::string> station_place =
        absl::StrSplit(entry, '\t');
    const auto& [station, place] = station_place;
    said.push_back(lang == Lang::kZh
                       ? absl::StrCat(station, "第 ", place, " 名")
                       : absl::StrCat("ranked ", place, " at ", station));
  }
  return absl::StrJoin(said, lang == Lang::kZh ? "，" : ", ");
}

// Where in a file or a form ("source|line|N|field", "source|cell|D3|field",
// "source|row|N|", "|||field"; base/refusal_kinds.h).
std::string SayPlace(const std::string& value, Lang lang) {
  const std::vector<std::string> parts = absl::StrSplit(value, '|');
  if (parts.size() != 4) return value;
  const auto& [source, kind, at, field] =
      std::tie(parts[0], parts[1], parts[2], parts[3]);
  if (lang == Lang::kEn) {
    std::string place = source;
    if (kind == "line") absl::StrAppend(&place, ":", at);
    if (kind == "cell" || kind == "row") {
      absl::StrAppend(&place, kind == "row" ? " row " : " ", at);
    }
    if (!field.empty()) {
      absl::StrAppend(&place, place.empty() ? "" : " ", SayField(field, lang));
    }
    return place;
  }
  const std::string field_words = field.empty() ? "" : SayField(field, lang);
  if (kind == "line" || kind == "row") {
    return absl::StrCat(source, " 第 ", at, " 行", field.empty() ? "" : "的",
                        field_words);
  }
  if (kind == "cell") {
    return absl::StrCat(
        source, " 的 ", at, " 格",
        field.empty() ? "" : absl::StrCat("（", field_words, "）"));
  }
  return field_words;
}

// A player id, or "official:" and the user appealing in their own name.
std::string SayAppellant(const std::string& value, Lang lang) {
  if (absl::string_view user = value; absl::ConsumePrefix(&user, "official:")) {
    return lang == Lang::kZh ? absl::StrCat("工作人员 ", user)
                             : absl::StrCat("official '", user, "'");
  }
  return lang == Lang::kZh ? absl::StrCat("棋手 ", value)
                           : absl::StrCat("player ", value);
}

}  // namespace

std::string SayRefusalValue(absl::string_view key, const std::string& value,
                            Lang lang) {
  if (auto type = EnumKeys().find(key); type != EnumKeys().end()) {
    return SayEnumValues(type->second, value, lang);
  }
  if (key == "role") return RoleText(value, lang);
  if (key == "field") return SayField(value, lang);
  if (key == "place") return SayPlace(value, lang);
  if (key == "missing") {
    return SayEnumValues(v1::CheckInDocument_descriptor(), value, lang);
  }
  if (key == "births") return SayBirths(value, lang);
  if (key == "fits") return SayFits(value, lang);
  if (key == "window" || key == "late") return SayDuration(value, lang);
  if (key == "appellant") return SayAppellant(value, lang);
  if (key == "ranks") return SayRanks(value, lang);
  if (key == "stations") return SayStations(value, lang);
  if (key == "violations") return SayViolations(value, lang);
  if (key == "players" || key == "open_boards") return SayList(value, lang);
  if (key == "how") {
    if (auto how = HowWords().find(value); how != HowWords().end()) {
      return lang == Lang::kZh ? how->second.zh : how->second.en;
    }
  }
  return value;
}

}  // namespace qiwang::words
