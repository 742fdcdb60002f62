// N SSE watchers of one live view on one thread: raw non-blocking sockets
// under epoll, HTTP/1.1 chunked decoding, each event's `id:` logged. At most
// `connect_window` connections are opening at once (connected, no event
// yet), so the server's listen backlog is never flooded. Start once, read
// the progress counters from any thread, Stop before reading the logs.
#ifndef QIWANG_TESTS_LOAD_SSE_WATCHERS_H_
#define QIWANG_TESTS_LOAD_SSE_WATCHERS_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "tests/load/watch_log.h"

namespace qiwang::load {

class SseWatchers {
 public:
  SseWatchers(int port, std::string path, int count, int connect_window = 256);
  ~SseWatchers();
  SseWatchers(const SseWatchers&) = delete;
  SseWatchers& operator=(const SseWatchers&) = delete;

  // Watchers that received at least one event.
  int ready() const { return ready_.load(); }
  // Watchers whose connection failed or closed, or answered other than 200.
  int failed() const { return failed_.load(); }
  // The least last id over the watchers (0 until every one has an event).
  uint64_t least_last() const { return least_last_.load(); }

  void Stop();
  // Valid after Stop.
  const std::vector<WatchLog>& logs() const { return logs_; }

 private:
  struct Connection;
  void Run();
  bool OpenNext();
  // Reads what arrived; false when the connection is done with.
  bool Read(Connection& connection, absl::Time now);
  // Moves the payload of each whole or partial chunk of `raw` to `decoded`.
  static void Dechunk(Connection& connection);
  // Dechunks, then logs each complete `id:` line.
  void Decode(Connection& connection, absl::Time now);

  const int port_;
  const std::string request_;
  const int count_;
  const int connect_window_;
  int epoll_ = -1;
  int opened_ = 0;
  int opening_ = 0;
  std::vector<std::unique_ptr<Connection>> connections_;
  std::vector<WatchLog> logs_;
  std::atomic<int> ready_{0};
  std::atomic<int> failed_{0};
  std::atomic<uint64_t> least_last_{0};
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

}  // namespace qiwang::load

#endif  // QIWANG_TESTS_LOAD_SSE_WATCHERS_H_
