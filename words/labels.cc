#include "words/labels.h"

#include <iterator>

namespace qiwang::words {
namespace {

struct Translation {
  const char* zh;
  const char* en;
};

// Indexed by Label.
constexpr Translation kTranslations[] = {
    {"位置", "position"},
    {"流", "stream"},
    {"版本", "version"},
    {"时间", "time"},
    {"操作者", "actor"},
    {"理由", "reason"},
    {"内容", "content"},
    {"字段", "field"},
    {"值", "value"},
    {"首位置", "first position"},
    {"末位置", "last position"},
    {"流版本", "stream version"},
    {"重放", "replayed"},
    {"是", "yes"},
    {"否", "no"},
    {"已追上", "caught up"},
    {"命令编号", "command id"},
    {"编号", "player"},
    {"姓名", "name"},
    {"性别", "gender"},
    {"出生年", "born"},
    {"组别", "section"},
    {"状态", "status"},
    {"分站", "station"},
    {"名次", "rank"},
    {"已在他站取得资格", "qualified at"},
    {"顺延", "substitute"},
    {"身份证号", "id number"},
    {"出生日期", "birth date"},
    {"材料", "documents"},
    {"已报名", "registered"},
    {"已报到", "checked in"},
    {"已请假", "excused"},
    {"已弃权", "withdrawn"},
    {"报到已截止", "check-in closed"},
    {"截至位置", "as of position"},
    {"赛事", "tournament"},
    {"手动时钟", "manual clock"},
    {"起始轮次", "from round"},
    {"替补", "replaces"},
    {"补报", "late"},
    {"轮次", "round"},
    {"台次", "board"},
    {"红方", "red"},
    {"黑方", "black"},
    {"结果", "result"},
    {"轮空", "bye"},
    {"积分", "score"},
    {"序号", "no."},
    {"已调整", "amended"},
    {"已赛完", "complete"},
    {"发布位置", "published at"},
    {"对手", "opponent"},
    {"执色", "colour"},
    {"局数", "games"},
    {"奖金(元)", "prize (yuan)"},
    {"奖杯", "trophy"},
    {"证书", "certificate"},
    {"全国决赛名额", "national final"},
    {"放弃", "passed over"},
    {"暂定", "provisional"},
    {"R6.5 代价", "R6.5 cost"},
    {"记录者", "recorded by"},
    {"R6.3 违例", "R6.3 violations"},
    {"截至轮次", "after round"},
    {"名次类别", "ranking"},
    {"犯规", "fouls"},
    {"总分", "total"},
    {"已发布轮次", "rounds published"},
    {"裁决编号", "ruling id"},
    {"类别", "kind"},
    {"申诉", "appeal"},
    {"申诉方", "appellant"},
    {"申诉理由", "grounds"},
    {"裁定", "decision"},
    {"补救", "remedy"},
    {"表决", "votes"},
    {"提出者", "filed by"},
    {"裁定者", "decided by"},
    {"有效", "standing"},
    {"摘要", "summary"},
    {"事件编号", "event id"},
    {"角色", "role"},
    {"载荷", "payload"},
    {"变化", "changed"},
    {"奖金", "prize"},
    {"完好", "ok"},
    {"已核对事件", "events checked"},
    {"摘要值 SHA-256", "digest SHA-256"},
    {"问题", "problems"},
    {"种子", "seed"},
    {"抽签顺序", "drawn order"},
    {"申诉编号", "appeals"},
    {"提出时间", "filed at"},
    {"裁定时间", "decided at"},
    {"裁定理由", "reasoning"},
    {"比较", "compared"},
    {"跳过的事件", "skipped events"},
    {"棋手", "players"},
    {"文件", "file"},
    {"字节", "bytes"},
};
static_assert(std::size(kTranslations) ==
              static_cast<size_t>(Label::kBytes) + 1);

}  // namespace

std::string Text(Label label, Lang lang) {
  const Translation& translation = kTranslations[static_cast<size_t>(label)];
  return lang == Lang::kZh ? translation.zh : translation.en;
}

}  // namespace qiwang::words
