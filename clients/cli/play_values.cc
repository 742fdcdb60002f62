#include "clients/cli/play_values.h"

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"

namespace qiwang::cli {
namespace {

struct Spelling {
  const char* text;
  v1::GameResult result;
};

constexpr Spelling kResultSpellings[] = {
    {"1-0", v1::GAME_RESULT_RED_WIN},
    {"red", v1::GAME_RESULT_RED_WIN},
    {"红胜", v1::GAME_RESULT_RED_WIN},
    {"0-1", v1::GAME_RESULT_BLACK_WIN},
    {"black", v1::GAME_RESULT_BLACK_WIN},
    {"黑胜", v1::GAME_RESULT_BLACK_WIN},
    {"1/2", v1::GAME_RESULT_DRAW},
    {"1/2-1/2", v1::GAME_RESULT_DRAW},
    {"=", v1::GAME_RESULT_DRAW},
    {"draw", v1::GAME_RESULT_DRAW},
    {"和", v1::GAME_RESULT_DRAW},
    {"+/-", v1::GAME_RESULT_RED_WIN_BY_FORFEIT},
    {"red-forfeit", v1::GAME_RESULT_RED_WIN_BY_FORFEIT},
    {"-/+", v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT},
    {"black-forfeit", v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT},
    {"0/0", v1::GAME_RESULT_DOUBLE_FORFEIT},
    {"--", v1::GAME_RESULT_DOUBLE_FORFEIT},
    {"-/-", v1::GAME_RESULT_DOUBLE_FORFEIT},
    {"double-forfeit", v1::GAME_RESULT_DOUBLE_FORFEIT},
};

}  // namespace

absl::StatusOr<v1::GameResult> ParseGameResult(absl::string_view text,
                                               const std::string& flag) {
  const std::string lower = absl::AsciiStrToLower(text);
  for (const Spelling& spelling : kResultSpellings) {
    if (lower == spelling.text) return spelling.result;
  }
  return absl::InvalidArgumentError(absl::StrCat(
      "--", flag,
      ": a result from red's side: 1-0, 0-1, 1/2 or =, +/- or -/+ "
      "(forfeit), 0/0 or -- (double forfeit), red, black or draw (got '",
      text, "')"));
}

std::string GameResultText(v1::GameResult result, Lang lang) {
  const bool zh = lang == Lang::kZh;
  switch (result) {
    case v1::GAME_RESULT_RED_WIN:
      return zh ? "红胜" : "1-0";
    case v1::GAME_RESULT_BLACK_WIN:
      return zh ? "黑胜" : "0-1";
    case v1::GAME_RESULT_DRAW:
      return zh ? "和棋" : "1/2";
    case v1::GAME_RESULT_RED_WIN_BY_FORFEIT:
      return zh ? "红胜(黑弃权)" : "+/- (forfeit)";
    case v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT:
      return zh ? "黑胜(红弃权)" : "-/+ (forfeit)";
    case v1::GAME_RESULT_DOUBLE_FORFEIT:
      return zh ? "双方弃权" : "0/0 (double forfeit)";
    default:
      return zh ? "未赛" : "pending";
  }
}

std::string ColourText(bool red, Lang lang) {
  if (lang == Lang::kZh) return red ? "红" : "黑";
  return red ? "red" : "black";
}

absl::StatusOr<v1::FoulKind> ParseFoulKind(absl::string_view text,
                                           const std::string& flag) {
  const std::string lower = absl::AsciiStrToLower(text);
  if (lower == "perpetual-check" || lower == "长将") {
    return v1::FOUL_KIND_PERPETUAL_CHECK;
  }
  if (lower == "perpetual-chase" || lower == "长捉") {
    return v1::FOUL_KIND_PERPETUAL_CHASE;
  }
  if (lower == "illegal-move" || lower == "违例着法") {
    return v1::FOUL_KIND_ILLEGAL_MOVE;
  }
  if (lower == "conduct" || lower == "赛场纪律") return v1::FOUL_KIND_CONDUCT;
  if (lower == "other" || lower == "其他") return v1::FOUL_KIND_OTHER;
  return absl::InvalidArgumentError(absl::StrCat(
      "--", flag,
      ": perpetual-check, perpetual-chase, illegal-move, conduct or other "
      "(got '",
      text, "')"));
}

std::string FoulKindText(v1::FoulKind kind, Lang lang) {
  const bool zh = lang == Lang::kZh;
  switch (kind) {
    case v1::FOUL_KIND_PERPETUAL_CHECK:
      return zh ? "长将" : "perpetual check";
    case v1::FOUL_KIND_PERPETUAL_CHASE:
      return zh ? "长捉" : "perpetual chase";
    case v1::FOUL_KIND_ILLEGAL_MOVE:
      return zh ? "违例着法" : "illegal move";
    case v1::FOUL_KIND_CONDUCT:
      return zh ? "赛场纪律" : "conduct";
    default:
      return zh ? "其他" : "other";
  }
}

std::string TieBreakText(v1::TieBreakKind kind, Lang lang) {
  const bool zh = lang == Lang::kZh;
  switch (kind) {
    case v1::TIE_BREAK_KIND_OPPONENTS_SCORE:
      return zh ? "对手分" : "opp. score";
    case v1::TIE_BREAK_KIND_WINS:
      return zh ? "胜局" : "wins";
    case v1::TIE_BREAK_KIND_FEWER_FOULS:
      return zh ? "犯规" : "fouls";
    case v1::TIE_BREAK_KIND_GAMES_WITH_BLACK:
      return zh ? "后走局数" : "black games";
    case v1::TIE_BREAK_KIND_PREVIOUS_ROUNDS:
      return zh ? "前轮积分" : "previous rounds";
    case v1::TIE_BREAK_KIND_BUCHHOLZ:
      return "Buchholz";
    case v1::TIE_BREAK_KIND_BUCHHOLZ_CUT1:
      return "Buchholz-1";
    case v1::TIE_BREAK_KIND_MEDIAN_BUCHHOLZ:
      return zh ? "中位Buchholz" : "median Buchholz";
    case v1::TIE_BREAK_KIND_SONNEBORN_BERGER:
      return zh ? "索伯分" : "S-B";
    case v1::TIE_BREAK_KIND_DIRECT_ENCOUNTER:
      return zh ? "直胜" : "direct";
    case v1::TIE_BREAK_KIND_CUMULATIVE_SCORE:
      return zh ? "累进分" : "cumulative";
    case v1::TIE_BREAK_KIND_WINS_WITH_BLACK:
      return zh ? "后走胜局" : "black wins";
    default:
      return "?";
  }
}

std::string OutcomeText(absl::string_view letter, Lang lang) {
  if (lang != Lang::kZh) return std::string(letter);
  if (letter == "W") return "胜";
  if (letter == "D") return "和";
  if (letter == "L") return "负";
  if (letter == "+") return "不战胜";
  if (letter == "-") return "弃权";
  if (letter == "0") return "双弃";
  if (letter == "B") return "轮空";
  if (letter == "*") return "未赛";
  if (letter == ".") return "缺席";
  return std::string(letter);
}

std::string YuanText(int64_t fen) {
  if (fen % 100 == 0) return absl::StrCat(fen / 100);
  return absl::StrFormat("%d.%02d", fen / 100, fen % 100);
}

}  // namespace qiwang::cli
