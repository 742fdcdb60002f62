// Test and bench support: a seeded random Swiss-like section with results
// consistent on both sides. Not a pairing engine: opponents are random each
// round and may repeat, which the ranking does not care about.
#ifndef QIWANG_TESTS_RULES_RANKING_RANDOM_SECTION_H_
#define QIWANG_TESTS_RULES_RANKING_RANDOM_SECTION_H_

#include <cstdint>
#include <utility>
#include <vector>

#include "services/rules/core/records.h"
#include "services/rules/roundrobin/split_mix64.h"

namespace qiwang::rules::test_support {

// `players` (even) players, `rounds` rounds: red wins 40%, draw 20%, black
// wins 40%; a foul for about one player in five.
inline std::vector<PlayerRecord> RandomSection(int players, int rounds,
                                               uint64_t seed) {
  SplitMix64 random(seed);
  std::vector<PlayerRecord> section(players);
  std::vector<int> order(players);
  for (int i = 0; i < players; ++i) {
    section[i].id = i + 1;
    section[i].pairing_number = i + 1;
    section[i].fouls = static_cast<int>(random.UniformBelow(10)) / 8;
    order[i] = i;
  }
  for (int round = 0; round < rounds; ++round) {
    for (int i = players - 1; i > 0; --i) {
      std::swap(order[i], order[random.UniformBelow(i + 1)]);
    }
    for (int board = 0; board < players / 2; ++board) {
      PlayerRecord& red = section[order[2 * board]];
      PlayerRecord& black = section[order[2 * board + 1]];
      const uint64_t roll = random.UniformBelow(10);
      const Outcome red_outcome = roll < 4   ? Outcome::kWin
                                  : roll < 6 ? Outcome::kDraw
                                             : Outcome::kLoss;
      const Outcome black_outcome = roll < 4   ? Outcome::kLoss
                                    : roll < 6 ? Outcome::kDraw
                                               : Outcome::kWin;
      red.rounds.push_back({black.id, Colour::kRed, red_outcome});
      black.rounds.push_back({red.id, Colour::kBlack, black_outcome});
    }
  }
  return section;
}

}  // namespace qiwang::rules::test_support

#endif  // QIWANG_TESTS_RULES_RANKING_RANDOM_SECTION_H_
