// Issue 24 §2, the soak: a real qiwangd child process under everything at
// once for --duration: --sse SSE watchers of the open-men live standings on
// one epoll thread, a random few of which disconnect and resume with
// Last-Event-ID every --reconnect_every; --arbiters threads recording
// results round after round at --results_per_s in all (then correcting the
// last round's, pass after pass); and the bad-input mix on the HTTP front at
// --bad_per_s. Every --sample one line: qiwangd's RSS and peak, malloc's
// bytes in use and free but held (its /metrics), results,
// the watchers' lag (from a result's answer to each watcher's first event at
// or past its position), watchers, reconnects, how the bad requests were
// answered, arbiter errors. Fails (exit 1) on a bad request answered other
// than 4xx (a dropped stream aside) or not within --bad_timeout, an arbiter
// error, a watcher not at the last position 60 s after the last result,
// qiwangd ending, RSS at the end over 1.2x the first sample's, a stream or
// connection the front still holds 10 s after every client left, a 5xx in
// the front's own count, a log that does not verify, or any event in it but
// the soak's pairings and results.
// A bench, not a test; CI runs a 60-second one (tests/load/CMakeLists.txt).
//
//   soak_bench [--duration=30m] [--sse=1000] [--arbiters=64] [--players=N]
//              [--results_per_s=5] [--bad_per_s=20] [--sample=10s]
//              [--reconnect_every=3s] [--reconnect_fraction=0.05]
//              [--bad_timeout=5s] [--without=KIND,...]
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "tests/e2e/subprocess.h"
#include "tests/load/bad_requests.h"
#include "tests/load/bad_traffic.h"
#include "tests/load/front_metrics_probe.h"
#include "tests/load/lag_window.h"
#include "tests/load/log_check.h"
#include "tests/load/paced_arbiters.h"
#include "tests/load/qiwangd_child.h"
#include "tests/load/sse_watchers.h"
#include "tests/standings/standings_server_fixture.h"

