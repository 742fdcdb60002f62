#include "words/enum_words.h"

#include "absl/container/flat_hash_map.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"

namespace qiwang::words {
namespace {

struct Entry {
  const char* value;  // the enum value's full name
  Words words;
};

// One line per value; the order follows the protos.
constexpr Entry kEntries[] = {
    // play_events.proto
    {"qiwang.v1.GAME_RESULT_UNSPECIFIED", {"未赛", "not played"}},
    {"qiwang.v1.GAME_RESULT_RED_WIN", {"红胜", "red wins"}},
    {"qiwang.v1.GAME_RESULT_BLACK_WIN", {"黑胜", "black wins"}},
    {"qiwang.v1.GAME_RESULT_DRAW", {"和棋", "draw"}},
    {"qiwang.v1.GAME_RESULT_RED_WIN_BY_FORFEIT",
     {"红胜（黑方弃权）", "red wins by forfeit"}},
    {"qiwang.v1.GAME_RESULT_BLACK_WIN_BY_FORFEIT",
     {"黑胜（红方弃权）", "black wins by forfeit"}},
    {"qiwang.v1.GAME_RESULT_DOUBLE_FORFEIT", {"双方弃权", "double forfeit"}},
    {"qiwang.v1.FOUL_KIND_PERPETUAL_CHECK", {"长将", "perpetual check"}},
    {"qiwang.v1.FOUL_KIND_PERPETUAL_CHASE", {"长捉", "perpetual chase"}},
    {"qiwang.v1.FOUL_KIND_ILLEGAL_MOVE", {"违例着法", "illegal move"}},
    {"qiwang.v1.FOUL_KIND_CONDUCT", {"赛场纪律", "conduct"}},
    {"qiwang.v1.FOUL_KIND_OTHER", {"其他", "other"}},
    {"qiwang.v1.RESULT_GROUND_LATENESS", {"迟到判负", "lost by lateness"}},
    {"qiwang.v1.RESULT_GROUND_DRAW_WITHOUT_PLAY",
     {"未弈议和（按双方弃权）", "draw agreed without play (double forfeit)"}},
    // ruling_events.proto
    {"qiwang.v1.RULING_KIND_RESULT", {"成绩", "result"}},
    {"qiwang.v1.RULING_KIND_FORFEIT", {"弃权判负", "forfeit"}},
    {"qiwang.v1.RULING_KIND_CORRECTION", {"成绩更正", "correction"}},
    {"qiwang.v1.RULING_KIND_FOUL", {"犯规", "foul"}},
    {"qiwang.v1.RULING_KIND_WITHDRAWAL", {"退赛", "withdrawal"}},
    {"qiwang.v1.RULING_KIND_LATE_ADMISSION", {"补报准入", "late admission"}},
    {"qiwang.v1.RULING_KIND_PAIRING_OVERRIDE",
     {"编排调整", "pairing override"}},
    {"qiwang.v1.RULING_KIND_LOTS", {"抽签定序", "lots"}},
    {"qiwang.v1.RULING_KIND_TIE_LOTS", {"同分抽签", "tie lots"}},
    {"qiwang.v1.RULING_KIND_FINAL_PLACE_DECLINED",
     {"放弃决赛名额", "final place declined"}},
    {"qiwang.v1.APPEAL_STATUS_PENDING", {"待裁定", "pending"}},
    {"qiwang.v1.APPEAL_STATUS_UPHELD", {"申诉成立", "upheld"}},
    {"qiwang.v1.APPEAL_STATUS_DISMISSED", {"驳回", "dismissed"}},
    {"qiwang.v1.APPEAL_DECISION_UPHELD", {"申诉成立", "upheld"}},
    {"qiwang.v1.APPEAL_DECISION_DISMISSED", {"驳回", "dismissed"}},
    {"qiwang.v1.REMEDY_KIND_RESULT_CHANGED", {"改判成绩", "result changed"}},
    {"qiwang.v1.REMEDY_KIND_FOUL_REMOVED", {"撤销犯规", "foul removed"}},
    {"qiwang.v1.REMEDY_KIND_GAME_REPLAYED", {"重赛", "game replayed"}},
    {"qiwang.v1.REMEDY_KIND_NO_STATE_CHANGE",
     {"不改变记录", "no change to the record"}},
    // registration_events.proto
    {"qiwang.v1.RESIDENCY_NATIVE", {"本地籍贯", "native of the region"}},
    {"qiwang.v1.RESIDENCY_WORKER", {"本地务工", "works in the region"}},
    {"qiwang.v1.RESIDENCY_NONE", {"非本地", "not of the region"}},
    {"qiwang.v1.WITHDRAWAL_KIND_REQUEST",
     {"本人申请", "at the player's request"}},
    {"qiwang.v1.WITHDRAWAL_KIND_NO_SHOW",
     {"未报到自动弃权", "did not check in"}},
    {"qiwang.v1.WITHDRAWAL_KIND_RULING", {"裁判判定", "by a ruling"}},
    {"qiwang.v1.CHECK_IN_DOCUMENT_IDENTITY_COPY",
     {"身份证或户口簿复印件", "ID card or household register copy"}},
    {"qiwang.v1.CHECK_IN_DOCUMENT_WORK_CERTIFICATE",
     {"工作证明", "work certificate"}},
    {"qiwang.v1.CHECK_IN_DOCUMENT_INSURANCE",
     {"人身意外伤害保险", "accident insurance"}},
    {"qiwang.v1.CHECK_IN_DOCUMENT_COMPANION",
     {"家属陪同", "family companion present"}},
    // tournament_config.proto
    {"qiwang.v1.GENDER_MALE", {"男", "male"}},
    {"qiwang.v1.GENDER_FEMALE", {"女", "female"}},
    {"qiwang.v1.TITLE_NONE", {"无称号", "no title"}},
    {"qiwang.v1.TITLE_PROVINCIAL_TEAM_MASTER",
     {"省队大师", "provincial team master"}},
    {"qiwang.v1.TITLE_NATIONAL_MASTER", {"象棋大师", "national master"}},
    {"qiwang.v1.TITLE_GRANDMASTER", {"象棋特级大师", "grandmaster"}},
    {"qiwang.v1.PAIRING_SYSTEM_SWISS", {"积分编排制", "Swiss"}},
    {"qiwang.v1.PAIRING_SYSTEM_ROUND_ROBIN", {"单循环", "round robin"}},
    {"qiwang.v1.PAIRING_SYSTEM_DOUBLE_ROUND_ROBIN",
     {"双循环", "double round robin"}},
    {"qiwang.v1.GENDER_POOLING_SEPARATE_SECTIONS",
     {"男女分组", "separate sections"}},
    {"qiwang.v1.GENDER_POOLING_SHARED_SECTION",
     {"男女同组分别录取", "one section, ranked apart"}},
    {"qiwang.v1.PREVIOUS_ROUNDS_READING_CUMULATIVE_SCORES",
     {"前轮累计积分", "scores after earlier rounds"}},
    {"qiwang.v1.PREVIOUS_ROUNDS_READING_SINGLE_ROUND_RESULTS",
     {"前轮单轮成绩", "single-round results"}},
    {"qiwang.v1.PREVIOUS_ROUNDS_READING_CUMULATIVE_WITHOUT_FIRST_ROUNDS",
     {"依次去掉前轮的累进分", "cumulative score without the first rounds"}},
    {"qiwang.v1.BYE_IN_OPPONENTS_SCORE_NOTHING",
     {"轮空不计对手分", "a bye adds nothing"}},
    {"qiwang.v1.BYE_IN_OPPONENTS_SCORE_LOWEST_WITH_POINTS",
     {"轮空计有分者最低分", "lowest score among players with points"}},
    {"qiwang.v1.ROUND_ROBIN_WITHDRAWAL_KEEP_RESULTS",
     {"退赛成绩有效", "results stand"}},
    {"qiwang.v1.ROUND_ROBIN_WITHDRAWAL_CANCEL_BELOW_HALF",
     {"不足半数取消成绩", "cancelled below half played"}},
    {"qiwang.v1.STATION_KIND_CITY", {"地市州分站赛", "city station"}},
    {"qiwang.v1.STATION_KIND_ENTERPRISE", {"企业界比赛", "enterprise event"}},
    {"qiwang.v1.STATION_KIND_PROVINCIAL_YOUTH",
     {"省青少年比赛", "provincial youth event"}},
    {"qiwang.v1.TIE_BREAK_KIND_OPPONENTS_SCORE",
     {"对手分", "opponents' score"}},
    {"qiwang.v1.TIE_BREAK_KIND_WINS", {"胜局", "wins"}},
    {"qiwang.v1.TIE_BREAK_KIND_FEWER_FOULS", {"犯规", "fouls"}},
    {"qiwang.v1.TIE_BREAK_KIND_GAMES_WITH_BLACK",
     {"后走局数", "games with black"}},
    {"qiwang.v1.TIE_BREAK_KIND_PREVIOUS_ROUNDS",
     {"前轮积分", "previous rounds"}},
    {"qiwang.v1.TIE_BREAK_KIND_BUCHHOLZ", {"布氏分", "Buchholz"}},
    {"qiwang.v1.TIE_BREAK_KIND_BUCHHOLZ_CUT1",
     {"布氏分去低", "Buchholz cut 1"}},
    {"qiwang.v1.TIE_BREAK_KIND_MEDIAN_BUCHHOLZ",
     {"中位布氏分", "median Buchholz"}},
    {"qiwang.v1.TIE_BREAK_KIND_SONNEBORN_BERGER",
     {"索伯分", "Sonneborn-Berger"}},
    {"qiwang.v1.TIE_BREAK_KIND_DIRECT_ENCOUNTER", {"直胜", "direct encounter"}},
    {"qiwang.v1.TIE_BREAK_KIND_CUMULATIVE_SCORE",
     {"累进分", "cumulative score"}},
    {"qiwang.v1.TIE_BREAK_KIND_WINS_WITH_BLACK",
     {"后走胜局", "wins with black"}},
    // tournament_service.proto
    {"qiwang.v1.PLAYER_STATUS_REGISTERED", {"已报名", "registered"}},
    {"qiwang.v1.PLAYER_STATUS_CHECKED_IN", {"已报到", "checked in"}},
    {"qiwang.v1.PLAYER_STATUS_EXCUSED", {"已准假", "excused"}},
    {"qiwang.v1.PLAYER_STATUS_WITHDRAWN", {"已退赛", "withdrawn"}},
    // audit_service.proto
    {"qiwang.v1.ListRulingsRequest.APPEALED_FILTER_APPEALED",
     {"已申诉", "appealed"}},
    {"qiwang.v1.ListRulingsRequest.APPEALED_FILTER_NOT_APPEALED",
     {"未申诉", "not appealed"}},
    // event_log_service.proto
    {"qiwang.v1.ExpectedVersion.KIND_ANY", {"任意版本", "any version"}},
    {"qiwang.v1.ExpectedVersion.KIND_NO_STREAM",
     {"流尚不存在", "no stream yet"}},
    {"qiwang.v1.ExpectedVersion.KIND_EXACT", {"指定版本", "exact version"}},
    // export_service.proto
    {"qiwang.v1.TRF_FORMAT_TRF16", {"TRF16 格式", "TRF16"}},
    {"qiwang.v1.TRF_FORMAT_TRF2026", {"TRF-2026 格式", "TRF-2026"}},
    {"qiwang.v1.REPORT_FORMAT_MARKDOWN", {"Markdown 文本", "Markdown"}},
    {"qiwang.v1.REPORT_FORMAT_CSV", {"CSV 表格", "CSV"}},
};

const absl::flat_hash_map<std::string, const Words*>& ByValue() {
  static const auto* const by_value = [] {
    auto* map = new absl::flat_hash_map<std::string, const Words*>();
    for (const Entry& entry : kEntries) map->emplace(entry.value, &entry.words);
    return map;
  }();
  return *by_value;
}

}  // namespace

const Words* FindEnumWords(const google::protobuf::EnumValueDescriptor& value) {
  const auto found = ByValue().find(value.full_name());
  return found == ByValue().end() ? nullptr : found->second;
}

std::string SayValue(const google::protobuf::EnumValueDescriptor* value,
                     Lang lang) {
  const Words* words = value == nullptr ? nullptr : FindEnumWords(*value);
  if (words == nullptr) return lang == Lang::kZh ? "未指定" : "unspecified";
  return lang == Lang::kZh ? words->zh : words->en;
}

std::string SayBothValue(const google::protobuf::EnumValueDescriptor* value) {
  std::string english = SayValue(value, Lang::kEn);
  english[0] = absl::ascii_toupper(static_cast<unsigned char>(english[0]));
  return absl::StrCat(SayValue(value, Lang::kZh), " ", english);
}

}  // namespace qiwang::words
