#include "clients/web/organiser_words.h"

#include "clients/web/word_table.h"

namespace qiwang::web {
namespace {

constexpr Word kWords[] = {
    {"template", "模板", "Template"},
    {"tournament_id", "赛事编号(小写字母、数字、连字符)",
     "Tournament id (lower-case letters, digits, hyphens)"},
    {"name_zh", "中文名称", "Name in Chinese"},
    {"name_en", "英文名称", "Name in English"},
    {"first_day", "第一轮日期(其余日期随之平移)",
     "First round's day (every other date moves with it)"},
    {"create", "创建赛事", "Create the tournament"},
    {"created", "已创建", "Created"},
    {"dates", "日期", "Dates"},
    {"time_hint", "时间格式:2016-10-14T09:30:00+08:00",
     "Times as 2016-10-14T09:30:00+08:00"},
    {"registration_deadline", "报名截止", "Registration deadline"},
    {"check_in_opens", "报到开始", "Check-in opens"},
    {"check_in_closes", "报到结束", "Check-in closes"},
    {"sections", "组别", "Sections"},
    {"max_players", "名额(0 为不限)", "Places (0: no limit)"},
    {"tie_break_chain", "区分名次顺序", "Tie-break chain"},
    {"station_quotas", "分站赛资格名额", "Station qualifiers"},
    {"prizes", "奖金(元,按名次,逗号分隔)",
     "Prize money (yuan, by rank, comma-separated)"},
    {"schedule", "赛程", "Schedule"},
    {"round", "轮次", "Round"},
    {"starts", "开始时间", "Starts"},
    {"all_sections", "全部组别", "All sections"},
    {"amend", "保存修改", "Save the changes"},
    {"saved", "已保存", "Saved"},
};

kainjow::mustache::data Build(Lang lang) {
  kainjow::mustache::data object;
  SetWords(kWords, lang, object);
  return object;
}

}  // namespace

const kainjow::mustache::data& OrganiserWords(Lang lang) {
  static const auto* const zh = new kainjow::mustache::data(Build(Lang::kZh));
  static const auto* const en = new kainjow::mustache::data(Build(Lang::kEn));
  return lang == Lang::kZh ? *zh : *en;
}

}  // namespace qiwang::web
