// The templates and static files of clients/web, compiled into the binary
// at build time (cmake/EmbedFiles.cmake), so a deployed qiwangd needs no
// folder of them.
#ifndef QIWANG_CLIENTS_WEB_ASSETS_H_
#define QIWANG_CLIENTS_WEB_ASSETS_H_

#include <vector>

#include "absl/strings/string_view.h"

namespace qiwang::web {

struct Asset {
  absl::string_view path;  // "templates/home.mustache", "static/style.css"
  absl::string_view content;
};

// Every embedded file; fixed for the life of the process.
const std::vector<Asset>& Assets();

// The content of `path`, or an empty view when there is no such file.
absl::string_view AssetContent(absl::string_view path);

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_ASSETS_H_
