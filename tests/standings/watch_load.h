// The load of issue 7 (64 arbiters recording the results of 64 boards
// concurrently, round after round, while watchers hold WatchStandings
// streams) and its accounting, shared by the benchmarks of one qiwangd in
// this process (standings_bench) and of the split form in child processes
// (split_load_bench).
#ifndef QIWANG_TESTS_STANDINGS_WATCH_LOAD_H_
#define QIWANG_TESTS_STANDINGS_WATCH_LOAD_H_

#include <grpcpp/channel.h>
#include <grpcpp/client_context.h>
#include <grpcpp/support/status.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"

namespace qiwang::standings {

inline constexpr int kLoadClients = 64;
inline constexpr int kLoadPlayers = 2 * kLoadClients;  // a board per client
inline constexpr int kLoadRounds = 11;

// Aborts the benchmark on a refused call: figures from a broken run are
// worthless.
void Check(const grpc::Status& status, const std::string& what);

// The value at fraction `p` (0..1) of the sorted `values`; 0 if empty.
double Percentile(std::vector<double> values, double p);

// A line ("VmRSS:", "VmHWM:") of a /proc/PID/status file in MiB; 0 if
// absent.
double ProcessMemoryMb(const std::string& field,
                       const std::string& status_path = "/proc/self/status");

// Raises RLIMIT_NOFILE to its hard limit: every watcher holds a connection
// of its own (two descriptors when the server is in this process), and
// children started afterwards inherit the limit.
void RaiseOpenFileLimit();

// A whole file ("" if it cannot be read).
std::string ReadFile(const std::string& path);
// `contents` to `path`, readable and writable by the owner only (token files).
void WriteSecretFile(const std::string& path, const std::string& contents);
// CPU seconds (user + system) of process `pid` from /proc/PID/stat; 0 if
// unreadable.
double ProcessCpuSeconds(const std::string& pid);

// Where the load goes: in one process both sides are the same server; in
// the split form writes go to the ledger and watches and reads to the read
// process.
class LoadTarget {
 public:
  virtual ~LoadTarget() = default;
  // A channel of its own (a distinct argument keeps gRPC from sharing the
  // connection), as a separate client would have, to the writes.
  virtual std::shared_ptr<grpc::Channel> WriteChannel(int client) const = 0;
  // The same to the reads (StandingsService).
  virtual std::shared_ptr<grpc::Channel> ReadChannel(int client) const = 0;
};

// Runs the load on an open-men section of kLoadPlayers checked-in players
// with state.range(0) watchers, and sets the counters results,
// results_per_s, watchers, watch_messages, missed, lag_{p50,p99,max}_ms,
// from_send_{p50,p99}_ms, record_{p50,p99}_ms and get_standings_p50_ms.
// Call with the timing paused; only the recording is timed.
void RunWatchLoad(benchmark::State& state, const LoadTarget& target);

}  // namespace qiwang::standings

#endif  // QIWANG_TESTS_STANDINGS_WATCH_LOAD_H_