namespace qiwang::load {
namespace {

// As live.js asks for it: line patches after the first whole message.
constexpr char kLivePath[] =
    "/t/sichuan-2016/standings/open-men/live?patch=lines";
constexpr int kRounds = 11;
constexpr double kMaxRssGrowth = 1.2;
constexpr absl::Duration kCatchUp = absl::Seconds(60);
constexpr absl::Duration kReleased = absl::Seconds(10);
constexpr absl::Duration kProbeTimeout = absl::Seconds(5);
constexpr double kMb = 1024.0 * 1024.0;
constexpr char kOpenStreams[] = "qiwang_http_open_streams";
constexpr char kOpenConnections[] = "qiwang_http_open_connections";

struct Options {
  absl::Duration duration = absl::Minutes(30);
  int sse = 1000;
  int arbiters = 64;
  int players = 0;  // 0: two per arbiter, a board each
  double results_per_s = 5;
  double bad_per_s = 20;
  absl::Duration sample = absl::Seconds(10);
  absl::Duration reconnect_every = absl::Seconds(3);
  double reconnect_fraction = 0.05;
  absl::Duration bad_timeout = absl::Seconds(5);
  std::set<std::string> without;
};

std::optional<Options> ParseOptions(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::vector<std::string> parts = absl::StrSplit(argv[i], '=');
    if (parts.size() != 2) return std::nullopt;
    const std::string& name = parts[0];
    const std::string& value = parts[1];
    bool ok = true;
    if (name == "--duration") {
      ok = absl::ParseDuration(value, &o.duration);
    } else if (name == "--sample") {
      ok = absl::ParseDuration(value, &o.sample);
    } else if (name == "--reconnect_every") {
      ok = absl::ParseDuration(value, &o.reconnect_every);
    } else if (name == "--bad_timeout") {
      ok = absl::ParseDuration(value, &o.bad_timeout);
    } else if (name == "--sse") {
      ok = absl::SimpleAtoi(value, &o.sse) && o.sse >= 0;
    } else if (name == "--arbiters") {
      ok = absl::SimpleAtoi(value, &o.arbiters) && o.arbiters > 0;
    } else if (name == "--players") {
      ok = absl::SimpleAtoi(value, &o.players) && o.players >= 2;
    } else if (name == "--results_per_s") {
      ok = absl::SimpleAtod(value, &o.results_per_s) && o.results_per_s > 0;
    } else if (name == "--bad_per_s") {
      ok = absl::SimpleAtod(value, &o.bad_per_s) && o.bad_per_s >= 0;
    } else if (name == "--reconnect_fraction") {
      ok = absl::SimpleAtod(value, &o.reconnect_fraction) &&
           o.reconnect_fraction >= 0 && o.reconnect_fraction <= 0.5;
    } else if (name == "--without") {
      for (absl::string_view kind : absl::StrSplit(value, ',')) {
        o.without.emplace(kind);
      }
    } else {
      ok = false;
    }
    if (!ok) return std::nullopt;
  }
  if (o.players == 0) o.players = 2 * o.arbiters;
  if (o.duration <= absl::ZeroDuration() || o.sample <= absl::ZeroDuration() ||
      o.reconnect_every <= absl::ZeroDuration()) {
    return std::nullopt;
  }
  return o;
}

std::string BadText(const BadTraffic::Counts& c) {
  return absl::StrCat(
      "bad=", c.sent, " 4xx=", c.of(BadAnswer::k4xx),
      " 5xx=", c.of(BadAnswer::k5xx), " timeouts=", c.of(BadAnswer::kTimeout),
      " other=", c.of(BadAnswer::kOther), " dropped=", c.of(BadAnswer::kLeft));
}

// What the sampling thread sees at one moment.
struct Sample {
  double elapsed_s = 0;
  double rss_mb = 0;
  double hwm_mb = 0;
  double anon_mb = 0;   // RssAnon: the heap's part of rss_mb, not file pages
  double cpu_s = 0;     // qiwangd's utime + stime so far
  int64_t results = 0;  // results and corrections appended so far
  // malloc's bytes in use and free-but-held (qiwangd's /metrics); -1 when
  // the scrape was not answered.
  double in_use_mb = -1;
  double free_held_mb = -1;
};

// Prints `what` as a failure when `failed`; answers `failed`.
bool Failed(bool failed, const std::string& what) {
  if (failed) printf("FAIL: %s\n", what.c_str());
  return failed;
}

// The soak's sampling thread and its end: owns nothing, samples the parts
// Main made. Called from one thread.
class Soak {
 public:
  Soak(const Options& options, QiwangdChild& server, SseWatchers& watchers,
       PacedArbiters& arbiters, BadTraffic& bad, absl::Time start)
      : options_(options),
        server_(server),
        watchers_(watchers),
        arbiters_(arbiters),
        bad_(bad),
        start_(start),
        lag_(options.sse, options.sample) {
    previous_.cpu_s = server.CpuSeconds();
  }

  // Samples and asks for reconnects until `until` or qiwangd ends; answers
  // whether it is still running.
  bool Run(absl::Time until) {
    absl::Time next_sample = start_ + options_.sample;
    absl::Time next_reconnect = start_ + options_.reconnect_every;
    std::mt19937 random(24);
    const int most =
        static_cast<int>(2 * options_.reconnect_fraction * options_.sse);
    while (absl::Now() < until) {
      int exit_code = 0;
      if (server_.HasExited(exit_code)) {
        printf("qiwangd ended (exit %d)\n", exit_code);
        return false;
      }
      // A paced load generator: at most a second between looks at qiwangd.
      const absl::Time wake = std::min(
          {next_sample, next_reconnect, until, absl::Now() + absl::Seconds(1)});
      absl::SleepFor(wake - absl::Now());
      const absl::Time now = absl::Now();
      if (now >= next_reconnect) {
        watchers_.RequestReconnects(
            most > 0 ? static_cast<int>(random() % (most + 1)) : 0);
        next_reconnect += options_.reconnect_every;
      }
      if (now >= next_sample) {
        PrintSample(now, now);
        next_sample += options_.sample;
      }
    }
    return true;
  }

