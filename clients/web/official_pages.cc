#include "clients/web/official_pages.h"

#include <algorithm>
#include <functional>
#include <optional>
#include <utility>

#include "absl/status/status.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "base/http_status.h"
#include "clients/web/official_calls.h"
#include "clients/web/official_fragments.h"
#include "clients/web/official_words.h"
#include "clients/web/pages.h"
#include "clients/web/route_table.h"
#include "qiwang/v1/pairing_service.pb.h"
#include "qiwang/v1/play_service.pb.h"
#include "qiwang/v1/ruling_service.pb.h"
#include "qiwang/v1/tournament_service.pb.h"
#include "services/api/access_table.h"
#include "services/api/rpc_method.h"
#include "services/rules/core/roles.h"
#include "words/refusal_words.h"
#include "words/role_words.h"

namespace qiwang::web {

namespace {

// The roles of R1.2 that one of `actions` admits in the access table, in
// kAllRoles order; the public and the read processes never use a page.
std::vector<std::string> RolesActingBy(
    const std::vector<const google::protobuf::MethodDescriptor*>& actions) {
  std::vector<std::string> roles;
  for (rules::Role role : rules::kAllRoles) {
    if (role == rules::Role::kPublic || role == rules::Role::kReplica) continue;
    const bool admitted = std::any_of(
        actions.begin(), actions.end(),
        [role](const google::protobuf::MethodDescriptor* action) {
          const api::RpcAccess* access = api::AccessOf(*action);
          return access != nullptr &&
                 std::find(access->admitted.begin(), access->admitted.end(),
                           role) != access->admitted.end();
        });
    if (admitted) roles.emplace_back(rules::RoleName(role));
  }
  return roles;
}

OfficialPage PageActing(
    std::string name,
    std::vector<const google::protobuf::MethodDescriptor*> actions) {
  return OfficialPage{std::move(name), RolesActingBy(actions)};
}

}  // namespace

const std::vector<OfficialPage>& OfficialPageRoles() {
  // Each page's actions: the RPCs its buttons call. Left out: the check-in
  // desk's CloseCheckIn and the chief's late admission (RegisterPlayer with
  // late_admission), buttons shown to the chief arbiter alone on pages that
  // admit others (the server refuses anyone else), and the chief's appeal
  // form (FileAppeal, which other officials may call too).
  static const auto* const pages = new std::vector<OfficialPage>{
      PageActing("arbiter", {&api::MethodOf<v1::RecordResultRequest>(),
                             &api::MethodOf<v1::RecordFoulRequest>()}),
      PageActing("pairing", {&api::MethodOf<v1::ProposeRoundRequest>(),
                             &api::MethodOf<v1::PairRoundRequest>(),
                             &api::MethodOf<v1::AmendPairingRequest>()}),
      PageActing("committee", {&api::MethodOf<v1::DecideAppealRequest>()}),
      PageActing("checkin", {&api::MethodOf<v1::CheckInPlayerRequest>(),
                             &api::MethodOf<v1::ExcuseAbsenceRequest>()}),
      PageActing("chief", {&api::MethodOf<v1::CorrectResultRequest>(),
                           &api::MethodOf<v1::DrawTieLotsRequest>(),
                           &api::MethodOf<v1::DeclineFinalPlaceRequest>()}),
      PageActing("organiser", {&api::MethodOf<v1::CreateTournamentRequest>(),
                               &api::MethodOf<v1::AmendTournamentRequest>()}),
      PageActing("registrar",
                 {&api::MethodOf<v1::RecordStationResultsRequest>(),
                  &api::MethodOf<v1::RegisterPlayerRequest>(),
                  &api::MethodOf<v1::WithdrawPlayerRequest>()}),
  };
  return *pages;
}

namespace {

using Renderer =
    std::function<absl::StatusOr<std::string>(const OfficialRequest&)>;

const OfficialPage* FindPage(const std::string& name) {
  for (const OfficialPage& page : OfficialPageRoles()) {
    if (page.name == name) return &page;
  }
  return nullptr;
}

// R1.2 for a page: OK when one of `roles` may use it.
absl::Status Admitted(
    const OfficialPage& page,
    const google::protobuf::RepeatedPtrField<std::string>& roles) {
  for (const std::string& role : roles) {
    if (std::find(page.roles.begin(), page.roles.end(), role) !=
        page.roles.end()) {
      return absl::OkStatus();
    }
  }
  return absl::PermissionDeniedError(absl::StrCat(
      "R1.2: the ", page.name, " page admits ", absl::StrJoin(page.roles, ", "),
      "; you are ", absl::StrJoin(roles, ", ")));
}

http::Reply Whole(http::Response response) {
  http::Reply reply;
  reply.response = std::move(response);
  return reply;
}

// A row's handler: the view the query asks for (of the tournament {id}) and
// the parts the pattern bound.
using Handler = std::function<http::Response(
    const http::Request&, const PageView&, const RouteParts&)>;

class OfficialPages : public http::Routes {
 public:
  explicit OfficialPages(std::shared_ptr<grpc::Channel> services)
      : calls_(std::move(services)), routes_(Table()) {}

