// The files under /static/ (style.css, live.js, officials.js, ...), embedded
// at build time (assets.h), as HTTP answers: each with an ETag of its content
// and 304 for a matching If-None-Match, cached by browsers for five minutes
// except the officials' service worker (a new one must reach the tablets at
// once); any other name a plain-text 404. Pure; any thread.
#ifndef QIWANG_CLIENTS_WEB_STATIC_FILES_H_
#define QIWANG_CLIENTS_WEB_STATIC_FILES_H_

#include "absl/strings/string_view.h"
#include "services/http/handler.h"

namespace qiwang::web {

// The answer to `request` for the file `name` ("style.css").
http::Response StaticFile(const http::Request& request, absl::string_view name);

// The 404 of a path under /static/ that names no file.
http::Response StaticNotFound(const http::Request& request);

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_STATIC_FILES_H_
