// The candidate window's two descriptions agree: ForEachPair visits exactly
// the pairs Admits accepts, each once (the certificate checks the pairs
// Admits rejects, so a pair in one and not the other would go unchecked or
// be solved twice). And its cross-group shape: every player reaches the
// first two players of each colour type in the next score group that pairs
// with its own at the least colour cost, while only players near their
// group's bottom reach further down.
#include "services/rules/swiss/candidate_window.h"

#include <gtest/gtest.h>

#include <optional>
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

// The colour types of `group` that pair with `type` at the least colour
// cost, by brute force over the group's entrants.
std::vector<bool> BestColouredTypes(const Section& section,
                                    const ColourTypes& types, int group,
                                    int type) {
  std::optional<ColourPart> best;
  const int begin = section.group_begin(group);
  for (int v = begin; v < begin + section.group_size(group); ++v) {
    const std::optional<ColourPart> part =
        types.BestColouring(type, types.type_of(v));
    if (part.has_value() && (!best.has_value() || *part < *best)) best = part;
  }
  std::vector<bool> best_types(types.count(), false);
  for (int t = 0; t < types.count(); ++t) {
    best_types[t] = best.has_value() && types.BestColouring(type, t) == best;
  }
  return best_types;
}

TEST(SwissCandidateWindow, EveryPlayerReachesTwoOfEachBestColouredTypeBelow) {
  const Section section = SimulatedSection(7, 400, 5);
  const ColourTypes types(section);
  const CandidateWindow window = CandidateWindow::Initial(section, 4);
  int reaching_further = 0;
  int skipped_worse_colours = 0;
  for (int u = 0; u < section.size(); ++u) {
    const int next = section.at(u).group + 1;
    if (next >= section.group_count()) continue;
    const std::vector<bool> best =
        BestColouredTypes(section, types, next, types.type_of(u));
    const bool reaches = window.ReachesLowerGroups(section, u);
    reaching_further += reaches ? 1 : 0;
    std::vector<int> seen_of_type(types.count(), 0);
    const int begin = section.group_begin(next);
    for (int v = begin; v < section.size(); ++v) {
      const int t = types.type_of(v);
      const bool leader =
          section.at(v).group == next && best[t] && seen_of_type[t]++ < 2;
      if (leader) {
        EXPECT_TRUE(window.Admits(section, u, v))
            << "player " << u << " does not reach leader " << v;
      } else if (!reaches) {
        EXPECT_FALSE(window.Admits(section, u, v))
            << "player " << u << " reaches " << v << " below";
        if (section.at(v).group == next && !best[t]) ++skipped_worse_colours;
      }
    }
  }
  EXPECT_GT(reaching_further, 0);
  EXPECT_LT(reaching_further, section.size() / 2);
  EXPECT_GT(skipped_worse_colours, 0);
}

// Beyond the window inside a group, the first player of each best-coloured
// type below the top-half partner is a candidate, however far down.
TEST(SwissCandidateWindow, ReachesFirstBestColouredPartnerBeyondTheWindow) {
  const Section section = SimulatedSection(11, 400, 5);
  const ColourTypes types(section);
  const int width = 2;
  const CandidateWindow window = CandidateWindow::Initial(section, width);
  int far = 0;
  for (int u = 0; u < section.size(); ++u) {
    const Entrant& high = section.at(u);
    const int begin = section.group_begin(high.group);
    const int size = section.group_size(high.group);
    const int ideal = high.position + size / 2;
    const std::vector<bool> best =
        BestColouredTypes(section, types, high.group, types.type_of(u));
    std::vector<bool> seen(types.count(), false);
    for (int q = ideal + width + 1; q < size; ++q) {
      const int t = types.type_of(begin + q);
      if (!best[t] || seen[t]) continue;
      seen[t] = true;
      EXPECT_TRUE(window.Admits(section, u, begin + q))
          << "player " << u << " and the first of type " << t << " at " << q;
      far += q - ideal > 2 * width ? 1 : 0;
    }
  }
  EXPECT_GT(far, 0);
}

}  // namespace
}  // namespace qiwang::rules::swiss
