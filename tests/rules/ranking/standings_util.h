// Test support: run a ranking and read standings by player. Tests only.
#ifndef QIWANG_TESTS_RULES_RANKING_STANDINGS_UTIL_H_
#define QIWANG_TESTS_RULES_RANKING_STANDINGS_UTIL_H_

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
  for (const Standing& row : standings.rows) {
    if (row.player >= 1 && row.player <= count) {
      values[row.player - 1] = row.tie_breaks[k].value;
    }
  }
  return values;
}

inline std::vector<int> Sequence(const Standings& standings, PlayerId player,
                                 int k) {
  for (const Standing& row : standings.rows) {
    if (row.player == player) return row.tie_breaks[k].sequence;
  }
  ADD_FAILURE() << "player " << player << " not ranked";
  return {};
}

}  // namespace qiwang::rules::test_support

#endif  // QIWANG_TESTS_RULES_RANKING_STANDINGS_UTIL_H_
