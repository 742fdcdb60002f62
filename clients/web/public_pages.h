// The public pages of every tournament as http::Routes: a thin client of the
// services' public read RPCs on `services` (qiwangd's in-process channel),
// with their static files and live views. qiwangd's main hands it to the HTTP
// front; the front never depends on clients/web. Each URL below is a row of
// one route table (route_table.h) in public_pages.cc: a path under /t or
// /static/ that no row matches is 404, a row's path asked with a method other
// than GET or HEAD is 405.
//
//   /                                   tournaments (PublicPagesOptions)
//   /t/ID                               home: sections, schedule, status
//   /t/ID/pairings/SECTION[/ROUND]      a round's boards (current round)
//   /t/ID/standings/RANKING             standings, crosstable, prizes
//   /t/ID/find?q=NAME_OR_NUMBER         find my board
//   /t/ID/player/PLAYER_ID              the player's card
//   .../live                            the SSE stream of the four above
//   /t/ID/print..., /t/ID/xlsx/SECTION, /t/ID/board/SECTION/N
//                                       printouts, spreadsheets: print_pages.h
//   /static/style.css, /static/live.js
// Every page takes ?lang=zh|en (else Accept-Language), ?display=1; the
// standings, card, pairings and home also ?at=POSITION and ?after_round=N.
#ifndef QIWANG_CLIENTS_WEB_PUBLIC_PAGES_H_
#define QIWANG_CLIENTS_WEB_PUBLIC_PAGES_H_

#include <grpcpp/channel.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "services/http/handler.h"

namespace qiwang::web {

struct PublicPagesOptions {
  // Listed on the root page (there is no RPC listing tournaments).
  std::vector<std::string> tournament_ids;
  // Where the public reaches the pages ("https://qiwang.example.cn"): the
  // base of the URLs printed on paper (table cards' QR codes). Empty: the
  // Host header of the request that printed them.
  std::string public_url = "";  // initialised: designated inits may omit it
  // The log position the reads see now (the projection's applied position):
  // when given, whole pages are cached by it (page_cache.h).
  std::function<uint64_t()> log_position = nullptr;
};

std::unique_ptr<http::Routes> MakePublicPages(
    std::shared_ptr<grpc::Channel> services, PublicPagesOptions options = {});

}  // namespace qiwang::web

#endif  // QIWANG_CLIENTS_WEB_PUBLIC_PAGES_H_