  // One line; lags are measured up to `measure_at` (beyond now: all).
  void PrintSample(absl::Time now, absl::Time measure_at) {
    std::vector<Recorded> recorded = arbiters_.TakeRecorded();
    lag_.Add(watchers_.TakeLogs(), recorded, measure_at);
    const LagHistogram window = lag_.TakeWindow();
    const PacedArbiters::Tally tally = arbiters_.tally();
    Sample sample{absl::ToDoubleSeconds(now - start_),
                  server_.MemoryMb("VmRSS:"),
                  server_.MemoryMb("VmHWM:"),
                  server_.MemoryMb("RssAnon:"),
                  server_.CpuSeconds(),
                  tally.results + tally.corrections};
    if (std::optional<std::string> scrape =
            ScrapeFront(server_.http_port(), kProbeTimeout)) {
      sample.in_use_mb = MetricSum(*scrape, "qiwang_malloc_in_use_bytes") / kMb;
      sample.free_held_mb =
          MetricSum(*scrape, "qiwang_malloc_free_held_bytes") / kMb;
    }
    if (samples_.empty()) first_ = sample;
    samples_.push_back(sample);
    // The line printed at the end may follow the last one at once.
    const double interval_s = sample.elapsed_s - previous_.elapsed_s;
    const auto per_s = [&](double now_value, double before) {
      return interval_s < 1 ? 0 : (now_value - before) / interval_s;
    };
    printf(
        "t=%6.0fs rss=%6.1fMB hwm=%6.1fMB anon=%6.1fMB malloc_used=%6.1fMB "
        "malloc_free=%6.1fMB srv_cpu=%3.0f%% "
        "results=%7lld "
        "(%5.1f/s) lag_p50=%6.0fms lag_p99=%6.0fms late=%lld "
        "watchers=%d/%d reconnects=%d failed=%d %s arbiter_errors=%lld\n",
        sample.elapsed_s, sample.rss_mb, sample.hwm_mb, sample.anon_mb,
        sample.in_use_mb, sample.free_held_mb,
        100 * per_s(sample.cpu_s, previous_.cpu_s),
        static_cast<long long>(sample.results),
        per_s(sample.results, previous_.results), window.Percentile(0.5),
        window.Percentile(0.99), static_cast<long long>(lag_.late()),
        watchers_.connected(), options_.sse, watchers_.reconnects(),
        watchers_.failed(), BadText(bad_.total()).c_str(),
        static_cast<long long>(tally.errors));
    previous_ = sample;
    fflush(stdout);
  }

