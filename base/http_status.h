// The one table from a status code to the HTTP status that answers it, as
// the Connect protocol has it (connectrpc.com/docs/protocol, "Error Codes"):
// for the Connect bridge's errors and the pages' alike. Header-only; pure.
#ifndef QIWANG_BASE_HTTP_STATUS_H_
#define QIWANG_BASE_HTTP_STATUS_H_

#include "absl/status/status.h"

namespace qiwang::base {

// invalid_argument, failed_precondition, out_of_range 400; unauthenticated
// 401; permission_denied 403; not_found 404; already_exists, aborted 409;
// resource_exhausted 429; cancelled 499; unimplemented 501; unavailable 503;
// deadline_exceeded 504; the rest 500 (ok 200).
inline int HttpStatusOf(absl::StatusCode code) {
  switch (code) {
    case absl::StatusCode::kOk:
      return 200;
    case absl::StatusCode::kCancelled:
      return 499;
    case absl::StatusCode::kInvalidArgument:
    case absl::StatusCode::kFailedPrecondition:
    case absl::StatusCode::kOutOfRange:
      return 400;
    case absl::StatusCode::kDeadlineExceeded:
      return 504;
    case absl::StatusCode::kNotFound:
      return 404;
    case absl::StatusCode::kAlreadyExists:
    case absl::StatusCode::kAborted:
      return 409;
    case absl::StatusCode::kPermissionDenied:
      return 403;
    case absl::StatusCode::kResourceExhausted:
      return 429;
    case absl::StatusCode::kUnimplemented:
      return 501;
    case absl::StatusCode::kUnavailable:
      return 503;
    case absl::StatusCode::kUnauthenticated:
      return 401;
    default:
      return 500;
  }
}

}  // namespace qiwang::base

#endif  // QIWANG_BASE_HTTP_STATUS_H_