  std::optional<http::Reply> Handle(const http::Request& request) override {
    if (!absl::StartsWith(request.path, "/officials/")) return std::nullopt;
    absl::StatusOr<PageView> view = PageView::FromRequest(request);
    if (!view.ok()) return Whole(Fragment(Lang::kZh, view.status()));
    const RouteTable<Handler>::Match match =
        routes_.Find(request.method, request.path);
    if (!match.allow.empty()) {
      http::Response response = Fragment(
          view->lang,
          absl::InvalidArgumentError(absl::StrCat(
              "method ", request.method, " not allowed: ", request.path,
              " takes ", match.allow, "; actions are Connect POSTs")));
      response.status = 405;
      response.headers.emplace_back("Allow", match.allow);
      return Whole(std::move(response));
    }
    if (match.handler == nullptr) return Whole(NotFound(request, *view));
    view->tournament_id = match.parts["id"];
    return Whole((*match.handler)(request, *view, match.parts));
  }

 private:
  // /officials/new: the shell of a tournament yet to be created, whose one
  // tab is the form creating it (the organiser's page's roles).
  static constexpr absl::string_view kNewTournament = "new";

  // Every URL of the officials' pages: the shells, each role's page, and
  // the registrar's section preview and ranking upload, which admit the
  // registrar page's roles. The first row whose pattern matches answers.
  RouteTable<Handler> Table() {
    const auto get = [](std::string pattern, Handler handler) {
      return Route<Handler>{{"GET"}, std::move(pattern), std::move(handler)};
    };
    return RouteTable<Handler>({
        get("/officials/new",
            [this](const http::Request&, const PageView& view,
                   const RouteParts&) { return NewShell(view); }),
        get("/officials/new/create",
            [this](const http::Request& request, const PageView& view,
                   const RouteParts&) {
              return RenderFragment(request, NewView(view), CreatePage(),
                                    CreateFragment, /*read_tournament=*/false);
            }),
        get("/officials/{id}",
            [this](const http::Request&, const PageView& view,
                   const RouteParts&) { return Shell(view); }),
        get("/officials/{id}/arbiter", Page("arbiter", ArbiterFragment)),
        get("/officials/{id}/pairing", Page("pairing", PairingFragment)),
        get("/officials/{id}/committee", Page("committee", CommitteeFragment)),
        get("/officials/{id}/checkin", Page("checkin", CheckInFragment)),
        get("/officials/{id}/chief", Page("chief", ChiefFragment)),
        get("/officials/{id}/organiser", Page("organiser", OrganiserFragment)),
        get("/officials/{id}/registrar", Page("registrar", RegistrarFragment)),
        get("/officials/{id}/registrar/section",
            Page("registrar", RegistrantSectionFragment)),
        {{"POST"},
         "/officials/{id}/registrar/ranking",
         Page("registrar", StationRankingUpload)},
    });
  }

  // The fragment of the page `name` of tournament {id}, rendered by
  // `render` for a caller whose roles the page admits.
  Handler Page(const std::string& name, Renderer render) {
    const OfficialPage* page = FindPage(name);
    return [this, page, render = std::move(render)](
               const http::Request& request, const PageView& view,
               const RouteParts& parts) {
      if (parts["id"] == kNewTournament) return NotFound(request, view);
      return RenderFragment(request, view, *page, render);
    };
  }

  static PageView NewView(const PageView& view) {
    PageView fresh = view;
    fresh.tournament_id = std::string(kNewTournament);
    return fresh;
  }

  static OfficialPage CreatePage() {
    return OfficialPage{"create", FindPage("organiser")->roles};
  }

  http::Response NewShell(const PageView& view) const {
    return ShellPage(NewView(view),
                     OfficialWords(view.lang).get("create")->string_value(),
                     {CreatePage()});
  }

  static http::Response NotFound(const http::Request& request,
                                 const PageView& view) {
    return Fragment(view.lang, absl::NotFoundError(
                                   absl::StrCat("no page at ", request.path)));
  }

