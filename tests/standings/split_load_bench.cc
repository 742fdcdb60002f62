// Issue 7's load against the split form on this machine: 64 arbiters
// recording the results of 64 boards concurrently, round after round, and
// N watchers holding WatchStandings streams, with qiwangd as two child
// processes on 127.0.0.1: the ledger (the log and every write, on a manual
// clock) and one read process (--services=pairing,standings,audit) that
// follows it over gRPC. Writes go to the ledger, watches and reads to the
// read process, so the watcher lag now includes the ledger-to-reader hop.
//
// The counters are BM_WatcherLag's (standings_bench, one process: the
// baseline), see watch_load.h, plus each process's resident memory at the
// end and its peak (VmRSS, VmHWM): ledger_*, read_* from the children's
// /proc/PID/status and client_* for this process (the 64 arbiters and the
// watchers alone, no server in it).
//
// The read process runs with --max_watches_per_client=0: every watcher
// comes from 127.0.0.1, and the default limit of 64 watches per client
// address would refuse all but 64 of them.
#include <grpcpp/create_channel.h>
#include <grpcpp/security/credentials.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/types.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "absl/time/time.h"
#include "benchmark/benchmark.h"
#include "qiwang/v1/standings_service.grpc.pb.h"
#include "services/rules/core/roles.h"
#include "services/server/auth/token_file.h"
#include "tests/e2e/subprocess.h"
#include "tests/standings/standings_server_fixture.h"
#include "tests/standings/watch_load.h"
#include "tests/test_paths.h"

namespace qiwang::standings {
namespace {

constexpr char kManualClock[] = "manual:2016-09-01T10:00:00+08:00";

// The children to kill if the benchmark aborts (Check, or any abort):
// abort() runs no destructors, and a qiwangd left behind would hold its
// port and memory after the run.
std::atomic<pid_t> children_to_kill[2];

void KillChildrenAndAbort(int signal_number) {
  for (std::atomic<pid_t>& pid : children_to_kill) {
    if (pid.load() > 0) kill(pid.load(), SIGKILL);
  }
  signal(signal_number, SIG_DFL);
  raise(signal_number);
}

// A qiwangd child listening on 127.0.0.1 (a free port); killed and reaped
// when destroyed.
class Qiwangd {
 public:
  // `slot` is its place in children_to_kill.
  Qiwangd(std::vector<std::string> argv, const std::string& dir,
          const std::string& name, int slot)
      : slot_(slot) {
    const std::string port_file = dir + "/" + name + ".port";
    const std::string log = dir + "/" + name + ".log";
    argv.insert(argv.begin(), test_paths::kQiwangd);
    argv.push_back("--listen=127.0.0.1:0");
    argv.push_back("--port_file=" + port_file);
    process_ = std::make_unique<e2e::BackgroundProcess>(argv, log);
    int exit_code = 0;
    if (!process_->started() ||
        !e2e::WaitFor(
            [&] {
              return std::filesystem::exists(port_file) ||
                     process_->HasExited(exit_code);
            },
            absl::Seconds(30)) ||
        !absl::SimpleAtoi(absl::StripAsciiWhitespace(ReadFile(port_file)),
                          &port_)) {
      fprintf(stderr, "qiwangd %s did not start: %s\n", name.c_str(),
              ReadFile(log).c_str());
      abort();
    }
    pid_ = process_->pid();
    children_to_kill[slot_] = pid_;
  }
  ~Qiwangd() {
    process_.reset();
    children_to_kill[slot_] = 0;
  }

  std::string address() const { return absl::StrCat("127.0.0.1:", port_); }
  // CPU seconds it has used (user + system), from /proc/PID/stat.
  double CpuSeconds() const { return ProcessCpuSeconds(absl::StrCat(pid_)); }

  // A line of its /proc/PID/status in MiB.
  double MemoryMb(const std::string& field) const {
    return ProcessMemoryMb(field, absl::StrCat("/proc/", pid_, "/status"));
  }

