// N SSE watchers of one live view on one thread: raw non-blocking sockets
// under epoll, HTTP/1.1 chunked decoding, each event's `id:` logged. At most
// `connect_window` connections are opening at once (connected, no event
// yet), so the server's listen backlog is never flooded. Start once; read
// the progress counters, ask for reconnects and take the logs from any
// thread; Stop before reading logs().
#ifndef QIWANG_TESTS_LOAD_SSE_WATCHERS_H_
#define QIWANG_TESTS_LOAD_SSE_WATCHERS_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "absl/base/thread_annotations.h"
#include "absl/synchronization/mutex.h"
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
  // Watchers whose connection is open and has had an event since it opened.
  int connected() const { return connected_.load(); }
  // Watchers whose connection failed or was closed by the server, or
  // answered other than 200.
  int failed() const { return failed_.load(); }
  // Connections this side closed and opened again (RequestReconnects).
  int reconnects() const { return reconnects_.load(); }
  // The least last id over the watchers (0 until every one has an event).
  uint64_t least_last() const { return least_last_.load(); }
  // Bytes read from every connection so far, HTTP framing included.
  uint64_t bytes_received() const { return bytes_received_.load(); }

  // Closes `count` watchers chosen at random among the connected ones and
  // opens each again at once with `Last-Event-ID` set to its last id, as a
  // browser does; done by the event loop on its next turn.
  void RequestReconnects(int count) { reconnects_asked_ += count; }

  // What each watcher received since the previous call (or the start).
  std::vector<WatchLog> TakeLogs();

  void Stop();
  // What was not taken; valid after Stop.
  const std::vector<WatchLog>& logs() const ABSL_NO_THREAD_SAFETY_ANALYSIS {
    return logs_;
  }

 private:
  struct Connection;
  void Run();
  bool Open(int index);
  void Reconnect();
  // Closes `index`'s connection (the event loop's own close, not a failure).
  void Close(int index);
  // Reads what arrived; false when the connection is done with.
  bool Read(Connection& connection, absl::Time now);
  // Moves the payload of each whole or partial chunk of `raw` to `decoded`.
  static void Dechunk(Connection& connection);
  // Dechunks, then logs each complete `id:` line.
  void Decode(Connection& connection, absl::Time now);

  const int port_;
  const std::string path_;
  const int count_;
  const int connect_window_;
  int epoll_ = -1;
  int opened_ = 0;
  int opening_ = 0;
  // The event loop's own, indexed by watcher; a reconnect replaces one
  // between two epoll_wait calls, so no pending event names a freed one.
  std::vector<std::unique_ptr<Connection>> connections_;
  std::vector<uint64_t> last_ids_;
  std::vector<bool> was_ready_;
  std::mt19937 random_{2016};
  absl::Mutex logs_mutex_;
  std::vector<WatchLog> logs_ ABSL_GUARDED_BY(logs_mutex_);
  std::atomic<int> ready_{0};
  std::atomic<int> connected_{0};
  std::atomic<int> failed_{0};
  std::atomic<int> reconnects_{0};
  std::atomic<int> reconnects_asked_{0};
  std::atomic<uint64_t> least_last_{0};
  std::atomic<uint64_t> bytes_received_{0};
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

}  // namespace qiwang::load

#endif  // QIWANG_TESTS_LOAD_SSE_WATCHERS_H_
