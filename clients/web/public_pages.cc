#include "clients/web/public_pages.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "base/http_status.h"
#include "clients/web/assets.h"
#include "clients/web/live_pages.h"
#include "clients/web/page_cache.h"
#include "clients/web/page_lang.h"
#include "clients/web/pages.h"
#include "clients/web/print_pages.h"
#include "clients/web/read_client.h"
#include "clients/web/route_table.h"
#include "words/refusal_words.h"

namespace qiwang::web {
namespace {

std::string PercentEncode(absl::string_view text) {
  std::string out;
  for (unsigned char c : text) {
    if (absl::ascii_isalnum(c) || c == '-' || c == '_' || c == '.' ||
        c == '~') {
      out.push_back(static_cast<char>(c));
    } else {
      absl::StrAppendFormat(&out, "%%%02X", c);
    }
  }
  return out;
}

// The same URL in the other language, every other parameter kept.
std::string OtherLanguageLink(const http::Request& request, Lang lang) {
  std::vector<std::pair<std::string, std::string>> query(request.query.begin(),
                                                         request.query.end());
  std::sort(query.begin(), query.end());
  std::string link =
      absl::StrCat(request.path, "?lang=", lang == Lang::kZh ? "en" : "zh");
  for (const auto& [name, value] : query) {
    if (name == "lang") continue;
    absl::StrAppend(&link, "&", PercentEncode(name), "=", PercentEncode(value));
  }
  return link;
}

uint64_t Fnv1a(absl::string_view text) {
  uint64_t hash = 14695981039346656037ull;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  return hash;
}

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

// A row's handler: the request and the parts its pattern bound.
using Handler =
    std::function<http::Reply(const http::Request&, const RouteParts&)>;
// A tournament page's: the view its query asks for, of the tournament {id}.
using PageHandler = std::function<http::Reply(const http::Request&, PageView,
                                              const RouteParts&)>;

// Whether the public pages answer `path` at all (else the front does).
bool IsPublicPath(absl::string_view path) {
  return path == "/" || path == "/t" || absl::StartsWith(path, "/t/") ||
         absl::StartsWith(path, "/static/");
}

http::Reply Whole(http::Response response) {
  http::Reply reply;
  reply.response = std::move(response);
  return reply;
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
  // Every URL the public pages answer. The first row whose pattern matches
  // answers, so a literal ("live") comes before a part in its place.
  RouteTable<Handler> Table() {
    const auto get = [](std::string pattern, Handler handler) {
      return Route<Handler>{{"GET"}, std::move(pattern), std::move(handler)};
    };
    return RouteTable<Handler>({
        get("/static/{file}",
            [this](const http::Request& request, const RouteParts& parts) {
              return Static(request, parts["file"]);
            }),
        get("/", Page([this](const auto& request, PageView view, const auto&) {
              return Answer(request, view,
                            RootPage(*reads_, options_.tournament_ids, view));
            })),
        get("/t", Page([this](const auto& request, PageView view, const auto&) {
              return Go(request, std::move(view));
            })),
        get("/t/{id}",
            Page([this](const auto& request, PageView view, const auto&) {
              return Answer(request, view, HomePage(*reads_, view));
            })),
        get("/t/{id}/live",
            Page([this](const auto& request, PageView view, const auto&) {
              return Stream(request, view, live_.Home(view));
            })),
        get("/t/{id}/standings/{ranking}",
            Page([this](const auto& request, PageView view, const auto& parts) {
              return Answer(
                  request, view,
                  StandingsPage(*reads_, view, parts["ranking"], &cache_));
            })),
        get("/t/{id}/standings/{ranking}/live",
            Page([this](const auto& request, PageView view, const auto& parts) {
              return Stream(request, view,
                            live_.Standings(view, parts["ranking"]));
            })),
        get("/t/{id}/pairings/{section}", Page(Pairings(/*live=*/false))),
        get("/t/{id}/pairings/{section}/live", Page(Pairings(/*live=*/true))),
        get("/t/{id}/pairings/{section}/{round}", Page(Pairings(false))),
        get("/t/{id}/pairings/{section}/{round}/live", Page(Pairings(true))),
        get("/t/{id}/player/{player}", Page(Card(/*live=*/false))),
        get("/t/{id}/player/{player}/live", Page(Card(/*live=*/true))),
        get("/t/{id}/find",
            Page([this](const auto& request, PageView view, const auto&) {
              const auto query = request.query.find("q");
              return Answer(
                  request, view,
                  FindPage(*reads_, view,
                           query != request.query.end() ? query->second : ""));
            })),
        get("/t/{id}/board/{section}/{board}",
            Page([this](const auto& request, PageView view, const auto& parts) {
              return Answer(request, view,
                            print_.BoardPage(request, view, parts["section"],
                                             parts["board"]));
            })),
        get("/t/{id}/board/{section}/{board}/live",
            Page([this](const auto& request, PageView view, const auto& parts) {
              return Stream(
                  request, view,
                  live_.Board(view, parts["section"], parts["board"]));
            })),
        get("/t/{id}/xlsx/{section}",
            Page([this](const auto& request, PageView view, const auto& parts) {
              return Printed(
                  request, view,
                  print_.Spreadsheet(request, view, parts["section"]));
            })),
        get("/t/{id}/print",
            Page([this](const auto& request, PageView view, const auto&) {
              return Answer(request, view, print_.Index(request, view));
            })),
        get("/t/{id}/print/wall/{section}/{round}",
            Page(Printout(RoundPrintout::kWall))),
        get("/t/{id}/print/sheets/{section}/{round}",
            Page(Printout(RoundPrintout::kSheets))),
        get("/t/{id}/print/cards/{section}/{round}",
            Page(Printout(RoundPrintout::kCards))),
        get("/t/{id}/print/book", Page(Book())),
        get("/t/{id}/print/book/{ranking}", Page(Book())),
        get("/t/{id}/print/certificates", Page(Certificates())),
        get("/t/{id}/print/certificates/{ranking}", Page(Certificates())),
        get("/t/{id}/print/prizes",
            Page([this](const auto& request, PageView view, const auto&) {
              return Printed(request, view, print_.Prizes(view));
            })),
    });
  }

  // `page` with the view the query asks for, once every part of the URL is
  // a name (a tournament id, section or ranking as the log names them).
  Handler Page(PageHandler page) {
    return [this, page = std::move(page)](const http::Request& request,
                                          const RouteParts& parts) {
      absl::StatusOr<PageView> view = PageView::FromRequest(request);
      if (!view.ok()) return BadView(request, view.status());
      for (const auto& [name, value] : parts.all()) {
        if (!IsName(value)) return NotFound(request, view->lang);
      }
      view->tournament_id = parts["id"];
      return page(request, *std::move(view), parts);
    };
  }

  // Another parameter was wrong: the page still speaks the reader's language
  // when `lang` itself is right.
  http::Reply BadView(const http::Request& request,
                      const absl::Status& status) const {
    return Whole(
        ErrorPage(request, PageLang(request).value_or(Lang::kZh), status));
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
    return Whole(ErrorPage(
        request, lang,
        absl::NotFoundError(absl::StrCat("no page at ", request.path))));
  }

  static http::Response StaticNotFound(const http::Request& request) {
    http::Response response;
    response.status = 404;
    response.content_type = "text/plain; charset=utf-8";
    response.body = absl::StrCat("no static file ", request.path, "\n");
    return response;
  }

  http::Reply Static(const http::Request& request,
                     const std::string& name) const {
    const absl::string_view content =
        IsName(name) ? AssetContent(absl::StrCat("static/", name))
                     : absl::string_view();
    if (content.empty()) return Whole(StaticNotFound(request));
    http::Response response;
    const std::string etag = absl::StrFormat("\"%016x\"", Fnv1a(content));
    response.headers.emplace_back("ETag", etag);
    if (name == "officials-sw.js") {
      // The officials' service worker serves the pages under /officials/
      // (static/officials-sw.js); a new one must reach the tablets at once.
      response.headers.emplace_back("Service-Worker-Allowed", "/officials/");
      response.headers.emplace_back("Cache-Control", "no-cache");
    } else {
      response.headers.emplace_back("Cache-Control", "public, max-age=300");
    }
    response.content_type =
        absl::EndsWith(name, ".css")   ? "text/css; charset=utf-8"
        : absl::EndsWith(name, ".svg") ? "image/svg+xml"
                                       : "text/javascript; charset=utf-8";
    const auto match = request.headers.find("if-none-match");
    if (match != request.headers.end() && match->second == etag) {
      response.status = 304;
      return Whole(std::move(response));
    }
    response.body = std::string(content);
    return Whole(std::move(response));
  }

  // The root page's form: /t?id=ID goes to /t/ID.
  http::Reply Go(const http::Request& request, PageView view) const {
    const auto id = request.query.find("id");
    if (id == request.query.end() || !IsName(id->second)) {
      return Whole(ErrorPage(
          request, view.lang,
          absl::InvalidArgumentError("id: a tournament id (letters, digits, "
                                     "'-', '_' or '.')")));
    }
    view.tournament_id = id->second;
    http::Response response;
    response.status = 303;
    response.headers.emplace_back("Location", view.TournamentLink());
    return Whole(std::move(response));
  }

  // /t/ID/pairings/{section}[/{round}][/live]; ?player=N marks a player's
  // board on the page.
  PageHandler Pairings(bool live) {
    return [this, live](const http::Request& request, const PageView& view,
                        const RouteParts& parts) {
      std::optional<int> round;
      if (!parts["round"].empty()) {
        absl::StatusOr<int> number = NumberFromOne("round", parts["round"]);
        if (!number.ok()) {
          return Whole(ErrorPage(request, view.lang, number.status()));
        }
        round = *number;
      }
      if (live) {
        return Stream(request, view,
                      live_.Pairings(view, parts["section"], round));
      }
      int64_t marked_player = 0;
      if (const auto player = request.query.find("player");
          player != request.query.end() &&
          (!absl::SimpleAtoi(player->second, &marked_player) ||
           marked_player < 1)) {
        return Whole(ErrorPage(
            request, view.lang,
            absl::InvalidArgumentError(absl::StrCat(
                "player: a player id from 1 (got '", player->second, "')"))));
      }
      return Answer(
          request, view,
          PairingsPage(*reads_, view, parts["section"], round, marked_player));
    };
  }

  // /t/ID/player/{player}[/live]: the player's card.
  PageHandler Card(bool live) {
    return [this, live](const http::Request& request, const PageView& view,
                        const RouteParts& parts) {
      int64_t player_id = 0;
      if (!absl::SimpleAtoi(parts["player"], &player_id) || player_id < 1) {
        return Whole(ErrorPage(
            request, view.lang,
            absl::InvalidArgumentError(absl::StrCat(
                "player: a player id from 1 (got '", parts["player"], "')"))));
      }
      if (live) return Stream(request, view, live_.Card(view, player_id));
      return Answer(
          request, view,
          CardPage(*reads_, view, player_id, print_.BaseUrl(request), &cache_));
    };
  }

  PageHandler Printout(RoundPrintout kind) {
    return [this, kind](const http::Request& request, const PageView& view,
                        const RouteParts& parts) {
      return Printed(
          request, view,
          print_.Round(kind, request, view, parts["section"], parts["round"]));
    };
  }

  // The book and the certificates: of {ranking}, else of every ranking.
  static std::optional<std::string> RankingOf(const RouteParts& parts) {
    if (parts["ranking"].empty()) return std::nullopt;
    return parts["ranking"];
  }

  PageHandler Book() {
    return [this](const http::Request& request, const PageView& view,
                  const RouteParts& parts) {
      return Printed(request, view, print_.Book(view, RankingOf(parts)));
    };
  }

  PageHandler Certificates() {
    return [this](const http::Request& request, const PageView& view,
                  const RouteParts& parts) {
      return Printed(request, view,
                     print_.Certificates(view, RankingOf(parts)));
    };
  }

  http::Reply Stream(const http::Request& request, const PageView& view,
                     LivePages::Feed feed) const {
    if (!feed.ok()) return Whole(ErrorPage(request, view.lang, feed.status()));
    http::Reply reply;
    reply.stream = *std::move(feed);
    return reply;
  }

  // A whole answer of its own (a printout, a workbook), or the error page.
  http::Reply Printed(const http::Request& request, const PageView& view,
                      absl::StatusOr<http::Response> answer) const {
    if (!answer.ok()) {
      return Whole(ErrorPage(request, view.lang, answer.status()));
    }
    return Whole(*std::move(answer));
  }

  // A page in the public layout, or the error page.
  http::Reply Answer(const http::Request& request, const PageView& view,
                     absl::StatusOr<PageBody> body) const {
    if (!body.ok()) return Whole(ErrorPage(request, view.lang, body.status()));
    return Whole(Layout(request, view, *body, 200));
  }

  http::Response ErrorPage(const http::Request& request, Lang lang,
                           const absl::Status& status) const {
    PageView view;
    view.lang = lang;
    Data data = PageData(view);
    data.set("message", words::RefusalText(status, lang));
    data.set("code", absl::StrCat(base::HttpStatusOf(status.code())));
    PageBody body;
    body.title = absl::StrCat(base::HttpStatusOf(status.code()), " · ",
                              PageWords(lang).get("error")->string_value());
    body.html = RenderTemplate("error", data);
    return Layout(request, view, body, base::HttpStatusOf(status.code()));
  }

  http::Response Layout(const http::Request& request, const PageView& view,
                        const PageBody& body, int status) const {
    Data data = PageData(view);
    data.set("title", body.title);
    data.set("body", body.html);
    data.set("live", body.live);
    data.set("display", view.display);
    data.set("past", view.past());
    data.set("now_link",
             absl::StrCat(request.path, "?lang=", LangCode(view.lang)));
    data.set("other_lang_link", OtherLanguageLink(request, view.lang));
    data.set("html_lang", view.lang == Lang::kZh ? "zh-CN" : "en");
    if (!view.tournament_id.empty()) {
      data.set("tournament", true);
      data.set("find_link", view.TournamentLink("/find"));
      data.set("print_link", view.TournamentLink("/print"));
      data.set("officials_link", absl::StrCat("/officials/", view.tournament_id,
                                              "?lang=", LangCode(view.lang)));
    }
    if (!body.refresh_to.empty()) data.set("refresh_to", body.refresh_to);
    if (view.display && !body.event.empty()) {
      Data hall;
      hall.set("event", body.event);
      hall.set("page", body.hall_page);
      data.set("hall", hall);
    }
    http::Response response;
    response.status = status;
    response.body = RenderTemplate("layout", data);
    response.headers.emplace_back("Cache-Control", "no-cache");
    response.headers.emplace_back("Content-Language",
                                  view.lang == Lang::kZh ? "zh-CN" : "en");
    response.headers.emplace_back("Vary", "Accept-Language");
    return response;
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
