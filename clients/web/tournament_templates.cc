#include "clients/web/tournament_templates.h"

#include <string>

#include "clients/web/assets.h"
#include "google/protobuf/util/json_util.h"

namespace qiwang::web {

const std::vector<TournamentTemplate>& TournamentTemplates() {
  static const auto* const templates = [] {
    auto* list = new std::vector<TournamentTemplate>;
    for (const char* path : {"examples/sichuan-2016.json",
                             "examples/sichuan-2016-rules2011.json"}) {
      TournamentTemplate entry;
      const absl::string_view text = AssetContent(path);
      if (!google::protobuf::util::JsonStringToMessage(std::string(text),
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
  return *templates;
}

}  // namespace qiwang::web
