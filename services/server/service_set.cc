#include "services/server/service_set.h"

#include <optional>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"

namespace qiwang::server {
namespace {

// The member of `set` (const or not) that says whether it hosts `part`.
template <typename Set>
auto& FlagOf(Set& set, api::ServicePart part) {
  switch (part) {
    case api::ServicePart::kLedger:
      return set.ledger;
    case api::ServicePart::kPairing:
      return set.pairing;
    case api::ServicePart::kStandings:
      return set.standings;
    case api::ServicePart::kAudit:
      return set.audit;
  }
  return set.ledger;
}

}  // namespace

std::string ServiceSet::ToString() const {
  std::vector<absl::string_view> names;
  for (api::ServicePart part : api::kServiceParts) {
    if (Hosts(part)) {
      names.push_back(api::ServicePartName(part));
    }
  }
  return absl::StrJoin(names, ",");
}

bool ServiceSet::Hosts(api::ServicePart part) const {
  return FlagOf(*this, part);
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
    const std::optional<api::ServicePart> part = api::ServicePartNamed(name);
    if (!part.has_value()) {
      return absl::InvalidArgumentError(absl::StrCat(
          "--services: unknown service '", name,
          "' (the services are ledger, pairing, standings, audit)"));
    }
    bool& chosen = FlagOf(set, *part);
    if (chosen) {
      return absl::InvalidArgumentError(
          absl::StrCat("--services: ", name, " is named twice"));
    }
    chosen = true;
  }
  return set;
}

}  // namespace qiwang::server
