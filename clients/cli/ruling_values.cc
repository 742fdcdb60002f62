#include "clients/cli/ruling_values.h"

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/time/time.h"
#include "base/timestamp.h"
#include "clients/cli/event_format.h"
#include "clients/cli/play_values.h"

namespace qiwang::cli {
namespace {

// One value of an enum as typed (`word`); it reads as words/ says.
template <typename Enum>
struct Spelling {
  Enum value;
  const char* word;
};

constexpr Spelling<v1::RulingKind> kRulingKinds[] = {
    {v1::RULING_KIND_RESULT, "result"},
    {v1::RULING_KIND_FORFEIT, "forfeit"},
    {v1::RULING_KIND_CORRECTION, "correction"},
    {v1::RULING_KIND_FOUL, "foul"},
    {v1::RULING_KIND_WITHDRAWAL, "withdrawal"},
    {v1::RULING_KIND_LATE_ADMISSION, "late-admission"},
    {v1::RULING_KIND_PAIRING_OVERRIDE, "pairing-override"},
    {v1::RULING_KIND_LOTS, "lots"},
    {v1::RULING_KIND_TIE_LOTS, "tie-lots"},
    {v1::RULING_KIND_FINAL_PLACE_DECLINED, "final-place-declined"},
};

constexpr Spelling<v1::AppealStatus> kAppealStatuses[] = {
    {v1::APPEAL_STATUS_PENDING, "pending"},
    {v1::APPEAL_STATUS_UPHELD, "upheld"},
    {v1::APPEAL_STATUS_DISMISSED, "dismissed"},
};

constexpr Spelling<v1::AppealDecision> kAppealDecisions[] = {
    {v1::APPEAL_DECISION_UPHELD, "upheld"},
    {v1::APPEAL_DECISION_DISMISSED, "dismissed"},
};

constexpr Spelling<v1::RemedyKind> kRemedies[] = {
    {v1::REMEDY_KIND_RESULT_CHANGED, "result"},
    {v1::REMEDY_KIND_FOUL_REMOVED, "foul-removed"},
    {v1::REMEDY_KIND_GAME_REPLAYED, "replay"},
    {v1::REMEDY_KIND_NO_STATE_CHANGE, "none"},
};

template <typename Enum, size_t N>
absl::StatusOr<Enum> Parse(const Spelling<Enum> (&spellings)[N],
                           absl::string_view text, const std::string& flag) {
  const std::string lower = absl::AsciiStrToLower(text);
  std::vector<std::string> words;
  for (const Spelling<Enum>& spelling : spellings) {
    if (lower == spelling.word) return spelling.value;
    words.push_back(spelling.word);
  }
  return absl::InvalidArgumentError(absl::StrCat("--", flag, ": one of ",
                                                 absl::StrJoin(words, ", "),
                                                 " (got '", text, "')"));
}

}  // namespace

absl::StatusOr<v1::RulingKind> ParseRulingKind(absl::string_view text,
                                               const std::string& flag) {
  return Parse(kRulingKinds, text, flag);
}
absl::StatusOr<v1::AppealStatus> ParseAppealStatus(absl::string_view text,
                                                   const std::string& flag) {
  return Parse(kAppealStatuses, text, flag);
}
absl::StatusOr<v1::AppealDecision> ParseAppealDecision(
    absl::string_view text, const std::string& flag) {
  return Parse(kAppealDecisions, text, flag);
}
std::vector<FlagSpec> RemedyFlags() {
  return {{"remedy", "KIND",
           "result, foul-removed, replay or none (what an upheld appeal "
           "changes)"},
          {"result", "R",
           "with --remedy result: the board's new result from red's side "
           "(1-0, 0-1, =, +/-, -/+, 0/0, red, black, draw)"},
          {"replay-at", "TIME",
           "with --remedy replay: RFC 3339 time of the replay"},
          {"replay-place", "TEXT", "with --remedy replay: where, e.g. table 1"},
          {"late-replay-reason", "TEXT",
           "with --remedy replay at or after the next round's start: why the "
           "game cannot be replayed before it (R6.6)"}};
}

absl::StatusOr<v1::Remedy> RemedyFrom(const ParsedFlags& flags) {
  v1::Remedy remedy;
  if (!flags.Has("remedy")) {
    for (const char* other :
         {"result", "replay-at", "replay-place", "late-replay-reason"}) {
      if (flags.Has(other)) {
        return absl::InvalidArgumentError(
            absl::StrCat("--", other, ": only with --remedy"));
      }
    }
    return remedy;
  }
  absl::StatusOr<v1::RemedyKind> kind =
      Parse(kRemedies, flags.Get("remedy", ""), "remedy");
  if (!kind.ok()) return kind.status();
  remedy.set_kind(*kind);
  const bool changes_result = *kind == v1::REMEDY_KIND_RESULT_CHANGED;
  const bool replays = *kind == v1::REMEDY_KIND_GAME_REPLAYED;
  if (changes_result != flags.Has("result")) {
    return absl::InvalidArgumentError(
        changes_result ? "--result: required with --remedy result"
                       : "--result: only with --remedy result");
  }
  if (changes_result) {
    absl::StatusOr<v1::GameResult> result =
        ParseGameResult(flags.Get("result", ""), "result");
    if (!result.ok()) return result.status();
    remedy.set_result(*result);
  }
  if (replays != flags.Has("replay-at")) {
    return absl::InvalidArgumentError(
        replays ? "--replay-at: required with --remedy replay"
                : "--replay-at: only with --remedy replay");
  }
  for (const char* replay_only : {"replay-place", "late-replay-reason"}) {
    if (!replays && flags.Has(replay_only)) {
      return absl::InvalidArgumentError(
          absl::StrCat("--", replay_only, ": only with --remedy replay"));
    }
  }
  if (replays) {
    absl::StatusOr<google::protobuf::Timestamp> at =
        ParseTimestamp(flags.Get("replay-at", ""), "replay-at");
    if (!at.ok()) return at.status();
    *remedy.mutable_replay_at() = *at;
    remedy.set_replay_place(flags.Get("replay-place", ""));
    remedy.set_late_replay_reason(flags.Get("late-replay-reason", ""));
  }
  return remedy;
}

std::string RemedyText(const v1::Remedy& remedy, Lang lang) {
  std::string text = Say(remedy.kind(), lang);
  if (remedy.kind() == v1::REMEDY_KIND_RESULT_CHANGED) {
    absl::StrAppend(&text, lang == Lang::kZh ? "为 " : " to ",
                    Say(remedy.result(), lang));
  } else if (remedy.kind() == v1::REMEDY_KIND_GAME_REPLAYED) {
    absl::StrAppend(&text, " ", FormatServerTime(remedy.replay_at()));
    if (!remedy.replay_place().empty()) {
      absl::StrAppend(&text, " (", remedy.replay_place(), ")");
    }
    if (!remedy.late_replay_reason().empty()) {
      absl::StrAppend(
          &text,
          lang == Lang::kZh ? "，次轮后重赛：" : "; after the next round: ",
          remedy.late_replay_reason());
    }
  }
  return text;
}

absl::StatusOr<v1::Votes> ParseVotes(absl::string_view text,
                                     const std::string& flag) {
  const std::vector<std::string> parts = absl::StrSplit(text, ':');
  std::vector<int32_t> counts;
  for (const std::string& part : parts) {
    int32_t count = 0;
    if (!absl::SimpleAtoi(part, &count) || count < 0 || count > 1000) {
      counts.clear();
      break;
    }
    counts.push_back(count);
  }
  if (counts.size() < 2 || counts.size() > 3 || counts.size() != parts.size()) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--", flag, ": UPHOLD:DISMISS[:ABSTAIN], counts from 0 to 1000 (got '",
        text, "')"));
  }
  v1::Votes votes;
  votes.set_uphold(counts[0]);
  votes.set_dismiss(counts[1]);
  if (counts.size() == 3) votes.set_abstain(counts[2]);
  return votes;
}

