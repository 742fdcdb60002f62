#include "tests/load/sse_watchers.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <utility>

#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "absl/strings/strip.h"
#include "absl/time/clock.h"

namespace qiwang::load {

struct SseWatchers::Connection {
  enum class State { kConnecting, kHeaders, kChunkSize, kChunkData, kDone };
  int index = 0;
  int fd = -1;
  std::string request;
  bool counted = false;  // in opening_ or connected_
  State state = State::kConnecting;
  std::string raw;      // bytes received, not yet decoded
  std::string decoded;  // chunk payload not yet split into lines
  size_t chunk_left = 0;
  bool has_event = false;
};

SseWatchers::SseWatchers(int port, std::string path, int count,
                         int connect_window)
    : port_(port),
      path_(std::move(path)),
      count_(count),
      connect_window_(connect_window),
      connections_(count),
      last_ids_(count),
      was_ready_(count),
      logs_(count) {
  epoll_ = epoll_create1(EPOLL_CLOEXEC);
  if (epoll_ < 0) abort();
  thread_ = std::thread([this] { Run(); });
}

SseWatchers::~SseWatchers() {
  Stop();
  close(epoll_);
}

void SseWatchers::Stop() {
  stop_ = true;
  if (thread_.joinable()) thread_.join();
  for (auto& connection : connections_) {
    if (connection != nullptr && connection->fd >= 0) close(connection->fd);
    if (connection != nullptr) connection->fd = -1;
  }
}

std::vector<WatchLog> SseWatchers::TakeLogs() {
  std::vector<WatchLog> taken(count_);
  absl::MutexLock lock(&logs_mutex_);
  taken.swap(logs_);
  return taken;
}

bool SseWatchers::Open(int index) {
  auto connection = std::make_unique<Connection>();
  connection->index = index;
  connection->request = absl::StrCat("GET ", path_,
                                     " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                     "Accept: text/event-stream\r\n");
  if (last_ids_[index] > 0) {
    absl::StrAppend(&connection->request, "Last-Event-ID: ", last_ids_[index],
                    "\r\n");
  }
  connection->request.append("\r\n");
  connection->fd =
      socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (connection->fd < 0) {
    ++failed_;
    return false;
  }
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port_));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(connection->fd, reinterpret_cast<sockaddr*>(&address),
              sizeof(address)) != 0 &&
      errno != EINPROGRESS) {
    close(connection->fd);
    ++failed_;
    return false;
  }
  epoll_event event{};
  event.events = EPOLLOUT | EPOLLIN | EPOLLRDHUP;
  event.data.ptr = connection.get();
  epoll_ctl(epoll_, EPOLL_CTL_ADD, connection->fd, &event);
  ++opening_;
  connection->counted = true;
  connections_[index] = std::move(connection);
  return true;
}

void SseWatchers::Close(int index) {
  Connection& connection = *connections_[index];
  if (connection.counted) {
    if (connection.has_event) {
      --connected_;
    } else {
      --opening_;
    }
    connection.counted = false;
  }
  if (connection.fd >= 0) close(connection.fd);
  connection.fd = -1;
  connection.state = Connection::State::kDone;
}

void SseWatchers::Reconnect() {
  int asked = reconnects_asked_.exchange(0);
  // Bounded: a few tries per reconnect asked, connected or not.
  for (int tries = 0; asked > 0 && tries < 4 * count_; ++tries) {
    const int index = static_cast<int>(random_() % count_);
    const Connection* connection = connections_[index].get();
    if (connection == nullptr || !connection->has_event ||
        connection->state == Connection::State::kDone) {
      continue;
    }
    Close(index);
    --asked;
    ++reconnects_;
    Open(index);
  }
}

void SseWatchers::Dechunk(Connection& connection) {
  using State = Connection::State;
  while (true) {
    if (connection.state == State::kHeaders) {
      const size_t end = connection.raw.find("\r\n\r\n");
      if (end == std::string::npos) return;
      if (!absl::StartsWith(connection.raw, "HTTP/1.1 200")) {
        connection.state = State::kDone;
        return;
      }
      connection.raw.erase(0, end + 4);
      connection.state = State::kChunkSize;
    } else if (connection.state == State::kChunkSize) {
      const size_t end = connection.raw.find("\r\n");
      if (end == std::string::npos) return;
      const std::string size_line = connection.raw.substr(0, end);
      connection.raw.erase(0, end + 2);
      if (size_line.empty()) continue;  // the CRLF after a chunk's data
      connection.chunk_left = strtoul(size_line.c_str(), nullptr, 16);
      connection.state =
          connection.chunk_left == 0 ? State::kDone : State::kChunkData;
      if (connection.state == State::kDone) return;
    } else if (connection.state == State::kChunkData) {
      const size_t take =
          std::min(connection.chunk_left, connection.raw.size());
      connection.decoded.append(connection.raw, 0, take);
      connection.raw.erase(0, take);
      connection.chunk_left -= take;
      if (connection.chunk_left > 0) return;
      connection.state = State::kChunkSize;
    } else {
      return;
    }
  }
}

