// Properties of every ranking (R7, R7.5 determinism), on seeded random
// sections: the order follows the score, ranks follow the 1, 2, 2, 4 rule,
// and the result does not depend on the order the records arrive in.
#include <algorithm>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "services/rules/ranking/ranking.h"
#include "services/rules/roundrobin/split_mix64.h"
#include "tests/rules/ranking/random_section.h"
#include "tests/rules/ranking/standings_util.h"

namespace qiwang::rules::test_support {
namespace {

bool SameStandings(const Standings& a, const Standings& b) {
  if (a.rows.size() != b.rows.size()) return false;
  for (size_t i = 0; i < a.rows.size(); ++i) {
    const Standing& x = a.rows[i];
    const Standing& y = b.rows[i];
    if (x.player != y.player || x.rank != y.rank || x.score != y.score) {
      return false;
    }
    for (int k = 0; k < static_cast<int>(a.chain.size()); ++k) {
      const TieBreakValue u = a.TieBreakAt(static_cast<int>(i), k);
      const TieBreakValue v = b.TieBreakAt(static_cast<int>(i), k);
      if (u.value != v.value || u.sequence != v.sequence) return false;
    }
  }
  return true;
}

// R7.1: higher score ranks first; R7.3: a shared rank is equal for the tied
// players and the next rank skips (rank = 1 + number of players above).
TEST(RankingPropertyTest, RanksFollowScoresAndSkipAfterTies) {
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    SCOPED_TRACE(seed);
    Standings standings =
        RankOrFail(RandomSection(60, 7, seed), SwissSectionPreset());
    ASSERT_EQ(standings.rows.size(), 60u);
    EXPECT_EQ(standings.rows[0].rank, 1);
    for (size_t i = 1; i < standings.rows.size(); ++i) {
      const Standing& above = standings.rows[i - 1];
      const Standing& row = standings.rows[i];
      EXPECT_GE(above.score, row.score);
      EXPECT_TRUE(row.rank == above.rank || row.rank == static_cast<int>(i) + 1)
          << "row " << i << " rank " << row.rank;
    }
  }
}

// R7.5: the same records give the same standings whatever their order
// (the log fold may deliver players in any order).
TEST(RankingPropertyTest, InputOrderDoesNotMatter) {
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    SCOPED_TRACE(seed);
    std::vector<PlayerRecord> section = RandomSection(40, 9, seed);
    Standings expected = RankOrFail(section, RoundRobinSonnebornBergerPreset());
    SplitMix64 random(seed);
    for (int i = static_cast<int>(section.size()) - 1; i > 0; --i) {
      std::swap(section[i], section[random.UniformBelow(i + 1)]);
    }
    Standings shuffled = RankOrFail(section, RoundRobinSonnebornBergerPreset());
    EXPECT_TRUE(SameStandings(expected, shuffled));
  }
}

}  // namespace
}  // namespace qiwang::rules::test_support
