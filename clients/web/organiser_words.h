// The organiser's pages' own words in both languages (issue 25 §3), as a
// template object ({{o.create}}), beside the officials' ({{w.send}}). Built
// once; any caller.
#ifndef QIWANG_CLIENTS_WEB_ORGANISER_WORDS_H_
#define QIWANG_CLIENTS_WEB_ORGANISER_WORDS_H_

#include "clients/web/page_lang.h"

namespace qiwang::web {

const kainjow::mustache::data& OrganiserWords(Lang lang);

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_ORGANISER_WORDS_H_
