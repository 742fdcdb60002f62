#include "clients/web/public_pages.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "clients/web/live_pages.h"
#include "clients/web/page_cache.h"
#include "clients/web/page_lang.h"
#include "clients/web/pages.h"
#include "clients/web/print_pages.h"
#include "clients/web/public_layout.h"
#include "clients/web/read_client.h"
#include "clients/web/route_table.h"
#include "clients/web/static_files.h"

namespace qiwang::web {
namespace {

// A tournament id, section or ranking as the log names them.
bool IsName(absl::string_view text) {
  if (text.empty() || text.size() > 128) return false;
  for (char c : text) {
    if (!absl::ascii_isalnum(c) && c != '-' && c != '_' && c != '.') {
      return false;
    }
  }
  return true;
}

http::Reply Whole(http::Response response) {
  http::Reply reply;
  reply.response = std::move(response);
  return reply;
}

http::Reply Refused(const http::Request& request, Lang lang,
                    const absl::Status& status) {
  return Whole(PublicErrorPage(request, lang, status));
}

// A row's handler: the request and the parts its pattern bound.
using Handler =
    std::function<http::Reply(const http::Request&, const RouteParts&)>;

// Whether the public pages answer `path` at all (else the front does).
bool IsPublicPath(absl::string_view path) {
  return path == "/" || path == "/t" || absl::StartsWith(path, "/t/") ||
         absl::StartsWith(path, "/static/");
}

class PublicPages : public http::Routes {
 public:
  PublicPages(std::shared_ptr<grpc::Channel> services,
              PublicPagesOptions options)
      : reads_(std::make_shared<ReadClient>(services)),
        options_(std::move(options)),
        live_(reads_),
        print_(reads_, std::move(services), options_.public_url),
        routes_(Table()) {}

  std::optional<http::Reply> Handle(const http::Request& request) override {
    if (!IsPublicPath(request.path)) return std::nullopt;
    const RouteTable<Handler>::Match match =
        routes_.Find(request.method, request.path);
    if (!match.allow.empty()) {
      http::Response response;
      response.status = 405;
      response.content_type = "text/plain; charset=utf-8";
      response.headers.emplace_back("Allow", match.allow);
      response.body = absl::StrCat("method ", request.method,
                                   " not allowed: the pages take GET\n");
      return Whole(std::move(response));
    }
    if (match.handler == nullptr) return NotFound(request);
    return (*match.handler)(request, match.parts);
  }

 private:
  // A tournament page: the view its query asks for, of the tournament {id}.
  using PageHandler = http::Reply (PublicPages::*)(const http::Request&,
                                                   const PageView&,
                                                   const RouteParts&);

  // Every URL the public pages answer, each a GET. The first row whose
  // pattern matches answers, so a literal ("live") comes before a part in
  // its place.
  RouteTable<Handler> Table() {
    const auto get = [this](std::string pattern, PageHandler page) {
      return Route<Handler>{{"GET"}, std::move(pattern), Page(page)};
    };
    return RouteTable<Handler>({
        {{"GET"},
         "/static/{file}",
         [](const http::Request& request, const RouteParts& parts) {
           return Whole(StaticFile(request, parts["file"]));
         }},
        get("/", &PublicPages::Root),
        get("/t", &PublicPages::Go),
        get("/t/{id}", &PublicPages::Home),
        get("/t/{id}/live", &PublicPages::LiveHome),
        get("/t/{id}/standings/{ranking}", &PublicPages::Standings),
        get("/t/{id}/standings/{ranking}/live", &PublicPages::LiveStandings),
        get("/t/{id}/pairings/{section}", &PublicPages::Pairings),
        get("/t/{id}/pairings/{section}/live", &PublicPages::LivePairings),
        get("/t/{id}/pairings/{section}/{round}", &PublicPages::Pairings),
        get("/t/{id}/pairings/{section}/{round}/live",
            &PublicPages::LivePairings),
        get("/t/{id}/player/{player}", &PublicPages::Card),
        get("/t/{id}/player/{player}/live", &PublicPages::LiveCard),
        get("/t/{id}/find", &PublicPages::Find),
        get("/t/{id}/board/{section}/{board}", &PublicPages::Board),
        get("/t/{id}/board/{section}/{board}/live", &PublicPages::LiveBoard),
        get("/t/{id}/xlsx/{section}", &PublicPages::Spreadsheet),
        get("/t/{id}/print", &PublicPages::PrintIndex),
        get("/t/{id}/print/wall/{section}/{round}", &PublicPages::Wall),
        get("/t/{id}/print/sheets/{section}/{round}", &PublicPages::Sheets),
        get("/t/{id}/print/cards/{section}/{round}", &PublicPages::Cards),
        get("/t/{id}/print/book", &PublicPages::Book),
        get("/t/{id}/print/book/{ranking}", &PublicPages::Book),
        get("/t/{id}/print/certificates", &PublicPages::Certificates),
        get("/t/{id}/print/certificates/{ranking}", &PublicPages::Certificates),
        get("/t/{id}/print/prizes", &PublicPages::Prizes),
    });
  }

