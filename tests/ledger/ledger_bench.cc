// What the ledger adds to a write and what folding costs, each against a
// baseline measured in the same run: a command (decide, stamp, one append,
// apply) vs a raw store append of the same events; folding a tournament's
// stream from cold vs reading its records. Both logs run with sync=false so
// that the ratio shows the ledger's work rather than the disk's fsync.
#include <filesystem>
#include <memory>
#include <string>

#include "absl/strings/str_cat.h"
#include "absl/time/clock.h"
#include "benchmark/benchmark.h"
#include "services/ledger/ledger.h"
#include "tests/ledger/ledger_fixture.h"
#include "tests/rules/tournament/pre_event_fixture.h"

namespace qiwang::ledger {
namespace {

namespace tournament = rules::tournament;

// A ledger over a log, and a second log for the raw baseline, in a
// temporary folder; the tournament is created.
class Rig {
 public:
  Rig() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "ledger-bench-XXXXXX")
            .string();
    dir_ = mkdtemp(pattern.data());
    store::Options options;
    options.sync = false;
    log_ = *store::EventLog::Open(dir_ + "/ledger", options);
    raw_ = *store::EventLog::Open(dir_ + "/raw", options);
    clock_ =
        std::make_unique<ManualClock>(tournament::Beijing(2016, 9, 1, 10, 0));
    ledger_ = std::make_unique<Ledger>(*log_, *clock_);
    v1::CreateTournamentRequest create;
    create.set_command_id("create");
    *create.mutable_config() = tournament::Sichuan2016();
    (void)Execute("CreateTournament", create, &tournament::DecideCreate,
                  rules::Role::kOrganiser);
  }
  ~Rig() {
    ledger_.reset();
    log_.reset();
    raw_.reset();
    std::filesystem::remove_all(dir_);
  }

  template <typename Request>
  absl::StatusOr<CommandOutcome> Execute(
      const std::string& rpc, const Request& request,
      absl::StatusOr<tournament::Events> (*decide)(
          const TournamentState&, const Request&,
          const tournament::CommandContext&),
      rules::Role role) {
    return ExecuteCommand(*ledger_, rpc, request, decide, role);
  }

  absl::StatusOr<CommandOutcome> Register(int n) {
    const std::string name = absl::StrCat("P", n);
    return Execute("RegisterPlayer", ProfessionalEntry(name, name, 1 + n % 28),
                   &tournament::DecideRegister, rules::Role::kRegistrar);
  }

  store::EventLog& log() { return *log_; }
  store::EventLog& raw() { return *raw_; }
  Clock& clock() { return *clock_; }
  Ledger& ledger() { return *ledger_; }

 private:
  std::string dir_;
  std::unique_ptr<store::EventLog> log_;
  std::unique_ptr<store::EventLog> raw_;
  std::unique_ptr<ManualClock> clock_;
  std::unique_ptr<Ledger> ledger_;
};

void ReportRatio(benchmark::State& state, const char* name,
                 absl::Duration measured, absl::Duration baseline) {
  const double iterations = static_cast<double>(state.iterations());
  state.counters["baseline_us"] =
      absl::ToDoubleMicroseconds(baseline) / iterations;
  state.counters[std::string(name) + "_us"] =
      absl::ToDoubleMicroseconds(measured) / iterations;
  state.counters[std::string(name) + "_over_baseline"] =
      absl::ToDoubleMicroseconds(measured) /
      absl::ToDoubleMicroseconds(baseline);
}

// One RegisterPlayer command through the ledger vs appending its event's
// bytes to the raw log.
void BM_RegisterCommandVersusRawAppend(benchmark::State& state) {
  Rig rig;
  int n = 0;
  absl::Duration command_time;
  absl::Duration raw_time;
  for (auto _ : state) {
    ++n;
    absl::Time start = absl::Now();
    absl::StatusOr<CommandOutcome> outcome = rig.Register(n);
    command_time += absl::Now() - start;
    if (!outcome.ok()) {
      state.SkipWithError(std::string(outcome.status().message()).c_str());
      break;
    }
    store::AppendRequest raw;
    raw.stream = kTournament;
    raw.events.push_back(outcome->events[0].SerializeAsString());
    start = absl::Now();
    benchmark::DoNotOptimize(rig.raw().Append(raw));
    raw_time += absl::Now() - start;
  }
  ReportRatio(state, "command", command_time, raw_time);
}
BENCHMARK(BM_RegisterCommandVersusRawAppend)->Iterations(2000);

// A fresh Ledger folding a stream of state.range(0) registrations (its first
// read) vs reading the same records from the store.
void BM_ColdFoldVersusRead(benchmark::State& state) {
  Rig rig;
  for (int n = 1; n <= state.range(0); ++n) (void)rig.Register(n);
  store::ReadRequest read;
  read.stream = kTournament;
  read.limit = state.range(0) + 1;
  absl::Duration fold_time;
  absl::Duration read_time;
  for (auto _ : state) {
    absl::Time start = absl::Now();
    benchmark::DoNotOptimize(rig.log().Read(read));
    read_time += absl::Now() - start;
    start = absl::Now();
    Ledger fresh(rig.log(), rig.clock());
    benchmark::DoNotOptimize(
        fresh.Read(kTournament, {}));
    fold_time += absl::Now() - start;
  }
  ReportRatio(state, "fold", fold_time, read_time);
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_ColdFoldVersusRead)->Arg(1000)->Unit(benchmark::kMillisecond);

// A warm read at the head of a stream of state.range(0) registrations,
// which shares the copy every read of that position gets, vs copying that
// state (what each read cost before reads shared one copy).
void BM_WarmReadVersusCopy(benchmark::State& state) {
  Rig rig;
  for (int n = 1; n <= state.range(0); ++n) (void)rig.Register(n);
  absl::StatusOr<StateAt> first = rig.ledger().Read(kTournament, {});
  if (!first.ok()) {
    state.SkipWithError(std::string(first.status().message()).c_str());
    return;
  }
  absl::Duration read_time;
  absl::Duration copy_time;
  for (auto _ : state) {
    absl::Time start = absl::Now();
    benchmark::DoNotOptimize(rig.ledger().Read(kTournament, {}));
    read_time += absl::Now() - start;
    start = absl::Now();
    TournamentState copy = *first->state;
    benchmark::DoNotOptimize(copy);
    copy_time += absl::Now() - start;
  }
  ReportRatio(state, "read", read_time, copy_time);
}
BENCHMARK(BM_WarmReadVersusCopy)->Arg(1000)->Iterations(2000);

}  // namespace
}  // namespace qiwang::ledger

BENCHMARK_MAIN();
