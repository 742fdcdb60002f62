#include "clients/web/templates.h"

#include <memory>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "clients/web/assets.h"

namespace qiwang::web {

std::string RenderTemplate(absl::string_view name, const Data& data) {
  thread_local absl::flat_hash_map<std::string,
                                   std::unique_ptr<kainjow::mustache::mustache>>
      parsed;
  auto& entry = parsed[name];
  if (entry == nullptr) {
    entry = std::make_unique<kainjow::mustache::mustache>(std::string(
        AssetContent(absl::StrCat("templates/", name, ".mustache"))));
  }
  if (!entry->is_valid()) {
    return absl::StrCat("template ", name, ": ", entry->error_message());
  }
  return entry->render(data);
}

}  // namespace qiwang::web
