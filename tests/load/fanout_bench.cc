// Issue 15 §4: watcher fan-out against a real qiwangd child process. One
// load generator, no thread per watcher: SSE watchers on one epoll thread
// (sse_watchers.h), gRPC WatchStandings watchers on one CompletionQueue
// thread (grpc_watchers.h), and --arbiters threads recording the results of
// as many boards concurrently, round after round, each phase on a fresh
// pair of rounds of one open-men section of 2 x arbiters players:
//   (warm-up  one round unmeasured, when 5 x --rounds_per_phase < 11;)
//   none      no watcher: the arbiters' baseline results/s;
//   sse       --sse watchers of /t/sichuan-2016/standings/open-men/live
//             (?patch=lines, as live.js asks);
//   grpc      --grpc WatchStandings watchers of the same view;
//   none      the baseline again (the machine's drift over the run);
//   sse-big   --big_sse SSE watchers (0: skipped).
// Lag: from each RecordResult's answer (its position) to each watcher's
// first event at or past that position. Missed: watchers not at the phase's
// final position 60 s after its last result. CPU: utime + stime of the
// server (/proc/PID/stat) over the phase, per result. --results_per_s paces
// the boards of a round (board i is sent i / rate after the round starts), a
// hall's sustained pace rather than every board at once (0, the default).
// Built, not a test.
//
//   fanout_bench [--sse=1000] [--grpc=1000] [--big_sse=10000]
//                [--arbiters=32] [--rounds_per_phase=2] [--results_per_s=0]
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "qiwang/v1/pairing_service.grpc.pb.h"
#include "qiwang/v1/play_service.grpc.pb.h"
#include "tests/e2e/subprocess.h"
#include "tests/load/grpc_watchers.h"
#include "tests/load/qiwangd_child.h"
#include "tests/load/sse_watchers.h"
#include "tests/standings/standings_server_fixture.h"
#include "tests/standings/watch_load.h"

namespace qiwang::load {
namespace {

using standings::Check;
using standings::kArbiter;
using standings::kPairingOfficer;
using standings::kTournamentId;
using standings::NewCall;
using standings::Percentile;

// As live.js asks for it: line patches after the first whole message.
constexpr char kLivePath[] =
    "/t/sichuan-2016/standings/open-men/live?patch=lines";
constexpr int kMaxRounds = 11;

struct Options {
  int sse = 1000;
  int grpc = 1000;
  int big_sse = 10000;
  int arbiters = 32;
  int rounds_per_phase = 2;
  int results_per_s = 0;  // 0: every board of a round at once
};

std::optional<Options> ParseOptions(int argc, char** argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    absl::string_view argument = argv[i];
    std::vector<std::string> parts = absl::StrSplit(argument, '=');
    int value = 0;
    if (parts.size() != 2 || !absl::SimpleAtoi(parts[1], &value) || value < 0) {
      return std::nullopt;
    }
    if (parts[0] == "--sse") {
      options.sse = value;
    } else if (parts[0] == "--grpc") {
      options.grpc = value;
    } else if (parts[0] == "--big_sse") {
      options.big_sse = value;
    } else if (parts[0] == "--arbiters" && value > 0) {
      options.arbiters = value;
    } else if (parts[0] == "--rounds_per_phase" && value > 0) {
      options.rounds_per_phase = value;
    } else if (parts[0] == "--results_per_s") {
      options.results_per_s = value;
    } else {
      return std::nullopt;
    }
  }
  if (5 * options.rounds_per_phase > kMaxRounds) return std::nullopt;
  return options;
}

struct PhaseFigures {
  std::string name;
  int watchers = 0;
  int results = 0;
  double results_per_s = 0;
  double record_p50_ms = 0;
  double record_p99_ms = 0;
  double server_cpu_ms_per_result = 0;
  double client_cpu_s = 0;
  double lag_p50_ms = 0;
  double lag_p99_ms = 0;
  double lag_max_ms = 0;
  int missed = 0;
  int failed = 0;
  double server_rss_mb = 0;
  double server_hwm_mb = 0;
  double setup_s = 0;
  // SSE only: bytes each watcher read per result (0: not counted).
  double bytes_per_watcher_result = 0;
};

// The arbiters: one channel each, recording the boards of a round at once,
// or paced at `results_per_s` (> 0).
class Arbiters {
 public:
  Arbiters(const QiwangdChild& server, int count, int results_per_s)
      : results_per_s_(results_per_s),
        pairing_(
            v1::PairingService::NewStub(NewChannel(server.address(), -1))) {
    for (int i = 0; i < count; ++i) {
      play_.push_back(
          v1::PlayService::NewStub(NewChannel(server.address(), i)));
    }
  }