void SseWatchers::Decode(Connection& connection, absl::Time now) {
  Dechunk(connection);
  size_t line_start = 0;
  size_t newline;
  while ((newline = connection.decoded.find('\n', line_start)) !=
         std::string::npos) {
    absl::string_view line(connection.decoded.data() + line_start,
                           newline - line_start);
    uint64_t id = 0;
    if (absl::ConsumePrefix(&line, "id: ") && absl::SimpleAtoi(line, &id)) {
      {
        absl::MutexLock lock(&logs_mutex_);
        logs_[connection.index].seen.emplace_back(id, now);
      }
      last_ids_[connection.index] = id;
      if (!connection.has_event) {
        connection.has_event = true;
        --opening_;
        ++connected_;
        if (!was_ready_[connection.index]) {
          was_ready_[connection.index] = true;
          ++ready_;
        }
      }
    }
    line_start = newline + 1;
  }
  connection.decoded.erase(0, line_start);
}

bool SseWatchers::Read(Connection& connection, absl::Time now) {
  if (connection.state == Connection::State::kConnecting) {
    int error = 0;
    socklen_t length = sizeof(error);
    getsockopt(connection.fd, SOL_SOCKET, SO_ERROR, &error, &length);
    if (error != 0) return false;
    // A request this small fits the empty send buffer of a new socket.
    if (send(connection.fd, connection.request.data(),
             connection.request.size(),
             MSG_NOSIGNAL) != static_cast<ssize_t>(connection.request.size())) {
      return false;
    }
    connection.state = Connection::State::kHeaders;
    epoll_event event{};
    event.events = EPOLLIN | EPOLLRDHUP;
    event.data.ptr = &connection;
    epoll_ctl(epoll_, EPOLL_CTL_MOD, connection.fd, &event);
  }
  // Decoded as it arrives, so the buffers stay the size of one read;
  // at most kMostPerTurn bytes per turn, so one busy watcher cannot starve
  // the others (epoll reports the rest on the next turn).
  constexpr size_t kMostPerTurn = 256 * 1024;
  char buffer[16384];
  for (size_t taken = 0; taken < kMostPerTurn;) {
    const ssize_t got = recv(connection.fd, buffer, sizeof(buffer), 0);
    if (got > 0) {
      connection.raw.append(buffer, static_cast<size_t>(got));
      taken += static_cast<size_t>(got);
      bytes_received_ += static_cast<uint64_t>(got);
      Decode(connection, now);
      if (connection.state == Connection::State::kDone) return false;
      continue;
    }
    if (got == 0) return false;
    if (errno == EAGAIN || errno == EWOULDBLOCK) break;
    if (errno == EINTR) continue;
    return false;
  }
  return true;
}

void SseWatchers::Run() {
  std::vector<epoll_event> events(1024);
  absl::Time next_summary = absl::Now();
  while (!stop_) {
    while (opened_ < count_ && opening_ < connect_window_) Open(opened_++);
    Reconnect();
    const int ready =
        epoll_wait(epoll_, events.data(), static_cast<int>(events.size()), 5);
    const absl::Time now = absl::Now();
    for (int i = 0; i < ready; ++i) {
      auto* connection = static_cast<Connection*>(events[i].data.ptr);
      if (connection->state == Connection::State::kDone) continue;
      if (!Read(*connection, now)) {
        epoll_ctl(epoll_, EPOLL_CTL_DEL, connection->fd, nullptr);
        Close(connection->index);
        ++failed_;
      }
    }
    if (now >= next_summary) {
      next_summary = now + absl::Milliseconds(10);
      if (count_ > 0) {
        least_last_ = *std::min_element(last_ids_.begin(), last_ids_.end());
      }
    }
  }
}

}  // namespace qiwang::load
