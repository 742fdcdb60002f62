// The candidate window's two descriptions agree: ForEachPair visits exactly
// the pairs Admits accepts, each once (the certificate checks the pairs
// Admits rejects, so a pair in one and not the other would go unchecked or
// be solved twice). And its cross-group shape: every player reaches the
// first two players of each colour type in the next score group, while
// only players near their group's bottom reach further down.
#include "services/rules/swiss/candidate_window.h"

#include <gtest/gtest.h>

#include <set>
#include <utility>
#include <vector>

#include "services/rules/sim/simulator.h"
#include "services/rules/swiss/colour_types.h"
#include "services/rules/swiss/section.h"

namespace qiwang::rules::swiss {
namespace {

Section SimulatedSection(uint64_t seed, int players, int rounds) {
  sim::SimulationParams params;
  params.seed = seed;
  params.players = players;
  params.rounds = rounds;
  absl::StatusOr<Section> section =
      Section::Build(*sim::SimulateSwiss(params), rounds + 1, SwissConfig{});
  EXPECT_TRUE(section.ok()) << section.status();
  return *std::move(section);
}

TEST(SwissCandidateWindow, VisitsExactlyTheAdmittedPairsOnce) {
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    const Section section = SimulatedSection(seed, 300 + 7 * seed, 4);
    for (const int width : {1, 2, 4, 16}) {
      const CandidateWindow window = CandidateWindow::Initial(section, width);
      std::set<std::pair<int, int>> visited;
      int visits = 0;
      window.ForEachPair(section, [&](int higher, int lower) {
        ASSERT_LT(higher, lower);
        visited.emplace(higher, lower);
        ++visits;
      });
      EXPECT_EQ(visits, static_cast<int>(visited.size()))
          << "a pair visited twice, seed " << seed << " width " << width;
      for (int u = 0; u < section.size(); ++u) {
        for (int v = u + 1; v < section.size(); ++v) {
          EXPECT_EQ(window.Admits(section, u, v), visited.contains({u, v}))
              << "pair (" << u << ", " << v << "), seed " << seed << " width "
              << width;
        }
      }
    }
  }
}

TEST(SwissCandidateWindow, EveryPlayerReachesTwoOfEachColourTypeBelow) {
  const Section section = SimulatedSection(7, 400, 5);
  const ColourTypes types(section);
  const CandidateWindow window = CandidateWindow::Initial(section, 4);
  int reaching_further = 0;
  for (int u = 0; u < section.size(); ++u) {
    const int next = section.at(u).group + 1;
    if (next >= section.group_count()) continue;
    std::vector<int> admitted_of_type(types.count(), 0);
    std::vector<int> present_of_type(types.count(), 0);
    const int begin = section.group_begin(next);
    for (int v = begin; v < begin + section.group_size(next); ++v) {
      ++present_of_type[types.type_of(v)];
      if (window.Admits(section, u, v)) ++admitted_of_type[types.type_of(v)];
    }
    for (int t = 0; t < types.count(); ++t) {
      EXPECT_GE(admitted_of_type[t], std::min(2, present_of_type[t]))
          << "player " << u << " colour type " << t;
    }
    if (window.ReachesLowerGroups(section, u)) {
      ++reaching_further;
    } else {
      // Beyond the next group's colour leaders, no lower player at all.
      for (int v = begin; v < section.size(); ++v) {
        EXPECT_EQ(window.Admits(section, u, v),
                  section.at(v).group == next && window.is_colour_leader[v])
            << "player " << u << " and " << v;
      }
    }
  }
  EXPECT_GT(reaching_further, 0);
  EXPECT_LT(reaching_further, section.size() / 2);
}

}  // namespace
}  // namespace qiwang::rules::swiss
