#include "clients/cli/play_values.h"

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"

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

absl::StatusOr<v1::GameResult> ParseLateSide(absl::string_view text,
                                             const std::string& flag) {
  const std::string lower = absl::AsciiStrToLower(text);
  if (lower == "red" || lower == "红") {
    return v1::GAME_RESULT_BLACK_WIN_BY_FORFEIT;
  }
  if (lower == "black" || lower == "黑") {
    return v1::GAME_RESULT_RED_WIN_BY_FORFEIT;
  }
  if (lower == "both" || lower == "双方") return v1::GAME_RESULT_DOUBLE_FORFEIT;
  return absl::InvalidArgumentError(absl::StrCat(
      "--", flag, ": who was late: red, black or both (got '", text, "')"));
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

}  // namespace qiwang::cli