  // `page` with the view the query asks for, once every part of the URL is
  // a name (a tournament id, section or ranking as the log names them).
  Handler Page(PageHandler page) {
    return [this, page](const http::Request& request, const RouteParts& parts) {
      absl::StatusOr<PageView> view = PageView::FromRequest(request);
      if (!view.ok()) return BadView(request, view.status());
      for (const auto& [name, value] : parts.all()) {
        if (!IsName(value)) return NotFound(request, view->lang);
      }
      view->tournament_id = parts["id"];
      return (this->*page)(request, *view, parts);
    };
  }

  // Another parameter was wrong: the page still speaks the reader's language
  // when `lang` itself is right.
  http::Reply BadView(const http::Request& request,
                      const absl::Status& status) const {
    return Refused(request, PageLang(request).value_or(Lang::kZh), status);
  }

  http::Reply NotFound(const http::Request& request) const {
    if (absl::StartsWith(request.path, "/static/")) {
      return Whole(StaticNotFound(request));
    }
    absl::StatusOr<PageView> view = PageView::FromRequest(request);
    if (!view.ok()) return BadView(request, view.status());
    return NotFound(request, view->lang);
  }

  http::Reply NotFound(const http::Request& request, Lang lang) const {
    return Refused(
        request, lang,
        absl::NotFoundError(absl::StrCat("no page at ", request.path)));
  }

  http::Reply Root(const http::Request& request, const PageView& view,
                   const RouteParts&) {
    return Answer(request, view,
                  RootPage(*reads_, options_.tournament_ids, view));
  }

  // The root page's form: /t?id=ID goes to /t/ID.
  http::Reply Go(const http::Request& request, const PageView& view,
                 const RouteParts&) {
    const auto id = request.query.find("id");
    if (id == request.query.end() || !IsName(id->second)) {
      return Refused(
          request, view.lang,
          absl::InvalidArgumentError("id: a tournament id (letters, digits, "
                                     "'-', '_' or '.')"));
    }
    PageView tournament = view;
    tournament.tournament_id = id->second;
    http::Response response;
    response.status = 303;
    response.headers.emplace_back("Location", tournament.TournamentLink());
    return Whole(std::move(response));
  }

  http::Reply Home(const http::Request& request, const PageView& view,
                   const RouteParts&) {
    return Answer(request, view, HomePage(*reads_, view));
  }

  http::Reply LiveHome(const http::Request& request, const PageView& view,
                       const RouteParts&) {
    return Stream(request, view, live_.Home(view));
  }

  http::Reply Standings(const http::Request& request, const PageView& view,
                        const RouteParts& parts) {
    return Answer(request, view,
                  StandingsPage(*reads_, view, parts["ranking"], &cache_));
  }

  http::Reply LiveStandings(const http::Request& request, const PageView& view,
                            const RouteParts& parts) {
    return Stream(request, view, live_.Standings(view, parts["ranking"]));
  }

  // {round} absent: the round in play.
  static absl::StatusOr<std::optional<int>> RoundOf(const RouteParts& parts) {
    if (parts["round"].empty()) return std::nullopt;
    absl::StatusOr<int> round = NumberFromOne("round", parts["round"]);
    if (!round.ok()) return round.status();
    return *round;
  }

  // ?player=N marks the player's board.
  http::Reply Pairings(const http::Request& request, const PageView& view,
                       const RouteParts& parts) {
    absl::StatusOr<std::optional<int>> round = RoundOf(parts);
    if (!round.ok()) return Refused(request, view.lang, round.status());
    int64_t marked_player = 0;
    if (const auto player = request.query.find("player");
        player != request.query.end() &&
        (!absl::SimpleAtoi(player->second, &marked_player) ||
         marked_player < 1)) {
      return Refused(
          request, view.lang,
          absl::InvalidArgumentError(absl::StrCat(
              "player: a player id from 1 (got '", player->second, "')")));
    }
    return Answer(
        request, view,
        PairingsPage(*reads_, view, parts["section"], *round, marked_player));
  }

  http::Reply LivePairings(const http::Request& request, const PageView& view,
                           const RouteParts& parts) {
    absl::StatusOr<std::optional<int>> round = RoundOf(parts);
    if (!round.ok()) return Refused(request, view.lang, round.status());
    return Stream(request, view,
                  live_.Pairings(view, parts["section"], *round));
  }

  static absl::StatusOr<int64_t> PlayerOf(const RouteParts& parts) {
    int64_t player_id = 0;
    if (!absl::SimpleAtoi(parts["player"], &player_id) || player_id < 1) {
      return absl::InvalidArgumentError(absl::StrCat(
          "player: a player id from 1 (got '", parts["player"], "')"));
    }
    return player_id;
  }

