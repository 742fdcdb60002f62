// What a phone on the hall's Wi-Fi sends, in raw bytes over 127.0.0.1: the
// Connect protocol's unary calls and streams (one connection each,
// "Connection: close", so an answer ends when the server closes), streams
// dropped at a chosen moment, and the server's own gauges read back from
// /metrics and /proc. Independent of the front's code. Thread-safe.
#ifndef QIWANG_TESTS_HOSTILE_HALL_CLIENT_H_
#define QIWANG_TESTS_HOSTILE_HALL_CLIENT_H_

#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

namespace qiwang::hostile {

struct HallAnswer {
  int status = 0;  // 0: no answer
  std::string body;
};

// POST /qiwang.v1.<rpc> with a JSON body (and a bearer token unless empty).
HallAnswer Unary(int port, const std::string& rpc, const std::string& json,
                 const std::string& token = "");

// The raw request of a Connect server stream of `rpc` with one JSON message.
std::string StreamRequest(const std::string& rpc, const std::string& json,
                          const std::string& token);

struct HallStream {
  int status = 0;
  std::vector<std::string> messages;  // the data envelopes' payloads
  std::string end;                    // the end-of-stream message
  std::string raw;                    // the whole response, for messages
};

// A whole Connect stream, read to its end.
HallStream Stream(int port, const std::string& rpc, const std::string& json,
                  const std::string& token);

// When a client drops a stream.
enum class DropStage {
  kHalfRequest,    // before the request is whole
  kAfterRequest,   // at once after sending it
  kAfterHeaders,   // once the response's headers came
  kMidStream,      // after some bytes of the body
  kAfterEnd,       // after reading everything
  kShutdownWrite,  // half-closes its side, then reads on
};
inline constexpr int kDropStages = 6;

// One stream dropped at `stage` (`seed` picks how far into the body);
// answers whether the stream had ended whole before it was dropped.
bool DroppedStream(int port, const std::string& rpc, const std::string& json,
                   const std::string& token, DropStage stage, uint32_t seed);

// The front's qiwang_http_open_streams gauge (-1 when unreadable).
int OpenStreams(int port);

// The resident memory of process `pid` in MiB (0 when unreadable).
double ServerRssMb(pid_t pid);

// The value of a top-level field of a flat JSON object ("" when absent):
// strings unquoted, other values as written.
std::string JsonField(const std::string& json, const std::string& name);

}  // namespace qiwang::hostile

#endif  // QIWANG_TESTS_HOSTILE_HALL_CLIENT_H_