  http::Response RenderFragment(const http::Request& request,
                                const PageView& view, const OfficialPage& page,
                                const Renderer& render,
                                bool read_tournament = true) const {
    const auto header = request.headers.find("authorization");
    if (header == request.headers.end() || header->second.empty()) {
      return Fragment(view.lang,
                      absl::UnauthenticatedError(
                          "a token is required: sign in (the page sends it "
                          "as 'Authorization: Bearer <token>')"));
    }
    const std::string& authorization = header->second;
    absl::StatusOr<v1::WhoAmIResponse> who = calls_.WhoAmI(authorization);
    if (!who.ok()) return Fragment(view.lang, who.status());
    if (absl::Status admitted = Admitted(page, who->roles()); !admitted.ok()) {
      return Fragment(view.lang, admitted);
    }
    v1::GetTournamentResponse tournament;
    if (read_tournament) {
      v1::GetTournamentRequest get;
      get.set_tournament_id(view.tournament_id);
      absl::StatusOr<v1::GetTournamentResponse> read =
          calls_.GetTournament(authorization, get);
      if (!read.ok()) return Fragment(view.lang, read.status());
      tournament = *std::move(read);
    }
    const OfficialRequest official{calls_,        authorization,
                                   view,          tournament.config(),
                                   request.query, request.body};
    absl::StatusOr<std::string> html = render(official);
    if (!html.ok()) return Fragment(view.lang, html.status());
    http::Response response = Private(200);
    response.body = *std::move(html);
    return response;
  }

  // A fragment the official's token read: never stored by a cache.
  static http::Response Private(int status) {
    http::Response response;
    response.status = status;
    response.headers.emplace_back("Cache-Control", "no-store");
    response.headers.emplace_back("Vary", "Authorization");
    return response;
  }

  // The status in the server's words, as a fragment the page shows.
  static http::Response Fragment(Lang lang, const absl::Status& status) {
    http::Response response = Private(base::HttpStatusOf(status.code()));
    PageView view;
    view.lang = lang;
    Data data = PageData(view);
    data.set("code", absl::StrCat(response.status));
    data.set("message", words::RefusalText(status, lang));
    response.body = RenderTemplate("official_error", data);
    return response;
  }

  // The same for everyone: sign-in, the tabs, the queue's lists.
  http::Response Shell(const PageView& view) const {
    v1::GetTournamentRequest get;
    get.set_tournament_id(view.tournament_id);
    absl::StatusOr<v1::GetTournamentResponse> tournament =
        calls_.GetTournament("", get);
    if (!tournament.ok()) return Fragment(view.lang, tournament.status());
    return ShellPage(view, LabelText(tournament->config().name(), view.lang),
                     OfficialPageRoles());
  }

  // The shell of the tournament named `name`, with a tab for each of `pages`.
  http::Response ShellPage(const PageView& view, const std::string& name,
                           const std::vector<OfficialPage>& pages) const {
    Data data = PageData(view);
    data.set("w", OfficialWords(view.lang));
    data.set("tournament_id", view.tournament_id);
    data.set("name", name);
    DataList tabs;
    for (const OfficialPage& page : pages) {
      Data tab;
      tab.set("page", page.name);
      tab.set("roles", absl::StrJoin(page.roles, " "));
      tab.set("label", OfficialWords(view.lang).get(page.name)->string_value());
      tabs.push_back(tab);
    }
    data.set("tabs", tabs);
    // The signed-in line names the roles WhoAmI answers in these words.
    DataList roles;
    for (const auto& [role, text] : words::RoleNames(view.lang)) {
      Data item;
      item.set("role", role);
      item.set("text", text);
      roles.push_back(item);
    }
    data.set("roles", roles);
    Data layout = PageData(view);
    layout.set(
        "title",
        absl::StrCat(OfficialWords(view.lang).get("officials")->string_value(),
                     " · ", name));
    layout.set("body", RenderTemplate("officials", data));
    layout.set("tournament", view.tournament_id != kNewTournament);
    layout.set("other_lang_link",
               absl::StrCat("/officials/", view.tournament_id,
                            "?lang=", view.lang == Lang::kZh ? "en" : "zh"));
    layout.set("html_lang", view.lang == Lang::kZh ? "zh-CN" : "en");
    http::Response response;
    response.body = RenderTemplate("layout", layout);
    response.headers.emplace_back("Cache-Control", "no-cache");
    response.headers.emplace_back("Content-Language",
                                  view.lang == Lang::kZh ? "zh-CN" : "en");
    return response;
  }

  OfficialCalls calls_;
  const RouteTable<Handler> routes_;
};

}  // namespace

std::unique_ptr<http::Routes> MakeOfficialPages(
    std::shared_ptr<grpc::Channel> services) {
  return std::make_unique<OfficialPages>(std::move(services));
}

}  // namespace qiwang::web
