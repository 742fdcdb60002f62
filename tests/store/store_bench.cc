// Benchmarks of the event log against raw RocksDB doing the same work in the
// same run, with the ratios printed at the end:
// - synced appends of one 200-byte event at 1, 8 and 64 threads, against
//   synced raw Puts of the same bytes (target: ratio >= 0.6 at 64 threads);
// - replay of the whole log (QIWANG_BENCH_EVENTS events, 1M by default) from
//   a warm cache through a subscription and through Read, against a raw
//   iteration over the same keys and values (target: ratio >= 0.5).
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "benchmark/benchmark.h"
#include "rocksdb/db.h"
#include "store/disk_format.h"
#include "store/event_log.h"

namespace qiwang::store {
namespace {

constexpr size_t kEventBytes = 200;
const std::string& EventBytes() {
  static const std::string* const bytes = new std::string(kEventBytes, 'e');
  return *bytes;
}

std::string BenchRoot() {
  static const std::string* const root = [] {
    const char* base = std::getenv("TMPDIR");
    std::string pattern =
        std::string(base != nullptr && *base != '\0' ? base : "/tmp") +
        "/qiwang-store-bench-XXXXXX";
    if (mkdtemp(pattern.data()) == nullptr) std::abort();
    return new std::string(pattern);
  }();
  return *root;
}

std::string FreshDir(const std::string& name) {
  static int counter = 0;
  return absl::StrCat(BenchRoot(), "/", name, "-", ++counter);
}

void Check(bool ok, const std::string& what) {
  if (!ok) {
    std::fprintf(stderr, "store_bench: %s\n", what.c_str());
    std::abort();
  }
}

// ---- Synced appends -------------------------------------------------------

// Shared by the threads of one benchmark run; made by thread 0 before the
// timing barrier and destroyed by it after the closing one.
std::unique_ptr<EventLog> shared_log;
rocksdb::DB* shared_raw_db = nullptr;

void BM_Append(benchmark::State& state) {
  const bool with_command_id = state.range(0) != 0;
  if (state.thread_index() == 0) {
    absl::StatusOr<std::unique_ptr<EventLog>> log =
        EventLog::Open(FreshDir("append"));
    Check(log.ok(), log.status().ToString());
    shared_log = *std::move(log);
  }
  AppendRequest request;
  request.stream = absl::StrCat("stream-", state.thread_index());
  request.events = {EventBytes()};
  int64_t sequence = 0;
  for (auto _ : state) {
    if (with_command_id) {
      request.command_id =
          absl::StrCat("t", state.thread_index(), "-", sequence++);
    }
    absl::StatusOr<AppendResult> result = shared_log->Append(request);
    Check(result.ok(), result.status().ToString());
  }
  state.SetItemsProcessed(state.iterations());
  if (state.thread_index() == 0) shared_log.reset();
}

void BM_RawPut(benchmark::State& state) {
  if (state.thread_index() == 0) {
    rocksdb::Options options;
    options.create_if_missing = true;
    Check(rocksdb::DB::Open(options, FreshDir("raw-put"), &shared_raw_db).ok(),
          "open raw db");
  }
  rocksdb::WriteOptions sync;
  sync.sync = true;
  uint64_t sequence = static_cast<uint64_t>(state.thread_index()) << 40;
  for (auto _ : state) {
    rocksdb::Status status =
        shared_raw_db->Put(sync, disk::PositionKey(sequence++), EventBytes());
    Check(status.ok(), status.ToString());
  }
  state.SetItemsProcessed(state.iterations());
  if (state.thread_index() == 0) {
    delete shared_raw_db;
    shared_raw_db = nullptr;
  }
}

BENCHMARK(BM_Append)
    ->ArgName("command_id")
    ->Arg(0)
    ->Arg(1)
    ->Threads(1)
    ->Threads(8)
    ->Threads(64)
    ->UseRealTime()
    ->MinTime(1.0);
BENCHMARK(BM_RawPut)
    ->Threads(1)
    ->Threads(8)
    ->Threads(64)
    ->UseRealTime()
    ->MinTime(1.0);

// ---- Replay of the whole log ---------------------------------------------

uint64_t ReplayEvents() {
  const char* text = std::getenv("QIWANG_BENCH_EVENTS");
  return text != nullptr ? std::strtoull(text, nullptr, 10) : 1000000;
}

// A log of ReplayEvents() events and a backup copy of it (same bytes) that
// the raw iteration opens, both made once.
struct ReplayFixture {
  std::unique_ptr<EventLog> log;
  rocksdb::DB* raw = nullptr;
  std::vector<rocksdb::ColumnFamilyHandle*> raw_families;

  ReplayFixture() {
    Options options;
    options.sync = false;  // setup only; replay does not write
    absl::StatusOr<std::unique_ptr<EventLog>> opened =
        EventLog::Open(FreshDir("replay"), options);
    Check(opened.ok(), opened.status().ToString());
    log = *std::move(opened);
    const uint64_t total = ReplayEvents();
    constexpr uint64_t kPerAppend = 1000;
    for (uint64_t done = 0; done < total; done += kPerAppend) {
      AppendRequest request;
      request.stream = absl::StrCat("tournament-", done / kPerAppend % 50);
      request.events.assign(std::min(kPerAppend, total - done), EventBytes());
      Check(log->Append(request).ok(), "populate");
    }
    const std::string copy = FreshDir("replay-copy");
    Check(log->Backup(copy).ok(), "backup for the raw copy");
    std::vector<rocksdb::ColumnFamilyDescriptor> families = {
        {rocksdb::kDefaultColumnFamilyName, {}},
        {disk::kLogFamily, {}},
        {disk::kStreamsFamily, {}},
        {disk::kCommandsFamily, {}}};
    Check(rocksdb::DB::Open(rocksdb::DBOptions(), copy, families, &raw_families,
                            &raw)
              .ok(),
          "open the raw copy");
  }

