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
// server's), and its peak.
#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <stdlib.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/synchronization/mutex.h"
#include "absl/time/clock.h"
#include "benchmark/benchmark.h"
#include "qiwang/v1/pairing_service.grpc.pb.h"
#include "qiwang/v1/play_service.grpc.pb.h"
#include "qiwang/v1/standings_service.grpc.pb.h"
#include "services/ledger/clock.h"
#include "services/server/server.h"
#include "tests/rules/tournament/pre_event_fixture.h"
#include "tests/standings/standings_server_fixture.h"

namespace qiwang::standings {
namespace {

using rules::tournament::Beijing;

constexpr int kClients = 64;
constexpr int kPlayers = 2 * kClients;  // one board per client and round
constexpr int kRounds = 11;

// Aborts the benchmark on a refused call: figures from a broken run are
// worthless.
void Check(const grpc::Status& status, const std::string& what) {
  if (status.ok()) return;
  fprintf(stderr, "%s: %s\n", what.c_str(), status.error_message().c_str());
  abort();
}

double Percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const size_t index = std::min(
      values.size() - 1, static_cast<size_t>(p * (values.size() - 1) + 0.5));
  return values[index];
}

// A line of /proc/self/status ("VmRSS:", "VmHWM:") in MiB; 0 if absent.
double ProcessMemoryMb(const std::string& field) {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind(field, 0) == 0) {
      return std::strtod(line.c_str() + field.size(), nullptr) / 1024.0;
    }
  }
  return 0;
}

// qiwangd with one open-men section of kPlayers checked-in players.
class Rig {
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
    EnterOpenMen(NewChannel(-1), *clock_, kPlayers);
  }
  ~Rig() {
    server_.reset();
    std::filesystem::remove_all(dir_);
  }

  // A channel of its own (a distinct argument keeps gRPC from sharing the
  // connection), as a separate client would have.
  std::shared_ptr<grpc::Channel> NewChannel(int client) const {
    grpc::ChannelArguments arguments;
    arguments.SetInt("qiwang.bench.client", client);
    return grpc::CreateCustomChannel(
        server_->address(), grpc::InsecureChannelCredentials(), arguments);
  }

  void PairRound(int round) {
    auto pairing = v1::PairingService::NewStub(NewChannel(-1));
    v1::PairRoundRequest request;
    request.set_command_id(absl::StrCat("pair-", round));
    request.set_tournament_id(kTournamentId);
    request.set_section_id("open-men");
    request.set_round(round);
    request.set_lots_seed(2016);
    v1::PairRoundResponse response;
    Check(
        pairing->PairRound(NewCall(kPairingOfficer).get(), request, &response),
        absl::StrCat("pair round ", round));
  }

 private:
  std::string dir_;
  std::shared_ptr<ledger::ManualClock> clock_;
  std::unique_ptr<server::Server> server_;
};

// Every message the watcher received: the position it reflects and when.
class Watcher {
 public:
  explicit Watcher(std::shared_ptr<grpc::Channel> channel)
      : stub_(v1::StandingsService::NewStub(std::move(channel))) {
    v1::WatchStandingsRequest request;
    request.set_tournament_id(kTournamentId);
    request.set_ranking_id("open-men");
    reader_ = stub_->WatchStandings(&call_, request);
    thread_ = std::thread([this] { Run(); });
  }

  // Waits until a message covers `position` (or 30 s), then ends the watch.
  void StopAfter(uint64_t position) {
    {
      absl::MutexLock lock(&mutex_);
      auto covered = [this, position]() ABSL_SHARED_LOCKS_REQUIRED(mutex_) {
        return !seen_.empty() && seen_.back().first >= position;
      };
      mutex_.AwaitWithTimeout(absl::Condition(&covered), absl::Seconds(30));
    }
    call_.TryCancel();
    thread_.join();
  }

  // When the first message covering `position` arrived; InfiniteFuture if
  // none did.
  absl::Time SeenAt(uint64_t position) const {
    absl::MutexLock lock(&mutex_);
    auto it = std::lower_bound(seen_.begin(), seen_.end(), position,
                               [](const std::pair<uint64_t, absl::Time>& seen,
                                  uint64_t p) { return seen.first < p; });
    return it == seen_.end() ? absl::InfiniteFuture() : it->second;
  }

  int messages() const {
    absl::MutexLock lock(&mutex_);
    return static_cast<int>(seen_.size());
  }

 private:
  void Run() {
    v1::GetStandingsResponse standings;
    while (reader_->Read(&standings)) {
      const absl::Time now = absl::Now();
      absl::MutexLock lock(&mutex_);
      seen_.emplace_back(standings.as_of_position(), now);
    }
    reader_->Finish();
  }

