// N WatchStandings watchers of one standings view on one thread: the gRPC
// asynchronous generic client (one CompletionQueue; each message's
// as_of_position read from its bytes, the rest skipped), each watcher on a
// channel of its own as a separate client would be. Progress counters may be
// read from any thread; Stop cancels every watch and must come before reading
// logs.
#ifndef QIWANG_TESTS_LOAD_GRPC_WATCHERS_H_
#define QIWANG_TESTS_LOAD_GRPC_WATCHERS_H_

#include <grpcpp/completion_queue.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "tests/load/watch_log.h"

namespace qiwang::load {

class GrpcWatchers {
 public:
  GrpcWatchers(const std::string& address, const std::string& tournament_id,
               const std::string& ranking_id, int count);
  ~GrpcWatchers();
  GrpcWatchers(const GrpcWatchers&) = delete;
  GrpcWatchers& operator=(const GrpcWatchers&) = delete;

  int ready() const { return ready_.load(); }
  // Watches that ended before Stop (refused, or closed by the server).
  int failed() const { return failed_.load(); }
  uint64_t least_last() const { return least_last_.load(); }

  void Stop();
  const std::vector<WatchLog>& logs() const { return logs_; }

 private:
  struct Watch;
  void Run();
  // Handles one completed operation of `watch`; false once it is finished.
  bool Advance(Watch& watch, bool ok, absl::Time now);

  std::string request_;  // WatchStandingsRequest, serialized
  grpc::CompletionQueue queue_;
  std::vector<std::unique_ptr<Watch>> watches_;
  std::vector<WatchLog> logs_;
  std::atomic<int> ready_{0};
  std::atomic<int> failed_{0};
  std::atomic<uint64_t> least_last_{0};
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

}  // namespace qiwang::load

#endif  // QIWANG_TESTS_LOAD_GRPC_WATCHERS_H_
