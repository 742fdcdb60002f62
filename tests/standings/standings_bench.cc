// Watcher lag: the time from a RecordResult append to a WatchStandings
// client seeing standings that include it, with 64 clients recording the
// results of 64 boards concurrently, round after round, through a real
// qiwangd on 127.0.0.1 (the event log synced as in production).
//
// Per result, the lag is measured from the moment its RecordResult call
// returned (the append is durable by then) to the arrival of the first
// watch message whose as_of_position covers it; "from_send" measures from
// the moment the call was sent instead, so it also counts the append. The
// two bracket the true lag. Target: lag p99 <= 100 ms. For scale,
// get_standings_p50_ms is one GetStandings of the final standings alone.
//
// The argument is the number of watchers, each on a connection of its own
// (issue 7's load: 64 arbiters and 1,000 watchers); the run with one watcher
// is the baseline of the same run. rss_mb is the whole process's resident
// memory at the end (server and clients together: an upper bound for the
// server's), and its peak. The load and its accounting are in watch_load.cc,
// shared with split_load_bench (the same load against the split form).
#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <stdlib.h>

#include <filesystem>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "benchmark/benchmark.h"
#include "services/ledger/clock.h"
#include "services/server/server.h"
#include "tests/rules/tournament/pre_event_fixture.h"
#include "tests/standings/standings_server_fixture.h"
#include "tests/standings/watch_load.h"

namespace qiwang::standings {
namespace {

using rules::tournament::Beijing;

// qiwangd with one open-men section of kLoadPlayers checked-in players.
class Rig : public LoadTarget {
 public:
  Rig() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "qiwang-lag-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) abort();
    dir_ = pattern;
    server::ServerOptions options;
    options.data_dir = dir_ + "/log";
    options.tokens = RoleTokens();
    clock_ = std::make_shared<ledger::ManualClock>(Beijing(2016, 9, 1, 10, 0));
    options.clock = clock_;
    options.max_watches_per_client = 0;  // every watcher comes from 127.0.0.1
    absl::StatusOr<std::unique_ptr<server::Server>> server =
        server::Server::Start(options);
    if (!server.ok()) abort();
    server_ = *std::move(server);
    if (EnterOpenMen(NewChannel(-1), *clock_, kLoadPlayers) == 0) abort();
  }
  ~Rig() override {
    server_.reset();
    std::filesystem::remove_all(dir_);
  }

  std::shared_ptr<grpc::Channel> WriteChannel(int client) const override {
    return NewChannel(client);
  }
  std::shared_ptr<grpc::Channel> ReadChannel(int client) const override {
    return NewChannel(client);
  }

 private:
  std::shared_ptr<grpc::Channel> NewChannel(int client) const {
    grpc::ChannelArguments arguments;
    arguments.SetInt("qiwang.bench.client", client);
    return grpc::CreateCustomChannel(
        server_->address(), grpc::InsecureChannelCredentials(), arguments);
  }

  std::string dir_;
  std::shared_ptr<ledger::ManualClock> clock_;
  std::unique_ptr<server::Server> server_;
};

void BM_WatcherLag(benchmark::State& state) {
  for (auto _ : state) {
    state.PauseTiming();
    Rig rig;
    RunWatchLoad(state, rig);
    state.counters["rss_mb"] = ProcessMemoryMb("VmRSS:");
    state.counters["peak_rss_mb"] = ProcessMemoryMb("VmHWM:");
  }
}
BENCHMARK(BM_WatcherLag)
    ->Arg(1)
    ->Arg(1000)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace qiwang::standings

BENCHMARK_MAIN();
