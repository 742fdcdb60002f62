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
#include "clients/web/live_views.h"
#include "clients/web/page_cache.h"
#include "clients/web/page_lang.h"
#include "clients/web/pages.h"
#include "clients/web/print_pages.h"
#include "clients/web/read_client.h"
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

class PublicPages : public http::Routes {
 public:
  PublicPages(std::shared_ptr<grpc::Channel> services,
              PublicPagesOptions options)
      : reads_(std::make_shared<ReadClient>(services)),
        options_(std::move(options)),
        live_(reads_),
        print_(reads_, std::move(services), options_.public_url) {}

  std::optional<http::Reply> Handle(const http::Request& request) override {
    const bool under_t =
        request.path == "/t" || absl::StartsWith(request.path, "/t/");
    if (request.path != "/" && !under_t &&
        !absl::StartsWith(request.path, "/static/")) {
      return std::nullopt;
    }
    if (request.method != "GET" && request.method != "HEAD") {
      http::Response response;
      response.status = 405;
      response.content_type = "text/plain; charset=utf-8";
      response.headers.emplace_back("Allow", "GET, HEAD");
      response.body = absl::StrCat("method ", request.method,
                                   " not allowed: the pages take GET\n");
      return Whole(std::move(response));
    }
    if (absl::StartsWith(request.path, "/static/")) return Static(request);
    absl::StatusOr<PageView> view = PageView::FromRequest(request);
    if (!view.ok()) {
      // Another parameter was wrong: the page still speaks the reader's
      // language when `lang` itself is right.
      return Whole(ErrorPage(request, PageLang(request).value_or(Lang::kZh),
                             view.status()));
    }
    return Route(request, *view);
  }

 private:
  static http::Reply Whole(http::Response response) {
    http::Reply reply;
    reply.response = std::move(response);
    return reply;
  }

