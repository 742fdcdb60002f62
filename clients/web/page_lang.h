// The language of a page: ?lang=zh|en first, then the browser's
// Accept-Language, Chinese when neither says; and the pages' own words in
// both languages. Pure functions; any caller.
#ifndef QIWANG_CLIENTS_WEB_PAGE_LANG_H_
#define QIWANG_CLIENTS_WEB_PAGE_LANG_H_

#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "kainjow/mustache.hpp"
#include "services/http/handler.h"
#include "words/labels.h"
#include "words/lang.h"

namespace qiwang::web {

using words::Lang;

// INVALID_ARGUMENT naming the parameter lang when it is neither zh nor en.
absl::StatusOr<Lang> PageLang(const http::Request& request);

absl::string_view LangCode(Lang lang);  // "zh" or "en"

// The page's words as a template object: {{t.standings}}, {{t.rank}}, ...
// (the headings come from words/labels). Built once.
const kainjow::mustache::data& PageWords(Lang lang);

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_PAGE_LANG_H_
