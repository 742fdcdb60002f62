// The values a refusal attaches (base/refusal_kinds.h) as a reader of one
// language reads them inside a refusal's sentence: enum value names, roles,
// durations, appellants and lists in that reader's words. Pure; any caller.
#ifndef QIWANG_WORDS_REFUSAL_VALUES_H_
#define QIWANG_WORDS_REFUSAL_VALUES_H_

#include <string>

#include "absl/strings/string_view.h"
#include "words/lang.h"

namespace qiwang::words {

// `value`, attached under `key`, in `lang`'s words where it has some, else
// as the rule wrote it.
std::string SayRefusalValue(absl::string_view key, const std::string& value,
                            Lang lang);

}  // namespace qiwang::words

#endif  // QIWANG_WORDS_REFUSAL_VALUES_H_
