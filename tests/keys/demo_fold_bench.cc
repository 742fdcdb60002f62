// Issue 18: a cold fold of the 2016 demo's log with decryption, against the
// same log folded without opening (what every reader but the ledger does),
// in one run. The log is made once per run: a real qiwangd with a master key
// plays the whole demo (`qiwang demo`, nine sections) and is stopped; then
// each iteration folds the tournament in a fresh ledger over the log, once
// through the SealingEventLog (every sealed person opened with its key) and
// once over the bare log. Also prints how many of the players' ID numbers
// (read through the opened log) appear in any file of the data folder,
// written uncompressed (--nolog_compression): it should be none.
#include <signal.h>
#include <sys/stat.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/strip.h"
#include "absl/time/clock.h"
#include "benchmark/benchmark.h"
#include "crypto/master_key_file.h"
#include "services/keys/person_keyring.h"
#include "services/keys/sealing_event_log.h"
#include "services/ledger/clock.h"
#include "services/ledger/ledger.h"
#include "store/event_log.h"
#include "tests/e2e/subprocess.h"
#include "tests/test_paths.h"

namespace qiwang::keys {
namespace {

constexpr char kTournament[] = "sichuan-2016";
constexpr char kManualClock[] = "manual:2016-09-01T10:00:00+08:00";

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void WritePrivateFile(const std::string& path, const std::string& contents) {
  std::ofstream(path) << contents;
  ::chmod(path.c_str(), 0600);
}

[[noreturn]] void Die(const std::string& why) {
  std::fprintf(stderr, "demo_fold_bench: %s\n", why.c_str());
  std::exit(1);
}

// The data folder of a qiwangd that played the whole demo with a master key.
class DemoLog {
 public:
  DemoLog() {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "demo-fold-XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) Die("no temporary folder");
    dir_ = pattern;
    std::string tokens;
    for (const char* role :
         {"organiser", "registrar", "arbiter", "chief_arbiter",
          "pairing_officer", "arbitration_committee"}) {
      absl::StrAppend(&tokens, "bench-", role, " ", role, " ", role, "\n");
    }
    WritePrivateFile(dir_ + "/tokens", tokens);
    WritePrivateFile(key_file(), std::string(64, 'd') + "\n");
    const std::string port_file = dir_ + "/port";
    e2e::BackgroundProcess server(
        {test_paths::kQiwangd, "--data_dir=" + data_dir(),
         "--tokens=" + dir_ + "/tokens", "--data_key_file=" + key_file(),
         std::string("--clock=") + kManualClock, "--nolog_compression",
         "--listen=127.0.0.1:0", "--port_file=" + port_file},
        dir_ + "/qiwangd.log");
    int exit_code = 0;
    int port = 0;
    if (!e2e::WaitFor(
            [&] {
              return std::filesystem::exists(port_file) ||
                     server.HasExited(exit_code);
            },
            absl::Seconds(30)) ||
        !absl::SimpleAtoi(absl::StripAsciiWhitespace(ReadFile(port_file)),
                          &port)) {
      Die("qiwangd did not start: " + ReadFile(dir_ + "/qiwangd.log"));
    }
    const absl::Time start = absl::Now();
    const e2e::ProcessResult demo = e2e::RunProcess(
        {test_paths::kCli, "demo", "--tokens=" + dir_ + "/tokens",
         absl::StrCat("--server=127.0.0.1:", port), "--rows=0"},
        {}, absl::Minutes(10));
    if (demo.exit_code != 0) Die("qiwang demo failed: " + demo.err);
    demo_seconds_ = absl::ToDoubleSeconds(absl::Now() - start);
    server.Signal(SIGTERM);
    if (server.WaitForExit(absl::Seconds(30)) != 0) Die("qiwangd did not stop");
  }
  ~DemoLog() { std::filesystem::remove_all(dir_); }

  std::string data_dir() const { return dir_ + "/log"; }
  std::string key_file() const { return dir_ + "/data.key"; }
  double demo_seconds() const { return demo_seconds_; }

