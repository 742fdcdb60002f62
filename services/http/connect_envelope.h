// The request of a Connect server-streaming call: exactly one enveloped
// message (connectrpc.com/docs/protocol, "Streaming-Request"): a flags byte
// (0, or 0x01 compressed in Connect-Content-Encoding), a 4-byte big-endian
// length, the message. Pure; any thread.
#ifndef QIWANG_SERVICES_HTTP_CONNECT_ENVELOPE_H_
#define QIWANG_SERVICES_HTTP_CONNECT_ENVELOPE_H_

#include <cstddef>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace qiwang::http {

// The message `body` carries, decompressed in `coding` (the
// Connect-Content-Encoding header; "" is identity) when its flag says so.
// INVALID_ARGUMENT naming the body for a short prefix, flags other than 0 or
// 0x01 (0x02, end of stream, is the server's), a length that is not what
// follows (more than one envelope included), a compressed flag without a
// coding, or bytes that are not gzip; UNIMPLEMENTED for a coding other than
// gzip or identity; RESOURCE_EXHAUSTED when the message decompresses to more
// than `max_bytes`.
absl::StatusOr<std::string> OpenRequestEnvelope(absl::string_view body,
                                                absl::string_view coding,
                                                size_t max_bytes);

}  // namespace qiwang::http

#endif  // QIWANG_SERVICES_HTTP_CONNECT_ENVELOPE_H_
