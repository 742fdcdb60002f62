// Test support: run a ranking and read standings by player. Tests only.
#ifndef QIWANG_TESTS_RULES_RANKING_STANDINGS_UTIL_H_
#define QIWANG_TESTS_RULES_RANKING_STANDINGS_UTIL_H_

#include <cstdint>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "services/rules/ranking/ranking.h"

namespace qiwang::rules::test_support {

// Ranks and records a test failure (returning no rows) if ranking fails.
inline Standings RankOrFail(const std::vector<PlayerRecord>& records,
                            const RankingConfig& config,
                            const RankingRequest& request = {}) {
  absl::StatusOr<Standings> standings = Rank(records, config, request);
  EXPECT_TRUE(standings.ok()) << standings.status();
  return standings.ok() ? *std::move(standings) : Standings{};
}

inline RankingConfig Chain(std::vector<TieBreak> tie_breaks) {
  RankingConfig config;
  config.tie_breaks = std::move(tie_breaks);
  return config;
}

inline std::vector<PlayerId> Order(const Standings& standings) {
  std::vector<PlayerId> order;
  for (const Standing& row : standings.rows) order.push_back(row.player);
  return order;
}

inline std::vector<int> Ranks(const Standings& standings) {
  std::vector<int> ranks;
  for (const Standing& row : standings.rows) ranks.push_back(row.rank);
  return ranks;
}

// The value of tie-break `k` for players 1..count, in id order.
inline std::vector<int64_t> Values(const Standings& standings, int k,
                                   int count) {
  std::vector<int64_t> values(count, -1);
  for (int row = 0; row < static_cast<int>(standings.rows.size()); ++row) {
    const PlayerId player = standings.rows[row].player;
    if (player >= 1 && player <= count) {
      values[player - 1] = standings.TieBreakAt(row, k).value;
    }
  }
  return values;
}

inline std::vector<int64_t> Sequence(const Standings& standings,
                                     PlayerId player, int k) {
  for (int row = 0; row < static_cast<int>(standings.rows.size()); ++row) {
    if (standings.rows[row].player == player) {
      const absl::Span<const int64_t> sequence =
          standings.TieBreakAt(row, k).sequence;
      return {sequence.begin(), sequence.end()};
    }
  }
  ADD_FAILURE() << "player " << player << " not ranked";
  return {};
}

}  // namespace qiwang::rules::test_support

#endif  // QIWANG_TESTS_RULES_RANKING_STANDINGS_UTIL_H_
