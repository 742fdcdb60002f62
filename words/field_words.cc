#include "words/field_words.h"

#include <cstdint>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"

namespace qiwang::words {
namespace {

// One step of a path, or two that read better as one ("check_in.closes").
const absl::flat_hash_map<absl::string_view, absl::string_view>& StepWords() {
  static const auto* const kSteps =
      new absl::flat_hash_map<absl::string_view, absl::string_view>({
          {"id", "代号"},
          {"name", "名称"},
          {"name.zh", "中文名称"},
          {"name.en", "英文名称"},
          {"time_zone", "时区"},
          {"region", "地区"},
          {"sections", "组别"},
          {"section_id", "组别"},
          {"section_ids", "组别"},
          {"pairing_system", "编排方式"},
          {"rounds", "轮数"},
          {"time_control", "比赛用时"},
          {"max_players", "人数上限"},
          {"eligibility", "参赛资格"},
          {"born_on_or_after", "最早出生日期"},
          {"born_on_or_before", "最晚出生日期"},
          {"genders", "性别"},
          {"min_title", "最低称号"},
          {"title_below", "称号上限"},
          {"companion_over_age", "须有陪同的年龄"},
          {"tie_breaks", "同分比较"},
          {"previous_rounds", "比较前一轮成绩的方式"},
          {"bye_in_opponents_score", "轮空计入对手分的方式"},
          {"round_robin_withdrawal", "循环赛退赛的处理"},
          {"same_unit_avoidance", "同单位回避"},
          {"absolute_rounds", "绝对回避的轮数"},
          {"ranking_categories", "排名"},
          {"ranking_id", "排名"},
          {"prize_yuan", "奖金（元）"},
          {"trophies", "奖杯"},
          {"rank", "名次"},
          {"national_final_places", "全国总决赛名额"},
          {"station_quotas", "分站赛名额"},
          {"qualifiers", "晋级人数"},
          {"kind", "类别"},
          {"stations", "分站赛"},
          {"station", "分站赛"},
          {"date", "日期"},
          {"registration_deadline", "报名截止时间"},
          {"check_in.opens", "报到开始时间"},
          {"check_in.closes", "报到截止时间"},
          {"schedule", "赛程"},
          {"round", "轮次"},
          {"starts", "开始时间"},
          {"retention_days", "个人信息保留天数"},
          {"appeal_window", "申诉时限"},
          {"late_forfeit_minutes", "迟到判负的分钟数"},
          {"scoring", "计分"},
          {"win", "胜局得分"},
          {"draw", "和局得分"},
          {"loss", "负局得分"},
          {"forfeit_win", "对手弃权的得分"},
          {"forfeit_loss", "弃权的得分"},
          {"double_forfeit", "双方弃权的得分"},
          {"bye", "轮空得分"},
          {"draw_as_red", "执红和局得分"},
          {"draw_as_black", "执黑和局得分"},
          {"tournament_id", "赛事"},
          {"person", "个人信息"},
          {"birth_date", "出生日期"},
          {"gender", "性别"},
          {"id_number", "身份证号码"},
          {"latin_name", "拼音姓名"},
          {"person.name", "姓名"},
          {"person.birth_date", "出生日期"},
          {"person.gender", "性别"},
          {"person.id_number", "身份证号码"},
          {"person.latin_name", "拼音姓名"},
          {"unit", "单位"},
          {"title", "称号"},
          {"residency", "籍贯或工作证明"},
          {"reason", "理由"},
          {"note", "说明"},
          {"grounds", "申诉理由"},
          {"reasoning", "裁定理由"},
          {"ruling_id", "裁决"},
          {"remedy", "补救"},
          {"remedy.replay_at", "重赛时间"},
          {"remedy.replay_place", "重赛地点"},
          {"remedy.late_replay_reason", "延后重赛的理由"},
          {"late_replay_reason", "延后重赛的理由"},
          {"replay_place", "重赛地点"},
          {"result", "成绩"},
          {"board", "台次"},
          {"time", "时间"},
          {"stream", "日志流"},
      });
  return *kSteps;
}

struct Step {
  absl::string_view name;
  std::string index;  // "" or the 1-based number
};

std::vector<Step> StepsOf(absl::string_view path) {
  std::vector<Step> steps;
  for (absl::string_view part : absl::StrSplit(path, '.')) {
    Step step{part, ""};
    const size_t open = part.find('[');
    int64_t index = 0;
    if (open != absl::string_view::npos && part.back() == ']' &&
        absl::SimpleAtoi(part.substr(open + 1, part.size() - open - 2),
                         &index) &&
        index >= 0 && index < (int64_t{1} << 40)) {
      step.name = part.substr(0, open);
      step.index = absl::StrCat(index + 1);
    }
    steps.push_back(step);
  }
  return steps;
}

}  // namespace

std::string SayField(absl::string_view path, Lang lang) {
  if (lang == Lang::kEn) return std::string(path);
  const std::vector<Step> steps = StepsOf(path);
  const auto& words = StepWords();
  std::string said;
  bool any_words = false;
  for (size_t i = 0; i < steps.size(); ++i) {
    auto found = words.end();
    if (i + 1 < steps.size() && steps[i].index.empty()) {
      found = words.find(absl::StrCat(steps[i].name, ".", steps[i + 1].name));
      if (found != words.end()) ++i;
    }
    if (found == words.end()) found = words.find(steps[i].name);
    any_words = any_words || found != words.end();
    if (!said.empty()) {
      absl::StrAppend(&said, absl::ascii_isdigit(said.back()) ? " 的" : "的");
    }
    absl::StrAppend(&said, found != words.end() ? found->second : steps[i].name,
                    steps[i].index.empty() ? "" : " ", steps[i].index);
  }
  return any_words ? said : std::string(path);
}

}  // namespace qiwang::words
