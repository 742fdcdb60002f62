#include "words/refusal_templates.h"

#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "base/refusal_details.h"
#include "base/refusal_kinds.h"
#include "words/refusal_values.h"

namespace qiwang::words {
namespace {

namespace kinds = base::refusal;

const absl::flat_hash_map<absl::string_view, Words>& Templates() {
  static const auto* const kTemplates = new absl::flat_hash_map<
      absl::string_view, Words>({
      {kinds::kFieldRequired, {"请填写{field}。", "{field} is required"}},
      {kinds::kTextTooLong,
       {"{field}太长：{bytes} 字节，最多 {limit} 字节。",
        "{field} is {bytes} bytes, at most {limit}"}},
      {kinds::kLatinLettersOnly,
       {"{field}只能用拉丁字母等 ASCII 字符书写（如 Wang Wu），第 {byte} "
        "个字节不是。",
        "{field}: printable Latin letters only (ASCII, e.g. Wang Wu); byte "
        "{byte} is not"}},
      {kinds::kControlCharacter,
       {"{field}只能是一行文字，不能含换行或控制字符。",
        "{field} holds a control character; one line of text only"}},
      {kinds::kChoiceUnspecified, {"请选择{field}。", "choose {field}"}},
      {kinds::kUnknownOption,
       {"{field}的取值 {value} 无法识别。", "{field}: unknown value {value}"}},
      {kinds::kNegativeValue, {"{field}不能是负数。", "{field} is negative"}},
      {kinds::kAtLeastOne, {"{field}至少为 1。", "{field} must be at least 1"}},
      {kinds::kDuplicateId,
       {"{field}「{id}」已被使用，代号不能重复。",
        "{field}: '{id}' is used twice"}},
      {kinds::kIdCharacters,
       {"{field}「{id}」只能由字母、数字和“-”“_”“.”组成。",
        "{field}: '{id}' may hold only letters, digits, '-', '_' and '.'"}},
      {kinds::kNameEmpty,
       {"{field}须有中文或英文。",
        "{field} needs a Chinese or an English text"}},
      {kinds::kListEmpty,
       {"{field}至少要有一项。", "{field} needs at least one entry"}},
      {kinds::kNoSuchSection,
       {"{field}：没有代号为「{section}」的组别。",
        "{field}: no section '{section}'"}},
      {kinds::kNotACalendarDate,
       {"{field} {date} 不是 {first} 年至 {last} 年间的日期。",
        "{field}: {date} is not a calendar date between {first} and {last}"}},
      {kinds::kUnknownTimeZone,
       {"{field}「{zone}」无法识别，请填写如 Asia/Shanghai 的时区名。",
        "{field}: unknown time zone '{zone}'"}},
      {kinds::kBirthBoundsCrossed,
       {"{field}早于最早出生日期，没有人能参赛。",
        "{field} is earlier than born_on_or_after"}},
      {kinds::kTitleBoundsCrossed,
       {"{field}不高于最低称号，没有称号可以参赛。",
        "{field} admits no title above min_title"}},
      {kinds::kPlayerLimitOutOfRange,
       {"{field}须为 1 至 {limit}，或 0（即 {limit}）；填写的是 {value}。",
        "{field}: 0 ({limit}) or 1..{limit}, got {value}"}},
      {kinds::kTimeControlInvalid,
       {"{field}的基本用时须大于 0，每步加秒不能是负数。",
        "{field}: base minutes must be positive and the increment not "
        "negative"}},
      {kinds::kRoundRobinOption,
       {"{field}只适用于循环赛，此组别是积分编排。",
        "{field} is set on a Swiss section; round robins only"}},
      {kinds::kSwissOption,
       {"{field}只适用于积分编排，此组别是循环赛。",
        "{field} is set on a round robin section; Swiss sections only"}},
      {kinds::kAbsoluteRoundsOutOfRange,
       {"{field}须在 0 至 {rounds}（该组别的轮数）之间；填写的是 {value}。",
        "{field}: {value} is not 0..{rounds}, the section's rounds"}},
      {kinds::kStationKindWithoutQuota,
       {"{field}：{station_kind}没有设定晋级名额。",
        "{field}: no quota for {station_kind}"}},
      {kinds::kDuplicateQuota,
       {"{field}：{station_kind}的晋级名额已经设定过。",
        "{field}: a second quota for {station_kind}"}},
      {kinds::kCheckInClosesBeforeOpens,
       {"{field}须晚于报到开始时间。", "{field} is not after check_in.opens"}},
      {kinds::kLateForfeitTooLong,
       {"{field}为 {minutes} 分钟，超过组别 {section} 的基本用时 {base} "
        "分钟：迟到这么久的棋手已经超时判负。",
        "{field}: {minutes} is more than the base time of section "
        "'{section}' ({base} minutes)"}},
      {kinds::kWinNotAboveLoss,
       {"{field}：胜局得分须高于负局得分。", "{field} needs win > loss"}},
      {kinds::kDrawOutsideWinAndLoss,
       {"{field}为 {points} 分，不在负局 {loss} 分与胜局 {win} 分之间。",
        "{field}: {points} is not between loss {loss} and win {win}"}},
      {kinds::kRankingRecordShape,
       {"{place}：每行应为 名次,姓名,身份证号码,出生日期,性别[,拼音姓名]。",
        "{place}: expected "
        "rank,name,id_number,birth_date,gender[,latin_name]"}},
      {kinds::kRankingOutOfOrder,
       {"{place}是 {rank}，此处应为 {due}：名次须从 1 起依次排列。",
        "{place}: {rank} where {due} was due"}},
      {kinds::kNotUtf8Text,
       {"{place}不是 UTF-8 文字：文件大概是以 GBK "
        "保存的，请在表格软件中另存为“CSV "
        "UTF-8”后再上传。",
        "{place}: not UTF-8 text (a file saved as GBK? save it as CSV UTF-8)"}},
      {kinds::kNotADate,
       {"{place}「{text}」不是日期，请写成 1980-01-31 这样。",
        "{place}: not a date like 1980-01-31 (got '{text}')"}},
      {kinds::kGenderLetter,
       {"{place}「{text}」应为 m（男）或 f（女）。",
        "{place}: m or f (got '{text}')"}},
      {kinds::kStationKindWord,
       {"{place}「{text}」应为 city（地市州分站赛）、enterprise（企业界比赛）"
        "或 youth（省青少年比赛）。",
        "{place}: city, enterprise or youth (got '{text}')"}},
      {kinds::kResultAlreadyRecorded,
       {"组别 {section} 第 {round} 轮第 {board} 台已有成绩：{result}，由 "
        "{by}（{role}）于 {at} {how}（日志位置 {position}）；"
        "更改成绩须由裁判长更正。",
        "board {board} of round {round} of section '{section}' has a "
        "result already: {result} {how} by {by} ({role}) at {at}, log "
        "position {position}; changing it is a correction by the chief "
        "arbiter"}},
      {kinds::kRoundNotPublished,
       {"组别 {section} 第 {round} 轮尚未公布（已公布 {published} 轮）。",
        "round {round} of section '{section}' is not published "
        "({published} rounds are)"}},
      {kinds::kBoardNotInRound,
       {"组别 {section} 第 {round} 轮没有第 {board} 台（该轮共 {boards} "
        "台）。",
        "round {round} of section '{section}' has no board {board} (it "
        "has {boards})"}},
      {kinds::kNoResultToCorrect,
       {"组别 {section} 第 {round} 轮第 {board} 台尚无成绩，无可更正；"
        "成绩由裁判员记录。",
        "board {board} of round {round} of section '{section}' has no "
        "result to correct; an arbiter records it"}},
      {kinds::kCorrectionChangesNothing,
       {"组别 {section} 第 {round} 轮第 {board} 台已是此成绩：{result}，由 "
        "{by}（{role}）于 {at} {how}（日志位置 {position}）。",
        "board {board} of round {round} of section '{section}' has this "
        "result already: {result} {how} by {by} ({role}) at {at}, log "
        "position {position}"}},
      {kinds::kCorrectionIsTheChiefs,
       {"更正成绩须由裁判长进行，{role}不能更正。",
        "correcting a result is the chief arbiter's, not the {role}'s"}},
      {kinds::kFoulPlayerNotPaired,
       {"棋手 {player}（{name}）未参加组别 {section} 第 {round} "
        "轮的对局，不能记录其犯规。",
        "player {player} ({name}) is not paired in round {round} of "
        "section '{section}'"}},
      {kinds::kOverrideIsTheChiefs,
       {"只有裁判长可以越过规程 R6.3 调整编排，{role}不能。",
        "only the chief arbiter may override R6.3, not the {role}"}},
      {kinds::kRoundHasStarted,
       {"组别 {section} 第 {round} 轮已开始：第 {board} "
        "台已有成绩，不能再调整编排。",
        "round {round} of section '{section}' has started: board {board} "
        "has a result"}},
      {kinds::kRegistrationClosed,
       {"报名已于 {closes} 截止；逾期报名只能由裁判长接纳。",
        "registration closed at {closes}; only the chief arbiter may admit a "
        "late entry"}},
      {kinds::kLateAdmissionIsTheChiefs,
       {"报名已于 {closes} 截止；接纳逾期报名须由裁判长进行，{role}不能。",
        "registration closed at {closes}; a late admission is the chief "
        "arbiter's, not the {role}'s"}},
      {kinds::kLotsBeforeAllResults,
       {"须在全部轮次结束后才能抽签决定名次；组别 {section} 第 {round} "
        "轮尚有对局没有成绩。",
        "lots break a tie after all rounds; round {round} of section "
        "'{section}' has games without a result"}},
      {kinds::kAlreadyCheckedIn,
       {"棋手 {player}（{name}）已经报到。",
        "player {player} ({name}) has already checked in"}},
      {kinds::kCheckInNotOpen,
       {"报到时间为 {opens} 至 {closes}，现在是 {now}，不在报到时间内。",
        "check-in is open {opens} .. {closes}; now is {now}"}},
      {kinds::kDocumentsMissing,
       {"棋手 {player}（{name}）报到缺少：{missing}。",
        "player {player} ({name}) lacks: {missing}"}},
      {kinds::kNotCheckedInByClose,
       {"报到已截止，棋手 {player}（{name}）未在截止前报到。",
        "check-in is closed; player {player} ({name}) did not check in by "
        "its end"}},
      {kinds::kCloseCheckInIsTheChiefs,
       {"截止报到须由裁判长进行，{role}不能。",
        "closing check-in is the chief arbiter's, not the {role}'s"}},
      {kinds::kCheckInWindowNotOver,
       {"报到时间至 {closes} 结束，此前不能截止报到。",
        "check-in cannot close before its window ends at {closes}"}},
      {kinds::kCheckInAlreadyClosed,
       {"报到已经截止。", "check-in is already closed"}},
      {kinds::kAppealWindowClosed,
       {"对裁决 {ruling}（{ruling_kind}，日志位置 {ruling_position}，{at} "
        "作出）的申诉须在 {window}内提出，已于 {closes} 截止，现已逾期 "
        "{late}。",
        "the appeal window of {window} after ruling {ruling} ({ruling_kind} "
        "at position {ruling_position}) at {at} closed at {closes}; late by "
        "{late}"}},
      {kinds::kAppellantNotConcerned,
       {"裁决 {ruling}（{ruling_kind}，日志位置 {ruling_position}）不涉及"
        "{appellant}，它涉及的是棋手 {players}。",
        "ruling {ruling} ({ruling_kind} at position {ruling_position}) does "
        "not concern {appellant}; it concerns players {players}"}},
      {kinds::kAlreadyAppealed,
       {"{appellant} 已对裁决 {ruling}（{ruling_kind}，日志位置 "
        "{ruling_position}）提出申诉：第 {appeal} 号申诉尚待裁定。",
        "{appellant} appealed ruling {ruling} ({ruling_kind} at position "
        "{ruling_position}) already: appeal {appeal} is pending"}},
      {kinds::kAppealDecided,
       {"第 {appeal} 号申诉已于日志位置 {decided_position} "
        "裁定（{appeal_status}），仲裁委员会的裁定为最终裁定。",
        "appeal {appeal} was {appeal_status} at position {decided_position}; "
        "the decision is final"}},
      {kinds::kVotesDoNotUphold,
       {"表决（成立 {uphold} 票，驳回 {dismiss} 票，弃权 {abstain} "
        "票）不能裁定申诉成立：成立票须多于驳回票。",
        "the votes (uphold {uphold}, dismiss {dismiss}, abstain {abstain}) "
        "do not uphold the appeal; upholding needs more votes to uphold than "
        "to dismiss"}},
      {kinds::kVotesUphold,
       {"表决（成立 {uphold} 票，驳回 {dismiss} 票，弃权 {abstain} "
        "票）支持申诉成立，不能驳回。",
        "the votes (uphold {uphold}, dismiss {dismiss}, abstain {abstain}) "
        "uphold the appeal; it cannot be dismissed"}},
      {kinds::kDeciderMadeTheRuling,
       {"{user} 作出了裁决 {ruling}（{ruling_kind}，日志位置 "
        "{ruling_position}），不能裁定对它的申诉。",
        "{user} made ruling {ruling} ({ruling_kind} at position "
        "{ruling_position}) and may not decide its appeal"}},
      {kinds::kNoSectionAdmits,
       {"没有组别接受出生于 {born} 的{gender}性棋手。",
        "no section admits {gender} entrants born {born}"}},
      {kinds::kBirthOutsideSection,
       {"出生日期为 {born}，组别 {section} 只接受 {births}出生的棋手{fits}。",
        "born {born}, section {section} admits births {births}{fits}"}},
      {kinds::kGenderNotAdmitted,
       {"组别 {section} 只接受{genders}性棋手。",
        "section {section} admits {genders} only"}},
      {kinds::kTitleBelowSection,
       {"组别 {section} 要求{least_title}或以上称号（该棋手：{title}）。",
        "section {section} needs the title {least_title} or above; the "
        "entrant holds {title}"}},
      {kinds::kTitleAboveSection,
       {"组别 {section} 只接受称号低于{title_below}的棋手（该棋手：{title}"
        "）。",
        "section {section} admits only titles below {title_below}; the "
        "entrant holds {title}"}},
      {kinds::kResidencyRequired,
       {"组别 {section} 只接受{region}户籍或在{region}工作的棋手。",
        "section {section} admits only natives of or workers in {region}"}},
      {kinds::kInsuranceNotConfirmed,
       {"未确认已购买人身意外伤害保险。",
        "personal accident insurance not confirmed"}},
      {kinds::kAlreadyRegistered,
       {"{name} 已登记为棋手 {player}（组别 {section}），不能重复报名。",
        "{name} is already registered as player {player} in {section}"}},
      {kinds::kRegistrationStillOpen,
       {"报名开放至 {closes}，逾期接纳只用于截止以后的报名。",
        "registration is open until {closes}; late_admission is only for "
        "entries after it"}},
      {kinds::kPairingBeforeCheckInCloses,
       {"报到尚未截止，第 1 轮须在报到截止后编排。",
        "check-in is open; round 1 is paired after it closes"}},
      {kinds::kPreviousRoundIncomplete,
       {"组别 {section} 第 {round} 轮尚未结束：第 {open_boards} "
        "台还没有成绩。",
        "round {round} of section '{section}' is incomplete: boards "
        "{open_boards} have no result"}},
      {kinds::kAllRoundsPaired,
       {"组别 {section} 共 {rounds} 轮，已全部编排。",
        "section '{section}' plays {rounds} rounds; all are paired"}},
      {kinds::kSchedulePublished,
       {"组别 {section} 的循环赛赛程已经公布。",
        "the round robin schedule of section '{section}' is published "
        "already"}},
      {kinds::kNotTheNextRound,
       {"第 {round} 轮不是组别 {section} 的下一轮（下一轮是第 {next} 轮）。",
        "round {round} of section '{section}' is not its next round "
        "({next})"}},
      {kinds::kRoundOneNeedsLots,
       {"组别 {section} 第 1 轮须附抽签结果及其种子。",
        "round 1 of section '{section}' needs drawn lots with their seed"}},
      {kinds::kLotsDrawnOnce,
       {"组别 {section} 只在第 1 轮抽签一次。",
        "lots of section '{section}' are drawn once, with round 1"}},
      {kinds::kLotsBeforeAllRounds,
       {"须在全部轮次结束后才能抽签决定名次；组别 {section} 已公布 "
        "{published} 轮，共 {rounds} 轮。",
        "lots break a tie after all rounds; section '{section}' has "
        "published {published} of {rounds} rounds"}},
      {kinds::kLotsAmongTooFew,
       {"抽签须在两名或以上同分棋手之间进行。",
        "lots are drawn among two or more tied players"}},
      {kinds::kNotInRanking,
       {"棋手 {player}（{name}）不在{ranking}的名次中。",
        "player {player} ({name}) is not in ranking '{ranking}'"}},
      {kinds::kTieLotsDrawnAlready,
       {"{ranking}名次中这几名棋手的抽签已于日志位置 {position} 进行。",
        "lots among these players in ranking '{ranking}' were drawn at "
        "position {position}"}},
      {kinds::kRankNotShared,
       {"抽签只用于名次相同的棋手；{ranking}名次中：{ranks}。",
        "lots break a shared rank only; in ranking '{ranking}' {ranks}"}},
      {kinds::kNoFinalPlaces,
       {"{ranking}不产生全国决赛名额。",
        "ranking '{ranking}' awards no national-final places"}},
      {kinds::kFinalPlaceDeclinedAlready,
       {"棋手 {player}（{name}）已于日志位置 {position} "
        "放弃{ranking}的全国决赛名额。",
        "player {player} ({name}) declined a place in ranking '{ranking}' "
        "already, at position {position}"}},
      {kinds::kRoundBreaksRules,
       {"组别 {section} 第 {round} 轮的编排不符合规程：{violations}。",
        "round {round} of section '{section}' breaks the rules: "
        "{violations}"}},
      {kinds::kAmendmentBreaksRules,
       {"调整后的组别 {section} 第 {round} 轮编排不符合规程：{violations}；"
        "只有裁判长可以越过规程 R6.3 接受，并须说明理由。",
        "the amended round {round} of section '{section}' breaks the "
        "rules: {violations}; only the chief arbiter may accept this, with "
        "override_r63 and a reason"}},
      {kinds::kNotQualified,
       {"组别 {section} 须经分站赛取得资格；{name} "
        "既未取得资格，也未受邀替补（{stations}）。",
        "section {section} needs a station qualification; {name} is neither "
        "a qualifier nor an invited substitute ({stations})"}},
      {kinds::kNoVotes, {"未记录任何表决票。", "no vote is recorded"}},
      {kinds::kDismissedWithRemedy,
       {"驳回的申诉不附补救措施，原裁决维持。",
        "a dismissed appeal carries no remedy; the ruling stands"}},
      {kinds::kRemedyFitsResults,
       {"补救措施“{remedy}”只适用于对台次成绩的裁决；裁决 {ruling}"
        "（{ruling_kind}，日志位置 {ruling_position}）不是。",
        "remedy {remedy} fits a ruling on a board's result; ruling {ruling} "
        "({ruling_kind} at position {ruling_position}) is not one"}},
      {kinds::kRemedyFitsFouls,
       {"补救措施“{remedy}”只适用于犯规裁决；裁决 {ruling}（{ruling_kind}，"
        "日志位置 {ruling_position}）不是。",
        "remedy {remedy} fits a foul; ruling {ruling} ({ruling_kind} at "
        "position {ruling_position}) is not one"}},
      {kinds::kBoardNoLongerPublished,
       {"裁决 {ruling}（{ruling_kind}，日志位置 {ruling_position}"
        "）所涉台次已不在公布的编排中。",
        "the board of ruling {ruling} ({ruling_kind} at position "
        "{ruling_position}) is no longer published"}},
      {kinds::kFoulRemovedAlready,
       {"裁决 {ruling}（{ruling_kind}，日志位置 {ruling_position}"
        "）的犯规已被撤销。",
        "the foul of ruling {ruling} ({ruling_kind} at position "
        "{ruling_position}) is removed already"}},
      {kinds::kReplayAfterNextRound,
       {"重赛时间 {replay_at} 不早于组别 {section} 第 {round} "
        "轮的开始时间 {starts}；请在下一轮开始前重赛，或说明推迟的理由。",
        "the replay at {replay_at} is not before round {round} of section "
        "'{section}' starts at {starts}; replay the game before the next "
        "round, or say why not in remedy.late_replay_reason"}},
      {kinds::kLateReasonForTimelyReplay,
       {"重赛时间 {replay_at} 早于组别 {section} 第 {round} 轮的开始时间 "
        "{starts}，无需填写延后重赛的理由。",
        "the replay at {replay_at} is before round {round} of section "
        "'{section}' starts at {starts}; a reason for a late replay is only "
        "for a replay at or after that"}},
      {kinds::kDroppedSectionInUse,
       {"组别 {section} 已有 {players} 名棋手报名（第一位是棋手 {first}），"
        "修改后的配置不能删去它。",
        "the amendment drops section {section}, which {players} registered "
        "players are in (first: player {first})"}},
      {kinds::kDroppedStationInUse,
       {"分站赛 {station} 的成绩已记录（排名 {ranked} 人，报名棋手中 "
        "{qualified} 人经此取得资格），修改后的配置不能删去它。",
        "the amendment drops station {station}, whose results are recorded "
        "({ranked} ranked; {qualified} registered players qualified through "
        "it)"}},
      {kinds::kDroppedCategoryWithLots,
       {"排名类别 {ranking} 已按 R7.3 抽签决定名次（日志位置 {position}），"
        "修改后的配置不能删去它。",
        "the amendment drops ranking category {ranking}, which R7.3 tie lots "
        "at position {position} refer to"}},
      {kinds::kDroppedCategoryWithDecline,
       {"排名类别 {ranking} 中棋手 {player} 已放弃决赛名额（R8.3，日志位置 "
        "{position}），修改后的配置不能删去它。",
        "the amendment drops ranking category {ranking}, in which player "
        "{player} declined a final place at position {position} (R8.3)"}},
      {kinds::kRemedyRequired,
       {"维持申诉须选定补救措施：改判成绩、重赛、撤销犯规或不改变记录。",
        "an upheld appeal needs a remedy (RESULT_CHANGED, GAME_REPLAYED, "
        "FOUL_REMOVED or NO_STATE_CHANGE)"}},
      {kinds::kSectionFull,
       {"组别 {section} 已满：已有 {entered} 名棋手报名，达到该组人数上限。",
        "section {section} is full: {entered} players entered, the most it "
        "takes"}},
      {kinds::kPlayerWithdrawn,
       {"棋手 {player}（{name}）已自第 {from_round} 轮起退出比赛。",
        "player {player} ({name}) is withdrawn from round {from_round}"}},
  });
  return *kTemplates;
}

}  // namespace

absl::string_view RefusalTemplate(absl::string_view kind, Lang lang) {
  auto found = Templates().find(kind);
  if (found == Templates().end()) return "";
  return lang == Lang::kZh ? found->second.zh : found->second.en;
}

std::vector<std::string> PlaceholdersOf(absl::string_view text) {
  std::vector<std::string> keys;
  for (size_t open = text.find('{'); open != absl::string_view::npos;
       open = text.find('{', open + 1)) {
    const size_t close = text.find('}', open);
    if (close == absl::string_view::npos) break;
    keys.emplace_back(text.substr(open + 1, close - open - 1));
  }
  return keys;
}

std::string RefusalValueText(const google::rpc::ErrorInfo& info,
                             absl::string_view key, Lang lang) {
  const auto named = info.metadata().find(
      absl::StrCat(key, lang == Lang::kZh ? "_zh" : "_en"));
  if (named != info.metadata().end() && !named->second.empty()) {
    return SayRefusalValue(key, named->second, lang);
  }
  const auto value = info.metadata().find(std::string(key));
  if (value == info.metadata().end()) return "";
  return SayRefusalValue(key, value->second, lang);
}

std::optional<std::string> FillRefusalTemplate(
    const google::rpc::ErrorInfo& info, Lang lang) {
  auto kind = info.metadata().find(std::string(base::kRefusalKindKey));
  if (kind == info.metadata().end()) return std::nullopt;
  const absl::string_view text = RefusalTemplate(kind->second, lang);
  if (text.empty()) return std::nullopt;
  std::string sentence;
  size_t from = 0;
  for (size_t open = text.find('{'); open != absl::string_view::npos;
       open = text.find('{', from)) {
    const size_t close = text.find('}', open);
    const std::string key(text.substr(open + 1, close - open - 1));
    if (!info.metadata().contains(key)) return std::nullopt;
    absl::StrAppend(&sentence, text.substr(from, open - from),
                    RefusalValueText(info, key, lang));
    from = close + 1;
  }
  absl::StrAppend(&sentence, text.substr(from));
  return sentence;
}

}  // namespace qiwang::words
