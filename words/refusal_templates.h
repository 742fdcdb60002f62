// One sentence per kind of refusal (base/refusal_kinds.h), in Chinese and
// English, saying what exactly was wrong; "{key}" stands for the value the
// rule attached under `key` in the refusal's ErrorInfo, shown in the
// reader's words where it has some (refusal_values.h). Pure; any caller.
#ifndef QIWANG_WORDS_REFUSAL_TEMPLATES_H_
#define QIWANG_WORDS_REFUSAL_TEMPLATES_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "google/rpc/error_details.pb.h"
#include "words/lang.h"

namespace qiwang::words {

// The template of refusal kind `kind` in `lang`, or "" for a kind without
// one.
absl::string_view RefusalTemplate(absl::string_view kind, Lang lang);

// The keys a template's placeholders name, in order ("{round}" -> "round").
std::vector<std::string> PlaceholdersOf(absl::string_view text);

// The value of metadata `key` as a reader of `lang` reads it: its variant
// in that language when the refusal carries one ("section_zh",
// "section_en", rules::tournament::NameRefusalSection; "region_zh",
// "stations_en"), else the value itself, as SayRefusalValue
// (refusal_values.h) says it; "" when the refusal has no such value.
std::string RefusalValueText(const google::rpc::ErrorInfo& info,
                             absl::string_view key, Lang lang);

// The template of the kind `info` names, filled with its values in `lang`;
// nullopt when the kind has no template or a value it needs is missing.
std::optional<std::string> FillRefusalTemplate(
    const google::rpc::ErrorInfo& info, Lang lang);

}  // namespace qiwang::words

#endif  // QIWANG_WORDS_REFUSAL_TEMPLATES_H_
