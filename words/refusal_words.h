// What a refusal says to a person, in the reader's language: for a refusal a
// clause makes, the clause with its name ("不符合规程 R9.2（申诉）"); for
// another, what its code means; then, when its ErrorInfo names a kind with a
// template (words/refusal_templates.h), what exactly was wrong, else the
// values it names (field, section, round, board, ...) with their headings.
// The English text is the refusal's own message, which is already specific.
// Pure; any caller.
#ifndef QIWANG_WORDS_REFUSAL_WORDS_H_
#define QIWANG_WORDS_REFUSAL_WORDS_H_

#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "google/rpc/error_details.pb.h"
#include "words/lang.h"

namespace qiwang::words {

// The name of a clause of the rules ("R9.2" -> 申诉 / appeals), or "" when
// the rules have no such clause.
std::string ClauseName(absl::string_view clause, Lang lang);

// The sentence a reader in `lang` sees for a refusal with `info` and the
// English `message`.
std::string RefusalSentence(const google::rpc::ErrorInfo& info,
                            absl::string_view message, Lang lang);

// `refusal` carrying a google.rpc.LocalizedMessage in `lang`
// (base/refusal_details.h); unchanged when OK or when it carries one already.
absl::Status LocalizeRefusal(absl::Status refusal, Lang lang);

// What a reader in `lang` sees for `refusal`: its LocalizedMessage when that
// is in `lang`, else the sentence RefusalSentence writes.
std::string RefusalText(const absl::Status& refusal, Lang lang);

// The LocalizedMessage locale of `lang` ("zh-CN", "en").
absl::string_view LocaleOf(Lang lang);

// The language a caller asked for: a `lang` value ("zh", "en") wins, else
// Accept-Language's preferred one of the two (words/accept_language.h);
// English when neither says.
Lang LangOfCaller(absl::string_view lang, absl::string_view accept_language);

}  // namespace qiwang::words

#endif  // QIWANG_WORDS_REFUSAL_WORDS_H_
