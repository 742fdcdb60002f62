#include "clients/web/hall_screen.h"

#include <algorithm>

#include "absl/strings/str_cat.h"

namespace qiwang::web {

HallPage HallSlice(const PageView& view, int rows) {
  HallPage page;
  page.pages = std::max(1, (rows + kHallRows - 1) / kHallRows);
  page.page = std::min(view.display_page, page.pages);
  page.first = (page.page - 1) * kHallRows;
  page.end = std::min(rows, page.first + kHallRows);
  return page;
}

std::string HallNext(const PageView& view, const HallPage& page,
                     absl::string_view path, absl::string_view next_path) {
  if (page.page < page.pages) {
    return absl::StrCat(view.TournamentLink(path), "&page=", page.page + 1);
  }
  return view.TournamentLink(next_path);
}

std::string NextInPlay(const std::vector<std::string>& cycle,
                       const std::string& current,
                       const std::function<bool(const std::string&)>& in_play) {
  const auto at = std::find(cycle.begin(), cycle.end(), current);
  const size_t start = at == cycle.end()
                           ? cycle.size() - 1
                           : static_cast<size_t>(at - cycle.begin());
  for (size_t step = 1; step <= cycle.size(); ++step) {
    const std::string& candidate = cycle[(start + step) % cycle.size()];
    if (in_play(candidate)) return candidate;
  }
  return current;
}

std::string HallPageText(const HallPage& page) {
  return absl::StrCat(page.page, "/", page.pages);
}

}  // namespace qiwang::web
