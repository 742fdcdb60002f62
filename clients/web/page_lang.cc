#include "clients/web/page_lang.h"

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "clients/web/word_table.h"
#include "words/accept_language.h"

namespace qiwang::web {
namespace {

// The pages' own words; table headings reuse the CLI's (kLabelWords).
constexpr Word kWords[] = {
    {"site", "棋王 · 象棋赛事", "Qiwang · Xiangqi events"},
    {"tournaments", "赛事", "Tournaments"},
    {"no_tournaments", "尚无公开赛事。输入赛事编号:",
     "No tournament listed. Enter a tournament id:"},
    {"go", "前往", "Go"},
    {"home", "首页", "Home"},
    {"sections", "组别", "Sections"},
    {"rankings", "名次类别", "Rankings"},
    {"schedule", "赛程", "Schedule"},
    {"starts", "开始时间", "Starts"},
    {"current_round", "当前轮次", "Current round"},
    {"pairings", "对阵", "Pairings"},
    {"standings", "排名", "Standings"},
    {"crosstable", "交叉表", "Crosstable"},
    {"prizes", "奖励", "Prizes"},
    {"final_places", "全国决赛名额", "National-final places"},
    {"find", "查找我的台次", "Find my board"},
    {"print", "打印", "Print"},
    {"officials", "裁判入口", "Officials"},
    {"find_hint", "姓名或序号", "Name or pairing number"},
    {"search", "查找", "Search"},
    {"no_match", "没有找到棋手", "No player found"},
    {"card", "棋手卡片", "Player card"},
    {"card_qr", "报到时出示此二维码", "Show this code at the check-in desk"},
    {"not_paired", "尚未编排", "Not paired yet"},
    {"status_registration", "报名中", "Registration open"},
    {"status_check_in", "报到中", "Check-in"},
    {"status_ready", "报到已截止,等待第一轮",
     "Check-in closed, round 1 to be paired"},
    {"status_playing", "进行中", "In play"},
    {"status_finished", "已结束", "Finished"},
    {"of", "共", "of"},
    {"rounds_word", "轮", "rounds"},
    {"system_swiss", "积分编排制", "Swiss"},
    {"system_round_robin", "单循环", "Round robin"},
    {"system_double_round_robin", "双循环", "Double round robin"},
    {"past", "历史视图", "Past view"},
    {"now", "查看当前", "See now"},
    {"live", "实时更新", "Live"},
    {"title", "称号", "Title"},
    {"current_rank", "当前名次", "Current rank"},
    {"everyone", "全部", "All"},
    {"pending", "未赛", "pending"},
    {"lang_other", "English", "中文"},
    {"display", "大屏", "Hall screen"},
    {"error", "错误", "Error"},
    {"back", "返回首页", "Back to the start"},
};

struct LabelWord {
  const char* key;
  words::Label label;
};

constexpr LabelWord kLabelWords[] = {
    {"rank", words::Label::kRank},
    {"name", words::Label::kName},
    {"section", words::Label::kSection},
    {"station", words::Label::kStation},
    {"status", words::Label::kStatus},
    {"round", words::Label::kRound},
    {"board", words::Label::kBoard},
    {"red", words::Label::kRed},
    {"black", words::Label::kBlack},
    {"result", words::Label::kResult},
    {"bye", words::Label::kBye},
    {"score", words::Label::kScore},
    {"number", words::Label::kPairingNumber},
    {"opponent", words::Label::kOpponent},
    {"colour", words::Label::kColour},
    {"games", words::Label::kGames},
    {"money", words::Label::kMoney},
    {"trophy", words::Label::kTrophy},
    {"certificate", words::Label::kCertificate},
    {"national_final", words::Label::kNationalFinal},
    {"passed_over", words::Label::kPassedOver},
    {"provisional", words::Label::kProvisional},
    {"after_round", words::Label::kAfterRound},
    {"birth_year", words::Label::kBirthYear},
    {"withdrawn", words::Label::kWithdrawn},
    {"amended", words::Label::kAmended},
    {"yes", words::Label::kYes},
    {"tournament", words::Label::kTournament},
    {"players", words::Label::kPlayers},
};

kainjow::mustache::data BuildWords(Lang lang) {
  kainjow::mustache::data object;
  SetWords(kWords, lang, object);
  for (const LabelWord& word : kLabelWords) {
    object.set(word.key, words::Text(word.label, lang));
  }
  return object;
}

}  // namespace

absl::StatusOr<Lang> PageLang(const http::Request& request) {
  const auto lang = request.query.find("lang");
  if (lang != request.query.end()) {
    if (lang->second == "zh") return Lang::kZh;
    if (lang->second == "en") return Lang::kEn;
    return absl::InvalidArgumentError(
        absl::StrCat("lang: must be zh or en (got '", lang->second, "')"));
  }
  const auto header = request.headers.find("accept-language");
  if (header == request.headers.end()) return Lang::kZh;
  return words::LangFromAcceptLanguage(header->second, Lang::kZh);
}

absl::string_view LangCode(Lang lang) {
  return lang == Lang::kZh ? "zh" : "en";
}

const kainjow::mustache::data& PageWords(Lang lang) {
  static const auto* const zh =
      new kainjow::mustache::data(BuildWords(Lang::kZh));
  static const auto* const en =
      new kainjow::mustache::data(BuildWords(Lang::kEn));
  return lang == Lang::kZh ? *zh : *en;
}

}  // namespace qiwang::web