  http::Reply Card(const http::Request& request, const PageView& view,
                   const RouteParts& parts) {
    absl::StatusOr<int64_t> player = PlayerOf(parts);
    if (!player.ok()) return Refused(request, view.lang, player.status());
    return Answer(
        request, view,
        CardPage(*reads_, view, *player, print_.BaseUrl(request), &cache_));
  }

  http::Reply LiveCard(const http::Request& request, const PageView& view,
                       const RouteParts& parts) {
    absl::StatusOr<int64_t> player = PlayerOf(parts);
    if (!player.ok()) return Refused(request, view.lang, player.status());
    return Stream(request, view, live_.Card(view, *player));
  }

  http::Reply Find(const http::Request& request, const PageView& view,
                   const RouteParts&) {
    const auto query = request.query.find("q");
    return Answer(request, view,
                  FindPage(*reads_, view,
                           query != request.query.end() ? query->second : ""));
  }

  http::Reply Board(const http::Request& request, const PageView& view,
                    const RouteParts& parts) {
    return Answer(
        request, view,
        print_.BoardPage(request, view, parts["section"], parts["board"]));
  }

  http::Reply LiveBoard(const http::Request& request, const PageView& view,
                        const RouteParts& parts) {
    return Stream(request, view,
                  live_.Board(view, parts["section"], parts["board"]));
  }

  http::Reply Spreadsheet(const http::Request& request, const PageView& view,
                          const RouteParts& parts) {
    return Printed(request, view,
                   print_.Spreadsheet(request, view, parts["section"]));
  }

  http::Reply PrintIndex(const http::Request& request, const PageView& view,
                         const RouteParts&) {
    return Answer(request, view, print_.Index(request, view));
  }

  http::Reply Round(RoundPrintout kind, const http::Request& request,
                    const PageView& view, const RouteParts& parts) {
    return Printed(
        request, view,
        print_.Round(kind, request, view, parts["section"], parts["round"]));
  }
  http::Reply Wall(const http::Request& request, const PageView& view,
                   const RouteParts& parts) {
    return Round(RoundPrintout::kWall, request, view, parts);
  }
  http::Reply Sheets(const http::Request& request, const PageView& view,
                     const RouteParts& parts) {
    return Round(RoundPrintout::kSheets, request, view, parts);
  }
  http::Reply Cards(const http::Request& request, const PageView& view,
                    const RouteParts& parts) {
    return Round(RoundPrintout::kCards, request, view, parts);
  }

  // The book and the certificates: of {ranking}, else of every ranking.
  static std::optional<std::string> RankingOf(const RouteParts& parts) {
    if (parts["ranking"].empty()) return std::nullopt;
    return parts["ranking"];
  }

  http::Reply Book(const http::Request& request, const PageView& view,
                   const RouteParts& parts) {
    return Printed(request, view, print_.Book(view, RankingOf(parts)));
  }

  http::Reply Certificates(const http::Request& request, const PageView& view,
                           const RouteParts& parts) {
    return Printed(request, view, print_.Certificates(view, RankingOf(parts)));
  }

  http::Reply Prizes(const http::Request& request, const PageView& view,
                     const RouteParts&) {
    return Printed(request, view, print_.Prizes(view));
  }

  http::Reply Stream(const http::Request& request, const PageView& view,
                     LivePages::Feed feed) const {
    if (!feed.ok()) return Refused(request, view.lang, feed.status());
    http::Reply reply;
    reply.stream = *std::move(feed);
    return reply;
  }

  // A whole answer of its own (a printout, a workbook), or the error page.
  http::Reply Printed(const http::Request& request, const PageView& view,
                      absl::StatusOr<http::Response> answer) const {
    if (!answer.ok()) return Refused(request, view.lang, answer.status());
    return Whole(*std::move(answer));
  }

  // A page in the public layout, or the error page.
  http::Reply Answer(const http::Request& request, const PageView& view,
                     absl::StatusOr<PageBody> body) const {
    if (!body.ok()) return Refused(request, view.lang, body.status());
    return Whole(PublicLayout(request, view, *body, 200));
  }

  std::shared_ptr<ReadClient> reads_;
  PublicPagesOptions options_;
  FragmentCache cache_;
  LivePages live_;
  PrintPages print_;
  const RouteTable<Handler> routes_;
};

}  // namespace

std::unique_ptr<http::Routes> MakePublicPages(
    std::shared_ptr<grpc::Channel> services, PublicPagesOptions options) {
  std::function<uint64_t()> log_position = options.log_position;
  auto pages =
      std::make_unique<PublicPages>(std::move(services), std::move(options));
  if (!log_position) return pages;
  return CachePages(std::move(pages), std::move(log_position));
}

}  // namespace qiwang::web