  std::unique_ptr<v1::StandingsService::Stub> stub_;
  grpc::ClientContext call_;
  std::unique_ptr<grpc::ClientReader<v1::GetStandingsResponse>> reader_;
  mutable absl::Mutex mutex_;
  std::vector<std::pair<uint64_t, absl::Time>> seen_ ABSL_GUARDED_BY(mutex_);
  std::thread thread_;
};

struct Recorded {
  uint64_t position = 0;
  absl::Time sent;
  absl::Time acknowledged;
};

void BM_WatcherLag(benchmark::State& state) {
  for (auto _ : state) {
    state.PauseTiming();
    Rig rig;
    std::vector<std::unique_ptr<v1::PlayService::Stub>> arbiters;
    for (int i = 0; i < kClients; ++i) {
      arbiters.push_back(v1::PlayService::NewStub(rig.NewChannel(i)));
    }
    std::vector<std::unique_ptr<Watcher>> watchers;
    for (int w = 0; w < state.range(0); ++w) {
      watchers.push_back(
          std::make_unique<Watcher>(rig.NewChannel(kClients + w)));
    }
    state.ResumeTiming();

    std::vector<Recorded> recorded(kRounds * kClients);
    const absl::Time start = absl::Now();
    for (int round = 1; round <= kRounds; ++round) {
      rig.PairRound(round);
      std::vector<std::thread> clients;
      for (int i = 0; i < kClients; ++i) {
        clients.emplace_back([&, round, i] {
          static constexpr v1::GameResult kResults[] = {
              v1::GAME_RESULT_RED_WIN, v1::GAME_RESULT_DRAW,
              v1::GAME_RESULT_BLACK_WIN};
          v1::RecordResultRequest request;
          request.set_command_id(absl::StrCat("r", round, "-", i));
          request.set_tournament_id(kTournamentId);
          request.set_section_id("open-men");
          request.set_round(round);
          request.set_board(i + 1);
          request.set_result(kResults[(round + i) % 3]);
          v1::RecordResultResponse response;
          Recorded& mine = recorded[(round - 1) * kClients + i];
          mine.sent = absl::Now();
          Check(arbiters[i]->RecordResult(NewCall(kArbiter).get(), request,
                                          &response),
                "record result");
          mine.acknowledged = absl::Now();
          mine.position = response.result().last_position();
        });
      }
      for (std::thread& client : clients) client.join();
    }
    const absl::Duration recording = absl::Now() - start;
    uint64_t last = 0;
    for (const Recorded& r : recorded) last = std::max(last, r.position);
    for (auto& watcher : watchers) watcher->StopAfter(last);

    std::vector<double> lag_ms, from_send_ms, latency_ms;
    int missed = 0;
    int messages = 0;
    for (const Recorded& r : recorded) {
      latency_ms.push_back(absl::ToDoubleMilliseconds(r.acknowledged - r.sent));
    }
    for (const auto& watcher : watchers) {
      messages += watcher->messages();
      for (const Recorded& r : recorded) {
        const absl::Time seen = watcher->SeenAt(r.position);
        if (seen == absl::InfiniteFuture()) {
          ++missed;
          continue;
        }
        lag_ms.push_back(
            std::max(0.0, absl::ToDoubleMilliseconds(seen - r.acknowledged)));
        from_send_ms.push_back(absl::ToDoubleMilliseconds(seen - r.sent));
      }
    }
    state.counters["results"] = static_cast<double>(recorded.size());
    state.counters["results_per_s"] =
        recorded.size() / absl::ToDoubleSeconds(recording);
    state.counters["watchers"] = static_cast<double>(watchers.size());
    state.counters["watch_messages"] = messages;
    state.counters["missed"] = missed;
    state.counters["lag_p50_ms"] = Percentile(lag_ms, 0.50);
    state.counters["lag_p99_ms"] = Percentile(lag_ms, 0.99);
    state.counters["lag_max_ms"] = Percentile(lag_ms, 1.0);
    state.counters["from_send_p50_ms"] = Percentile(from_send_ms, 0.50);
    state.counters["from_send_p99_ms"] = Percentile(from_send_ms, 0.99);
    state.counters["record_p50_ms"] = Percentile(latency_ms, 0.50);
    state.counters["record_p99_ms"] = Percentile(latency_ms, 0.99);

    // What one view costs a watch: a GetStandings of the final standings
    // (projection read, ranking, gRPC), timed on its own.
    auto reader = v1::StandingsService::NewStub(rig.NewChannel(-2));
    std::vector<double> get_ms;
    for (int i = 0; i < 50; ++i) {
      v1::GetStandingsRequest request;
      request.set_tournament_id(kTournamentId);
      request.set_ranking_id("open-men");
      v1::GetStandingsResponse response;
      const absl::Time sent = absl::Now();
      Check(reader->GetStandings(NewCall().get(), request, &response),
            "get standings");
      get_ms.push_back(absl::ToDoubleMilliseconds(absl::Now() - sent));
    }
    state.counters["get_standings_p50_ms"] = Percentile(get_ms, 0.50);
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
