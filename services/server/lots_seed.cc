#include "services/server/lots_seed.h"

#include <limits>

#include "absl/random/random.h"

namespace qiwang::server {

uint64_t LotsSeed(uint64_t requested) {
  if (requested != 0) return requested;
  absl::BitGen bits;
  return absl::Uniform<uint64_t>(absl::IntervalClosed, bits, 1,
                                 std::numeric_limits<uint64_t>::max());
}

}  // namespace qiwang::server