  // Stops the load, waits for the watchers to catch up, prints the summary
  // and checks the log; answers whether the soak failed.
  bool Finish(bool alive, uint64_t closed) {
    arbiters_.Stop();
    bad_.Stop();

    // The end: every watcher at the last position within kCatchUp.
    const PacedArbiters::Tally tally = arbiters_.tally();
    const uint64_t last = tally.last_position;
    const absl::Time stopped = absl::Now();
    const bool caught_up =
        options_.sse == 0 ||
        e2e::WaitFor([&] { return watchers_.least_last() >= last; }, kCatchUp);
    const double catch_up_s = absl::ToDoubleSeconds(absl::Now() - stopped);
    int exit_code = 0;
    alive = alive && !server_.HasExited(exit_code);
    PrintSample(absl::Now(), absl::InfiniteFuture());
    watchers_.Stop();
    // Every client gone: the front must hold no stream, and no connection
    // but the probe's own.
    std::optional<std::string> scrape;
    const bool released =
        alive && e2e::WaitFor(
                     [&] {
                       scrape = ScrapeFront(server_.http_port(), kProbeTimeout);
                       return scrape.has_value() &&
                              MetricSum(*scrape, kOpenStreams) == 0 &&
                              MetricSum(*scrape, kOpenConnections) <= 1;
                     },
                     kReleased);

    bool failed = false;
    const Sample end = samples_.back();
    const BadTraffic::Counts counts = bad_.total();
    PrintSummary(tally, catch_up_s, end);
    failed |= Failed(!alive, "qiwangd ended: " + server_.Output());
    if (alive) {
      const std::string metrics = scrape.value_or("");
      const double server_5xx =
          MetricSum(metrics, "qiwang_http_requests_total", "code=\"5");
      printf(
          "the front after every client left: %.0f open streams, %.0f open "
          "connections (this probe's included); %.0f answers 5xx by its own "
          "count\n",
          MetricSum(metrics, kOpenStreams),
          MetricSum(metrics, kOpenConnections), server_5xx);
      failed |=
          Failed(!released, absl::StrCat("streams or connections still open ",
                                         absl::FormatDuration(kReleased),
                                         " after every client left"));
      failed |= Failed(server_5xx > 0, "the front answered 5xx");
    }
    failed |= Failed(
        counts.wrong() > 0,
        absl::StrCat(counts.wrong(), " bad requests answered other than 4xx"));
    failed |=
        Failed(tally.errors > 0,
               absl::StrCat(tally.errors,
                            " arbiter errors, first: ", tally.first_error));
    failed |= Failed(!caught_up,
                     absl::StrCat("watchers not at position ", last, " within ",
                                  absl::FormatDuration(kCatchUp), " (least ",
                                  watchers_.least_last(), ", connected ",
                                  watchers_.connected(), ")"));
    failed |= Failed(watchers_.failed() > 0,
                     absl::StrCat(watchers_.failed(), " watchers failed"));
    failed |= Failed(end.rss_mb > kMaxRssGrowth * first_.rss_mb,
                     "RSS at the end over 1.2x RSS after warm-up");
    if (alive) {
      const LogCheck check =
          CheckLog(NewChannel(server_.address(), -3), closed);
      printf(
          "VerifyLog: %s, %llu events checked, head %llu; after setup: "
          "%lld pairing events, %lld results, %lld corrections, %lld other\n",
          check.verified ? "ok" : "NOT OK",
          static_cast<unsigned long long>(check.events_checked),
          static_cast<unsigned long long>(check.head),
          static_cast<long long>(check.pairing_events),
          static_cast<long long>(check.results),
          static_cast<long long>(check.corrections),
          static_cast<long long>(check.other));
      failed |= Failed(!check.verified, "VerifyLog: " + check.problems);
      failed |=
          Failed(check.results != tally.results ||
                     check.corrections != tally.corrections || check.other > 0,
                 "the log does not hold exactly the results recorded" +
                     check.first_other);
    }
    return failed;
  }

 private:
  void PrintSummary(const PacedArbiters::Tally& tally, double catch_up_s,
                    const Sample& end) {
    printf("\nsummary\n");
    printf("bad requests by kind:\n");
    for (const auto& [name, c] : bad_.by_kind()) {
      printf("  %-22s %s slowest=%.0fms\n", name.c_str(), BadText(c).c_str(),
             c.slowest_ms);
    }
    printf(
        "results %lld + corrections %lld in %d rounds paired, %lld retries "
        "replayed, last position %llu\n",
        static_cast<long long>(tally.results),
        static_cast<long long>(tally.corrections), tally.rounds_paired,
        static_cast<long long>(tally.replays),
        static_cast<unsigned long long>(tally.last_position));
    if (!tally.rounds_ended.empty()) {
      printf("pairing ended early: %s\n", tally.rounds_ended.c_str());
    }
    printf(
        "lag over the run: p50 %.0f ms, p99 %.0f ms, max %.0f ms over %lld "
        "(result, watcher) pairs, %lld late; watchers at the last position "
        "%.1f s after the last result (%d reconnects, %d failed)\n",
        lag_.total().Percentile(0.5), lag_.total().Percentile(0.99),
        lag_.total().Percentile(1.0),
        static_cast<long long>(lag_.total().count()),
        static_cast<long long>(lag_.late()), catch_up_s, watchers_.reconnects(),
        watchers_.failed());
    printf(
        "qiwangd RSS %.1f MB after warm-up, %.1f MB at the end (%.2fx), "
        "peak %.1f MB; of which RssAnon %.1f MB and %.1f MB (%.2fx); malloc "
        "in use %.1f MB and %.1f MB, free but held %.1f MB and %.1f MB\n",
        first_.rss_mb, end.rss_mb, end.rss_mb / std::max(1e-3, first_.rss_mb),
        end.hwm_mb, first_.anon_mb, end.anon_mb,
        end.anon_mb / std::max(1e-3, first_.anon_mb), first_.in_use_mb,
        end.in_use_mb, first_.free_held_mb, end.free_held_mb);
  }

