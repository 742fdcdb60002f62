// Drawn lots for pairing numbers (R6, R6.1): a reproducible permutation of the
// entrants from an explicit seed. The ledger logs the seed with the draw, so
// anyone can redo it and get the same numbers.
#ifndef QIWANG_SERVICES_RULES_ROUNDROBIN_DRAWN_LOTS_H_
#define QIWANG_SERVICES_RULES_ROUNDROBIN_DRAWN_LOTS_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "services/rules/core/records.h"

namespace qiwang::rules {

// Returns the entrants in pairing-number order (element 0 gets number 1).
// The result depends only on the SET of ids and the seed: ids are first put
// in ascending order, then shuffled by Fisher-Yates (from the last position
// down, each swap partner drawn with SplitMix64::UniformBelow). Pure.
// Errors: INVALID_ARGUMENT for an empty list, an id <= 0 or a repeated id.
absl::StatusOr<std::vector<PlayerId>> DrawPairingNumbers(
    absl::Span<const PlayerId> entrants, uint64_t seed);

}  // namespace qiwang::rules

#endif  // QIWANG_SERVICES_RULES_ROUNDROBIN_DRAWN_LOTS_H_
