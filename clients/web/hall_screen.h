// The hall screen (?display=1): a list longer than a screen is shown a page
// (?page=N) at a time, so every row is on exactly one page, and each page
// names the next: this list's next page, else the first of the next list.
// Pure functions; any caller.
#ifndef QIWANG_CLIENTS_WEB_HALL_SCREEN_H_
#define QIWANG_CLIENTS_WEB_HALL_SCREEN_H_

#include <functional>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "clients/web/page_view.h"

namespace qiwang::web {

// Rows a page of the hall screen holds: with style.css's display type
// (2.6vh), 12 rows and the headings fit 1280x720 as well as 1920x1080.
inline constexpr int kHallRows = 12;

// Rows [first, end) of a list of `rows` on the view's page; a page past the
// last shows the last.
struct HallPage {
  int first = 0;
  int end = 0;
  int page = 1;
  int pages = 1;
};
HallPage HallSlice(const PageView& view, int rows);

// Where the screen goes after `page` of the list at `path`: its next page,
// else `next_path`'s first.
std::string HallNext(const PageView& view, const HallPage& page,
                     absl::string_view path, absl::string_view next_path);

// The list after `current` in `cycle` (ranking or section ids, in order)
// for which `in_play` holds, going round; `current` when no other does.
// The hall screen skips lists nobody plays in.
std::string NextInPlay(const std::vector<std::string>& cycle,
                       const std::string& current,
                       const std::function<bool(const std::string&)>& in_play);

// "2/3", the page's place in its list.
std::string HallPageText(const HallPage& page);

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_HALL_SCREEN_H_
