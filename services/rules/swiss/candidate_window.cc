#include "services/rules/swiss/candidate_window.h"

#include <algorithm>
#include <cstdlib>
#include <optional>
#include <utility>
#include <vector>

namespace qiwang::rules::swiss {
namespace {

CandidateWindow Normalised(const Section& section, CandidateWindow window) {
  window.complete =
      window.complete || (window.width >= section.size() &&
                          window.group_reach >= section.group_count());
  return window;
}

// Probe offsets: width * 2^k for k >= 1 (k >= 0 across groups, where the
// window is [0, width)).
bool IsProbe(int offset, int width) {
  if (offset <= width - 1 || offset % width != 0) return false;
  const int multiple = offset / width;
  return (multiple & (multiple - 1)) == 0;
}

// For each colour type a, the types present in the group (non-empty
// `positions`) whose best colouring with a costs least.
std::vector<std::vector<int>> BestColoured(
    const ColourTypes& types, const std::vector<std::vector<int>>& positions) {
  std::vector<std::vector<int>> best(types.count());
  for (int a = 0; a < types.count(); ++a) {
    std::optional<ColourPart> least;
    for (int b = 0; b < types.count(); ++b) {
      const std::optional<ColourPart> part = types.BestColouring(a, b);
      if (!positions[b].empty() && part.has_value() &&
          (!least.has_value() || *part < *least)) {
        least = part;
      }
    }
    for (int b = 0; b < types.count(); ++b) {
      if (least.has_value() && !positions[b].empty() &&
          types.BestColouring(a, b) == least) {
        best[a].push_back(b);
      }
    }
  }
  return best;
}

}  // namespace

CandidateWindow CandidateWindow::Initial(const Section& section, int width) {
  CandidateWindow window;
  window.width = width;
  window.group_reach = 2;
  window.colour_types = ColourTypes(section);
  const ColourTypes& types = window.colour_types;
  for (int g = 0; g < section.group_count(); ++g) {
    std::vector<std::vector<int>> positions(types.count());
    const int begin = section.group_begin(g);
    for (int v = begin; v < begin + section.group_size(g); ++v) {
      positions[types.type_of(v)].push_back(v - begin);
    }
    window.best_coloured.push_back(BestColoured(types, positions));
    window.type_positions.push_back(std::move(positions));
  }
  return Normalised(section, std::move(window));
}

CandidateWindow CandidateWindow::Widened(const Section& section) const {
  CandidateWindow wider = *this;
  wider.width = width * 2;
  wider.group_reach = group_reach * 2;
  return Normalised(section, std::move(wider));
}

bool CandidateWindow::Admits(const Section& section, int higher,
                             int lower) const {
  if (complete) return true;
  const Entrant& high = section.at(higher);
  const Entrant& low = section.at(lower);
  if (high.group == low.group) {
    const int ideal = high.position + section.group_size(high.group) / 2;
    return InGroupWindow(low.position - ideal) ||
           (low.position > ideal + width &&
            IsLeader(section, higher, lower, ideal + width, 1));
  }
  if (low.group == high.group + 1 &&
      IsLeader(section, higher, lower, -1, kColourLeaders)) {
    return true;
  }
  return ReachesLowerGroups(section, higher) &&
         InLowerGroupWindow(section, higher, lower);
}

bool CandidateWindow::ReachesLowerGroups(const Section& section,
                                         int higher) const {
  const Entrant& high = section.at(higher);
  const int from_bottom = section.group_size(high.group) - 1 - high.position;
  return from_bottom < width || IsProbe(from_bottom, width);
}

bool CandidateWindow::InGroupWindow(int offset) const {
  return std::abs(offset) <= width || IsProbe(std::abs(offset), width);
}

bool CandidateWindow::InLowerGroupWindow(const Section& section, int higher,
                                         int lower) const {
  const Entrant& low = section.at(lower);
  return low.group - section.at(higher).group <= group_reach &&
         (low.position < width || IsProbe(low.position, width));
}

bool CandidateWindow::IsLeader(const Section& section, int higher, int lower,
                               int after, int count) const {
  const Entrant& low = section.at(lower);
  const int type = colour_types.type_of(lower);
  const std::vector<int>& best =
      best_coloured[low.group][colour_types.type_of(higher)];
  if (std::find(best.begin(), best.end(), type) == best.end()) return false;
  const std::vector<int>& positions = type_positions[low.group][type];
  const auto first =
      std::upper_bound(positions.begin(), positions.end(), after);
  const auto at =
      std::lower_bound(positions.begin(), positions.end(), low.position);
  return at - first < count;
}

}  // namespace qiwang::rules::swiss
