// The officials' pages (issue 16 §1, §2) as http::Routes, on the services'
// channel (qiwangd's in-process channel):
//
//   /officials/ID                 the shell: sign-in and the role pages' tabs
//                                 (no private data: it is the same for all)
//   /officials/ID/arbiter         ?section= ?round= ?from= ?to=
//   /officials/ID/pairing         ?section=
//   /officials/ID/committee
//   /officials/ID/checkin         ?q=
//   /officials/ID/chief
//   /officials/ID/organiser       dates, schedule, sections, quotas, prizes
//   /officials/new                the shell before any tournament: its one
//   /officials/new/create         tab creates one from a template
//   /officials/ID/registrar       and its forms: GET registrar/section (the
//                                 section an entry being typed enters), POST
//                                 registrar/ranking (a station ranking file)
//
// Each URL above is a row of one route table (route_table.h): a path no row
// matches is 404, a method its rows do not take 405 naming the ones they do.
// The shell's module (static/officials.js) keeps the token in the tab's
// sessionStorage and sends it only as `Authorization: Bearer`; it fetches the
// fragments above with it and performs actions as Connect POSTs to the RPCs.
// A fragment answers 401 without a token or for an unknown one, 403 naming
// R1.2 when none of the caller's roles may use the page (OfficialPageRoles),
// and otherwise what the RPCs made with the caller's header answer (their
// words on an error). Every page takes ?lang=zh|en. Thread-safe.
#ifndef QIWANG_CLIENTS_WEB_OFFICIAL_PAGES_H_
#define QIWANG_CLIENTS_WEB_OFFICIAL_PAGES_H_

#include <grpcpp/channel.h>

#include <memory>
#include <string>
#include <vector>

#include "services/http/handler.h"

namespace qiwang::web {

// The roles that may use each officials' page (R1.2): those the page's
// actions admit in the access table.
struct OfficialPage {
  std::string name;  // "arbiter", ...
  std::vector<std::string> roles;
};
const std::vector<OfficialPage>& OfficialPageRoles();

std::unique_ptr<http::Routes> MakeOfficialPages(
    std::shared_ptr<grpc::Channel> services);

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_OFFICIAL_PAGES_H_
