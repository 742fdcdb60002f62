#include "clients/web/static_files.h"

#include <cstdint>
#include <string>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "clients/web/assets.h"

namespace qiwang::web {
namespace {

uint64_t Fnv1a(absl::string_view text) {
  uint64_t hash = 14695981039346656037ull;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  return hash;
}

}  // namespace

http::Response StaticNotFound(const http::Request& request) {
  http::Response response;
  response.status = 404;
  response.content_type = "text/plain; charset=utf-8";
  response.body = absl::StrCat("no static file ", request.path, "\n");
  return response;
}

http::Response StaticFile(const http::Request& request,
                          absl::string_view name) {
  const absl::string_view content = AssetContent(absl::StrCat("static/", name));
  if (content.empty()) return StaticNotFound(request);
  http::Response response;
  const std::string etag = absl::StrFormat("\"%016x\"", Fnv1a(content));
  response.headers.emplace_back("ETag", etag);
  if (name == "officials-sw.js") {
    // The officials' service worker serves the pages under /officials/
    // (static/officials-sw.js).
    response.headers.emplace_back("Service-Worker-Allowed", "/officials/");
    response.headers.emplace_back("Cache-Control", "no-cache");
  } else {
    response.headers.emplace_back("Cache-Control", "public, max-age=300");
  }
  response.content_type =
      absl::EndsWith(name, ".css")   ? "text/css; charset=utf-8"
      : absl::EndsWith(name, ".svg") ? "image/svg+xml"
                                     : "text/javascript; charset=utf-8";
  const auto match = request.headers.find("if-none-match");
  if (match != request.headers.end() && match->second == etag) {
    response.status = 304;
    return response;
  }
  response.body = std::string(content);
  return response;
}

}  // namespace qiwang::web
