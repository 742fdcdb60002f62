#include "clients/web/assets.h"

namespace qiwang::web {

absl::string_view AssetContent(absl::string_view path) {
  for (const Asset& asset : Assets()) {
    if (asset.path == path) return asset.content;
  }
  return {};
}

}  // namespace qiwang::web
