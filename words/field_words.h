// The fields of the API's requests and of the tournament's configuration,
// as a refusal names them (an API path such as
// "sections[0].eligibility.born_on_or_before"), in a reader's words.
// Pure; any caller.
#ifndef QIWANG_WORDS_FIELD_WORDS_H_
#define QIWANG_WORDS_FIELD_WORDS_H_

#include <string>

#include "absl/strings/string_view.h"
#include "words/lang.h"

namespace qiwang::words {

// English readers read the path as written. Chinese readers read each step
// in words, an index as its 1-based number, steps joined by "的" (spaced
// after a number):
// "sections[0].max_players" -> "组别 1 的人数上限". A step without words
// stays as written, and a path without any words stays whole.
std::string SayField(absl::string_view path, Lang lang);

}  // namespace qiwang::words

#endif  // QIWANG_WORDS_FIELD_WORDS_H_