  // Pairs and records `round`; answers each result's position and answer
  // time, adds the time spent recording (pairing excluded) to `busy` and
  // each RecordResult's time to `record_ms`.
  std::vector<Recorded> PlayRound(int round, absl::Duration& busy,
                                  std::vector<double>& record_ms) {
    v1::PairRoundResponse paired;
    Check(pairing_->PairRound(NewCall(kPairingOfficer).get(),
                              standings::OpenMenRound(round), &paired),
          absl::StrCat("pair round ", round));
    std::vector<Recorded> recorded(play_.size());
    std::vector<double> took_ms(play_.size());
    std::vector<std::thread> clients;
    const absl::Time start = absl::Now();
    for (size_t i = 0; i < play_.size(); ++i) {
      clients.emplace_back([&, i] {
        static constexpr v1::GameResult kResults[] = {
            v1::GAME_RESULT_RED_WIN, v1::GAME_RESULT_DRAW,
            v1::GAME_RESULT_BLACK_WIN};
        v1::RecordResultRequest request;
        request.set_command_id(absl::StrCat("load-r", round, "-", i));
        request.set_tournament_id(kTournamentId);
        request.set_section_id("open-men");
        request.set_round(round);
        request.set_board(static_cast<int>(i) + 1);
        request.set_result(kResults[(round + i) % 3]);
        v1::RecordResultResponse response;
        if (results_per_s_ > 0) {
          absl::SleepFor(start + absl::Seconds(1) * i / results_per_s_ -
                         absl::Now());
        }
        const absl::Time sent = absl::Now();
        Check(
            play_[i]->RecordResult(NewCall(kArbiter).get(), request, &response),
            "record result");
        recorded[i].answered = absl::Now();
        recorded[i].position = response.result().last_position();
        took_ms[i] = absl::ToDoubleMilliseconds(recorded[i].answered - sent);
      });
    }
    for (std::thread& client : clients) client.join();
    busy += absl::Now() - start;
    record_ms.insert(record_ms.end(), took_ms.begin(), took_ms.end());
    return recorded;
  }