  const Options& options_;
  QiwangdChild& server_;
  SseWatchers& watchers_;
  PacedArbiters& arbiters_;
  BadTraffic& bad_;
  const absl::Time start_;
  LagWindow lag_;
  std::vector<Sample> samples_;
  Sample first_;
  Sample previous_;
};

int Main(const Options& options) {
  QiwangdChild server;
  const uint64_t closed = standings::EnterOpenMen(
      NewChannel(server.address(), -2), options.players);
  if (closed == 0) return 1;
  SseWatchers watchers(server.http_port(), kLivePath, options.sse);
  if (!e2e::WaitFor(
          [&] {
            return watchers.failed() > 0 || watchers.ready() == options.sse;
          },
          absl::Minutes(2)) ||
      watchers.failed() > 0) {
    printf("FAIL: watchers not ready: %d of %d, %d failed\n", watchers.ready(),
           options.sse, watchers.failed());
    return 1;
  }
  const absl::Time start = absl::Now();
  const absl::Time until = start + options.duration;
  const double seconds = absl::ToDoubleSeconds(options.duration);
  PacedArbiters::Options arbiter_options;
  arbiter_options.address = server.address();
  arbiter_options.arbiters = options.arbiters;
  arbiter_options.boards = options.players / 2;
  arbiter_options.rounds = kRounds;
  arbiter_options.per_second = options.results_per_s;
  arbiter_options.until = until;
  arbiter_options.max_commands =
      static_cast<int64_t>(options.results_per_s * seconds) + options.arbiters;
  PacedArbiters arbiters(arbiter_options);
  BadRequests requests(server.http_port(), standings::kArbiter);
  std::vector<int> kinds;
  for (int kind = 0; kind < requests.kinds(); ++kind) {
    if (options.without.count(requests.name(kind)) == 0) kinds.push_back(kind);
  }
  BadTraffic bad(requests, kinds, options.bad_per_s, options.bad_timeout, until,
                 static_cast<int64_t>(options.bad_per_s * seconds) + 1);
  printf(
      "soak: %s, %d SSE watchers, %d arbiters at %.1f results/s, %d players, "
      "bad mix %.1f/s of %zu kinds, qiwangd %s\n",
      absl::FormatDuration(options.duration).c_str(), options.sse,
      options.arbiters, options.results_per_s, options.players,
      options.bad_per_s, kinds.size(), server.address().c_str());
  Soak soak(options, server, watchers, arbiters, bad, start);
  const bool alive = soak.Run(until);
  const bool failed = soak.Finish(alive, closed);
  printf("%s\n", failed ? "soak FAILED" : "soak passed");
  return failed ? 1 : 0;
}

}  // namespace
}  // namespace qiwang::load

int main(int argc, char** argv) {
  std::optional<qiwang::load::Options> options =
      qiwang::load::ParseOptions(argc, argv);
  if (!options) {
    fprintf(stderr,
            "usage: %s [--duration=30m] [--sse=1000] [--arbiters=64] "
            "[--players=N] [--results_per_s=5] [--bad_per_s=20] "
            "[--sample=10s] [--reconnect_every=3s] [--reconnect_fraction=0.05] "
            "[--bad_timeout=5s] [--without=KIND,...]\n",
            argv[0]);
    return 2;
  }
  return qiwang::load::Main(*options);
}