std::string VotesText(const v1::Votes& votes, Lang lang) {
  if (lang == Lang::kZh) {
    return absl::StrCat("支持 ", votes.uphold(), "，反对 ", votes.dismiss(),
                        "，弃权 ", votes.abstain());
  }
  return absl::StrCat(votes.uphold(), " uphold, ", votes.dismiss(),
                      " dismiss, ", votes.abstain(), " abstain");
}

absl::StatusOr<google::protobuf::Timestamp> ParseTimestamp(
    absl::string_view text, const std::string& flag) {
  absl::Time time;
  std::string error;
  if (!absl::ParseTime(absl::RFC3339_full, text, &time, &error)) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--", flag, ": an RFC 3339 time like 2016-10-15T14:00:00+08:00 (",
        error, ")"));
  }
  return base::ToTimestamp(time);
}

absl::StatusOr<std::vector<int64_t>> ParsePlayerIds(absl::string_view text,
                                                    const std::string& flag) {
  std::vector<int64_t> ids;
  for (absl::string_view part : absl::StrSplit(text, ',')) {
    int64_t id = 0;
    if (!absl::SimpleAtoi(part, &id) || id <= 0) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--", flag, ": player ids separated by commas, like 3,7 (got '", text,
          "')"));
    }
    ids.push_back(id);
  }
  return ids;
}

absl::StatusOr<BoardAddress> ParseBoardAddress(absl::string_view text,
                                               const std::string& flag) {
  const std::vector<std::string> parts = absl::StrSplit(text, ':');
  BoardAddress address;
  if (parts.size() != 3 || parts[0].empty() ||
      !absl::SimpleAtoi(parts[1], &address.round) || address.round < 1 ||
      !absl::SimpleAtoi(parts[2], &address.board) || address.board < 1) {
    return absl::InvalidArgumentError(absl::StrCat(
        "--", flag, ": SECTION:ROUND:BOARD, like open-men:3:2 (got '", text,
        "')"));
  }
  address.section = parts[0];
  return address;
}

}  // namespace qiwang::cli
