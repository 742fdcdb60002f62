#include "clients/web/official_words.h"

#include <string>
#include <utility>

#include "absl/strings/ascii.h"
#include "clients/web/word_table.h"
#include "qiwang/v1/registration_events.pb.h"
#include "qiwang/v1/ruling_events.pb.h"
#include "qiwang/v1/tournament_config.pb.h"
#include "qiwang/v1/tournament_service.pb.h"
#include "words/enum_words.h"

namespace qiwang::web {
namespace {

constexpr Word kWords[] = {
    {"officials", "裁判工作台", "Officials"},
    {"sign_in", "登录", "Sign in"},
    {"sign_out", "退出", "Sign out"},
    {"token", "令牌", "Token"},
    {"token_hint", "粘贴您的令牌;它只保存在本标签页中。",
     "Paste your token; it is kept in this tab only."},
    {"signed_in_as", "已登录", "Signed in as"},
    {"arbiter", "裁判员", "Arbiter"},
    {"pairing", "编排", "Pairing"},
    {"committee", "仲裁委员会", "Committee"},
    {"checkin", "报到", "Check-in"},
    {"chief", "裁判长", "Chief arbiter"},
    {"organiser", "组委会", "Organiser"},
    {"create", "新建赛事", "New tournament"},
    {"section", "组别", "Section"},
    {"my_tables", "我的台次", "My tables"},
    {"from", "从", "from"},
    {"to", "到", "to"},
    {"show", "显示", "Show"},
    {"pending", "待发送", "Pending"},
    {"undo", "撤销", "Undo"},
    {"scan", "扫码", "Scan a card"},
    {"scan_unsupported", "此浏览器不能扫码，请输入编号或姓名。",
     "This browser cannot scan codes: type the number or the name."},
    {"queued", "待发送", "queued"},
    {"refused", "被拒绝", "Refused"},
    {"clear", "清除", "Clear"},
    {"offline", "离线:结果已存于本设备,联网后发送。",
     "Offline: results are kept on this device and sent when the connection "
     "returns."},
    {"foul", "犯规", "Foul"},
    {"player", "棋手", "Player"},
    {"kind", "类别", "Kind"},
    {"note", "说明", "Note"},
    {"record", "记录", "Record"},
    {"red_late", "红方迟到", "Red late"},
    {"black_late", "黑方迟到", "Black late"},
    {"no_round", "尚未编排轮次。", "No round published yet."},
    {"proposal", "下一轮预览", "Next round, proposed"},
    {"publish", "发布轮次", "Publish round"},
    {"cost", "编排代价 (R6.5)", "Pairing cost (R6.5)"},
    {"amend", "修改对阵", "Amend pairings"},
    {"reason", "理由", "Reason"},
    {"override_r63", "裁判长批准违反 R6.3", "Chief arbiter's R6.3 override"},
    {"red_id", "红方编号", "Red player id"},
    {"black_id", "黑方编号", "Black player id"},
    {"bye_id", "轮空编号", "Bye player id"},
    {"no_appeals", "没有待决申诉。", "No pending appeal."},
    {"appeal", "申诉", "Appeal"},
    {"grounds", "理由", "Grounds"},
    {"history", "裁决经过", "Ruling's history"},
    {"what_if", "假如", "What if"},
    {"upheld_with", "支持申诉并改判为", "Upheld, the result changed to"},
    {"what_if_upheld", "申诉 {appeal} 成立并改判为{result}，对比驳回",
     "Appeal {appeal} upheld, the result changed to {result}, versus "
     "dismissed"},
    {"what_if_without", "撤销原裁决（{ruling}），对比维持原裁决",
     "Without the ruling ({ruling}) versus with it"},
    {"rank", "名次", "Rank"},
    {"score", "积分", "Score"},
    {"tie_breaks", "小分", "Tie-breaks"},
    {"prize", "奖金", "Prize"},
    {"with", "有", "with"},
    {"without", "无", "without"},
    {"decide", "裁定", "Decide"},
    {"dismiss", "驳回", "Dismiss"},
    {"uphold", "支持", "Uphold"},
    {"remedy_result", "改判结果", "Result changed to"},
    {"replay_at", "重赛时间", "Replay at"},
    {"replay_place", "重赛地点（如 1 号台）", "Replay place (e.g. table 1)"},
    {"late_replay_reason", "重赛不早于下一轮开始时，说明理由",
     "If the replay is not before the next round starts: why"},
    {"votes_uphold", "支持票", "Votes to uphold"},
    {"votes_dismiss", "驳回票", "Votes to dismiss"},
    {"votes_abstain", "弃权票", "Abstentions"},
    {"reasoning", "理由", "Reasoning"},
    {"search", "查找棋手 (编号、抽签序号或姓名)",
     "Find a player (id, pairing no. or name)"},
    {"player_id", "棋手编号", "Player id"},
    {"pairing_number", "抽签序号", "Pairing no."},
    {"check_in", "报到", "Check in"},
    {"excuse", "准假", "Excuse absence"},
    {"close_check_in", "结束报到", "Close check-in"},
    {"documents", "已查验证件", "Documents seen"},
    {"status_closed", "报到已结束", "Check-in closed"},
    {"still_expected", "尚未报到", "Still expected"},
    {"correct", "更正结果", "Correct a result"},
    {"board_no", "台次", "Board"},
    {"tie_lots", "抽签定名次 (R7.3)", "Tie lots (R7.3)"},
    {"ranking", "名次类别", "Ranking"},
    {"player_ids", "棋手编号(按抽签顺序,逗号分隔)",
     "Player ids (in the order drawn, comma-separated)"},
    {"decline", "放弃决赛名额 (R8.3)", "Declined final place (R8.3)"},
    {"late_admission", "补报名 (R4.1)", "Late admission (R4.1)"},
    {"file_appeal", "提出申诉 (R9.2)", "File an appeal (R9.2)"},
    {"appealed_ruling", "被申诉的裁决", "Ruling appealed"},
    {"appellant", "申诉人", "Appellant"},
    {"official_appeals", "本人（裁判员）", "Myself (the official)"},
    {"no_rulings", "尚无可申诉的裁决。", "No ruling to appeal yet."},
    {"name", "姓名", "Name"},
    {"id_number", "身份证号", "ID number"},
    {"gender", "性别", "Gender"},
    {"birth_date", "出生日期", "Birth date"},
    {"title", "称号", "Title"},
    {"residency", "籍贯/工作地 (R2.5)", "Residency (R2.5)"},
    {"order_as_drawn", "按上列抽签顺序", "In the order listed (drawn by hand)"},
    {"insurance", "已确认保险", "Insurance confirmed"},
    {"registrar", "报名登记", "Registrar"},
    {"station_ranking", "站赛成绩 (R3)", "Station ranking (R3)"},
    {"station", "站赛编号", "Station id"},
    {"date", "比赛日期", "Date played"},
    {"ranking_file", "成绩文件 (CSV 或 xlsx)", "Ranking file (CSV or xlsx)"},
    {"ranking_columns", "每行一名,依名次 (xlsx 读第一个工作表):",
     "One player a line, by rank (xlsx: its first sheet):"},
    {"upload", "上传", "Upload"},
    {"ranking_unread", "成绩文件未能读取:", "The ranking was not read: "},
    {"station_recorded", "已记录站赛", "Recorded station"},
    {"players_recorded", "名", "players"},
    {"register", "报名 (R2)", "Register a player (R2)"},
    {"unit", "代表单位", "Unit"},
    {"derived", "按出生日期和性别 (R2.2)", "By birth date and gender (R2.2)"},
    {"enters_section", "将进入组别", "Enters section"},
    {"withdraw", "退赛", "Withdraw a player"},
    {"entered_by_section", "各组别报名人数", "Registered players by section"},
    {"entered", "人数", "Players"},
    {"still_missing", "尚未报名的资格选手 (R3)",
     "Qualifiers not registered yet (R3)"},
    {"none_missing", "资格选手均已报名。", "Every qualifier is registered."},
    {"station_rank", "站赛名次", "Station rank"},
    {"birth_year", "出生年份", "Born"},
    {"send", "提交", "Submit"},
    {"done", "已完成", "Done"},
    // The organiser's pages.
    {"template", "模板", "Template"},
    {"tournament_id", "赛事编号(小写字母、数字、连字符)",
     "Tournament id (lower-case letters, digits, hyphens)"},
    {"name_zh", "中文名称", "Name in Chinese"},
    {"name_en", "英文名称", "Name in English"},
    {"first_day", "第一轮日期(其余日期随之平移)",
     "First round's day (every other date moves with it)"},
    {"create_tournament", "创建赛事", "Create the tournament"},
    {"created", "已创建", "Created"},
    {"dates", "日期", "Dates"},
    {"time_hint", "时间格式:2016-10-14T09:30:00+08:00",
     "Times as 2016-10-14T09:30:00+08:00"},
    {"registration_deadline", "报名截止", "Registration deadline"},
    {"check_in_opens", "报到开始", "Check-in opens"},
    {"check_in_closes", "报到结束", "Check-in closes"},
    {"max_players", "名额(0 为不限)", "Places (0: no limit)"},
    {"swiss_rounds", "轮数(R2.4,至少 1 轮)", "Rounds (R2.4, at least 1)"},
    {"tie_break_chain", "区分名次顺序", "Tie-break chain"},
    {"station_quotas", "分站赛资格名额", "Station qualifiers"},
    {"prizes", "奖金(元,按名次,逗号分隔)",
     "Prize money (yuan, by rank, comma-separated)"},
    {"all_sections", "全部组别", "All sections"},
    {"save_changes", "保存修改", "Save the changes"},
    {"saved", "已保存", "Saved"},
};

kainjow::mustache::data Build(Lang lang) {
  kainjow::mustache::data object;
  SetWords(kWords, lang, object);
  // The enums' words, as words/ has them.
  const google::protobuf::EnumDescriptor* documents =
      v1::CheckInDocument_descriptor();
  for (int i = 0; i < documents->value_count(); ++i) {
    object.set(documents->value(i)->name(),
               words::SayValue(documents->value(i), lang));
  }
  object.set("remedy_foul_removed",
             words::Say(v1::REMEDY_KIND_FOUL_REMOVED, lang));
  object.set("remedy_none", words::Say(v1::REMEDY_KIND_NO_STATE_CHANGE, lang));
  object.set("remedy_replay", words::Say(v1::REMEDY_KIND_GAME_REPLAYED, lang));
  // Statuses head the desk's counts: "Registered 8 · Checked in 8".
  for (const auto& [key, status] :
       {std::pair{"registered", v1::PLAYER_STATUS_REGISTERED},
        std::pair{"checked_in", v1::PLAYER_STATUS_CHECKED_IN},
        std::pair{"excused", v1::PLAYER_STATUS_EXCUSED},
        std::pair{"withdrawn", v1::PLAYER_STATUS_WITHDRAWN}}) {
    std::string heading = words::Say(status, lang);
    heading[0] = absl::ascii_toupper(static_cast<unsigned char>(heading[0]));
    object.set(key, heading);
  }
  object.set("male", words::Say(v1::GENDER_MALE, lang));
  object.set("female", words::Say(v1::GENDER_FEMALE, lang));
  return object;
}

}  // namespace

const kainjow::mustache::data& OfficialWords(Lang lang) {
  static const auto* const zh = new kainjow::mustache::data(Build(Lang::kZh));
  static const auto* const en = new kainjow::mustache::data(Build(Lang::kEn));
  return lang == Lang::kZh ? *zh : *en;
}

}  // namespace qiwang::web
