#include "clients/web/templates.h"

#include <memory>
#include <string>
#include <utility>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "clients/web/assets.h"

namespace qiwang::web {

void SetMoved(Data& object, const std::string& name, Data value) {
  if (!object.is_object()) return;
  object.set(name, Data(false));
  // get() answers a pointer into `object`'s own map, which is not const.
  *const_cast<Data*>(object.get(name)) = std::move(value);
}

Data MovedList(DataList list) {
  Data data(Data::type::list);
  // list_value() is the Data's own list, which is not const.
  const_cast<DataList&>(data.list_value()).swap(list);
  return data;
}

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
