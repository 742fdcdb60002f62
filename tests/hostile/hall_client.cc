#include "tests/hostile/hall_client.h"

#include <fstream>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "absl/time/clock.h"
#include "absl/time/time.h"
#include "tests/http/http_client.h"

namespace qiwang::hostile {
namespace {

constexpr absl::Duration kAnswerTimeout = absl::Seconds(30);

std::string Authorization(const std::string& token) {
  return token.empty() ? ""
                       : absl::StrCat("Authorization: Bearer ", token, "\r\n");
}

std::string Envelope(const std::string& message) {
  std::string framed(5, '\0');
  for (int i = 0; i < 4; ++i) {
    framed[1 + i] = static_cast<char>((message.size() >> (24 - 8 * i)) & 0xff);
  }
  return framed + message;
}

}  // namespace

HallAnswer Unary(int port, const std::string& rpc, const std::string& json,
                 const std::string& token) {
  http::RawConnection socket(port);
  HallAnswer answer;
  if (!socket.connected()) return answer;
  socket.Send(absl::StrCat("POST /qiwang.v1.", rpc,
                           " HTTP/1.1\r\nHost: hall\r\nConnection: close\r\n"
                           "Content-Type: application/json\r\n",
                           Authorization(token),
                           "Content-Length: ", json.size(), "\r\n\r\n", json));
  socket.ClosedByPeer(kAnswerTimeout);
  const std::string& response = socket.read();
  answer.status = http::StatusOf(response);
  const size_t body = response.find("\r\n\r\n");
  if (body != std::string::npos) answer.body = response.substr(body + 4);
  return answer;
}

std::string StreamRequest(const std::string& rpc, const std::string& json,
                          const std::string& token) {
  const std::string body = Envelope(json);
  return absl::StrCat("POST /qiwang.v1.", rpc,
                      " HTTP/1.1\r\nHost: hall\r\n"
                      "Content-Type: application/connect+json\r\n",
                      Authorization(token), "Content-Length: ", body.size(),
                      "\r\n\r\n", body);
}

HallStream Stream(int port, const std::string& rpc, const std::string& json,
                  const std::string& token) {
  http::RawConnection socket(port);
  HallStream stream;
  if (!socket.connected() || !socket.Send(StreamRequest(rpc, json, token))) {
    return stream;
  }
  socket.ClosedByPeer(kAnswerTimeout);
  const std::string& response = socket.read();
  stream.raw = response;
  stream.status = http::StatusOf(response);
  for (const http::Envelope& envelope : http::EnvelopesOf(response)) {
    if (envelope.flags == 0) {
      stream.messages.push_back(envelope.payload);
    } else {
      stream.end = envelope.payload;
    }
  }
  return stream;
}

bool DroppedStream(int port, const std::string& rpc, const std::string& json,
                   const std::string& token, DropStage stage, uint32_t seed) {
  http::RawConnection socket(port);
  if (!socket.connected()) return false;
  if (seed % 2 == 0) socket.ResetOnClose();
  const std::string request = StreamRequest(rpc, json, token);
  switch (stage) {
    case DropStage::kHalfRequest:
      socket.Send(request.substr(0, 1 + seed % (request.size() - 1)));
      return false;
    case DropStage::kAfterRequest:
      socket.Send(request);
      return false;
    case DropStage::kAfterHeaders:
      socket.Send(request);
      socket.ReadAtLeast(1, kAnswerTimeout);
      return false;
    case DropStage::kMidStream:
      socket.Send(request);
      socket.ReadAtLeast(200 + seed % 4000, kAnswerTimeout);
      return false;
    case DropStage::kAfterEnd:
      socket.Send(request);
      socket.ClosedByPeer(kAnswerTimeout);
      return absl::StrContains(socket.read(), "\r\n0\r\n\r\n");
    case DropStage::kShutdownWrite:
      socket.Send(request);
      socket.ShutdownWrite();
      socket.ReadAtLeast(1 + seed % 2000, kAnswerTimeout);
      return false;
  }
  return false;
}

int OpenStreams(int port) {
  http::RawConnection socket(port);
  if (!socket.connected()) return -1;
  socket.Send(
      "GET /metrics HTTP/1.1\r\nHost: hall\r\nConnection: close\r\n\r\n");
  socket.ClosedByPeer(kAnswerTimeout);
  const std::string& metrics = socket.read();
  for (absl::string_view line : absl::StrSplit(metrics, '\n')) {
    if (!absl::ConsumePrefix(&line, "qiwang_http_open_streams ")) continue;
    double value = 0;
    if (absl::SimpleAtod(absl::StripAsciiWhitespace(line), &value)) {
      return static_cast<int>(value);
    }
  }
  return -1;
}

double ServerRssMb(pid_t pid) {
  std::ifstream status(absl::StrCat("/proc/", pid, "/status"));
  std::string line;
  while (std::getline(status, line)) {
    absl::string_view rest = line;
    if (!absl::ConsumePrefix(&rest, "VmRSS:")) continue;
    rest = absl::StripAsciiWhitespace(rest);
    absl::ConsumeSuffix(&rest, " kB");
    double kib = 0;
    if (absl::SimpleAtod(rest, &kib)) return kib / 1024;
  }
  return 0;
}

std::string JsonField(const std::string& json, const std::string& name) {
  const std::string key = absl::StrCat("\"", name, "\":");
  const size_t at = json.find(key);
  if (at == std::string::npos) return "";
  size_t start = at + key.size();
  if (start < json.size() && json[start] == '"') {
    const size_t end = json.find('"', start + 1);
    return end == std::string::npos ? ""
                                    : json.substr(start + 1, end - start - 1);
  }
  size_t end = json.find_first_of(",}", start);
  return json.substr(start, end - start);
}

}  // namespace qiwang::hostile
