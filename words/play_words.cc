#include "words/play_words.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "words/enum_words.h"

namespace qiwang::words {

std::string ResultMark(v1::GameResult result, Lang lang) {
  if (lang == Lang::kZh) return Say(result, lang);
  switch (result) {
    case v1::GAME_RESULT_RED_WIN:
      return "1-0";
    case v1::GAME_RESULT_BLACK_WIN:
      return "0-1";
    case v1::GAME_RESULT_DRAW:
      return "1/2";
    case v1::GAME_RESULT_RED_WIN_BY_FORFEIT:
      return "+/- (forfeit)";
    case v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT:
      return "-/+ (forfeit)";
    case v1::GAME_RESULT_DOUBLE_FORFEIT:
      return "0/0 (double forfeit)";
    default:
      return "pending";
  }
}

std::string ColourText(bool red, Lang lang) {
  if (lang == Lang::kZh) return red ? "红" : "黑";
  return red ? "red" : "black";
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

std::string OutcomeLetter(v1::GameResult result, bool red) {
  switch (result) {
    case v1::GAME_RESULT_RED_WIN:
      return red ? "W" : "L";
    case v1::GAME_RESULT_BLACK_WIN:
      return red ? "L" : "W";
    case v1::GAME_RESULT_DRAW:
      return "D";
    case v1::GAME_RESULT_RED_WIN_BY_FORFEIT:
      return red ? "+" : "-";
    case v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT:
      return red ? "-" : "+";
    case v1::GAME_RESULT_DOUBLE_FORFEIT:
      return "0";
    default:
      return "*";
  }
}

std::string YuanText(int64_t fen) {
  if (fen % 100 == 0) return absl::StrCat(fen / 100);
  return absl::StrFormat("%d.%02d", fen / 100, fen % 100);
}

}  // namespace qiwang::words