 private:
  int slot_;
  std::unique_ptr<e2e::BackgroundProcess> process_;
  pid_t pid_ = -1;
  int port_ = 0;
};

// The split form with one open-men section of kLoadPlayers checked-in
// players, entered through the ledger and applied by the read process.
class SplitRig : public LoadTarget {
 public:
  SplitRig() {
    signal(SIGABRT, KillChildrenAndAbort);
    RaiseOpenFileLimit();  // before the children start: they inherit it
    std::string pattern =
        (std::filesystem::temp_directory_path() / "qiwang-split-XXXXXX")
            .string();
    if (mkdtemp(pattern.data()) == nullptr) abort();
    dir_ = pattern;
    // The fixture's tokens, as a token file: "token user role,...".
    std::string tokens;
    for (const server::TokenEntry& entry : RoleTokens()) {
      absl::StrAppend(&tokens, entry.token, " ", entry.user, " ",
                      absl::StrJoin(entry.roles, ",",
                                    [](std::string* out, rules::Role role) {
                                      out->append(rules::RoleName(role));
                                    }),
                      "\n");
    }
    WriteSecretFile(dir_ + "/tokens", tokens);
    WriteSecretFile(dir_ + "/ledger-token", absl::StrCat(kOrganiser, "\n"));

    ledger_ = std::make_unique<Qiwangd>(
        std::vector<std::string>{"--services=ledger",
                                 "--data_dir=" + dir_ + "/log",
                                 "--tokens=" + dir_ + "/tokens",
                                 std::string("--clock=") + kManualClock},
        dir_, "ledger", 0);
    read_ = std::make_unique<Qiwangd>(
        std::vector<std::string>{
            "--services=pairing,standings,audit",
            "--ledger=" + ledger_->address(),
            "--ledger_token_file=" + dir_ + "/ledger-token",
            "--tokens=" + dir_ + "/tokens", "--max_watches_per_client=0"},
        dir_, "read", 1);

    const uint64_t closed = EnterOpenMen(WriteChannel(-1), kLoadPlayers);
    if (closed == 0) abort();
    // The watchers start on the read process: it must know the section.
    auto standings = v1::StandingsService::NewStub(ReadChannel(-1));
    v1::GetStandingsRequest request;
    request.set_tournament_id(kTournamentId);
    request.set_ranking_id("open-men");
    request.mutable_read()->set_min_position(closed);
    v1::GetStandingsResponse response;
    Check(standings->GetStandings(NewCall().get(), request, &response),
          "get standings after check-in");
  }
  ~SplitRig() override {
    read_.reset();
    ledger_.reset();
    std::filesystem::remove_all(dir_);
  }

  std::shared_ptr<grpc::Channel> WriteChannel(int client) const override {
    return NewChannel(ledger_->address(), client);
  }
  std::shared_ptr<grpc::Channel> ReadChannel(int client) const override {
    return NewChannel(read_->address(), client);
  }

  const Qiwangd& ledger() const { return *ledger_; }
  const Qiwangd& read() const { return *read_; }

 private:
  // A channel of its own (a distinct argument keeps gRPC from sharing the
  // connection), as a separate client would have.
  static std::shared_ptr<grpc::Channel> NewChannel(const std::string& address,
                                                   int client) {
    grpc::ChannelArguments arguments;
    arguments.SetInt("qiwang.bench.client", client);
    return grpc::CreateCustomChannel(
        address, grpc::InsecureChannelCredentials(), arguments);
  }

  std::string dir_;
  std::unique_ptr<Qiwangd> ledger_;
  std::unique_ptr<Qiwangd> read_;
};

void BM_SplitLoad(benchmark::State& state) {
  for (auto _ : state) {
    state.PauseTiming();
    SplitRig rig;
    RunWatchLoad(state, rig);
    state.counters["ledger_rss_mb"] = rig.ledger().MemoryMb("VmRSS:");
    state.counters["ledger_peak_rss_mb"] = rig.ledger().MemoryMb("VmHWM:");
    state.counters["read_rss_mb"] = rig.read().MemoryMb("VmRSS:");
    state.counters["read_peak_rss_mb"] = rig.read().MemoryMb("VmHWM:");
    // The servers' CPU, for their cost per result and per watch message
    // whatever the 2 cores' contention did to the wall-clock figures.
    state.counters["ledger_cpu_s"] = rig.ledger().CpuSeconds();
    state.counters["read_cpu_s"] = rig.read().CpuSeconds();
    state.counters["client_rss_mb"] = ProcessMemoryMb("VmRSS:");
    state.counters["client_peak_rss_mb"] = ProcessMemoryMb("VmHWM:");
  }
}
BENCHMARK(BM_SplitLoad)
    ->Arg(1)
    ->Arg(1000)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

}  // namespace
}  // namespace qiwang::standings

BENCHMARK_MAIN();
