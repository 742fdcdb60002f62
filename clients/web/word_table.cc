#include "clients/web/word_table.h"

namespace qiwang::web {

void SetWords(absl::Span<const Word> words, words::Lang lang,
              kainjow::mustache::data& object) {
  for (const Word& word : words) {
    object.set(word.key, lang == words::Lang::kZh ? word.zh : word.en);
  }
}

}  // namespace qiwang::web
