// What every page of a tournament is rendered with: the language, the
// tournament, which moment of the log (now, ?at=POSITION or
// ?after_round=N) and the display mode, and the links that keep them.
#ifndef QIWANG_CLIENTS_WEB_PAGE_VIEW_H_
#define QIWANG_CLIENTS_WEB_PAGE_VIEW_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "clients/web/page_lang.h"
#include "clients/web/templates.h"
#include "qiwang/v1/common.pb.h"
#include "qiwang/v1/tournament_config.pb.h"
#include "services/http/handler.h"

namespace qiwang::web {

struct PageView {
  Lang lang = Lang::kZh;
  std::string tournament_id;
  uint64_t at_position = 0;  // 0: now
  int after_round = 0;       // 0: every recorded result
  bool display = false;      // the hall screen's large type
  int display_page = 1;      // the hall screen's page of a long list

  // Reads ?lang, ?at, ?after_round, ?display and ?page; INVALID_ARGUMENT
  // naming the parameter when one is not what it should be.
  static absl::StatusOr<PageView> FromRequest(const http::Request& request);

  bool past() const { return at_position != 0 || after_round != 0; }
  v1::ReadOptions Read() const;
  // `path` with the query that keeps this view's language, moment and mode.
  std::string Link(absl::string_view path) const;
  // The tournament's own pages: Link("/t/ID" + rest).
  std::string TournamentLink(absl::string_view rest = "") const;
  // The live URL of the view at `path` (its language only), "" when past.
  std::string LiveLink(absl::string_view path) const;
};

// A configuration label in the page's language (the other one when empty).
std::string LabelText(const v1::Label& label, Lang lang);

// The start of a round as the tournament's clock reads it: "2016-10-14 08:30".
std::string LocalTime(int64_t unix_seconds, absl::string_view time_zone);

// A round or board number from a URL: `text` as a whole number from 1, else
// INVALID_ARGUMENT naming it ("board: a board number from 1 (got 'x')").
absl::StatusOr<int> NumberFromOne(absl::string_view name,
                                  absl::string_view text);

// A template object with the page's words ({{t.rank}}) and language.
Data PageData(const PageView& view);

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_PAGE_VIEW_H_