  ~ReplayFixture() {
    for (rocksdb::ColumnFamilyHandle* family : raw_families) {
      Check(raw->DestroyColumnFamilyHandle(family).ok(), "close the copy");
    }
    delete raw;
  }
};

std::unique_ptr<ReplayFixture> replay_fixture;

ReplayFixture& Replay() {
  if (replay_fixture == nullptr) {
    replay_fixture = std::make_unique<ReplayFixture>();
  }
  return *replay_fixture;
}

void BM_ReplaySubscription(benchmark::State& state) {
  EventLog& log = *Replay().log;
  const uint64_t last = log.LastPosition();
  for (auto _ : state) {
    std::unique_ptr<Subscription> subscription = log.Subscribe(1);
    uint64_t seen = 0;
    while (seen < last) {
      absl::StatusOr<Subscription::Item> item =
          subscription->Next(absl::InfiniteFuture());
      Check(item.ok(), item.status().ToString());
      if (item->kind == Subscription::Item::Kind::kEvent) {
        seen = item->record.position;
        benchmark::DoNotOptimize(item->record.data.data());
      }
    }
  }
  state.SetItemsProcessed(state.iterations() * last);
}

void BM_ReplayRead(benchmark::State& state) {
  EventLog& log = *Replay().log;
  const uint64_t last = log.LastPosition();
  for (auto _ : state) {
    ReadRequest request;
    while (request.from <= last) {
      absl::StatusOr<std::vector<Record>> records = log.Read(request);
      Check(records.ok(), records.status().ToString());
      benchmark::DoNotOptimize(records->back().data.data());
      request.from = records->back().position + 1;
    }
  }
  state.SetItemsProcessed(state.iterations() * last);
}

void BM_RawIteration(benchmark::State& state) {
  ReplayFixture& fixture = Replay();
  const uint64_t last = fixture.log->LastPosition();
  for (auto _ : state) {
    std::unique_ptr<rocksdb::Iterator> it(fixture.raw->NewIterator(
        rocksdb::ReadOptions(), fixture.raw_families[1]));
    uint64_t bytes = 0;
    for (it->SeekToFirst(); it->Valid(); it->Next()) {
      bytes += it->key().size() + it->value().size();
    }
    Check(it->status().ok(), it->status().ToString());
    benchmark::DoNotOptimize(bytes);
  }
  state.SetItemsProcessed(state.iterations() * last);
}

// Each runs a warm-up pass first (the first iteration is not timed apart, so
// the minimum of three repetitions is what counts as "warm").
BENCHMARK(BM_RawIteration)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3);
BENCHMARK(BM_ReplaySubscription)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3);
BENCHMARK(BM_ReplayRead)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1)
    ->Repetitions(3);

// Prints each run as usual and keeps the best items/s of each name (over
// repetitions) for the ratio report.
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      if (run.run_type != Run::RT_Iteration) continue;
      auto counter = run.counters.find("items_per_second");
      if (counter == run.counters.end()) continue;
      double& best = best_rate_[Key(run)];
      best = std::max(best, static_cast<double>(counter->second));
    }
  }

  void PrintRatio(const std::string& ours, const std::string& raw,
                  double target) const {
    auto a = best_rate_.find(ours);
    auto b = best_rate_.find(raw);
    if (a == best_rate_.end() || b == best_rate_.end()) return;
    const double ratio = a->second / b->second;
    std::printf("%-36s %9.0f/s vs %-26s %9.0f/s  ratio %.2f (target %.1f) %s\n",
                ours.c_str(), a->second, raw.c_str(), b->second, ratio, target,
                ratio >= target ? "ok" : "BELOW TARGET");
  }

 private:
  // "BM_Append/command_id:1 threads:8": the function, its arguments and the
  // thread count, without timing settings or repetition numbers.
  static std::string Key(const Run& run) {
    const benchmark::BenchmarkName& name = run.run_name;
    return absl::StrCat(name.function_name, name.args.empty() ? "" : "/",
                        name.args, " threads:", run.threads);
  }

  std::map<std::string, double> best_rate_;
};

}  // namespace
}  // namespace qiwang::store

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  qiwang::store::RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  std::printf("\nRatios (ours / raw RocksDB, same run):\n");
  for (const char* threads : {"1", "8", "64"}) {
    const std::string raw = absl::StrCat("BM_RawPut threads:", threads);
    for (const char* command_id : {"0", "1"}) {
      reporter.PrintRatio(absl::StrCat("BM_Append/command_id:", command_id,
                                       " threads:", threads),
                          raw, 0.6);
    }
  }
  for (const char* replay : {"BM_ReplaySubscription", "BM_ReplayRead"}) {
    reporter.PrintRatio(absl::StrCat(replay, " threads:1"),
                        "BM_RawIteration threads:1", 0.5);
  }
  qiwang::store::replay_fixture.reset();
  std::error_code ignored;
  std::filesystem::remove_all(qiwang::store::BenchRoot(), ignored);
  benchmark::Shutdown();
  return 0;
}
