#include "clients/examples/shipped_configs.h"

#include <string>

#include "google/protobuf/util/json_util.h"

namespace qiwang::examples {

const std::vector<ShippedConfig>& ShippedConfigs() {
  static const auto* const configs = [] {
    auto* list = new std::vector<ShippedConfig>;
    for (const ShippedConfigText& text : ShippedConfigTexts()) {
      ShippedConfig entry;
      entry.file_name = std::string(text.file_name);
      // The files are checked by tests (rules' config tests, DemoConfigTest);
      // one that no longer parses is left out rather than offered broken.
      if (!google::protobuf::util::JsonStringToMessage(std::string(text.json),
                                                       &entry.config)
               .ok() ||
          !google::protobuf::util::MessageToJsonString(entry.config,
                                                       &entry.json)
               .ok()) {
        continue;
      }
      list->push_back(std::move(entry));
    }
    return list;
  }();
  return *configs;
}

absl::string_view Sichuan2016Json() {
  for (const ShippedConfigText& text : ShippedConfigTexts()) {
    if (text.file_name == "sichuan-2016.json") return text.json;
  }
  return "";
}

}  // namespace qiwang::examples
