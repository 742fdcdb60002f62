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

void CandidateWindow::ForEachPair(
    const Section& section, const std::function<void(int, int)>& visit) const {
  const int n = section.size();
  if (complete) {
    for (int u = 0; u < n; ++u) {
      for (int v = u + 1; v < n; ++v) visit(u, v);
    }
    return;
  }
  for (int u = 0; u < n; ++u) {
    const Entrant& high = section.at(u);
    const int begin = section.group_begin(high.group);
    const int size = section.group_size(high.group);
    const int ideal = high.position + size / 2;
    const int first = std::max(high.position + 1, ideal - width);
    const int last = std::min(size - 1, ideal + width);
    for (int offset = 2 * width; ideal - offset > high.position; offset *= 2) {
      if (ideal - offset < size) visit(u, begin + ideal - offset);
    }
    for (int q = first; q <= last; ++q) visit(u, begin + q);
    for (int offset = 2 * width; ideal + offset < size; offset *= 2) {
      visit(u, begin + ideal + offset);
    }
    const int last_group =
        std::min(section.group_count() - 1, high.group + group_reach);
    for (int g = high.group + 1; g <= last_group; ++g) {
      const int top = std::min(width, section.group_size(g));
      for (int q = 0; q < top; ++q) visit(u, section.group_begin(g) + q);
      for (int q = width; q < section.group_size(g); q *= 2) {
        visit(u, section.group_begin(g) + q);
      }
    }
  }
}

}  // namespace qiwang::rules::swiss
