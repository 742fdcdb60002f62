#include "services/rules/roundrobin/drawn_lots.h"

#include <algorithm>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "services/rules/roundrobin/split_mix64.h"

namespace qiwang::rules {

absl::StatusOr<std::vector<PlayerId>> DrawPairingNumbers(
    absl::Span<const PlayerId> entrants, uint64_t seed) {
  if (entrants.empty()) {
    return absl::InvalidArgumentError(
        "R6: drawing lots needs at least one entrant");
  }
  std::vector<PlayerId> order(entrants.begin(), entrants.end());
  std::sort(order.begin(), order.end());
  if (order.front() <= kNoPlayer) {
    return absl::InvalidArgumentError(
        absl::StrCat("R6: entrant id ", order.front(), " is not a valid id"));
  }
  auto repeated = std::adjacent_find(order.begin(), order.end());
  if (repeated != order.end()) {
    return absl::InvalidArgumentError(
        absl::StrCat("R6: entrant ", *repeated, " is listed twice"));
  }
  SplitMix64 generator(seed);
  for (size_t i = order.size() - 1; i > 0; --i) {
    const size_t partner = generator.UniformBelow(i + 1);
    std::swap(order[i], order[partner]);
  }
  return order;
}

}  // namespace qiwang::rules
