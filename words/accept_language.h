// Reads an HTTP Accept-Language header (RFC 9110 12.5.4) as one of the two
// languages. Pure; any caller: the pages, the Connect bridge's refusals.
#ifndef QIWANG_WORDS_ACCEPT_LANGUAGE_H_
#define QIWANG_WORDS_ACCEPT_LANGUAGE_H_

#include "absl/strings/string_view.h"
#include "words/lang.h"

namespace qiwang::words {

// The language with the highest q-value among the zh* and en* ranges, the
// first of them on a tie (q=0 or an unreadable q excludes a range);
// `fallback` when the header accepts neither.
Lang LangFromAcceptLanguage(absl::string_view header, Lang fallback);

}  // namespace qiwang::words

#endif  // QIWANG_WORDS_ACCEPT_LANGUAGE_H_
