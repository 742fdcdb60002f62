// Words of play that are not an enum's: a seat's colour, a crosstable's
// outcome letters and money in yuan. Pure functions; any caller.
#ifndef QIWANG_WORDS_PLAY_WORDS_H_
#define QIWANG_WORDS_PLAY_WORDS_H_

#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"
#include "qiwang/v1/play_events.pb.h"
#include "words/lang.h"

namespace qiwang::words {

// A result as a table cell shows it: Chinese in words (红胜, 和棋, ...),
// English in the notation chess readers know (1-0, 1/2, +/- (forfeit), ...);
// 未赛 / "pending" for no result.
std::string ResultMark(v1::GameResult result, Lang lang);

// 红 / red, 黑 / black.
std::string ColourText(bool red, Lang lang);

// A crosstable outcome letter (W D L + - 0 B . *) in the language: Chinese
// uses 胜 和 负 ...; English keeps the letter.
std::string OutcomeText(absl::string_view letter, Lang lang);

// The crosstable's outcome letter of `result` for the player who had red
// (`red`) or black: W D L, + (won by forfeit), - (lost by forfeit), 0 (double
// forfeit), * (no result yet). Read it with OutcomeText.
std::string OutcomeLetter(v1::GameResult result, bool red);

// Money in fen as yuan: 1234.50, or 1234 when whole.
std::string YuanText(int64_t fen);

}  // namespace qiwang::words

#endif  // QIWANG_WORDS_PLAY_WORDS_H_
