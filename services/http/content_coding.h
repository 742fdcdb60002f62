// Content codings of request and response bodies (RFC 9110 8.4): identity
// and gzip (zlib), the only ones the front speaks, for Connect's
// Content-Encoding (unary), Connect-Content-Encoding (stream envelopes) and
// Accept-Encoding. Decoding is bounded: no body decompresses past the limit
// it is given, so a zip bomb costs at most that. Pure; any thread.
#ifndef QIWANG_SERVICES_HTTP_CONTENT_CODING_H_
#define QIWANG_SERVICES_HTTP_CONTENT_CODING_H_

#include <cstddef>
#include <string>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace qiwang::http {

// OK for "", "identity" and "gzip" (any case): what DecodeBody takes;
// else UNIMPLEMENTED naming `field` (the header the coding came from).
absl::Status CheckCoding(absl::string_view field, absl::string_view coding);

// `body` as sent in `coding`, decoded. `field` names where the coding came
// from in messages ("Content-Encoding"). CheckCoding's refusal;
// INVALID_ARGUMENT for bytes that are not gzip; RESOURCE_EXHAUSTED (naming
// --http_max_body_bytes) when it decodes to more than `max_bytes`. An empty
// body is an empty body in any coding.
absl::StatusOr<std::string> DecodeBody(absl::string_view field,
                                       absl::string_view coding,
                                       std::string body, size_t max_bytes);

// gzip of `plain` (zlib's default level).
std::string Gzip(absl::string_view plain);

// Whether an Accept-Encoding (or Connect-Accept-Encoding) value takes gzip:
// listed, or "*", with a q-value above 0.
bool AcceptsGzip(absl::string_view accept_encoding);

}  // namespace qiwang::http

#endif  // QIWANG_SERVICES_HTTP_CONTENT_CODING_H_