 private:
  const int results_per_s_;
  std::unique_ptr<v1::PairingService::Stub> pairing_;
  std::vector<std::unique_ptr<v1::PlayService::Stub>> play_;
};

// Either kind of watcher set, seen through what a phase needs of it.
template <typename Watchers>
bool WaitUntil(const Watchers& watchers, int count, uint64_t position,
               absl::Duration timeout) {
  return e2e::WaitFor(
      [&] {
        return watchers.failed() > 0 ||
               (watchers.ready() == count && watchers.least_last() >= position);
      },
      timeout);
}

// Runs one phase's rounds with `watchers` (null: none) open.
template <typename Watchers>
PhaseFigures RunPhase(const std::string& name, const QiwangdChild& server,
                      Arbiters& arbiters, int first_round, int rounds,
                      Watchers* watchers, int watcher_count,
                      absl::Duration setup) {
  PhaseFigures figures;
  figures.name = name;
  figures.watchers = watcher_count;
  figures.setup_s = absl::ToDoubleSeconds(setup);
  const std::string self = absl::StrCat(getpid());
  const double server_cpu = server.CpuSeconds();
  const double client_cpu = standings::ProcessCpuSeconds(self);
  constexpr bool kCountsBytes = requires(const Watchers& counted) {
    counted.bytes_received();
  };
  uint64_t bytes_before = 0;
  if constexpr (kCountsBytes) {
    if (watchers != nullptr) bytes_before = watchers->bytes_received();
  }
  std::vector<Recorded> recorded;
  std::vector<double> record_ms;
  absl::Duration busy;
  for (int round = first_round; round < first_round + rounds; ++round) {
    std::vector<Recorded> played = arbiters.PlayRound(round, busy, record_ms);
    recorded.insert(recorded.end(), played.begin(), played.end());
  }
  uint64_t last = 0;
  for (const Recorded& r : recorded) last = std::max(last, r.position);
  if (watchers != nullptr) {
    WaitUntil(*watchers, watcher_count, last, absl::Seconds(60));
  }
  figures.server_cpu_ms_per_result =
      1000 * (server.CpuSeconds() - server_cpu) / recorded.size();
  figures.client_cpu_s = standings::ProcessCpuSeconds(self) - client_cpu;
  figures.results = static_cast<int>(recorded.size());
  figures.results_per_s = recorded.size() / absl::ToDoubleSeconds(busy);
  figures.record_p50_ms = Percentile(record_ms, 0.50);
  figures.record_p99_ms = Percentile(record_ms, 0.99);
  figures.server_rss_mb = server.MemoryMb("VmRSS:");
  figures.server_hwm_mb = server.MemoryMb("VmHWM:");
  if (watchers == nullptr) return figures;
  figures.failed = watchers->failed();
  if constexpr (kCountsBytes) {
    figures.bytes_per_watcher_result =
        static_cast<double>(watchers->bytes_received() - bytes_before) /
        (static_cast<double>(recorded.size()) * watcher_count);
  }
  watchers->Stop();
  std::vector<double> lag_ms;
  lag_ms.reserve(recorded.size() * watcher_count);
  for (const WatchLog& log : watchers->logs()) {
    if (log.last() < last) ++figures.missed;
    for (const Recorded& r : recorded) {
      const absl::Time seen = log.FirstCovering(r.position);
      if (seen == absl::InfiniteFuture()) continue;
      lag_ms.push_back(
          std::max(0.0, absl::ToDoubleMilliseconds(seen - r.answered)));
    }
  }
  figures.lag_p50_ms = Percentile(lag_ms, 0.50);
  figures.lag_p99_ms = Percentile(lag_ms, 0.99);
  figures.lag_max_ms = Percentile(lag_ms, 1.0);
  return figures;
}

// Opens `count` watchers made by `open` and waits until each has its first
// message at or past `position` (2 minutes at most).
template <typename Watchers, typename Open>
std::unique_ptr<Watchers> OpenWatchers(int count, uint64_t position,
                                       absl::Duration& took, Open open) {
  const absl::Time start = absl::Now();
  std::unique_ptr<Watchers> watchers = open();
  if (!WaitUntil(*watchers, count, position, absl::Minutes(2)) ||
      watchers->failed() > 0) {
    fprintf(stderr, "watchers not ready: %d of %d, %d failed\n",
            watchers->ready(), count, watchers->failed());
  }
  took = absl::Now() - start;
  return watchers;
}

void PrintTable(const std::vector<PhaseFigures>& phases) {
  double baseline = 0;
  int baselines = 0;
  for (const PhaseFigures& phase : phases) {
    if (phase.watchers > 0) continue;
    baseline += phase.results_per_s;
    ++baselines;
  }
  baseline /= std::max(1, baselines);
  printf(
      "%-8s %8s %7s %9s %6s %8s %8s %12s %10s %9s %9s %9s %7s %7s %8s %8s "
      "%8s %8s\n",
      "phase", "watchers", "results", "results/s", "ratio", "rec_p50",
      "rec_p99", "srv_cpu_ms/r", "gen_cpu_s", "lag_p50", "lag_p99", "lag_max",
      "missed", "failed", "srv_rss", "srv_hwm", "open_s", "B/w/r");
  for (const PhaseFigures& phase : phases) {
    printf(
        "%-8s %8d %7d %9.1f %6.2f %8.1f %8.1f %12.2f %10.2f %9.1f %9.1f "
        "%9.1f %7d %7d %8.0f %8.0f %8.1f %8.0f\n",
        phase.name.c_str(), phase.watchers, phase.results, phase.results_per_s,
        baseline > 0 ? phase.results_per_s / baseline : 0.0,
        phase.record_p50_ms, phase.record_p99_ms,
        phase.server_cpu_ms_per_result, phase.client_cpu_s, phase.lag_p50_ms,
        phase.lag_p99_ms, phase.lag_max_ms, phase.missed, phase.failed,
        phase.server_rss_mb, phase.server_hwm_mb, phase.setup_s,
        phase.bytes_per_watcher_result);
  }
  printf(
      "lag in ms from RecordResult's answer to a watcher's first message at "
      "or past its position; ratio: results/s over the mean of the "
      "no-watcher phases; rec_p50/rec_p99: RecordResult's answer time in ms; "
      "srv_cpu_ms/r: qiwangd utime+stime over the phase "
      "(pairing "
      "and fan-out included) per result; gen_cpu_s: this load generator's "
      "CPU over the phase; srv_rss/srv_hwm: qiwangd VmRSS/VmHWM MiB at the "
      "phase's end; open_s: time to open the watchers and get each one's "
      "first message; B/w/r: bytes an SSE watcher read per result (line "
      "patches, or a whole message where it missed one).\n");
}

int Main(const Options& options) {
  QiwangdChild server;
  const uint64_t closed = standings::EnterOpenMen(
      NewChannel(server.address(), -2), 2 * options.arbiters);
  if (closed == 0) abort();
  Arbiters arbiters(server, options.arbiters, options.results_per_s);
  std::vector<PhaseFigures> phases;
  int round = 1;
  const int rounds = options.rounds_per_phase;
  // A round before the first phase, unmeasured, when the rounds allow: the
  // server's first results (cold caches, first pairings, threads starting)
  // would otherwise make the first no-watcher baseline several times slower
  // than the second.
  if (5 * rounds < kMaxRounds) {
    absl::Duration ignored_busy;
    std::vector<double> ignored_ms;
    arbiters.PlayRound(round++, ignored_busy, ignored_ms);
  }
  uint64_t position = closed;
  auto run = [&](const std::string& name, auto* watchers, int count,
                 absl::Duration setup) {
    phases.push_back(RunPhase(name, server, arbiters, round, rounds, watchers,
                              count, setup));
    round += rounds;
    fprintf(stderr, "%s done\n", name.c_str());
  };
  auto open_sse = [&](int count, absl::Duration& took) {
    return OpenWatchers<SseWatchers>(count, position, took, [&] {
      return std::make_unique<SseWatchers>(server.http_port(), kLivePath,
                                           count);
    });
  };
  auto open_grpc = [&](int count, absl::Duration& took) {
    return OpenWatchers<GrpcWatchers>(count, position, took, [&] {
      return std::make_unique<GrpcWatchers>(server.address(), kTournamentId,
                                            "open-men", count);
    });
  };
  absl::Duration took;
  run("none", static_cast<SseWatchers*>(nullptr), 0, absl::ZeroDuration());
  if (options.sse > 0) {
    auto watchers = open_sse(options.sse, took);
    run("sse", watchers.get(), options.sse, took);
  }
  if (options.grpc > 0) {
    auto watchers = open_grpc(options.grpc, took);
    run("grpc", watchers.get(), options.grpc, took);
  }
  run("none", static_cast<SseWatchers*>(nullptr), 0, absl::ZeroDuration());
  if (options.big_sse > 0) {
    auto watchers = open_sse(options.big_sse, took);
    run("sse-big", watchers.get(), options.big_sse, took);
  }
  PrintTable(phases);
  return 0;
}

}  // namespace
}  // namespace qiwang::load

int main(int argc, char** argv) {
  std::optional<qiwang::load::Options> options =
      qiwang::load::ParseOptions(argc, argv);
  if (!options) {
    fprintf(stderr,
            "usage: %s [--sse=N] [--grpc=N] [--big_sse=N] [--arbiters=N] "
            "[--rounds_per_phase=N (5 phases share 11 rounds)] "
            "[--results_per_s=N (0: a round's boards at once)]\n",
            argv[0]);
    return 2;
  }
  return qiwang::load::Main(*options);
}
