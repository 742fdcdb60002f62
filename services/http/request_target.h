// The request line's target split into a decoded path and query, refusing
// what could reach outside the served names (".." segments, NUL, bad
// percent escapes). Pure; any thread.
#ifndef QIWANG_SERVICES_HTTP_REQUEST_TARGET_H_
#define QIWANG_SERVICES_HTTP_REQUEST_TARGET_H_

#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"

namespace qiwang::http {

struct RequestTarget {
  std::string path;  // percent-decoded, starts with '/'
  absl::flat_hash_map<std::string, std::string> query;
};

// "%41" -> "A"; "+" stays "+" unless `plus_is_space` (query values).
// INVALID_ARGUMENT for a truncated or non-hex escape.
absl::StatusOr<std::string> PercentDecode(absl::string_view text,
                                          bool plus_is_space);

// An absolute-form target ("http://host/t?x", RFC 9112 3.2.2) is taken as
// its origin form ("/t?x"); the host is not checked. NOT_FOUND for a path
// that is not absolute, holds a "." or ".." segment, a
// backslash or a NUL once decoded (so no file outside the served ones can be
// named); INVALID_ARGUMENT for a bad escape.
absl::StatusOr<RequestTarget> ParseTarget(absl::string_view target);

}  // namespace qiwang::http

#endif  // QIWANG_SERVICES_HTTP_REQUEST_TARGET_H_
