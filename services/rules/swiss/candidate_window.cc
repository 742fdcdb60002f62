#include "services/rules/swiss/candidate_window.h"

#include <algorithm>
#include <cstdlib>

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
  return Normalised(section, {.width = width, .group_reach = 2});
}

CandidateWindow CandidateWindow::Widened(const Section& section) const {
  return Normalised(section,
                    {.width = width * 2, .group_reach = group_reach * 2});
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
  return low.group - high.group <= group_reach &&
         (low.position < width || IsProbe(low.position, width));
}

}  // namespace qiwang::rules::swiss
