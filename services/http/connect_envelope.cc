#include "services/http/connect_envelope.h"

#include <cstdint>

#include "absl/status/status.h"
#include "absl/strings/ascii.h"
#include "absl/strings/str_cat.h"
#include "services/http/content_coding.h"

namespace qiwang::http {

absl::StatusOr<std::string> OpenRequestEnvelope(absl::string_view body,
                                                absl::string_view coding,
                                                size_t max_bytes) {
  if (body.size() < 5) {
    return absl::InvalidArgumentError(
        "body: one enveloped message (5-byte prefix) expected");
  }
  const uint8_t flags = static_cast<uint8_t>(body[0]);
  const uint32_t size = (static_cast<uint8_t>(body[1]) << 24) |
                        (static_cast<uint8_t>(body[2]) << 16) |
                        (static_cast<uint8_t>(body[3]) << 8) |
                        static_cast<uint8_t>(body[4]);
  const size_t follow = body.size() - 5;
  if ((flags & 0x02) != 0) {
    return absl::InvalidArgumentError(
        "body: envelope flag 0x02 (end of stream) is the server's; a request "
        "envelope's flags are 0, or 0x01 when compressed");
  }
  if ((flags & ~0x01) != 0) {
    return absl::InvalidArgumentError(absl::StrCat(
        "body: envelope flags 0x", absl::Hex(flags),
        ": 0, or 0x01 when compressed (Connect-Content-Encoding)"));
  }
  if (size > follow) {
    return absl::InvalidArgumentError(absl::StrCat(
        "body: the envelope says ", size, " bytes, ", follow, " follow"));
  }
  if (size < follow) {
    return absl::InvalidArgumentError(absl::StrCat(
        "body: a server-streaming call takes one enveloped message; ",
        follow - size, " bytes follow it"));
  }
  std::string message(body.substr(5));
  if ((flags & 0x01) == 0) return message;
  const std::string name =
      absl::AsciiStrToLower(absl::StripAsciiWhitespace(coding));
  if (name.empty() || name == "identity") {
    return absl::InvalidArgumentError(
        "body: envelope flag 0x01 (compressed) without a "
        "Connect-Content-Encoding");
  }
  return DecodeBody("Connect-Content-Encoding", name, std::move(message),
                    max_bytes);
}

}  // namespace qiwang::http
