// The officials' pages' own words in both languages, as a template object
// ({{w.sign_in}}); the terms the public pages share come from PageWords.
// Built once; any caller.
#ifndef QIWANG_CLIENTS_WEB_OFFICIAL_WORDS_H_
#define QIWANG_CLIENTS_WEB_OFFICIAL_WORDS_H_

#include "clients/web/page_lang.h"

namespace qiwang::web {

const kainjow::mustache::data& OfficialWords(Lang lang);

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_OFFICIAL_WORDS_H_