  http::Reply Static(const http::Request& request) const {
    const absl::string_view name =
        absl::string_view(request.path).substr(std::string("/static/").size());
    http::Response response;
    const absl::string_view content =
        IsName(name) ? AssetContent(absl::StrCat("static/", name))
                     : absl::string_view();
    if (content.empty()) {
      response.status = 404;
      response.content_type = "text/plain; charset=utf-8";
      response.body = absl::StrCat("no static file ", request.path, "\n");
      return Whole(std::move(response));
    }
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

  http::Reply Route(const http::Request& request, PageView view) {
    if (request.path == "/") {
      return Page(request, view,
                  RootPage(*reads_, options_.tournament_ids, view));
    }
    if (request.path == "/t" || request.path == "/t/") {
      // The root page's form: /t?id=ID goes to /t/ID.
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
    std::vector<std::string> parts =
        absl::StrSplit(absl::string_view(request.path).substr(3), '/');
    if (!parts.empty() && parts.back().empty()) parts.pop_back();
    for (const std::string& part : parts) {
      if (!IsName(part)) return NotFound(request, view);
    }
    view.tournament_id = parts[0];
    const bool live = parts.size() >= 2 && parts.back() == "live";
    if (live) parts.pop_back();
    const size_t count = parts.size();
    if (count == 1) {
      if (live) return LiveHome(request, view);
      return Page(request, view, HomePage(*reads_, view));
    }
    const std::string& what = parts[1];
    if (what == "standings" && count == 3) {
      if (live) return LiveStandings(request, view, parts[2]);
      return Page(request, view,
                  StandingsPage(*reads_, view, parts[2], &cache_));
    }
    if (what == "pairings" && (count == 3 || count == 4)) {
      std::optional<int> round;
      if (count == 4) {
        absl::StatusOr<int> number = NumberFromOne("round", parts[3]);
        if (!number.ok()) {
          return Whole(ErrorPage(request, view.lang, number.status()));
        }
        round = *number;
      }
      if (live) return LivePairings(request, view, parts[2], round);
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
      return Page(request, view,
                  PairingsPage(*reads_, view, parts[2], round, marked_player));
    }
    if (what == "player" && count == 3) {
      int64_t player_id = 0;
      if (!absl::SimpleAtoi(parts[2], &player_id) || player_id < 1) {
        return Whole(ErrorPage(
            request, view.lang,
            absl::InvalidArgumentError(absl::StrCat(
                "player: a player id from 1 (got '", parts[2], "')"))));
      }
      if (live) return LiveCard(request, view, player_id);
      return Page(
          request, view,
          CardPage(*reads_, view, player_id, print_.BaseUrl(request), &cache_));
    }
    if (what == "board" && count == 4 && live) {
      return LiveBoard(request, view, parts[2], parts[3]);
    }
    if (!live) {
      if (auto printed = print_.Handle(request, view, parts)) {
        if (!printed->ok()) {
          return Whole(ErrorPage(request, view.lang, printed->status()));
        }
        if ((*printed)->page.has_value()) {
          return Whole(Layout(request, view, *(*printed)->page, 200));
        }
        return Whole(*std::move((*printed)->whole));
      }
    }
    if (what == "find" && count == 2 && !live) {
      const auto query = request.query.find("q");
      return Page(request, view,
                  FindPage(*reads_, view,
                           query != request.query.end() ? query->second : ""));
    }
    return NotFound(request, view);
  }

  http::Reply NotFound(const http::Request& request, const PageView& view) {
    return Whole(ErrorPage(
        request, view.lang,
        absl::NotFoundError(absl::StrCat("no page at ", request.path))));
  }

  // A live URL asks for the present only.
  static absl::Status LiveArguments(const PageView& view) {
    if (view.past()) {
      return absl::InvalidArgumentError(
          "at, after_round: the live view is of the present only");
    }
    return absl::OkStatus();
  }

  http::Reply Stream(std::shared_ptr<http::LiveFeed> feed) {
    http::Reply reply;
    reply.stream = std::move(feed);
    return reply;
  }

  http::Reply LiveStandings(const http::Request& request, const PageView& view,
                            const std::string& ranking_id) {
    absl::Status valid = LiveArguments(view);
    absl::StatusOr<v1::TournamentConfig> config = ReadConfig(*reads_, view);
    if (valid.ok()) valid = config.status();
    if (valid.ok()) valid = RankingName(*config, ranking_id).status();
    if (!valid.ok()) return Whole(ErrorPage(request, view.lang, valid));
    return Stream(live_.Standings(view.tournament_id, ranking_id, view.lang));
  }

  // `round` absent: the round in play, following the next when published.
  http::Reply LiveHome(const http::Request& request, const PageView& view) {
    absl::Status valid = LiveArguments(view);
    absl::StatusOr<v1::TournamentConfig> config = ReadConfig(*reads_, view);
    if (valid.ok()) valid = config.status();
    if (!valid.ok()) return Whole(ErrorPage(request, view.lang, valid));
    std::vector<std::string> section_ids;
    for (const v1::Section& section : config->sections()) {
      section_ids.push_back(section.id());
    }
    return Stream(live_.Home(view.tournament_id, section_ids, view.lang));
  }

  http::Reply LivePairings(const http::Request& request, const PageView& view,
                           const std::string& section_id,
                           std::optional<int> round) {
    absl::Status valid = LiveArguments(view);
    absl::StatusOr<v1::TournamentConfig> config = ReadConfig(*reads_, view);
    if (valid.ok()) valid = config.status();
    if (valid.ok()) valid = KnownSection(*config, view, section_id).status();
    if (valid.ok() && round.has_value()) {
      // Only a published round has a live view (so their number is bounded).
      v1::ListPairingsRequest list;
      list.set_tournament_id(view.tournament_id);
      list.set_section_id(section_id);
      list.set_round(*round);
      absl::StatusOr<v1::ListPairingsResponse> pairings =
          reads_->ListPairings(list);
      valid = pairings.status();
      if (valid.ok() && pairings->rounds().empty()) {
        valid = absl::NotFoundError(absl::StrCat(
            "round ", *round, " of section '", section_id, "' not paired"));
      }
    }
    if (!valid.ok()) return Whole(ErrorPage(request, view.lang, valid));
    return Stream(live_.Pairings(view.tournament_id, section_id,
                                 round.value_or(0), view.lang));
  }

  // The board a table card's QR code opens, in the round in play.
  http::Reply LiveBoard(const http::Request& request, const PageView& view,
                        const std::string& section_id,
                        const std::string& board_text) {
    absl::Status valid = LiveArguments(view);
    absl::StatusOr<int> board = NumberFromOne("board", board_text);
    if (valid.ok()) valid = board.status();
    absl::StatusOr<v1::TournamentConfig> config = ReadConfig(*reads_, view);
    if (valid.ok()) valid = config.status();
    if (valid.ok()) valid = KnownSection(*config, view, section_id).status();
    if (!valid.ok()) return Whole(ErrorPage(request, view.lang, valid));
    return Stream(
        live_.Board(view.tournament_id, section_id, *board, view.lang));
  }

  http::Reply LiveCard(const http::Request& request, const PageView& view,
                       int64_t player_id) {
    absl::Status valid = LiveArguments(view);
    v1::GetPlayerRequest get;
    get.set_tournament_id(view.tournament_id);
    get.set_player_id(player_id);
    absl::StatusOr<v1::GetPlayerResponse> player;
    if (valid.ok()) {
      player = reads_->GetPlayer(get);
      valid = player.status();
      if (valid.code() == absl::StatusCode::kNotFound) {
        valid = absl::NotFoundError(absl::StrCat("player ", player_id,
                                                 " not found in tournament '",
                                                 view.tournament_id, "'"));
      }
    }
    if (!valid.ok()) return Whole(ErrorPage(request, view.lang, valid));
    return Stream(live_.Card(view.tournament_id, player->player().section_id(),
                             player_id, view.lang));
  }

  http::Reply Page(const http::Request& request, const PageView& view,
                   absl::StatusOr<PageBody> body) {
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
  LiveViews live_;
  PrintPages print_;
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
