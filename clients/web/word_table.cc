#include "clients/web/word_table.h"

namespace qiwang::web {

void SetWords(absl::Span<const Word> words, cli::Lang lang,
              kainjow::mustache::data& object) {
  for (const Word& word : words) {
    object.set(word.key, lang == cli::Lang::kZh ? word.zh : word.en);
  }
}

}  // namespace qiwang::web
