#include "services/server/service_set.h"

#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace qiwang::server {

std::string ServiceSet::ToString() const {
  std::vector<absl::string_view> names;
  if (ledger) names.push_back("ledger");
  if (pairing) names.push_back("pairing");
  if (standings) names.push_back("standings");
  if (audit) names.push_back("audit");
  return absl::StrJoin(names, ",");
}

absl::StatusOr<ServiceSet> ParseServiceSet(absl::string_view text) {
  ServiceSet set{false, false, false, false};
  if (absl::StripAsciiWhitespace(text).empty()) {
    return absl::InvalidArgumentError(
        "--services: empty; name one or more of ledger, pairing, standings, "
        "audit");
  }
  for (absl::string_view name : absl::StrSplit(text, ',')) {
    name = absl::StripAsciiWhitespace(name);
    bool* chosen = name == "ledger"      ? &set.ledger
                   : name == "pairing"   ? &set.pairing
                   : name == "standings" ? &set.standings
                   : name == "audit"     ? &set.audit
                                         : nullptr;
    if (chosen == nullptr) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--services: unknown service '", name,
          "' (the services are ledger, pairing, standings, audit)"));
    }
    if (*chosen) {
      return absl::InvalidArgumentError(
          absl::StrCat("--services: ", name, " is named twice"));
    }
    *chosen = true;
  }
  return set;
}

}  // namespace qiwang::server
