#include "services/rules/tournament/refusal_names.h"

#include <string>
#include <utility>

#include "base/refusal_details.h"

namespace qiwang::rules::tournament {

absl::Status NameRefusalSection(absl::Status refusal,
                                const TournamentState& state) {
  if (refusal.ok()) return refusal;
  const google::rpc::ErrorInfo info = base::ErrorInfoOf(refusal);
  const auto section_id = info.metadata().find("section");
  if (section_id == info.metadata().end()) return refusal;
  for (const v1::Section& section : state.config().sections()) {
    if (section.id() != section_id->second) continue;
    if (!section.name().zh().empty()) {
      refusal = base::WithRefusalValue(std::move(refusal), "section_zh",
                                       section.name().zh());
    }
    if (!section.name().en().empty()) {
      refusal = base::WithRefusalValue(std::move(refusal), "section_en",
                                       section.name().en());
    }
    break;
  }
  return refusal;
}

}  // namespace qiwang::rules::tournament
