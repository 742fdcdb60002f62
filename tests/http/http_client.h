// Independent HTTP clients for the front's tests: curl (a client we did not
// write, for the Connect protocol) and raw sockets (for what curl would not
// send: oversize headers, slow requests, traversal).
#ifndef QIWANG_TESTS_HTTP_HTTP_CLIENT_H_
#define QIWANG_TESTS_HTTP_HTTP_CLIENT_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/time/time.h"

namespace qiwang::http {

struct CurlAnswer {
  int status = 0;  // 0: curl failed
  std::string body;
  std::string headers;  // the response's header block
};

// curl -s with `args` against `url`; the body and status of the answer.
CurlAnswer Curl(const std::string& url, const std::vector<std::string>& args,
                absl::Duration timeout = absl::Seconds(20));

// A connected socket to 127.0.0.1:port; closed by the destructor.
class RawConnection {
 public:
  explicit RawConnection(int port);
  ~RawConnection();
  bool connected() const { return fd_ >= 0; }
  bool Send(const std::string& bytes);
  // Reads until `until` appears in what was read, the peer closes, or the
  // timeout; answers everything read.
  std::string ReadUntil(const std::string& until, absl::Duration timeout);
  // Reads until at least `bytes` have come in all, the peer closes, or the
  // timeout; answers everything read.
  std::string ReadAtLeast(size_t bytes, absl::Duration timeout);
  // True when the peer closes the connection within `timeout`; what came
  // before is in read().
  bool ClosedByPeer(absl::Duration timeout);
  const std::string& read() const { return read_; }
  // Half-closes: the peer reads an end of stream, the answer still comes.
  void ShutdownWrite();
  // The destructor then resets the connection (RST) instead of closing it.
  void ResetOnClose();

 private:
  // Waits for bytes until `deadline` and appends them to read_; false when
  // the peer closed, or nothing came in time (then `closed` says which).
  bool ReadMore(absl::Time deadline, bool& closed);

  int fd_ = -1;
  bool reset_ = false;
  std::string read_;
};

// The HTTP status of a raw response ("HTTP/1.1 413 ..."), or 0.
int StatusOf(const std::string& response);

// `message` in one Connect envelope with `flags` (0: uncompressed), as a
// stream request's body carries it.
std::string Enveloped(const std::string& message, uint8_t flags = 0);

// The payloads of a chunked body's Connect envelopes in `response` (header
// block and chunk framing removed), with their flags.
struct Envelope {
  int flags = 0;
  std::string payload;
};
std::vector<Envelope> EnvelopesOf(const std::string& response);

}  // namespace qiwang::http

#endif  // QIWANG_TESTS_HTTP_HTTP_CLIENT_H_
