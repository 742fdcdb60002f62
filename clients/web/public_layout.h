// The frame every public page is drawn in (templates/layout.mustache): the
// title, the language toggle to the same URL, the tournament's links (find,
// print, officials), the hall screen's heading and the headers a page
// carries; and an error status as such a page, in the server's words.
// Pure rendering; any thread.
#ifndef QIWANG_CLIENTS_WEB_PUBLIC_LAYOUT_H_
#define QIWANG_CLIENTS_WEB_PUBLIC_LAYOUT_H_

#include "absl/status/status.h"
#include "clients/web/page_lang.h"
#include "clients/web/page_view.h"
#include "clients/web/pages.h"
#include "services/http/handler.h"

namespace qiwang::web {

// `body` in the layout, answered with `status`.
http::Response PublicLayout(const http::Request& request, const PageView& view,
                            const PageBody& body, int status);

// `status` (not OK) as a page in `lang`, answered with its HTTP status.
http::Response PublicErrorPage(const http::Request& request, Lang lang,
                               const absl::Status& status);

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_PUBLIC_LAYOUT_H_
