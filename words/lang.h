// The two languages every page, table and message is written in, Chinese
// first. Pure; any caller.
#ifndef QIWANG_WORDS_LANG_H_
#define QIWANG_WORDS_LANG_H_

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace qiwang::words {

enum class Lang { kZh, kEn };

// "zh" or "en"; INVALID_ARGUMENT naming --lang otherwise.
absl::StatusOr<Lang> ParseLang(absl::string_view text);

// Chinese when the locale (LC_ALL, else LANG) starts with "zh".
Lang LangFromEnvironment();

}  // namespace qiwang::words

#endif  // QIWANG_WORDS_LANG_H_
