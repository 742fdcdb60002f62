// Units for the N13.4 tests: every player of a generated history gets one of
// `units` units, or none, chosen from the seed, so that some boards of any
// pairing are of one unit and some players can never be "the same".
#ifndef QIWANG_TESTS_RULES_SWISS_UNIT_ASSIGNMENT_H_
#define QIWANG_TESTS_RULES_SWISS_UNIT_ASSIGNMENT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "services/rules/core/records.h"

namespace qiwang::rules::swiss {

// One player in seven (by a hash of id and seed) has no unit; the others
// one of "unit-0" .. "unit-<units - 1>".
inline void AssignUnits(std::vector<PlayerRecord>& players, uint64_t seed,
                        int units) {
  for (PlayerRecord& player : players) {
    const uint64_t hash =
        (static_cast<uint64_t>(player.id) * 0x9E3779B97F4A7C15ULL) ^
        (seed * 0xC2B2AE3D27D4EB4FULL);
    const uint64_t mixed = hash ^ (hash >> 29);
    player.unit = mixed % 7 == 0 ? std::string()
                                 : absl::StrCat("unit-", (mixed >> 8) % units);
  }
}

}  // namespace qiwang::rules::swiss

#endif  // QIWANG_TESTS_RULES_SWISS_UNIT_ASSIGNMENT_H_