 private:
  std::string dir_;
  double demo_seconds_ = 0;
};

// Every ID number the opened log shows.
std::set<std::string> IdNumbers(const store::EventLog& opened) {
  std::set<std::string> numbers;
  store::ReadRequest request;
  for (;;) {
    absl::StatusOr<std::vector<store::Record>> records = opened.Read(request);
    if (!records.ok()) Die(records.status().ToString());
    for (const store::Record& record : *records) {
      v1::Event event;
      if (!event.ParseFromString(record.data)) continue;
      auto note = [&](const v1::Person& person) {
        if (!person.id_number().empty()) numbers.insert(person.id_number());
      };
      if (event.has_player_registered()) {
        note(event.player_registered().person());
      }
      for (const v1::Person& person :
           event.station_results_recorded().ranking()) {
        note(person);
      }
    }
    if (records->size() < request.limit) break;
    request.from = records->back().position + 1;
  }
  return numbers;
}

// How many of `numbers` appear in some file under `dir`.
int FoundInFiles(const std::string& dir, const std::set<std::string>& numbers) {
  std::set<std::string> found;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    if (!entry.is_regular_file()) continue;
    const std::string bytes = ReadFile(entry.path().string());
    for (const std::string& number : numbers) {
      if (bytes.find(number) != std::string::npos) found.insert(number);
    }
  }
  return static_cast<int>(found.size());
}

void Fold(store::EventLog& log, ledger::Clock& clock) {
  ledger::Ledger fresh(log, clock);
  absl::StatusOr<ledger::StateAt> state = fresh.Read(kTournament, {});
  if (!state.ok()) Die(state.status().ToString());
  benchmark::DoNotOptimize(state);
}

}  // namespace
}  // namespace qiwang::keys

int main(int argc, char** argv) {
  using namespace qiwang;  // NOLINT: a benchmark's main
  benchmark::Initialize(&argc, argv);
  const keys::DemoLog demo;
  absl::StatusOr<std::unique_ptr<store::EventLog>> log =
      store::EventLog::Open(demo.data_dir());
  if (!log.ok()) keys::Die(log.status().ToString());
  absl::StatusOr<std::string> master =
      crypto::LoadMasterKeyFile(demo.key_file());
  if (!master.ok()) keys::Die(master.status().ToString());
  absl::StatusOr<std::unique_ptr<keys::PersonKeyring>> ring =
      keys::PersonKeyring::Open(**log, *master, demo.key_file());
  if (!ring.ok()) keys::Die(ring.status().ToString());
  keys::SealingEventLog sealing(**log, **ring);
  const std::set<std::string> numbers = keys::IdNumbers(sealing);
  const int found = keys::FoundInFiles(demo.data_dir(), numbers);
  std::printf(
      "demo: %llu events written in %.1f s; %zu ID numbers read through the "
      "opened log, %d of them found in the data folder's files\n",
      static_cast<unsigned long long>((*log)->LastPosition()),
      demo.demo_seconds(), numbers.size(), found);
  ledger::ManualClock clock(absl::Now());
  benchmark::RegisterBenchmark("BM_ColdFoldOfTheDemo", [&](benchmark::State&
                                                               state) {
    absl::Duration plain, sealed;
    for (auto _ : state) {
      absl::Time start = absl::Now();
      keys::Fold(**log, clock);
      plain += absl::Now() - start;
      start = absl::Now();
      keys::Fold(sealing, clock);
      sealed += absl::Now() - start;
    }
    const double n = static_cast<double>(state.iterations());
    state.counters["plain_ms"] = absl::ToDoubleMilliseconds(plain) / n;
    state.counters["opened_ms"] = absl::ToDoubleMilliseconds(sealed) / n;
    state.counters["ratio"] =
        absl::ToDoubleMilliseconds(sealed) / absl::ToDoubleMilliseconds(plain);
    state.counters["events"] = static_cast<double>((*log)->LastPosition());
  })->Unit(benchmark::kMillisecond);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return found == 0 ? 0 : 1;
}
