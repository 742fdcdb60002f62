#include "clients/web/page_view.h"

#include <vector>

#include "absl/status/status.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/time/time.h"

namespace qiwang::web {

absl::StatusOr<PageView> PageView::FromRequest(const http::Request& request) {
  PageView view;
  absl::StatusOr<Lang> lang = PageLang(request);
  if (!lang.ok()) return lang.status();
  view.lang = *lang;
  if (auto at = request.query.find("at"); at != request.query.end()) {
    if (!absl::SimpleAtoi(at->second, &view.at_position) ||
        view.at_position == 0) {
      return absl::InvalidArgumentError(
          absl::StrCat("at: a log position, a whole number from 1 (got '",
                       at->second, "')"));
    }
  }
  if (auto round = request.query.find("after_round");
      round != request.query.end()) {
    if (!absl::SimpleAtoi(round->second, &view.after_round) ||
        view.after_round < 1 || view.after_round > 1000) {
      return absl::InvalidArgumentError(absl::StrCat(
          "after_round: a round number from 1 (got '", round->second, "')"));
    }
  }
  if (auto display = request.query.find("display");
      display != request.query.end()) {
    if (display->second != "1" && display->second != "0") {
      return absl::InvalidArgumentError(
          absl::StrCat("display: 1 or 0 (got '", display->second, "')"));
    }
    view.display = display->second == "1";
  }
  if (auto page = request.query.find("page"); page != request.query.end()) {
    if (!absl::SimpleAtoi(page->second, &view.display_page) ||
        view.display_page < 1 || view.display_page > 1000) {
      return absl::InvalidArgumentError(absl::StrCat(
          "page: a page number from 1 (got '", page->second, "')"));
    }
  }
  return view;
}

absl::StatusOr<int> NumberFromOne(absl::string_view name,
                                  absl::string_view text) {
  int number = 0;
  if (!absl::SimpleAtoi(text, &number) || number < 1) {
    return absl::InvalidArgumentError(
        absl::StrCat(name, ": a ", name, " number from 1 (got '", text, "')"));
  }
  return number;
}

v1::ReadOptions PageView::Read() const {
  v1::ReadOptions read;
  read.set_at_position(at_position);
  return read;
}

std::string PageView::Link(absl::string_view path) const {
  std::vector<std::string> query = {absl::StrCat("lang=", LangCode(lang))};
  if (at_position != 0) query.push_back(absl::StrCat("at=", at_position));
  if (display) query.push_back("display=1");
  return absl::StrCat(path, "?", absl::StrJoin(query, "&"));
}

std::string PageView::TournamentLink(absl::string_view rest) const {
  return Link(absl::StrCat("/t/", tournament_id, rest));
}

std::string PageView::LiveLink(absl::string_view path) const {
  if (past()) return "";
  return absl::StrCat(path, "/live?lang=", LangCode(lang));
}

std::string LabelText(const v1::Label& label, Lang lang) {
  const std::string& first = lang == Lang::kZh ? label.zh() : label.en();
  if (!first.empty()) return first;
  return lang == Lang::kZh ? label.en() : label.zh();
}

std::string LocalTime(int64_t unix_seconds, absl::string_view time_zone) {
  absl::TimeZone zone = absl::UTCTimeZone();
  if (!absl::LoadTimeZone(time_zone, &zone)) zone = absl::UTCTimeZone();
  return absl::FormatTime("%Y-%m-%d %H:%M", absl::FromUnixSeconds(unix_seconds),
                          zone);
}

Data PageData(const PageView& view) {
  Data data;
  data.set("t", PageWords(view.lang));
  data.set("lang", std::string(LangCode(view.lang)));
  data.set("home_link", view.TournamentLink());
  // The tournament's navigation (layout.mustache), the same on the public
  // and the officials' pages.
  if (!view.tournament_id.empty()) {
    data.set("find_link", view.TournamentLink("/find"));
    data.set("print_link", view.TournamentLink("/print"));
    data.set("officials_link", absl::StrCat("/officials/", view.tournament_id,
                                            "?lang=", LangCode(view.lang)));
  }
  return data;
}

}  // namespace qiwang::web
