#include "services/rules/swiss/candidate_window.h"

#include <algorithm>
#include <cstdlib>
#include <utility>

#include "services/rules/swiss/colour_types.h"

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

}  // namespace

CandidateWindow CandidateWindow::Initial(const Section& section, int width) {
  CandidateWindow window;
  window.width = width;
  window.group_reach = 2;
  const ColourTypes types(section);
  window.colour_leaders.resize(section.group_count());
  window.is_colour_leader.assign(section.size(), false);
  for (int g = 0; g < section.group_count(); ++g) {
    std::vector<int> seen(types.count(), 0);
    const int begin = section.group_begin(g);
    for (int v = begin; v < begin + section.group_size(g); ++v) {
      if (seen[types.type_of(v)]++ < kColourLeaders) {
        window.colour_leaders[g].push_back(v);
        window.is_colour_leader[v] = true;
      }
    }
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
    const int offset = std::abs(low.position - ideal);
    return offset <= width || IsProbe(offset, width);
  }
  if (low.group == high.group + 1 && is_colour_leader[lower]) return true;
  return ReachesLowerGroups(section, higher) &&
         InLowerGroupWindow(section, higher, lower);
}

bool CandidateWindow::ReachesLowerGroups(const Section& section,
                                         int higher) const {
  const Entrant& high = section.at(higher);
  const int from_bottom = section.group_size(high.group) - 1 - high.position;
  return from_bottom < width || IsProbe(from_bottom, width);
}

bool CandidateWindow::InLowerGroupWindow(const Section& section, int higher,
                                         int lower) const {
  const Entrant& low = section.at(lower);
  return low.group - section.at(higher).group <= group_reach &&
         (low.position < width || IsProbe(low.position, width));
}

}  // namespace qiwang::rules::swiss
