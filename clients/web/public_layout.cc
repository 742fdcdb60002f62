#include "clients/web/public_layout.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "base/http_status.h"
#include "words/refusal_words.h"

namespace qiwang::web {
namespace {

std::string PercentEncode(absl::string_view text) {
  std::string out;
  for (unsigned char c : text) {
    if (absl::ascii_isalnum(c) || c == '-' || c == '_' || c == '.' ||
        c == '~') {
      out.push_back(static_cast<char>(c));
    } else {
      absl::StrAppendFormat(&out, "%%%02X", c);
    }
  }
  return out;
}

// The same URL in the other language, every other parameter kept.
std::string OtherLanguageLink(const http::Request& request, Lang lang) {
  std::vector<std::pair<std::string, std::string>> query(request.query.begin(),
                                                         request.query.end());
  std::sort(query.begin(), query.end());
  std::string link =
      absl::StrCat(request.path, "?lang=", lang == Lang::kZh ? "en" : "zh");
  for (const auto& [name, value] : query) {
    if (name == "lang") continue;
    absl::StrAppend(&link, "&", PercentEncode(name), "=", PercentEncode(value));
  }
  return link;
}

}  // namespace

http::Response PublicLayout(const http::Request& request, const PageView& view,
                            const PageBody& body, int status) {
  Data data = PageData(view);
  data.set("title", body.title);
  data.set("body", body.html);
  data.set("live", body.live);
  data.set("display", view.display);
  data.set("past", view.past());
  data.set("now_link",
           absl::StrCat(request.path, "?lang=", LangCode(view.lang)));
  data.set("other_lang_link", OtherLanguageLink(request, view.lang));
  data.set("html_lang", view.lang == Lang::kZh ? "zh-CN" : "en");
  if (!view.tournament_id.empty()) {
    data.set("tournament", true);
  }
  if (!body.refresh_to.empty()) data.set("refresh_to", body.refresh_to);
  if (view.display && !body.event.empty()) {
    Data hall;
    hall.set("event", body.event);
    hall.set("page", body.hall_page);
    data.set("hall", hall);
  }
  http::Response response;
  response.status = status;
  response.body = RenderTemplate("layout", data);
  response.headers.emplace_back("Cache-Control", "no-cache");
  response.headers.emplace_back("Content-Language",
                                view.lang == Lang::kZh ? "zh-CN" : "en");
  response.headers.emplace_back("Vary", "Accept-Language");
  return response;
}

http::Response PublicErrorPage(const http::Request& request, Lang lang,
                               const absl::Status& status) {
  PageView view;
  view.lang = lang;
  Data data = PageData(view);
  data.set("message", words::RefusalText(status, lang));
  data.set("code", absl::StrCat(base::HttpStatusOf(status.code())));
  PageBody body;
  body.title = absl::StrCat(base::HttpStatusOf(status.code()), " · ",
                            PageWords(lang).get("error")->string_value());
  body.html = RenderTemplate("error", data);
  return PublicLayout(request, view, body, base::HttpStatusOf(status.code()));
}

}  // namespace qiwang::web
