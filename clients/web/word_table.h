// A table of a page's own words in both languages, made a template object
// of one language ({{t.key}}). Pure functions; any caller.
#ifndef QIWANG_CLIENTS_WEB_WORD_TABLE_H_
#define QIWANG_CLIENTS_WEB_WORD_TABLE_H_

#include "absl/types/span.h"
#include "kainjow/mustache.hpp"
#include "words/labels.h"
#include "words/lang.h"

namespace qiwang::web {

struct Word {
  const char* key;
  const char* zh;
  const char* en;
};

// Sets each of `words` in `lang` on `object`, by its key.
void SetWords(absl::Span<const Word> words, words::Lang lang,
              kainjow::mustache::data& object);

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_WORD_TABLE_H_
