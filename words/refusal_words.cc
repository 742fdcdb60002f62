#include "words/refusal_words.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "base/refusal_details.h"
#include "words/accept_language.h"
#include "words/refusal_templates.h"

namespace qiwang::words {
namespace {

struct Words {
  const char* zh;
  const char* en;
};

// The clauses of docs/rules.md, by number.
const absl::flat_hash_map<std::string, Words>& ClauseWords() {
  static const auto* const kClauses =
      new absl::flat_hash_map<std::string, Words>({
          {"R1", {"赛事", "the event"}},
          {"R1.1", {"赛事配置", "the tournament's configuration"}},
          {"R1.2", {"角色与权限", "roles"}},
          {"R2", {"组别", "sections"}},
          {"R2.1", {"专业组参赛资格", "professional section entry"}},
          {"R2.2", {"业余组参赛资格", "amateur section entry"}},
          {"R2.3", {"男女分开录取", "men and women ranked apart"}},
          {"R2.4", {"积分编排的轮次", "Swiss rounds"}},
          {"R2.5",
           {"籍贯、工作证明、保险与陪同",
            "residency, insurance and companion"}},
          {"R3", {"分站赛资格", "station qualification"}},
          {"R3.1", {"分站赛资格与名额", "station quotas"}},
          {"R3.2", {"不得重复取得资格", "no double qualification"}},
          {"R3.3", {"同站顺延替补", "replacement from the same station"}},
          {"R3.4", {"只代表一个赛区", "one division in the final"}},
          {"R4", {"报名与报到", "registration and check-in"}},
          {"R4.1", {"报名截止", "the registration deadline"}},
          {"R4.2", {"报到", "check-in"}},
          {"R4.3", {"未报到自动弃权", "withdrawal for missing check-in"}},
          {"R4.4", {"比赛中退赛", "withdrawal during the event"}},
          {"R5", {"记分与对局", "scoring and games"}},
          {"R5.1", {"记分", "points"}},
          {"R5.2", {"比赛用时", "the time control"}},
          {"R5.3", {"成绩种类", "result kinds"}},
          {"R5.4", {"先后手", "red and black"}},
          {"R5.5", {"犯规", "fouls"}},
          {"R6", {"编排", "pairing"}},
          {"R6.1", {"第一轮编排", "round one"}},
          {"R6.2", {"后续轮次编排", "later rounds"}},
          {"R6.3", {"编排的绝对条件", "absolute pairing rules"}},
          {"R6.4", {"轮空", "the bye"}},
          {"R6.5", {"编排的优先次序", "pairing preferences"}},
          {"R6.6", {"已公布的编排", "published pairings"}},
          {"R7", {"名次", "ranking"}},
          {"R7.1", {"同分比较", "tie-breaks"}},
          {"R7.2", {"比较前一轮成绩", "previous rounds"}},
          {"R7.3", {"抽签决定名次", "drawing of lots"}},
          {"R7.4", {"循环赛名次", "round-robin ranking"}},
          {"R7.5", {"任一时点的名次", "standings at any point"}},
          {"R8", {"奖励", "prizes"}},
          {"R8.1", {"奖金与证书", "prizes and certificates"}},
          {"R8.2", {"全国总决赛名额", "national-final places"}},
          {"R8.3", {"按名次发奖与名额顺延", "prizes by rank, declined places"}},
          {"R9", {"裁决、申诉与审计", "rulings, appeals and audit"}},
          {"R9.1", {"事件记录", "every change is an event"}},
          {"R9.2", {"申诉", "appeals"}},
          {"R9.3", {"仲裁委员会裁定", "the committee's decision"}},
          {"R9.4", {"裁决的历史", "a ruling's history"}},
          {"R9.5", {"不删除、不改写", "nothing deleted or rewritten"}},
      });
  return *kClauses;
}

// What a refusal no clause makes means, by its code's name.
const absl::flat_hash_map<std::string, Words>& CodeWords() {
  static const auto* const kCodes =
      new absl::flat_hash_map<std::string, Words>({
          {"CANCELLED", {"操作已取消。", "cancelled"}},
          {"UNKNOWN", {"服务器出错，请告知裁判长。", "unknown error"}},
          {"INVALID_ARGUMENT", {"请求的内容有误。", "invalid request"}},
          {"DEADLINE_EXCEEDED", {"操作超时，请重试。", "timed out"}},
          {"NOT_FOUND", {"找不到所要的对象。", "not found"}},
          {"ALREADY_EXISTS", {"该对象已经存在。", "already exists"}},
          {"PERMISSION_DENIED", {"当前角色无权进行此操作。", "not allowed"}},
          {"RESOURCE_EXHAUSTED",
           {"请求过多或过大，请稍后再试。", "too many or too large"}},
          {"FAILED_PRECONDITION",
           {"赛事当前的状态不允许此操作。", "not in this state"}},
          {"ABORTED", {"与另一操作同时发生，请重试。", "conflict"}},
          {"OUT_OF_RANGE", {"超出范围。", "out of range"}},
          {"UNIMPLEMENTED", {"不支持此操作。", "not supported"}},
          {"INTERNAL", {"服务器出错，请告知裁判长。", "internal error"}},
          {"UNAVAILABLE", {"服务暂时不可用，请稍后再试。", "unavailable"}},
          {"DATA_LOSS", {"数据损坏，请告知裁判长。", "data loss"}},
          {"UNAUTHENTICATED",
           {"请先登录（令牌缺失或无效）。", "not signed in"}},
      });
  return *kCodes;
}

// Headings of the metadata keys a refusal may name, in the order shown.
constexpr std::pair<const char*, Words> kValueWords[] = {
    {"field", {"字段", "field"}},     {"section", {"组别", "section"}},
    {"round", {"轮次", "round"}},     {"board", {"台次", "board"}},
    {"player", {"棋手", "player"}},   {"ruling", {"裁决", "ruling"}},
    {"appeal", {"申诉", "appeal"}},   {"station", {"分站", "station"}},
    {"ranking", {"排名", "ranking"}}, {"role", {"角色", "role"}},
    {"limit", {"上限", "limit"}},     {"head", {"日志末位", "log head"}},
};

}  // namespace

std::string ClauseName(absl::string_view clause, Lang lang) {
  auto found = ClauseWords().find(clause);
  if (found == ClauseWords().end()) return "";
  return lang == Lang::kZh ? found->second.zh : found->second.en;
}

std::string RefusalSentence(const google::rpc::ErrorInfo& info,
                            absl::string_view message, Lang lang) {
  if (lang == Lang::kEn) return std::string(message);
  std::string sentence;
  const std::string name = ClauseName(info.reason(), Lang::kZh);
  if (std::optional<std::string> filled = FillRefusalTemplate(info, Lang::kZh);
      filled.has_value()) {
    if (name.empty()) return *std::move(filled);
    return absl::StrCat("不符合规程 ", info.reason(), "（", name, "）：",
                        *filled);
  }
  if (!name.empty()) {
    sentence = absl::StrCat("不符合规程 ", info.reason(), "（", name, "）。");
  } else if (auto code = CodeWords().find(info.reason());
             code != CodeWords().end()) {
    sentence = code->second.zh;
  } else {
    sentence = "请求未被接受。";
  }
  std::vector<std::string> values;
  for (const auto& [key, words] : kValueWords) {
    if (!info.metadata().contains(key)) continue;
    values.push_back(
        absl::StrCat(words.zh, " ", RefusalValueText(info, key, Lang::kZh)));
  }
  if (!values.empty()) {
    absl::StrAppend(&sentence, "涉及：", absl::StrJoin(values, "，"), "。");
  }
  return sentence;
}

absl::Status LocalizeRefusal(absl::Status refusal, Lang lang) {
  if (refusal.ok() || base::LocalizedMessageOf(refusal).has_value()) {
    return refusal;
  }
  google::rpc::LocalizedMessage localized;
  localized.set_locale(std::string(LocaleOf(lang)));
  localized.set_message(
      RefusalSentence(base::ErrorInfoOf(refusal), refusal.message(), lang));
  return base::WithLocalizedMessage(std::move(refusal), localized);
}

std::string RefusalText(const absl::Status& refusal, Lang lang) {
  if (const auto localized = base::LocalizedMessageOf(refusal);
      localized.has_value() && localized->locale() == LocaleOf(lang)) {
    return localized->message();
  }
  return RefusalSentence(base::ErrorInfoOf(refusal), refusal.message(), lang);
}

absl::string_view LocaleOf(Lang lang) {
  return lang == Lang::kZh ? "zh-CN" : "en";
}

Lang LangOfCaller(absl::string_view lang, absl::string_view accept_language) {
  if (absl::StatusOr<Lang> parsed = ParseLang(lang); parsed.ok()) {
    return *parsed;
  }
  return LangFromAcceptLanguage(accept_language, Lang::kEn);
}

}  // namespace qiwang::words
