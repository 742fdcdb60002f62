#include "tests/http/http_client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "absl/time/clock.h"
#include "tests/e2e/subprocess.h"

namespace qiwang::http {

CurlAnswer Curl(const std::string& url, const std::vector<std::string>& args,
                absl::Duration timeout) {
  std::vector<std::string> argv = {"/usr/bin/curl",
                                   "-s",
                                   "-D",
                                   "/dev/stderr",
                                   "-w",
                                   "\n%{http_code}",
                                   "--max-time",
                                   absl::StrCat(absl::ToInt64Seconds(timeout))};
  argv.insert(argv.end(), args.begin(), args.end());
  argv.push_back(url);
  const e2e::ProcessResult run =
      e2e::RunProcess(argv, {}, timeout + absl::Seconds(5));
  CurlAnswer answer;
  const size_t newline = run.out.rfind('\n');
  if (newline == std::string::npos) return answer;
  if (!absl::SimpleAtoi(run.out.substr(newline + 1), &answer.status)) {
    answer.status = 0;
  }
  answer.body = run.out.substr(0, newline);
  answer.headers = run.err;
  return answer;
}

RawConnection::RawConnection(int port) {
  fd_ = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) !=
      0) {
    close(fd_);
    fd_ = -1;
  }
}

RawConnection::~RawConnection() {
  if (fd_ < 0) return;
  if (reset_) {
    linger abort{1, 0};
    setsockopt(fd_, SOL_SOCKET, SO_LINGER, &abort, sizeof abort);
  }
  close(fd_);
}

bool RawConnection::Send(const std::string& bytes) {
  size_t sent = 0;
  while (sent < bytes.size()) {
    const ssize_t n =
        send(fd_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) return false;
    sent += static_cast<size_t>(n);
  }
  return true;
}

bool RawConnection::ReadMore(absl::Time deadline, bool& closed) {
  closed = false;
  const absl::Duration left = deadline - absl::Now();
  if (left <= absl::ZeroDuration()) return false;
  pollfd poll_fd{fd_, POLLIN, 0};
  if (poll(&poll_fd, 1,
           static_cast<int>(absl::ToInt64Milliseconds(left)) + 1) <= 0) {
    return false;
  }
  char buffer[16384];
  const ssize_t n = recv(fd_, buffer, sizeof buffer, 0);
  if (n <= 0) {
    closed = true;
    return false;
  }
  read_.append(buffer, static_cast<size_t>(n));
  return true;
}

std::string RawConnection::ReadUntil(const std::string& until,
                                     absl::Duration timeout) {
  const absl::Time deadline = absl::Now() + timeout;
  bool closed = false;
  while (read_.find(until) == std::string::npos &&
         ReadMore(deadline, closed)) {
  }
  return read_;
}

std::string RawConnection::ReadAtLeast(size_t bytes, absl::Duration timeout) {
  const absl::Time deadline = absl::Now() + timeout;
  bool closed = false;
  while (read_.size() < bytes && ReadMore(deadline, closed)) {
  }
  return read_;
}

bool RawConnection::ClosedByPeer(absl::Duration timeout) {
  const absl::Time deadline = absl::Now() + timeout;
  bool closed = false;
  while (ReadMore(deadline, closed)) {
  }
  return closed;
}

void RawConnection::ShutdownWrite() { shutdown(fd_, SHUT_WR); }

void RawConnection::ResetOnClose() { reset_ = true; }

int StatusOf(const std::string& response) {
  const std::string line = response.substr(0, response.find('\r'));
  std::vector<absl::string_view> words = absl::StrSplit(line, ' ');
  int status = 0;
  if (words.size() < 2 || !absl::SimpleAtoi(words[1], &status)) return 0;
  return status;
}

std::string Enveloped(const std::string& message, uint8_t flags) {
  std::string framed(5, '\0');
  framed[0] = static_cast<char>(flags);
  for (int i = 0; i < 4; ++i) {
    framed[1 + i] = static_cast<char>((message.size() >> (24 - 8 * i)) & 0xff);
  }
  return framed + message;
}

std::vector<Envelope> EnvelopesOf(const std::string& response) {
  std::vector<Envelope> envelopes;
  const size_t start = response.find("\r\n\r\n");
  if (start == std::string::npos) return envelopes;
  // Undo the chunked framing.
  std::string body;
  size_t at = start + 4;
  while (at < response.size()) {
    const size_t line_end = response.find("\r\n", at);
    if (line_end == std::string::npos) break;
    size_t size = 0;
    if (!absl::SimpleHexAtoi(response.substr(at, line_end - at), &size) ||
        size == 0 || line_end + 2 + size > response.size()) {
      break;
    }
    body.append(response, line_end + 2, size);
    at = line_end + 2 + size + 2;
  }
  size_t offset = 0;
  while (offset + 5 <= body.size()) {
    const uint32_t size = (static_cast<uint8_t>(body[offset + 1]) << 24) |
                          (static_cast<uint8_t>(body[offset + 2]) << 16) |
                          (static_cast<uint8_t>(body[offset + 3]) << 8) |
                          static_cast<uint8_t>(body[offset + 4]);
    if (offset + 5 + size > body.size()) break;
    envelopes.push_back(
        {static_cast<uint8_t>(body[offset]), body.substr(offset + 5, size)});
    offset += 5 + size;
  }
  return envelopes;
}

}  // namespace qiwang::http
