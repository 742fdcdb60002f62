// Input checks run before anything is written. Each failure is
// INVALID_ARGUMENT with a message naming the field and the limit broken.
// Pure functions, thread-safe.
#ifndef QIWANG_STORE_REQUEST_VALIDATION_H_
#define QIWANG_STORE_REQUEST_VALIDATION_H_

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "store/event_log.h"

namespace qiwang::store {

absl::Status ValidateStreamName(absl::string_view stream,
                                const Options& options);
absl::Status ValidateAppend(const AppendRequest& request,
                            const Options& options);
absl::Status ValidateRead(const ReadRequest& request, const Options& options);

}  // namespace qiwang::store

#endif  // QIWANG_STORE_REQUEST_VALIDATION_H_
