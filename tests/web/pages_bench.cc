// Benchmark (not a test): the standings page of a 200-player section after
// five rounds, rendered by the public pages from a real qiwangd's reads.
// Prints the server time of one page (p50, p99) with 1 and with 100
// concurrent readers, and the page's size gzip-compressed with its script
// and style. Usage: pages_bench [--readers=100] [--pages=20] [--dump=DIR]
// (--dump writes the page, its style and script there, to look at).
#include <zlib.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "absl/time/clock.h"
#include "clients/web/public_pages.h"
#include "qiwang/v1/pairing_service.grpc.pb.h"
#include "qiwang/v1/play_service.grpc.pb.h"
#include "services/ledger/clock.h"
#include "services/server/server.h"
#include "tests/rules/tournament/pre_event_fixture.h"
#include "tests/server/in_process_server.h"
#include "tests/standings/standings_server_fixture.h"

namespace qiwang::web {
namespace {

constexpr int kPlayers = 200;
constexpr int kRounds = 5;

size_t GzipSize(const std::string& text) {
  uLongf size = compressBound(text.size());
  std::string out(size, '\0');
  z_stream stream{};
  deflateInit2(&stream, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  stream.avail_in = static_cast<uInt>(text.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  deflate(&stream, Z_FINISH);
  const size_t written = stream.total_out;
  deflateEnd(&stream);
  return written;
}

// Plays kRounds rounds of open-men on `channel`, every board decided.
void Play(const std::shared_ptr<grpc::Channel>& channel) {
  auto pairing = v1::PairingService::NewStub(channel);
  auto play = v1::PlayService::NewStub(channel);
  int command = 0;
  for (int round = 1; round <= kRounds; ++round) {
    v1::PairRoundResponse paired;
    grpc::Status status =
        pairing->PairRound(standings::NewCall(standings::kPairingOfficer).get(),
                           standings::OpenMenRound(round), &paired);
    if (!status.ok()) {
      std::fprintf(stderr, "PairRound %d: %s\n", round,
                   status.error_message().c_str());
      std::exit(1);
    }
    for (const v1::BoardView& board : paired.rounds(0).boards()) {
      v1::RecordResultRequest request;
      request.set_command_id(absl::StrCat("result-", ++command));
      request.set_tournament_id(standings::kTournamentId);
      request.set_section_id("open-men");
      request.set_round(round);
      request.set_board(board.number());
      request.set_result(static_cast<v1::GameResult>(1 + command % 3));
      v1::RecordResultResponse response;
      status = play->RecordResult(standings::NewCall(standings::kArbiter).get(),
                                  request, &response);
      if (!status.ok()) {
        std::fprintf(stderr, "RecordResult: %s\n",
                     status.error_message().c_str());
        std::exit(1);
      }
    }
  }
}

// Every reader asks for `pages` pages; answers the sorted server times.
std::vector<absl::Duration> Measure(http::Routes& routes, int readers,
                                    int pages) {
  std::vector<std::vector<absl::Duration>> times(readers);
  std::vector<std::thread> threads;
  for (int reader = 0; reader < readers; ++reader) {
    threads.emplace_back([&routes, &times, reader, pages] {
      http::Request request;
      request.method = "GET";
      request.path = "/t/sichuan-2016/standings/open-men";
      request.query["lang"] = reader % 2 == 0 ? "zh" : "en";
      for (int i = 0; i < pages; ++i) {
        const absl::Time start = absl::Now();
        std::optional<http::Reply> reply = routes.Handle(request);
        times[reader].push_back(absl::Now() - start);
        if (!reply || reply->response->status != 200) std::abort();
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  std::vector<absl::Duration> all;
  for (const auto& some : times)
    all.insert(all.end(), some.begin(), some.end());
  std::sort(all.begin(), all.end());
  return all;
}

void Report(const char* what, const std::vector<absl::Duration>& times,
            absl::Duration wall) {
  auto at = [&times](double quantile) {
    return absl::ToDoubleMilliseconds(times[std::min(
        times.size() - 1, static_cast<size_t>(quantile * times.size()))]);
  };
  std::printf("%s: %zu pages, p50 %.2f ms, p99 %.2f ms, %.0f pages/s\n", what,
              times.size(), at(0.50), at(0.99),
              times.size() / absl::ToDoubleSeconds(wall));
}

int Main(int argc, char** argv) {
  int readers = 100;
  int pages = 20;
  std::string dump;
  for (int i = 1; i < argc; ++i) {
    absl::string_view arg = argv[i];
    if (absl::ConsumePrefix(&arg, "--readers=")) {
      (void)absl::SimpleAtoi(arg, &readers);
    } else if (absl::ConsumePrefix(&arg, "--pages=")) {
      (void)absl::SimpleAtoi(arg, &pages);
    } else if (absl::ConsumePrefix(&arg, "--dump=")) {
      dump = std::string(arg);
    }
  }
  auto clock = std::make_shared<ledger::ManualClock>(
      rules::tournament::Beijing(2016, 9, 1, 10, 0));
  {
    server::ServerOptions options;
    options.tokens = standings::RoleTokens();
    options.clock = clock;
    absl::StatusOr<std::unique_ptr<server::InProcessServer>> server =
        server::InProcessServer::Start(options);
    if (!server.ok()) {
      std::fprintf(stderr, "%s\n", server.status().ToString().c_str());
      return 1;
    }
    const std::shared_ptr<grpc::Channel>& channel = (*server)->channel();
    standings::EnterOpenMen(channel, *clock, kPlayers);
    Play(channel);
    std::unique_ptr<http::Routes> uncached = MakePublicPages(channel);
    server::Server* served = &(*server)->server();
    std::unique_ptr<http::Routes> routes = MakePublicPages(
        channel, {.tournament_ids = {}, .log_position = [served] {
                    return served->applied_position();
                  }});

    http::Request page;
    page.method = "GET";
    page.path = "/t/sichuan-2016/standings/open-men";
    const std::string html = routes->Handle(page)->response->body;
    page.path = "/static/style.css";
    const std::string style = routes->Handle(page)->response->body;
    page.path = "/static/live.js";
    const std::string script = routes->Handle(page)->response->body;
    std::printf(
        "standings page of %d players after %d rounds: %zu bytes, gzip %zu; "
        "with style and script gzip %zu bytes (each gzipped alone)\n",
        kPlayers, kRounds, html.size(), GzipSize(html),
        GzipSize(html) + GzipSize(style) + GzipSize(script));

    if (!dump.empty()) {
      std::filesystem::create_directories(dump + "/static");
      std::ofstream(dump + "/standings.html") << html;
      std::ofstream(dump + "/static/style.css") << style;
      std::ofstream(dump + "/static/live.js") << script;
    }
    // The same readers without the page cache (every page read and
    // rendered), then with it, as qiwangd serves them.
    for (auto [name, pages_served] :
         {std::pair{"rendered", uncached.get()}, {"cached", routes.get()}}) {
      // Both languages once first: the figure is the steady state, where a
      // page is rendered once per log position, not the first reader's wait.
      for (const char* lang : {"zh", "en"}) {
        http::Request warm = page;
        warm.path = "/t/sichuan-2016/standings/open-men";
        warm.query["lang"] = lang;
        pages_served->Handle(warm);
      }
      absl::Time start = absl::Now();
      const auto alone = Measure(*pages_served, 1, pages * 5);
      Report(absl::StrCat(name, ", 1 reader").c_str(), alone,
             absl::Now() - start);
      start = absl::Now();
      const auto many = Measure(*pages_served, readers, pages);
      Report(absl::StrCat(name, ", ", readers, " concurrent readers").c_str(),
             many, absl::Now() - start);
    }
  }
  return 0;
}

}  // namespace
}  // namespace qiwang::web

int main(int argc, char** argv) { return qiwang::web::Main(argc, argv); }
